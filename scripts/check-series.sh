#!/bin/sh
# Series hygiene: every patch checkpatch --strict clean, signed off by
# its author, with a 'subsystem: summary' subject numbered as the cover
# letter says, and regenerating patches/ from the tree changes no byte.
# Usage: check-series.sh TREE [PATCH-DIR]   Prints PASS:/FAIL: lines.
set -eu
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)

usage() {
	cat <<'EOF'
Usage: check-series.sh TREE [PATCH-DIR]
Series hygiene: checkpatch --strict, sign-offs, subjects, 'make export' a no-op; PASS:/FAIL: lines.
  TREE       the series' git tree (make tree)
  PATCH-DIR  the patches and their 'series' file (patches)
EOF
}
case ${1:-} in -h | --help) usage; exit 0 ;; esac
[ $# = 1 ] || [ $# = 2 ] || usage_error

tree=$1
pdir=$(cd "${2:-patches}" && pwd)

# With a cover letter '[PREFIX 0/M]', patch N of the M in 'series' is
# '[PREFIX N/M]'.
cover=$pdir/0000-cover-letter.patch
sum=$(mktemp)
trap 'rm -f "$sum"' EXIT
total=$(grep -c '^[^#]' "$pdir/series" || true)
[ -f "$cover" ] && prefix=$(cover_prefix "$cover")
n=0
while read -r p; do
	case $p in '' | '#'*) continue ;; esac
	n=$((n + 1))
	# checkpatch asks whether MAINTAINERS needs updating whenever a patch
	# adds, deletes or renames a file.  Not asked: where the patch only
	# adds files and a section of MAINTAINERS names a maintainer for each.
	ign=
	git apply --summary "$pdir/$p" >"$sum" 2>/dev/null || true
	if [ -s "$sum" ] && ! grep -qv '^ create mode [0-7]* ' "$sum"; then
		ign="--ignore FILE_PATH_CHANGES"
		while read -r _c _m _mode f; do
			[ -n "$(cd "$tree" && perl scripts/get_maintainer.pl --nogit --nogit-fallback --nol --nor -f "$f" 2>/dev/null)" ] || ign=
		done <"$sum"
	fi
	# The base is a source package, one commit with no history: checkpatch
	# cannot look up a cited commit there, so only the citation's form
	# (12 characters and the subject) is checked.
	git -C "$tree" rev-parse -q --verify base^ >/dev/null || ign="$ign --ignore UNKNOWN_COMMIT_ID"
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
		if grep -qF "Subject: [$prefix $n/$total] " "$pdir/$p"; then
			echo "PASS: subject prefix [$prefix $n/$total] in $p"
		else
			echo "FAIL: subject prefix of $p is not [$prefix $n/$total] (the cover letter's prefix, patch $n of $total)"
		fi
	fi
	case $(sed -n 's/^Subject: \[[^]]*\] //p' "$pdir/$p" | head -n 1) in
	[a-z0-9/_-]*:\ [A-Za-z]*) echo "PASS: subject 'subsystem: summary' in $p" ;;
	*) echo "FAIL: subject of $p is not 'subsystem: imperative summary'" ;;
	esac
done <"$pdir/series"

if diffs=$("$here/export-series.sh" "$tree" "$pdir" --check 2>&1); then
	echo "PASS: regenerating ${pdir##*/}/ from $tree is a no-op ($n patches)"
else
	printf '%s\n' "$diffs"
	echo "FAIL: regenerating ${pdir##*/}/ from $tree changes files (run 'make export' and commit)"
fi

# The bench-only patches still apply where make bench applies them: the
# ceiling to the base, the v1 and v2 variants to the series.
# The bench's patches are written for the 6.12 edition (patches/).
[ "$pdir" = "$TOP/patches" ] || exit 0
idx=$(mktemp)
for bp in ceiling-no-migrate:base v1-nopreempt:HEAD v2-perf:HEAD; do
	f=$TOP/bench/${bp%%:*}.patch
	[ -f "$f" ] || continue
	if GIT_INDEX_FILE=$idx git -C "$tree" read-tree "${bp#*:}" &&
		GIT_INDEX_FILE=$idx git -C "$tree" apply --cached --check "$f" 2>/dev/null; then
		echo "PASS: bench/${bp%%:*}.patch applies to ${bp#*:}"
	else
		echo "FAIL: bench/${bp%%:*}.patch does not apply to ${bp#*:} of $tree: regenerate it"
	fi
done
rm -f "$idx"
