#!/bin/sh
# Put the figures of bench runs into the cover letter, in the blocks it
# has, each between its '-- NAME begin --' and '-- NAME end --' lines:
#   headline   for each run, its date and kernels and the rows of its
#              per-patch table that bench/headline names, compact
#              (bench-headline.awk): the letter's table;
#   results    the first run's settings and base-vs-series table, and
#              its per-patch table unless the letter has a per-patch
#              block;
#   per-patch  the first run's per-patch table.
# Usage: update-cover.sh RESULTS-DIR... [COVER]
set -eu
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)

usage() {
	cat <<'EOF'
Usage: update-cover.sh RESULTS-DIR... [COVER]
Put bench runs' figures into the cover letter's headline, results and per-patch blocks.
  RESULTS-DIR...  bench runs (results/STAMP); the first one's tables fill results and per-patch
  COVER           the cover letter (the first run's edition's: patches/ or
                  patches-7.3/0000-cover-letter.patch)
EOF
}
case ${1:-} in -h | --help) usage; exit 0 ;; esac
cover=
dirs=
for a in "$@"; do
	if [ -d "$a" ]; then
		[ -f "$a/table.txt" ] || die "no table.txt in $a: run 'make bench' first"
		dirs="$dirs $a"
	else
		cover=$a
	fi
done
[ -n "$dirs" ] || usage_error "no RESULTS-DIR"
if [ -z "$cover" ]; then
	# The edition the first run measured (a run without edition= measured 6.12).
	set -- $dirs
	e=$(sed -n 's/^edition=//p' "$1/meta")
	edition "${e:-6.12}"
	cover=$ed_patches/0000-cover-letter.patch
fi
[ -f "$cover" ] || die "no cover letter $cover"
has() { # NAME: the cover has both marker lines of block NAME
	grep -q "^-- $1 begin --\$" "$cover" && grep -q "^-- $1 end --\$" "$cover"
}
has results || has headline || has per-patch ||
	die "$cover has no '-- results|headline|per-patch begin --' / '... end --' block"
set -- $dirs
first=$1

tmp="$cover.tmp"
{
	sed 's/^/  /' "$first/meta"
	echo
	cat "$first/table.txt"
	if ! has per-patch && [ -s "$first/patches.txt" ]; then
		cat "$first/patches.txt"
	fi
} >"$tmp.results"
cp "$first/patches.txt" "$tmp.per-patch" 2>/dev/null || : >"$tmp.per-patch"
for d in $dirs; do
	m() { sed -n "s/^$1=//p" "$d/meta"; }
	# The rows are the per-patch table's: instruction counting.
	echo "run $(m date): instruction counting, $(m rounds) boots of each kernel"
	awk -f "$here/bench-headline.awk" "$TOP/bench/headline" "$d/meta" "$d/table.txt" "$d/patches.txt"
done >"$tmp.headline"
# Each block's lines are replaced by its file, the markers kept.
awk -v stem="$tmp" '
	/^-- (results|per-patch|headline) begin --$/ {
		print
		f = stem "." $2
		while ((getline l < f) > 0) print l
		skip = 1
		next
	}
	/^-- (results|per-patch|headline) end --$/ { skip = 0 }
	!skip' "$cover" >"$tmp"
rm -f "$tmp.results" "$tmp.per-patch" "$tmp.headline"
mv "$tmp" "$cover"
say "updated $cover from$dirs"
