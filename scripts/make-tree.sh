#!/bin/sh
# Make the git tree of the base (tagged 'base') and apply the series with
# 'git am' (no fuzz).  Usage: make-tree.sh TREE [PATCH-DIR [BASE-FILE]]
# An existing tree is reused when it already holds exactly the series;
# FORCE=1 resets it, keeping its old HEAD as a branch.
set -eu
. "$(dirname "$0")/lib.sh"

usage() {
	cat <<'EOF'
Usage: make-tree.sh TREE [PATCH-DIR [BASE-FILE]]
Make TREE the base's git tree (tag 'base') with the series on branch 'series' (make tree).
  TREE            the tree, reused if it holds the series (make: build/linux)
  PATCH-DIR       the patches and their 'series' file (patches)
  BASE-FILE       the base's pin (BASE; make tree-7.3: BASE-7.3 with patches-7.3)
Environment:
  FORCE=1         reset a TREE that holds other commits, its HEAD kept as a branch (0)
  HOTPATHS_CACHE  where the base's .deb is kept (as for fetch-base.sh)
EOF
}
case ${1:-} in -h | --help) usage; exit 0 ;; esac
[ $# -ge 1 ] && [ $# -le 3 ] || usage_error
tree=$1
pdir=$(cd "${2:-patches}" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
need_cmd git git
need_cmd xz xz-utils
base_file=${3:-BASE}
[ -r "$base_file" ] || die "cannot read the base pin '$base_file'"
case $base_file in /*) ;; *) base_file=./$base_file ;; esac
. "$base_file"

make_base() {
	deb=$("$here/fetch-base.sh" "$base_file" | tail -n 1)
	need_space "$(dirname "$tree")" 4000 "the base tree"
	new="$tree.new"
	rm -rf "$new"
	mkdir -p "$new"
	say "unpacking $BASE_PACKAGE $BASE_VERSION into $tree"
	dpkg-deb --fsys-tarfile "$deb" |
		tar -xO --wildcards './usr/src/linux-source-*.tar.xz' |
		tar -xJ -C "$new" --strip-components=1 ||
		die "cannot unpack $deb into $new (disk full?)"
	# Debian's packaging ignores everything at the top level; without
	# this git would not see files that a patch adds.
	sed -i '/^# Debian packaging: ignore everything/,$d' "$new/.gitignore"
	sed -i -e :a -e '/^\n*$/{$d;N;ba' -e '}' "$new/.gitignore"
	git -C "$new" init -q -b base-tree
	say "committing the base (about a minute)"
	git -C "$new" add -f -A .
	GIT_AUTHOR_DATE='2000-01-01T00:00:00Z' GIT_COMMITTER_DATE='2000-01-01T00:00:00Z' \
		git -C "$new" -c user.name=hotpaths -c user.email=hotpaths@localhost \
		commit -q -m "base: $BASE_PACKAGE $BASE_VERSION" \
		-m "Unpacked from the Debian package (sha256 of the .deb: $BASE_DEB_SHA256). The packaging stanza that ignores every top-level path was dropped from .gitignore."
	git -C "$new" tag base
	rm -rf "$tree"
	mv "$new" "$tree"
}


if [ -d "$tree/.git" ] && [ "$(git -C "$tree" log -1 --format=%s base 2>/dev/null)" = "base: $BASE_PACKAGE $BASE_VERSION" ]; then
	[ -z "$(git -C "$tree" status --porcelain --untracked-files=no)" ] ||
		die "$tree has uncommitted changes: commit them and 'make export', or discard them, then re-run"
	if diffs=$("$here/export-series.sh" "$tree" "$pdir" --check 2>&1); then
		say "$tree already holds the series"
		exit 0
	fi
	if [ "${FORCE:-0}" != 1 ]; then
		printf '%s\n' "$diffs" >&2
		die "$tree holds commits that differ from patches/: run 'make export' to keep them, or 'make tree FORCE=1' to reset the tree to patches/ (its HEAD is kept as a branch)"
	fi
	keep="backup-$(date +%Y%m%d-%H%M%S)"
	git -C "$tree" branch "$keep" HEAD
	say "old HEAD kept as branch $keep"
else
	[ ! -e "$tree" ] || [ "${FORCE:-0}" = 1 ] || [ ! -d "$tree/.git" ] ||
		die "$tree is a tree of another base: 'make tree FORCE=1' replaces it"
	make_base
fi
"$here/apply-series.sh" "$tree" "$pdir"
