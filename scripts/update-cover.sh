#!/bin/sh
# Put the tables of a bench run into the cover letter: the run's
# settings and the base-vs-series table between its '-- results begin
# --' and '-- results end --' lines, the per-patch table between
# '-- per-patch begin --' and '-- per-patch end --' if the letter has
# them, else at the end of the results.
# Usage: update-cover.sh RESULTS-DIR [COVER]
set -eu
. "$(dirname "$0")/lib.sh"

dir=$1
cover=${2:-patches/0000-cover-letter.patch}
[ -f "$dir/table.txt" ] || die "no table.txt in $dir: run 'make bench' first"
has() { # NAME: the cover has both marker lines of block NAME
	grep -q "^-- $1 begin --\$" "$cover" && grep -q "^-- $1 end --\$" "$cover"
}
has results || die "$cover lacks the '-- results begin --' / '-- results end --' lines"

tmp="$cover.tmp"
{
	sed 's/^/  /' "$dir/meta"
	echo
	cat "$dir/table.txt"
	if ! has per-patch && [ -s "$dir/patches.txt" ]; then
		cat "$dir/patches.txt"
	fi
} >"$tmp.results"
cp "$dir/patches.txt" "$tmp.per-patch" 2>/dev/null || : >"$tmp.per-patch"
# Each block's lines are replaced by its file, the markers kept.
awk -v stem="$tmp" '
	/^-- (results|per-patch) begin --$/ {
		print
		f = stem "." $2
		while ((getline l < f) > 0) print l
		skip = 1
		next
	}
	/^-- (results|per-patch) end --$/ { skip = 0 }
	!skip' "$cover" >"$tmp"
rm -f "$tmp.results" "$tmp.per-patch"
mv "$tmp" "$cover"
say "updated $cover from $dir"
