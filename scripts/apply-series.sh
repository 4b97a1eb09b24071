#!/bin/sh
# Check out branch 'series' at tag 'base' in TREE and apply PATCH-DIR's
# series with 'git am' (exact context, no fuzz).
# Usage: apply-series.sh TREE PATCH-DIR
set -eu
. "$(dirname "$0")/lib.sh"

usage() {
	cat <<'EOF'
Usage: apply-series.sh TREE PATCH-DIR
Check out branch 'series' at tag 'base' of TREE and apply the series with git am (no fuzz).
  TREE       a git tree with the base tagged 'base' (make-tree.sh makes one)
  PATCH-DIR  the patches and their 'series' file (the order)
EOF
}
case ${1:-} in -h | --help) usage; exit 0 ;; esac
[ $# = 2 ] || usage_error

tree=$1
pdir=$(cd "$2" && pwd)
[ -f "$pdir/series" ] || die "no series file in $pdir"

git_id() {
	git -C "$tree" -c user.name=hotpaths -c user.email=hotpaths@localhost "$@"
}

git_id checkout -q -B series base
# Testing notes sit below a patch's '---' line, where 'git am' drops them;
# they live as git notes on the commit and follow it through rebases.
git -C "$tree" config notes.rewriteRef refs/notes/commits
n=0
while read -r p; do
	case $p in '' | '#'*) continue ;; esac
	[ -f "$pdir/$p" ] || die "$pdir/series names $p, which does not exist"
	n=$((n + 1))
	if ! out=$(git_id am -q "$pdir/$p" 2>&1); then
		git_id am --abort >/dev/null 2>&1 || true
		printf '%s\n' "$out" >&2
		die "patch $n ($p) does not apply to tag 'base' of $tree; git names the failing file and line above. Apply the patches before it ('git am'), fix it by hand, commit, then 'make export'."
	fi
	notes=$(awk '
		!s && /^---$/ { s = 1; next }
		s == 1 && /^Notes:$/ { s = 2; next }
		s == 1 && !/^$/ { exit }
		s == 2 { if ($0 == "") exit; sub(/^    /, ""); print }' "$pdir/$p")
	[ -z "$notes" ] || printf "%s\n" "$notes" | git_id notes add -f -F - HEAD
done <"$pdir/series"
say "applied $n patch(es) on top of base"
