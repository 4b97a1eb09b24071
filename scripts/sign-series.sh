#!/bin/sh
# Copy the series with the placeholder identity replaced by the sender's
# own (git config user.name and user.email), so whoever sends it signs it,
# and without the lines that mark the cover letter's generated blocks
# ('-- NAME begin --', '-- NAME end --', for update-cover.sh).
# patches/ itself keeps the placeholder and the marks.  Usage: sign-series.sh PATCH-DIR OUT-DIR
set -eu
. "$(dirname "$0")/lib.sh"

pdir=$(cd "$1" && pwd)
out=$2
name=$(git config user.name || true)
email=$(git config user.email || true)
[ -n "$name" ] && [ -n "$email" ] ||
	die "git config user.name and user.email are not set: set them to the identity that signs the series, then re-run"
placeholder=$(sed -n 's/^From: //p' "$pdir/$(head -n 1 "$pdir/series")" | head -n 1)
[ -n "$placeholder" ] || die "cannot read the author of the first patch in $pdir"
me="$name <$email>"
tmp="$out.new"
rm -rf "$tmp"
mkdir -p "$tmp"
for f in "$pdir"/*.patch "$pdir/series"; do
	awk -v old="$placeholder" -v new="$me" -v cover="${f##*/}" '
		cover == "0000-cover-letter.patch" && /^-- [a-z-]+ (begin|end) --$/ { next }
		/^(From|Signed-off-by): / {
			i = index($0, ": ")
			if (substr($0, i + 2) == old) { print substr($0, 1, i + 1) new; next }
		}
		{ print }' "$f" >"$tmp/${f##*/}"
done
rm -rf "$out"
mv "$tmp" "$out"
say "wrote $(grep -c . "$out/series") patch(es) and the cover letter signed by $me to $out"
