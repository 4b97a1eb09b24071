#!/bin/sh
# Build what runs inside the guest against the kernel in OBJ: the
# perf_events kselftests (installed with run_kselftest.sh), the BPF
# selftests' 'bench' and the bench/ helper programs.  Usage: build-guest-tools.sh TREE OBJ
# Output: OBJ/guest-tools/kselftest/, OBJ/guest-tools/bench, and each
# bench/NAME.c built as OBJ/guest-tools/NAME, the names listed in
# OBJ/guest-tools/helpers
set -eu
. "$(dirname "$0")/lib.sh"

usage() {
	cat <<'EOF'
Usage: build-guest-tools.sh [--no-bpf-bench] TREE OBJ
Build what runs in the guests against the kernel in OBJ, into OBJ/guest-tools (make tools).
  --no-bpf-bench  leave out the BPF selftests' bench (make check's mainline
                  edition: its series leaves the trampoline alone); its smoke run SKIPs
  TREE  the kernel tree: the perf_events kselftests, the BPF selftests' bench
  OBJ   the kernel built from it (vmlinux)
EOF
}
case ${1:-} in -h | --help) usage; exit 0 ;; esac
bpf_bench=1
[ "${1:-}" = --no-bpf-bench ] && bpf_bench=0 && shift
[ $# = 2 ] || usage_error

tree=$(cd "$1" && pwd)
obj=$(cd "$2" && pwd)
out="$obj/guest-tools"
need_cmd clang-19 clang-19
need_cmd llc-19 llvm-19
mkdir -p "$out"

say "building the perf_events kselftests"
make -C "$tree/tools/testing/selftests" O="$out/ksft-build" TARGETS=perf_events \
	INSTALL_PATH="$out/kselftest" -j"$(jobs)" install >"$out/kselftest.log" 2>&1 ||
	{ tail -n 30 "$out/kselftest.log" >&2; die "kselftest build failed (log: $out/kselftest.log)"; }

if [ $bpf_bench = 1 ]; then
	say "building the BPF selftests' bench"
	mkdir -p "$out/bpf"
	[ -f "$obj/vmlinux" ] || die "no $obj/vmlinux: build the kernel first"
	# The bench needs nothing of libarena, whose two skeletons the 7.3
	# tree lists among test_progs' extra sources (headers that its BPF
	# objects wait for) and whose arena spin lock clang-19 cannot
	# compile (a 32-bit cmpxchg in the arena): the two names are emptied
	# here; a tree without them (6.12) ignores them.
	make -C "$tree/tools/testing/selftests/bpf" OUTPUT="$out/bpf" -j"$(jobs)" \
		CLANG=clang-19 LLC=llc-19 LLVM_STRIP=llvm-strip-19 VMLINUX_BTF="$obj/vmlinux" \
		LIBARENA_SKEL= LIBARENA_ASAN_SKEL= "$out/bpf/bench" >"$out/bench.log" 2>&1 ||
		{ tail -n 30 "$out/bench.log" >&2; die "bench build failed (log: $out/bench.log)"; }
	cp "$out/bpf/bench" "$out/bench"
else
	rm -f "$out/bench"
fi
# Every bench/*.c is a helper of guest/bench.sh; their names go to
# helpers, which the guest reads to copy them.
: >"$out/helpers.new"
for c in "$TOP"/bench/*.c; do
	p=${c##*/} p=${p%.c}
	gcc -O2 -Wall -Werror -o "$out/$p" "$c" || die "cannot build bench/$p.c"
	echo "$p" >>"$out/helpers.new"
done
mv "$out/helpers.new" "$out/helpers"
say "guest tools in $out"
