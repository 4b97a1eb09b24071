#!/bin/sh
# Regenerate the patch files and 'series' from the commits base..HEAD of
# TREE.  Usage: export-series.sh TREE [PATCH-DIR] [--check]
# With --check nothing is written; the exit status says whether PATCH-DIR
# already matches the tree byte for byte.
set -eu
. "$(dirname "$0")/lib.sh"

usage() {
	cat <<'EOF'
Usage: export-series.sh TREE [PATCH-DIR] [--check]
Regenerate the patches, 'series', the cover letter's shortlog from TREE's base..HEAD (make export).
  TREE       the series' git tree, its base tagged 'base' (make tree)
  PATCH-DIR  where the patches go (patches)
  --check    write nothing; exit 1, naming each file, if PATCH-DIR differs from the tree
EOF
}
case ${1:-} in -h | --help) usage; exit 0 ;; esac
[ $# -ge 1 ] && [ $# -le 3 ] || usage_error
tree=$1
pdir=${2:-patches}
check=${3:-}
case $check in '' | --check) ;; *) usage_error "no option '$check'" ;; esac
case $pdir in -*) usage_error "PATCH-DIR '$pdir' looks like an option (--check comes after PATCH-DIR)" ;; esac
need_cmd git git
git -C "$tree" rev-parse -q --verify base >/dev/null ||
	die "$tree has no 'base' tag: make it with 'make tree'"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# With a cover letter, git numbers the patches and writes its own cover
# letter, whose generated part (shortlog, diffstat, new files) replaces
# that of ours; the prefix of our subject ('PATCH v3' of '[PATCH v3
# 0/5]') is every patch's.
cover=$pdir/0000-cover-letter.patch
prefix=PATCH cl=--no-cover-letter
if [ -f "$cover" ]; then
	prefix=$(cover_prefix "$cover")
	cl=--cover-letter
fi
[ -n "$(git -C "$tree" rev-list base..HEAD)" ] || die "$tree has no commits after 'base': nothing to export"
# Options that keep the output free of commit ids, dates of export and
# the git version, so that an unchanged tree gives the same bytes.  The
# commits' git notes (testing notes) go below the '---' line.
git -C "$tree" -c core.abbrev=12 -c diff.algorithm=myers -c diff.renames=true \
	format-patch -q --notes --no-signature --zero-commit --no-numbered-files --base=base \
	$cl --subject-prefix="$prefix" -o "$tmp" base..HEAD >/dev/null
(cd "$tmp" && ls -1 | grep '\.patch$' | grep -v '^0000-' || true) >"$tmp/series"

# Our cover letter: the text written by hand (everything before the
# trailing block of shortlog and diffstat: a 'Name (N):' line after a
# blank line, then only indented or blank lines and more such names) with
# the count in the subject of its header made the series', then git's
# generated part.
if [ -f "$cover" ]; then
	n=$(grep -c . "$tmp/series")
	awk -v n="$n" '{ l[NR] = $0 }
	END {
		cut = NR + 1
		for (i = NR; i > 0; i--)
			if (l[i] ~ /^[^ ].* \([0-9]+\):$/ && (i == 1 || l[i - 1] == "")) cut = i
			else if (l[i] != "" && l[i] !~ /^ / && l[i] !~ /^base-commit: /) break
		while (cut > 1 && l[cut - 1] == "") cut--
		hdr = 1
		for (i = 1; i < cut; i++) {
			if (l[i] == "") hdr = 0
			if (hdr && l[i] ~ /^Subject: /) sub(/ 0\/[0-9]+\]/, " 0/" n "]", l[i])
			print l[i]
		}
		print ""
	}' "$cover" >"$tmp/hand"
	awk 'done { print } /^\*\*\* BLURB HERE \*\*\*$/ { getline; done = 1 }' \
		"$tmp/0000-cover-letter.patch" >"$tmp/generated"
	cat "$tmp/hand" "$tmp/generated" >"$tmp/0000-cover-letter.patch"
	rm -f "$tmp/hand" "$tmp/generated"
fi

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
