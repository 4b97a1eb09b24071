#!/bin/sh
# Put the table of a bench run into the cover letter, between its
# 'Results' marker lines.  Usage: update-cover.sh RESULTS-DIR [COVER]
set -eu
. "$(dirname "$0")/lib.sh"

dir=$1
cover=${2:-patches/0000-cover-letter.patch}
[ -f "$dir/table.txt" ] || die "no table.txt in $dir: run 'make bench' first"
grep -q '^-- results begin --$' "$cover" && grep -q '^-- results end --$' "$cover" ||
	die "$cover lacks the '-- results begin --' / '-- results end --' lines"
tmp="$cover.tmp"
awk -v table="$dir/table.txt" -v meta="$dir/meta" '
	/^-- results begin --$/ {
		print
		while ((getline l < meta) > 0) print "  " l
		print ""
		while ((getline l < table) > 0) print l
		skip = 1
		next
	}
	/^-- results end --$/ { skip = 0 }
	!skip' "$cover" >"$tmp"
mv "$tmp" "$cover"
say "updated $cover from $dir"
