#!/bin/sh
# Build the BPF selftests' test_progs, with bpf_testmod.ko, from SRC for
# the kernel built in OBJ (its vmlinux BTF, its module build), into OUT,
# unless OUT already holds them for the same SRC and OBJ.  The BPF
# programs are compiled by Debian's clang-19, through ccache like
# everything else.  The selftests build bpf_testmod in their own source
# directory, so they are built in OUT/src, a copy of SRC made of hard
# links (SRC stays clean: its status is part of build-kernel.sh's key)
# and of its files git knows, so that no ignored build product of an
# earlier build in SRC (a stale prog_tests/tests.h) comes along.
# prog_tests/bpf_attr_size.c, if there, is left out: it is not in 6.12's
# test list and does not build against it.  Without LLVM's libraries
# (feature-llvm=0: Debian ships them in llvm-19-dev, about 1 GB, linked
# statically) test_progs only lacks the JIT disassembler that some
# verifier tests print with; no trampoline test uses it.
# Usage: build-bpf-selftests.sh SRC OBJ OUT
# OUT/test_progs, OUT/bpf_testmod.ko and the files test_progs loads
# beside it are the result; OUT/build.log the log.
set -eu
. "$(dirname "$0")/lib.sh"
usage() {
	cat <<'EOF'
Usage: build-bpf-selftests.sh SRC OBJ OUT
Build the BPF selftests' test_progs and bpf_testmod.ko from SRC for the kernel in OBJ, into OUT.
  SRC             the kernel tree
  OBJ             the kernel built from it (vmlinux with BTF)
  OUT             the output directory, empty or an earlier build's
Environment:
  CCACHE_MAXSIZE  ccache's cache size (25G)
EOF
}
case ${1:-} in -h | --help) usage; exit 0 ;; esac
[ $# = 3 ] || usage_error
src=$(cd "$1" && pwd)
obj=$(cd "$2" && pwd)
out=$3
[ -d "$src/tools/testing/selftests/bpf/prog_tests" ] ||
	die "$src: no tools/testing/selftests/bpf (not a kernel tree?)"
[ -f "$obj/vmlinux" ] && [ -f "$obj/.source-key" ] ||
	die "$obj: no kernel built there (vmlinux, .source-key): build it first"
grep -q '^CONFIG_DEBUG_INFO_BTF=y' "$obj/.config" ||
	die "$obj: a kernel without CONFIG_DEBUG_INFO_BTF; test_progs needs its BTF"
for t in clang-19:clang-19 llc-19:llvm-19 llvm-strip-19:llvm-19 ld.lld-19:lld-19 pkg-config:pkg-config; do
	need_cmd "${t%%:*}" "${t#*:}"
done
mkdir -p "$out"
out=$(cd "$out" && pwd)

# SRC's tree and uncommitted changes (a mutant's), and OBJ's kernel.
key="$(git -C "$src" rev-parse 'HEAD^{tree}') $({ git -C "$src" diff HEAD && git -C "$src" status --porcelain; } | sha256sum | cut -c1-16) $(cat "$obj/.source-key")"
if [ -x "$out/test_progs" ] && [ "$(cat "$out/.key" 2>/dev/null)" = "$key" ]; then
	say "$out/test_progs is up to date"
	exit 0
fi
# Built afresh each time (ccache makes that about 80 s): the objects of
# an earlier build carry dependency lists that a changed tree breaks.
# OUT is emptied only if it is empty or was made here.
[ -z "$(ls -A "$out")" ] || [ -f "$out/build.log" ] ||
	die "$out: not empty and not a BPF selftests build (no build.log); give an empty or new directory"
find "$out" -mindepth 1 -maxdepth 1 -exec rm -rf {} +
need_space "$out" 3000 "the BPF selftests"

say "copying $src (hard links) to $out/src"
mkdir "$out/src"
(cd "$src" && git ls-files -co --exclude-standard | cpio -pdlm --quiet "$out/src") ||
	die "cannot copy $src to $out/src"
rm -f "$out/src/tools/testing/selftests/bpf/prog_tests/bpf_attr_size.c"

say "building test_progs in $out (make -j$(jobs), log: $out/build.log)"
start=$(date +%s)
if ! CCACHE_BASEDIR=$out CCACHE_NOHASHDIR=1 CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-25G} \
	make -C "$out/src/tools/testing/selftests/bpf" -j"$(jobs)" \
	OUTPUT="$out" VMLINUX_BTF="$obj/vmlinux" KDIR="$obj" \
	CC="ccache gcc" HOSTCC="ccache gcc" CLANG="ccache clang-19" \
	LLC=llc-19 LLVM_STRIP=llvm-strip-19 feature-llvm=0 \
	"$out/test_progs" >"$out/build.log" 2>&1; then
	grep -B2 -A3 'error:\|Error ' "$out/build.log" | tail -n 40 >&2
	die "test_progs build failed (full log: $out/build.log)"
fi
[ -f "$out/bpf_testmod.ko" ] || die "no bpf_testmod.ko after the build (log: $out/build.log)"
echo "$key" >"$out/.key"
say "built $out/test_progs in $(($(date +%s) - start)) s"
