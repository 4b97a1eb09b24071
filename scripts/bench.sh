#!/bin/sh
# 'make bench': build the base, patched and ceiling bench kernels, boot
# them in turn (base, patched, ceiling, base, ...) under both clocks, run
# bench/guest-bench.sh in each boot and report the comparison.
# Environment: ROUNDS (boots per kernel and clock, default 5), ROUNDS_WALL
# (the same for the wall clock only), QUICK=1 (one boot each, shorter
# runs), CLOCKS (default "icount wall").
set -eu
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/.."

B=${BUILD:-build}
quick=${QUICK:-0}
rounds=${ROUNDS:-5}
[ "$quick" = 1 ] && rounds=1
clocks=${CLOCKS:-icount wall}
frags="configs/guest.config configs/bench.config"

"$here/install-deps.sh"
"$here/make-tree.sh" "$B/linux" patches

# All three bench kernels are built from one worktree at one path, each
# into its own object directory: ccache then reuses every object whose
# source is the same in two kernels (the ceiling differs from the base in
# one file).
src=$B/src-bench
[ -d "$src" ] || git -C "$B/linux" worktree add -q --detach "$(pwd)/$src" base
kernels="base patched ceiling"
for k in base ceiling patched; do
	case $k in
	base) git -C "$src" checkout -q -f --detach base ;;
	ceiling) git -C "$src" checkout -q -f --detach base &&
		{ git -C "$src" apply "$(pwd)/bench/ceiling-no-migrate.patch" ||
			die "bench/ceiling-no-migrate.patch does not apply to the base"; } ;;
	patched) git -C "$src" checkout -q -f --detach "$(git -C "$B/linux" rev-parse HEAD)" ;;
	esac
	say "kernel $k"
	"$here/build-kernel.sh" "$src" "$B/obj-bench-$k" $frags
done
"$here/build-guest-tools.sh" "$B/linux" "$B/obj-bench-patched"

# Instruction counting gives the repeatable ratios (throughput, latency);
# the counts of text patching and the bystander loop are run under the
# wall clock, which is what a bystander feels.  The ceiling kernel only
# matters for the trampoline figures.
scenarios() { # CLOCK KERNEL
	case $1-$2 in
	*-ceiling) echo trig ;;
	icount-*) echo trig pipe open ;;
	*) echo trig pipe patching bystander open lvtpc ;;
	esac
}

stamp=$(date -u +%Y%m%dT%H%M%SZ)
out="results/$stamp"
mkdir -p "$out/raw" "$out/runs"
{
	echo "date=$stamp"
	echo "host=$(uname -m), $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -n 1), cpus=$(nproc) mem_gib=$(awk '/MemTotal/ { printf "%d", $2 / 1048576 }' /proc/meminfo)"
	echo "qemu=$(qemu-system-x86_64 --version | head -n 1)"
	echo "base=$(sed -n 's/^BASE_VERSION=//p' BASE)"
	echo "series=$(cat patches/series | tr '\n' ' ')"
	echo "series_sha256=$(cd patches && cat $(cat series) </dev/null | sha256sum | cut -c1-16)"
	echo "rounds=$rounds rounds_wall=${ROUNDS_WALL:-$rounds} quick=$quick clocks=$clocks"
} >"$out/meta"

rounds_wall=${ROUNDS_WALL:-$rounds}
[ "$quick" = 1 ] && rounds_wall=1
total=0
for clock in $clocks; do
	n=$rounds
	[ "$clock" = wall ] && n=$rounds_wall
	total=$((total + n * $(echo $kernels | wc -w)))
done
i=0
for clock in $clocks; do
	n=$rounds
	[ "$clock" = wall ] && n=$rounds_wall
	r=1
	while [ $r -le "$n" ]; do
		for k in $kernels; do
			i=$((i + 1))
			say "boot $i of $total: $k kernel, $clock clock, round $r"
			run="$out/runs/$clock-$k-$r"
			scen=$(scenarios "$clock" "$k")
			if QEMU_CLOCK=$clock GUEST_TIMEOUT=${GUEST_TIMEOUT:-1200} "$here/boot-guest.sh" \
				"$B/obj-bench-$k/arch/x86/boot/bzImage" "$run" \
				"sh $(pwd)/bench/guest-bench.sh $(pwd)/$B/obj-bench-patched/guest-tools $quick $scen" \
				>"$run.out" 2>&1; then
				tr -d '\r' <"$run.out" | sed -n 's/^RESULT //p' >"$out/raw/$clock-$k-$r"
				tr -d '\r' <"$run.out" | sed -n "s/^SKIPPED /$k: /p" >>"$out/skipped"
				sed 's/^/    /' "$out/raw/$clock-$k-$r"
			else
				tail -n 15 "$run.out" | sed 's/^/    /'
				say "boot $i failed; its figures are left out (log: $run.out)"
			fi
		done
		r=$((r + 1))
	done
done
"$here/bench-report.sh" "$out"
