#!/bin/sh
# Regenerate the patch files and 'series' from the commits base..HEAD of
# TREE.  Usage: export-series.sh TREE [PATCH-DIR] [--check]
# With --check nothing is written; the exit status says whether PATCH-DIR
# already matches the tree byte for byte.
set -eu
. "$(dirname "$0")/lib.sh"

tree=$1
pdir=${2:-patches}
check=${3:-}
need_cmd git git
git -C "$tree" rev-parse -q --verify base >/dev/null ||
	die "$tree has no 'base' tag: make it with 'make tree'"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Options that keep the output free of commit ids, dates of export and
# the git version, so that an unchanged tree gives the same bytes.  The
# commits' git notes (testing notes) go below the '---' line.
git -C "$tree" -c core.abbrev=12 -c diff.algorithm=myers -c diff.renames=true \
	format-patch -q --notes --no-signature --zero-commit --no-numbered-files \
	--subject-prefix=PATCH -o "$tmp" base..HEAD >/dev/null
(cd "$tmp" && ls -1 | grep '\.patch$' || true) >"$tmp/series"

if [ "$check" = --check ]; then
	rc=0
	for f in "$tmp"/*; do
		b=${f##*/}
		cmp -s "$f" "$pdir/$b" || { echo "differs: $pdir/$b"; rc=1; }
	done
	for f in "$pdir"/[0-9]*.patch; do
		[ -e "$f" ] || continue
		b=${f##*/}
		case $b in 0000-*) continue ;; esac
		[ -e "$tmp/$b" ] || { echo "stale: $pdir/$b"; rc=1; }
	done
	exit $rc
fi

mkdir -p "$pdir"
for f in "$pdir"/[0-9]*.patch; do
	[ -e "$f" ] || continue
	case ${f##*/} in 0000-*) ;; *) rm -f "$f" ;; esac
done
cp "$tmp"/* "$pdir"/
say "wrote $(grep -c . "$pdir/series" || true) patch(es) and series to $pdir"
