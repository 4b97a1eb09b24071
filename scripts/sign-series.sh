#!/bin/sh
# Copy the series with the placeholder identity replaced by the sender's
# own (git config user.name and user.email), so whoever sends it signs it:
# in From: and Signed-off-by: lines, and in the cover letter's shortlog
# the 'Name (N):' line(s) of the placeholder's name.  The copy lacks the
# lines that mark the cover letter's generated blocks ('-- NAME begin --',
# '-- NAME end --', for update-cover.sh).  patches/ itself keeps the
# placeholder and the marks.  Usage: sign-series.sh PATCH-DIR OUT-DIR
set -eu
. "$(dirname "$0")/lib.sh"

usage() {
	cat <<'EOF'
Usage: sign-series.sh PATCH-DIR OUT-DIR
Copy the series to OUT-DIR, signed with your git identity, without the block marks (make outgoing).
  PATCH-DIR  the series (patches)
  OUT-DIR    the signed copy, replaced whole (make: build/outgoing)
EOF
}
case ${1:-} in -h | --help) usage; exit 0 ;; esac
[ $# = 2 ] || usage_error

pdir=$(cd "$1" && pwd)
out=$2
name=$(git config user.name || true)
email=$(git config user.email || true)
[ -n "$name" ] && [ -n "$email" ] ||
	die "git config user.name and user.email are not set: set them to the identity that signs the series, then re-run"
placeholder=$(sed -n 's/^From: //p' "$pdir/$(head -n 1 "$pdir/series")" | head -n 1)
[ -n "$placeholder" ] || die "cannot read the author of the first patch in $pdir"
me="$name <$email>"
# The shortlog names authors without their address; it counts the
# patches whose From: is the placeholder.
oldname=${placeholder% <*}
mine=0
while read -r p; do
	[ -n "$p" ] || continue
	[ "$(sed -n '/^$/q; s/^From: //p' "$pdir/$p" | head -n 1)" != "$placeholder" ] || mine=$((mine + 1))
done <"$pdir/series"
tmp="$out.new"
rm -rf "$tmp"
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp"
for f in "$pdir"/*.patch "$pdir/series"; do
	awk -v old="$placeholder" -v new="$me" -v oldname="$oldname" -v newname="$name" \
		-v mine="$mine" -v cover="${f##*/}" -v file="$f" -v out="$out" -v prog="${0##*/}" '
		function fail(msg) {
			printf "%s: error: %s: %s; nothing written, %s is as it was\n", prog, file, msg, out > "/dev/stderr"
			exit 1
		}
		cover == "0000-cover-letter.patch" && /^-- [a-z-]+ (begin|end) --$/ { next }
		/^(From|Signed-off-by): / {
			i = index($0, ": ")
			if (substr($0, i + 2) == old) { l[++n] = substr($0, 1, i + 1) new; next }
		}
		{ l[++n] = $0 }
		END {
			if (cover == "0000-cover-letter.patch") {
				# The shortlog, as export-series.sh finds it: the
				# trailing block of a "Name (N):" line after a blank
				# line, then only indented or blank lines and more
				# such names (the diffstat is indented), and the
				# base-commit line.
				cut = n + 1
				for (i = n; i > 0; i--)
					if (l[i] ~ /^[^ ].* \([0-9]+\):$/ && (i == 1 || l[i - 1] == "")) cut = i
					else if (l[i] != "" && l[i] !~ /^ / && l[i] !~ /^base-commit: /) break
				if (cut > n)
					fail("no shortlog (a \"Name (N):\" line, then the subjects) at the end of the cover letter: run \"make export\" to write it")
				count = 0
				for (i = cut; i <= n; i++) {
					if (l[i] !~ /^[^ ].* \([0-9]+\):$/ || (i > 1 && l[i - 1] != "")) continue
					k = length(oldname) + 2
					if (substr(l[i], 1, k) != oldname " (") continue
					c = substr(l[i], k + 1)
					if (c !~ /^[0-9]+\):$/) continue
					c = substr(c, 1, length(c) - 2)
					count += c
					l[i] = newname " (" c "):"
				}
				if (count != mine)
					fail("the shortlog counts " count " patch(es) by " oldname ", the series has " mine " from " old ": run \"make export\" to bring the cover letter up to date")
			}
			for (i = 1; i <= n; i++) print l[i]
		}' "$f" >"$tmp/${f##*/}" || exit 1
done
rm -rf "$out"
mv "$tmp" "$out"
say "wrote $(grep -c . "$out/series") patch(es) and the cover letter signed by $me to $out"
