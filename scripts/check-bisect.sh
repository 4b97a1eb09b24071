#!/bin/sh
# Bisectability: after each patch of the series, 'make prepare' and the
# objects that the patch touches compile.  The full kernel at the top of
# the series is built by build-kernel.sh; its object list (TOP-OBJ) says
# which touched files the config builds at all.
# Usage: check-bisect.sh TREE TOP-OBJ FRAGMENT...   Prints PASS:/FAIL: lines.
set -eu
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)

tree=$(cd "$1" && pwd)
top=$(cd "$2" && pwd)
shift 2
src="$tree/../src-bisect"
obj="$tree/../obj-bisect"

commits=$(git -C "$tree" rev-list --reverse base..HEAD)
[ -n "$commits" ] || { echo "SKIP: bisectability (the series is empty)"; exit 0; }
if [ ! -d "$src" ]; then
	git -C "$tree" worktree add -q --detach "$src" base
fi
export CCACHE_BASEDIR CCACHE_NOHASHDIR=1
CCACHE_BASEDIR=$(cd "$tree/.." && pwd)

k=0
for c in $commits; do
	k=$((k + 1))
	git -C "$src" checkout -q --detach "$c"
	subject=$(git -C "$src" log -1 --format=%s)
	# Options added by later patches do not exist yet: merge leniently.
	"$here/make-config.sh" --lenient "$src" "$obj" "$@" >/dev/null
	objs=
	for f in $(git -C "$src" diff --name-only "$c^" "$c" -- '*.c'); do
		o=${f%.c}.o
		case $f in tools/*) continue ;; esac
		[ -f "$top/$o" ] && objs="$objs $o"
	done
	log="$obj/bisect-$k.log"
	if make -C "$src" O="$obj" -j"$(($(nproc) + 1))" CC="ccache gcc" HOSTCC="ccache gcc" \
		prepare $objs >"$log" 2>&1 && ! grep -q 'warning:' "$log"; then
		echo "PASS: patch $k builds (prepare$objs): $subject"
	else
		grep -E 'error:|warning:' "$log" | head -n 20
		echo "FAIL: patch $k does not build cleanly (prepare$objs): $subject; log: $log"
	fi
done
