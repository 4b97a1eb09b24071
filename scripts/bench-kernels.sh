#!/bin/sh
# The prefixes of the series that make bench measures, and the bench
# kernel of each.  Usage: bench-kernels.sh TREE
# TREE: a git tree with the base tagged 'base' and the series as the
# commits base..HEAD.  Prints a line per prefix, base first:
#   N COMMIT KERNEL SUBJECT
# N patches applied (0: the base), KERNEL 'base', 'pN', 'patched' (the
# whole series) or, when the prefix builds the same kernel as an earlier
# one, that one's KERNEL: it is neither built nor booted again, and its
# figures stand for both.
#
# Two prefixes build the same kernel when their trees are equal outside
# the paths that no part of 'make bzImage modules' reads:
# - Documentation/, except its Kconfig files (the top Kconfig sources
#   Documentation/Kconfig);
# - tools/testing/ (the selftests and KUnit's scripts; the guest runs
#   the ones of the whole series on every kernel anyway).
# The rest of tools/ counts: objtool, resolve_btfids and the libraries
# they are built from run during the kernel build and shape vmlinux.
set -eu
. "$(dirname "$0")/lib.sh"

usage() {
	cat <<'EOF'
Usage: bench-kernels.sh TREE
Print 'N COMMIT KERNEL SUBJECT' for each prefix of the series, base first: its bench kernel.
  TREE  a git tree with the base tagged 'base' and the series as base..HEAD
EOF
}
case ${1:-} in -h | --help) usage; exit 0 ;; esac
[ $# = 1 ] || usage_error

tree=$1
git -C "$tree" rev-parse -q --verify 'base^{commit}' >/dev/null ||
	die "$tree has no 'base' tag: make it with 'make tree'"

# source_key COMMIT: a hash of the tree of COMMIT without those paths.
source_key() {
	git -C "$tree" ls-tree -r "$1" | awk -F '\t' '
		$2 ~ /^tools\/testing\// { next }
		$2 ~ /^Documentation\// && $2 !~ /(^|\/)Kconfig[^\/]*$/ { next }
		{ print }' | sha256sum | cut -c1-16
}

n_patches=$(git -C "$tree" rev-list --count base..HEAD)
seen=
n=0
for c in $(git -C "$tree" rev-parse base) $(git -C "$tree" rev-list --reverse base..HEAD); do
	key=$(source_key "$c")
	k=$(printf '%s' "$seen" | awk -v key="$key" '$1 == key { print $2; exit }')
	if [ -z "$k" ]; then
		case $n in
		0) k=base ;;
		"$n_patches") k=patched ;;
		*) k=p$n ;;
		esac
		seen="$seen$key $k
"
	fi
	if [ "$n" = 0 ]; then
		subject=base
	else
		subject=$(git -C "$tree" log -1 --format=%s "$c")
	fi
	echo "$n $c $k $subject"
	n=$((n + 1))
done
