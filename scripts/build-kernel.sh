#!/bin/sh
# Configure and build a kernel out of tree (bzImage and modules), unless
# OBJ already holds a kernel built from the same source and fragments.
# Usage: build-kernel.sh [--lenient] SRC OBJ test|bpf|bench|kvm [FRAGMENT...]
# --lenient: SRC may lack options of the fragments (the base, for a
# fragment written for the series); see make-config.sh.
# The source key is the tree id of SRC's HEAD plus its uncommitted
# changes: switching a scratch checkout between kernels touches files,
# and make would rebuild what depends on them although OBJ matches.
set -eu
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)

usage() {
	cat <<'EOF'
Usage: build-kernel.sh [--lenient] SRC OBJ test|bpf|bench|kvm [FRAGMENT...]
Configure and build a kernel (bzImage, modules) from SRC in OBJ, unless OBJ is up to date.
  --lenient       SRC may lack options of the fragments (make-config.sh --lenient)
  SRC             the kernel tree
  OBJ             the object directory (made if missing)
  test|bpf|bench|kvm
                  the test kernel, it with the BPF selftests' options too,
                  the bench kernel, or the nested KVM host's (configs/)
  FRAGMENT...     more config fragments, merged last
Environment:
  KCC             the compiler (ccache gcc)
  CCACHE_MAXSIZE  ccache's cache size (25G)
  BUILD           the build directory: ccache hashes paths below it as relative (build)
EOF
}
case ${1:-} in -h | --help) usage; exit 0 ;; esac
lenient=
[ "${1:-}" = --lenient ] && lenient=--lenient && shift
[ $# -ge 3 ] || usage_error
src=$(cd "$1" && pwd) obj=$2 kind=$3
shift 3
set -- $(frags "$kind" "$src") "$@"
# The test kernel also merges the config fragment of each kselftest it
# runs, from the tree under test where the tree has one.  The BPF kernel
# is the test kernel plus the BPF selftests' fragment (which the tree
# must have) and ours, which completes it: it runs the kselftests, KUnit
# and test_progs, but its net, netfilter and driver options (855 options
# set against 648) lengthen a cold build, so make check's test kernel
# does without them.  make-config.sh checks every option of all of them.
case $kind in
test | bpf)
	for t in perf_events; do
		[ ! -f "$src/tools/testing/selftests/$t/config" ] || set -- "$@" "$src/tools/testing/selftests/$t/config"
	done
	;;
esac
case $kind in
bpf)
	[ -f "$src/tools/testing/selftests/bpf/config" ] ||
		die "$src: no tools/testing/selftests/bpf/config (the BPF selftests' kernel fragment)"
	set -- "$@" "$src/tools/testing/selftests/bpf/config" "$here/../configs/bpf.config"
	;;
esac
for t in gcc:gcc make:make bison:bison flex:flex bc:bc pahole:dwarves ccache:ccache cpio:cpio; do
	need_cmd "${t%%:*}" "${t#*:}"
done
mkdir -p "$obj"
obj=$(cd "$obj" && pwd)

sum=$(cat "$@" | sha256sum | cut -c1-16)${lenient:+-lenient}
key="$(git -C "$src" rev-parse 'HEAD^{tree}') $({ git -C "$src" diff HEAD && git -C "$src" status --porcelain; } | sha256sum | cut -c1-16) $sum"
if [ -f "$obj/arch/x86/boot/bzImage" ] && [ "$(cat "$obj/.source-key" 2>/dev/null)" = "$key" ]; then
	say "$obj/arch/x86/boot/bzImage is up to date"
	exit 0
fi
rm -f "$obj/.source-key"
need_space "$obj" 5000 "a kernel build"
if [ ! -f "$obj/.config" ] || [ "$(cat "$obj/.fragments" 2>/dev/null)" != "$sum" ]; then
	"$here/make-config.sh" $lenient "$src" "$obj" "$@"
	echo "$sum" >"$obj/.fragments"
fi

say "building $obj (make -j$(jobs), log: $obj/build.log)"
start=$(date +%s)
set +e
kmake "$src" "$obj" bzImage modules 2>&1 | tee "$obj/build.log" | awk '
	/^  (CC|AS|LD|AR|BTF|HOSTCC) / { n++; if (n % 250 == 0) { printf "  ... %d build steps (%s)\n", n, $2; fflush() } next }
	/warning:|error:|Error / { print; fflush(); next }
	END { printf "  ... %d build steps in all\n", n }'
rc=$(grep -c '^make.*Error\|\*\*\* ' "$obj/build.log" || true)
set -e
if [ ! -f "$obj/arch/x86/boot/bzImage" ] || [ "$rc" != 0 ]; then
	grep -B2 -A3 'error:\|Error ' "$obj/build.log" | tail -n 40 >&2
	die "kernel build in $obj failed (full log: $obj/build.log)"
fi
echo "$key" >"$obj/.source-key"
say "built $obj/arch/x86/boot/bzImage in $(($(date +%s) - start)) s"
