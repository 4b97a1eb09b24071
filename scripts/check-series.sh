#!/bin/sh
# Series hygiene: every patch checkpatch --strict clean and signed off,
# and regenerating patches/ from the tree changes no byte.
# Usage: check-series.sh TREE [PATCH-DIR]   Prints PASS:/FAIL: lines.
set -eu
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)

tree=$1
pdir=$(cd "${2:-patches}" && pwd)

n=0
while read -r p; do
	case $p in '' | '#'*) continue ;; esac
	n=$((n + 1))
	# checkpatch runs scripts/spdxcheck.py with python3 from PATH; Debian's
	# python3 has the modules it needs (python3-ply, python3-git).
	if out=$(cd "$tree" && PATH=/usr/bin:/bin:$PATH perl scripts/checkpatch.pl --strict --terse --no-summary -q "$pdir/$p" 2>&1) && [ -z "$out" ]; then
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
