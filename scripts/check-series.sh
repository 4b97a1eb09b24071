#!/bin/sh
# Series hygiene: every patch checkpatch --strict clean and signed off,
# and regenerating patches/ from the tree changes no byte.
# Usage: check-series.sh TREE [PATCH-DIR]   Prints PASS:/FAIL: lines.
set -eu
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)

tree=$1
pdir=$(cd "${2:-patches}" && pwd)

# With a cover letter, patch N of M is '[PATCH vV N/M]', V and M as in
# the cover letter's '[PATCH vV 0/M]'.
cover=$pdir/0000-cover-letter.patch
total=$(grep -c '^[^#]' "$pdir/series" || true)
ver=
[ -f "$cover" ] && ver=$(sed -n 's/^Subject: \[PATCH \(v[0-9][0-9]*\) 0\/[0-9][0-9]*\].*/\1 /p' "$cover" | head -n 1)
n=0
while read -r p; do
	case $p in '' | '#'*) continue ;; esac
	n=$((n + 1))
	# checkpatch asks whether MAINTAINERS needs updating whenever a patch
	# adds a file; it does not when an existing section already lists a
	# maintainer for every file the patch adds.
	ign=
	added=$(awk '/^--- \/dev\/null$/ { getline; sub(/^\+\+\+ b\//, ""); print }' "$pdir/$p")
	if [ -n "$added" ]; then
		ign="--ignore FILE_PATH_CHANGES"
		for f in $added; do
			[ -n "$(cd "$tree" && perl scripts/get_maintainer.pl --nogit --nogit-fallback --nol --nor -f "$f" 2>/dev/null)" ] || ign=
		done
	fi
	# checkpatch runs scripts/spdxcheck.py with python3 from PATH; Debian's
	# python3 has the modules it needs (python3-ply, python3-git).
	if out=$(cd "$tree" && PATH=/usr/bin:/bin:$PATH perl scripts/checkpatch.pl --strict --terse --no-summary -q $ign "$pdir/$p" 2>&1) && [ -z "$out" ]; then
		echo "PASS: checkpatch --strict $p"
	else
		printf '%s\n' "$out" | head -n 20
		echo "FAIL: checkpatch --strict $p"
	fi
	author=$(sed -n 's/^From: //p' "$pdir/$p" | head -n 1)
	if grep -qF "Signed-off-by: $author" "$pdir/$p"; then
		echo "PASS: Signed-off-by of the author in $p"
	else
		echo "FAIL: Signed-off-by of the author ($author) missing in $p"
	fi
	if [ -f "$cover" ]; then
		if grep -qF "Subject: [PATCH $ver$n/$total] " "$pdir/$p"; then
			echo "PASS: subject prefix [PATCH $ver$n/$total] in $p"
		else
			echo "FAIL: subject prefix of $p is not [PATCH $ver$n/$total], as the cover letter's numbers it"
		fi
	fi
	case $(sed -n 's/^Subject: \[PATCH[^]]*\] //p' "$pdir/$p" | head -n 1) in
	[a-z0-9/_-]*:\ [A-Za-z]*) echo "PASS: subject 'subsystem: summary' in $p" ;;
	*) echo "FAIL: subject of $p is not 'subsystem: imperative summary'" ;;
	esac
done <"$pdir/series"

if diffs=$("$here/export-series.sh" "$tree" "$pdir" --check 2>&1); then
	echo "PASS: regenerating patches/ from $tree is a no-op ($n patches)"
else
	printf '%s\n' "$diffs"
	echo "FAIL: regenerating patches/ from $tree changes files (run 'make export' and commit)"
fi
