#!/bin/sh
# Configure and build a kernel out of tree with ccache.
# Usage: build-kernel.sh SRC OBJ FRAGMENT...   (targets: bzImage modules)
set -eu
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)

src=$1 obj=$2
shift 2
for t in gcc:gcc make:make bison:bison flex:flex bc:bc pahole:dwarves ccache:ccache cpio:cpio; do
	need_cmd "${t%%:*}" "${t#*:}"
done
need_space "$(dirname "$obj")" 5000 "a kernel build"
mkdir -p "$obj"
obj=$(cd "$obj" && pwd)

sum=$(cat "$@" | sha256sum | cut -c1-16)
if [ ! -f "$obj/.config" ] || [ "$(cat "$obj/.fragments" 2>/dev/null)" != "$sum" ]; then
	"$here/make-config.sh" "$src" "$obj" "$@"
	echo "$sum" >"$obj/.fragments"
fi

export CCACHE_BASEDIR CCACHE_NOHASHDIR=1 CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-25G}
CCACHE_BASEDIR=$(cd "$src/.." && pwd)
# Fixed build stamps keep init/version.o (and the ccache hits) stable.
export KBUILD_BUILD_TIMESTAMP='2000-01-01' KBUILD_BUILD_USER=hotpaths KBUILD_BUILD_HOST=qemu

jobs=$(($(nproc) + 1))
say "building $obj (make -j$jobs, log: $obj/build.log)"
start=$(date +%s)
set +e
make -C "$src" O="$obj" -j"$jobs" CC="ccache gcc" HOSTCC="ccache gcc" \
	bzImage modules 2>&1 | tee "$obj/build.log" | awk '
	/^  (CC|AS|LD|AR|BTF|HOSTCC) / { n++; if (n % 250 == 0) { printf "  ... %d build steps (%s)\n", n, $2; fflush() } next }
	/warning:|error:|Error / { print; fflush(); next }
	END { printf "  ... %d build steps in all\n", n }'
rc=$(grep -c '^make.*Error\|\*\*\* ' "$obj/build.log" || true)
set -e
if [ ! -f "$obj/arch/x86/boot/bzImage" ] || [ "$rc" != 0 ]; then
	grep -B2 -A3 'error:\|Error ' "$obj/build.log" | tail -n 40 >&2
	die "kernel build in $obj failed (full log: $obj/build.log)"
fi
say "built $obj/arch/x86/boot/bzImage in $(($(date +%s) - start)) s"
