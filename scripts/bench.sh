#!/bin/sh
# 'make bench': build the base, patched and ceiling bench kernels, boot
# them in turn (base, patched, ceiling, base, ...) under both clocks, run
# guest/bench.sh in each boot (bench-boot.sh) and report the comparison
# (bench-report.sh).
# Environment: ROUNDS (boots per kernel and clock, default 5), ROUNDS_WALL
# (the same for the wall clock only), QUICK=1 (one boot each, shorter
# runs), CLOCKS (default "icount wall"), ICOUNT_JOBS (icount guests run at
# once, default the number of CPUs).
set -eu
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)
cd "$TOP"

quick=${QUICK:-0}
rounds=${ROUNDS:-5}
rounds_wall=${ROUNDS_WALL:-$rounds}
[ "$quick" = 1 ] && rounds=1 rounds_wall=1
export QUICK=$quick
clocks=${CLOCKS:-icount wall}
start=$(date +%s)

"$here/install-deps.sh"
"$here/make-tree.sh" "$BUILD/linux" patches

# All three bench kernels are built from one scratch checkout at one
# path, each into its own object directory: ccache then reuses every
# object whose source is the same in two kernels (the ceiling differs
# from the base in one file).
src=$BUILD/src-bench
kernels="base patched ceiling"
for k in base ceiling patched; do
	case $k in
	base) worktree "$BUILD/linux" "$src" base ;;
	ceiling) worktree "$BUILD/linux" "$src" base
		git -C "$src" apply "$TOP/bench/ceiling-no-migrate.patch" ||
			die "bench/ceiling-no-migrate.patch does not apply to the base" ;;
	patched) worktree "$BUILD/linux" "$src" "$(git -C "$BUILD/linux" rev-parse HEAD)" ;;
	esac
	say "kernel $k"
	"$here/build-kernel.sh" "$src" "$BUILD/obj-bench-$k" bench
done
"$here/build-guest-tools.sh" "$BUILD/linux" "$BUILD/obj-bench-patched"

# Instruction counting gives the repeatable ratios (throughput, latency)
# and takes the text patching counts too: counts do not depend on the
# clock, sleeping costs no time there, and the base cannot oops on the
# stale int3 (README, Guests).  The bystander loop needs the wall
# clock, which is what a bystander feels.  The ceiling kernel only
# matters for the trampoline figures, and under the wall clock, whose
# ceiling figures move by a third from boot to boot, for trig-fentry
# only.  Under the wall clock the open latencies run in the first three
# rounds only: they are no throughput figure, and five boots of each
# clock would not fit the time budget.
scenarios() { # CLOCK KERNEL ROUND
	case $1-$2 in
	icount-ceiling) echo trig_ceiling ;;
	wall-ceiling) echo trig_fentry ;;
	icount-*) echo trig pipe open patching ;;
	*) if [ "$3" -le 3 ]; then
		echo trig pipe bystander open lvtpc
	else
		echo trig pipe bystander
	fi ;;
	esac
}

stamp=$(date -u +%Y%m%dT%H%M%SZ)
out="$TOP/results/$stamp"
mkdir -p "$out/raw" "$out/runs"
{
	echo "date=$stamp"
	echo "host=$(uname -m), $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -n 1), cpus=$(nproc) mem_gib=$(awk '/MemTotal/ { printf "%d", $2 / 1048576 }' /proc/meminfo)"
	echo "qemu=$(qemu-system-x86_64 --version | head -n 1)"
	echo "base=$(sed -n 's/^BASE_VERSION=//p' BASE)"
	echo "series=$(cat patches/series | tr '\n' ' ')"
	echo "series_sha256=$(cd patches && cat $(cat series) </dev/null | sha256sum | cut -c1-16)"
	echo "rounds=$rounds"
	echo "rounds_wall=$rounds_wall"
	echo "quick=$quick"
	echo "clocks=$clocks"
} >"$out/meta"

boot() { # I CLOCK KERNEL ROUND
	if "$here/bench-boot.sh" "$out" "$2" "$3" "$4" $(scenarios "$2" "$3" "$4"); then
		say "boot $1 done: $3 kernel, $2 clock, round $4"
	else
		say "boot $1 FAILED: $3 kernel, $2 clock, round $4 (log: $out/runs/$2-$3-$4.out); figures it printed before are kept"
	fi
}

# The boots in order: kernels alternate within each round.
: >"$out/plan"
for clock in $clocks; do
	n=$rounds
	[ "$clock" = wall ] && n=$rounds_wall
	r=1
	while [ $r -le "$n" ]; do
		for k in $kernels; do
			echo "$clock $k $r" >>"$out/plan"
		done
		r=$((r + 1))
	done
done
total=$(wc -l <"$out/plan")

# Under instruction counting, guest time follows the guest's own
# instructions, so guests can share the host: up to ICOUNT_JOBS of them
# run at once, started in plan order as slots free up (a slot is a token
# in a FIFO).  Wall clock guests run alone.
ijobs=${ICOUNT_JOBS:-$(nproc)}
mkfifo "$out/slots"
exec 3<>"$out/slots"
j=0
while [ $j -lt "$ijobs" ]; do
	echo >&3
	j=$((j + 1))
done
i=0
while read -r clock k r; do
	i=$((i + 1))
	if [ "$clock" = icount ]; then
		read -r tok <&3
	else
		wait
	fi
	say "boot $i of $total: $k kernel, $clock clock, round $r ($(($(date +%s) - start)) s so far)"
	if [ "$clock" = icount ]; then
		{ boot "$i" "$clock" "$k" "$r" </dev/null; echo >&3; } &
	else
		boot "$i" "$clock" "$k" "$r" </dev/null
	fi
done <"$out/plan"
wait
exec 3>&-
rm -f "$out/slots"
"$here/bench-report.sh" "$out"
say "bench took $(($(date +%s) - start)) s"
