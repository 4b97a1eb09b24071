#!/bin/sh
# 'make bench': build a bench kernel for every prefix of the series (the
# base, +1, +1..2, ... the whole series; bench-kernels.sh), the ceiling
# kernel and, with BENCH_V1=1 or BENCH_V2=1, the v1 or v2 variants; boot them in turn within
# each round, run guest/bench.sh in each boot (bench-boot.sh) and report
# the comparisons (bench-report.sh).  Instruction counting boots every
# kernel, the emulated wall clock the base, the whole series and the
# ceiling; under KVM the wall clock every kernel and the traced clock
# the prefix kernels (below).
# BASE=7.3 measures the mainline edition (BASE-7.3, patches-7.3) the same
# way, without the ceiling kernel, whose patch is 6.12's (bench/targets).
# Environment: BASE (the edition: 6.12, the default, or 7.3), ROUNDS (boots per kernel and clock, default 5), ROUNDS_WALL
# (the same for the wall and traced clocks), QUICK=1 (one boot each, shorter
# runs), CLOCKS (default "icount wall", under KVM "wall traced"), BENCH_ACCEL
# (tcg or kvm; default: what accel.sh finds, KVM where it boots the base
# kernel, else emulation, and one line why), ICOUNT_JOBS (icount guests run at
# once, default the number of CPUs), BENCH_V1=1 (also the v1 kernel:
# bench/v1-nopreempt.patch on the series, trampoline figures only),
# BENCH_V2=1 (also the v2 kernel: bench/v2-perf.patch on the kernel
# compared with the base, the perf hot path and text patching figures
# only),
# KERNELS (build and boot only these of the prefix kernels, e.g.
# 'base p6 p7'; the ceiling, v1 and v2 kernels as above) and
# SCENARIOS (run only these of each boot's scenarios, e.g. 'trig'),
# TARGETS (bench/targets: the scenarios of each boot, its 'run' lines;
# bench-report.sh reads its targets and claims).
set -eu
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)

usage() {
	cat <<'EOF'
Usage: bench.sh   (make bench; the knobs are environment variables)
A bench kernel per prefix of the series and the ceiling, booted in rounds, compared: results/STAMP/.
Environment:
  BASE           the edition of the series: 6.12 (BASE, patches/) or 7.3 (BASE-7.3, patches-7.3/) (6.12)
  ROUNDS         boots per kernel and clock (5)
  ROUNDS_WALL    the same for the wall and traced clocks (ROUNDS)
  QUICK=1        one boot each, shorter runs (0)
  CLOCKS         the clocks (icount wall; under KVM wall traced)
  BENCH_ACCEL    tcg or kvm (default: what accel.sh finds, KVM where it boots the base kernel)
  ICOUNT_JOBS    instruction counting guests at once (the number of CPUs)
  WALL_ATTEMPTS  attempts of an emulated wall clock boot (3)
  BENCH_V1=1     also the v1 kernel: bench/v1-nopreempt.patch on the series (0)
  BENCH_V2=1     also the v2 kernel: bench/v2-perf.patch (0)
  KERNELS        only these prefix kernels, base among them, e.g. 'base p6 p7' (all)
  SCENARIOS      only these scenarios of each boot, e.g. 'trig' (all)
  TARGETS        the targets file: scenarios per boot, targets, claims (bench/targets)
  GUEST_CPUS     vCPUs (2; under KVM the host's CPUs, 2 to 8)
  KVM_CPU        the guests' CPU under KVM (host,pmu=on)
  BUILD          the build directory (build)
  GUEST_TIMEOUT  and the other knobs of bench-boot.sh and boot-guest.sh (their -h)
EOF
}
case ${1:-} in -h | --help) usage; exit 0 ;; esac
[ $# = 0 ] || usage_error "no arguments (e.g. ROUNDS=1 scripts/bench.sh)"
cd "$TOP"
# The edition: its pin, patches and tree (lib.sh), and where its bench
# kernels go: the 6.12 ones in BUILD, as before there were two.
ed=${BASE:-6.12}
edition "$ed"
objs=$BUILD ceiling_patch=$ed_ceiling
if [ "$ed" != 6.12 ]; then
	objs=$BUILD/bench-$ed
	[ "${BENCH_V1:-0}" != 1 ] && [ "${BENCH_V2:-0}" != 1 ] ||
		die "BENCH_V1, BENCH_V2: their patches are the 6.12 edition's (BASE=6.12)"
fi
# Where bench-boot.sh finds the kernels, and the tree whose kunit.py
# parses each boot's KTAP (guest-run.sh).
export BENCH_OBJ_DIR=$objs KTAP_TREE=$ed_tree
mkdir -p "$objs"

quick=${QUICK:-0}
rounds=${ROUNDS:-5}
rounds_wall=${ROUNDS_WALL:-$rounds}
[ "$quick" = 1 ] && rounds=1 rounds_wall=1
export QUICK=$quick
targets=${TARGETS:-$TOP/bench/targets}
# The scenario table, checked before anything is built.
known_sc=$("$here/bench-scenarios.sh" "$targets")
known_sc=$(echo $known_sc)
for c in ${CLOCKS:-}; do
	grep -q "^run $c " "$targets" || die "CLOCKS: '$c' has no 'run $c' line in $targets (icount, wall, traced)"
done
start=$(date +%s)
no_traced() { # WHY
	die "CLOCKS: traced counts what KVM does, and the guests run under QEMU's emulation here ($1): drop it"
}
case "${BENCH_ACCEL:-} ${CLOCKS:-}" in
tcg*" traced"*) no_traced "BENCH_ACCEL=tcg" ;;
esac

"$here/install-deps.sh"
# The accelerator (accel.sh; BENCH_ACCEL overrides): under KVM the
# guests run on this host's CPU (KVM_CPU), with a vCPU per host CPU,
# 2 to 8, under the wall clock, which boots every kernel, and
# 'traced', the same clock with the host tracing the guest's APIC
# writes, for the counts that need it (bench-boot.sh), apart from the
# timings, which tracing would slow on the kernel that exits more.  A
# host where perf cannot trace KVM's tracepoints has no traced boots
# (none asked for by CLOCKS: an error).  Under QEMU's emulation
# instruction counting and the emulated wall clock.
# accel.sh is asked twice: here, before anything is built, with its
# boot sector alone, so that what CLOCKS asks is checked at once; then
# with the base kernel, as soon as that is built (below): where KVM
# cannot boot it (kvm_pvm's KVM runs the boot sector), the guests fall
# back to emulation, with one line that says why (BENCH_ACCEL=kvm: an
# error, and CLOCKS asking for traced too).
guest_cpus=${GUEST_CPUS:-}
set_accel() { # 'ACCEL REASON' (accel.sh's line)
	accel=${1%% *} accel_reason=${1#* }
	export GUEST_ACCEL=$accel
	if [ "$accel" = kvm ]; then
		clocks=${CLOCKS:-wall traced}
		case " $clocks " in
		*" icount "*) die "CLOCKS: icount is QEMU's software emulation, not KVM's: drop it, or set BENCH_ACCEL=tcg" ;;
		esac
		n=$(nproc)
		[ "$n" -ge 2 ] || n=2
		[ "$n" -le 8 ] || n=8
		export GUEST_CPUS=${guest_cpus:-$n}
		case " $clocks " in
		*" traced "*)
			if ! why=$("$here/kvm-apic-writes.sh" probe); then
				[ -z "${CLOCKS:-}" ] || die "CLOCKS: traced, but the host cannot trace here: $why"
				clocks=wall
				say "no traced boots: the host cannot trace here: $why"
			fi
			;;
		esac
	else
		# Under emulation the environment's GUEST_CPUS, or boot-guest.sh's 2.
		if [ -n "$guest_cpus" ]; then export GUEST_CPUS=$guest_cpus; else unset GUEST_CPUS; fi
		clocks=${CLOCKS:-icount wall}
		case " $clocks " in
		*" traced "*) no_traced "$accel_reason" ;;
		esac
	fi
}
# (An assignment: accel.sh's error stops the run.)
a=$("$here/accel.sh")
set_accel "$a"
"$here/make-tree.sh" "$ed_tree" "$ed_patches" "$ed_pin"

# The bench kernels are built from one scratch checkout at one path,
# BUILD/src-bench (BASE=7.3: BUILD/bench-7.3/src-bench), each into its
# own object directory obj-bench-KERNEL beside it:
# ccache then reuses every object whose source is the same in two
# kernels (the ceiling differs from the base in one file, patches 5 and
# 6 touch arch/x86 alone), so a cold run compiles in full only what a
# patch changes and what includes it (the perf_event.h of patches 1 and
# 3, the sched.h of patch 7: nearly everything).  Each object directory
# takes about 1.1 GB; a checkout per kernel would add 1.5 GB each.
# Switching the checkout touches the files that differ between kernels:
# a kernel that has to be rebuilt recompiles those and their includers,
# from ccache where nothing changed.  Measured once on 2 cores, on a
# five-patch version of the series, another build beside it half the
# time: the base 9 min 46 s cold, the two perf prefixes 5 min 37 s and
# 3 min 59 s, the two perf/x86 ones about 1 min each, the series 7 min
# 47 s, the ceiling 76 s.  A prefix that builds the same kernel as an
# earlier one is not built again.
plan=$("$here/bench-kernels.sh" "$ed_tree")
[ "$(grep -c . "$ed_patches/series")" = "$(($(printf '%s\n' "$plan" | wc -l) - 1))" ] ||
	die "$ed_tree holds $(git -C "$ed_tree" rev-list --count base..HEAD) commits after 'base', $ed_patches/series lists $(grep -c . "$ed_patches/series") patches: run 'make $ed_make' (FORCE=1 resets it to $ed_patches/)"
prefix_kernels=$(printf '%s\n' "$plan" | awk '!seen[$3]++ { printf "%s ", $3 }')
series=$(printf '%s\n' "$plan" | awk 'END { print $3 }')
if [ -n "${KERNELS:-}" ]; then
	for k in $KERNELS; do
		case " $prefix_kernels " in
		*" $k "*) ;;
		*) die "KERNELS: no prefix kernel '$k' (the series has: $prefix_kernels)" ;;
		esac
	done
	case " $KERNELS " in *" base "*) ;; *) die "KERNELS must name base: every figure is compared with it" ;; esac
	# In the series' order; the last is the one the first table compares
	# with the base, and builds the guest tools.
	prefix_kernels=$(for k in $prefix_kernels; do case " $KERNELS " in *" $k "*) printf '%s ' "$k" ;; esac; done)
	series=$(printf '%s\n' $prefix_kernels | tail -n 1)
fi
if [ -n "${SCENARIOS:-}" ]; then
	for sc in $SCENARIOS; do
		case " $known_sc " in
		*" $sc "*) ;;
		*) die "SCENARIOS: no scenario '$sc' (the 'run' lines of bench/targets have: $known_sc)" ;;
		esac
	done
fi
src=$objs/src-bench
build() { # KERNEL COMMIT [PATCH]: build the bench kernel KERNEL
	worktree "$ed_tree" "$src" "$2"
	if [ -n "${3:-}" ]; then
		git -C "$src" apply "$3" || die "$3 does not apply to the tree of kernel $1 ($2)"
	fi
	say "kernel $1"
	"$here/build-kernel.sh" "$src" "$objs/obj-bench-$1" bench
}
base=$(git -C "$ed_tree" rev-parse base)
top=$(git -C "$ed_tree" rev-parse HEAD)
build base "$base"
# The probe that counts: KVM boots the base kernel, as the guests will.
if [ "$accel" = kvm ]; then
	a=$("$here/accel.sh" "$objs/obj-bench-base/arch/x86/boot/bzImage")
	case $a in
	kvm\ *)
		accel_reason=${a#kvm }
		say "under KVM no target is checked yet: the targets are instruction counting's"
		;;
	*)
		say "KVM cannot boot the base kernel: the guests run under emulation (accel.sh: ${a#tcg })"
		set_accel "$a"
		;;
	esac
fi
say "guests under $accel ($accel_reason), ${GUEST_CPUS:-2} vCPUs, clocks: $clocks"
extra=
if [ -n "$ceiling_patch" ]; then
	build ceiling "$base" "$ceiling_patch"
	extra=ceiling
fi
for k in $prefix_kernels; do
	[ "$k" = base ] || build "$k" "$(printf '%s\n' "$plan" | awk -v k="$k" '$3 == k { print $2; exit }')"
done
if [ "${BENCH_V1:-0}" = 1 ]; then
	build v1 "$top" "$TOP/bench/v1-nopreempt.patch"
	extra="$extra v1"
fi
if [ "${BENCH_V2:-0}" = 1 ]; then
	build v2 "$(printf '%s\n' "$plan" | awk -v k="$series" '$3 == k { print $2; exit }')" "$TOP/bench/v2-perf.patch"
	extra="$extra v2"
fi
"$here/build-guest-tools.sh" "$ed_tree" "$objs/obj-bench-$series"
export BENCH_TOOLS="$objs/obj-bench-$series/guest-tools"

# Which scenarios each boot runs, and why: the 'run' lines of
# bench/targets.
scenarios() { # CLOCK KERNEL ROUND
	if [ -n "${SCENARIOS:-}" ]; then
		for sc in $(all_scenarios "$@"); do
			case " $SCENARIOS " in *" $sc "*) printf '%s ' "$sc" ;; esac
		done
		echo
	else
		all_scenarios "$@"
	fi
}
all_scenarios() { # CLOCK KERNEL ROUND
	"$here/bench-scenarios.sh" "$targets" "$@"
}

stamp=$(date -u +%Y%m%dT%H%M%SZ)
out="$TOP/results/$stamp"
mkdir -p "$out/raw" "$BUILD/runs/bench-$stamp"
# The boots themselves are guest runs (bench-boot.sh).
ln -s "$BUILD/runs/bench-$stamp" "$out/runs"
{
	echo "date=$stamp"
	echo "host=$(uname -m), $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -n 1), cpus=$(nproc) mem_gib=$(awk '/MemTotal/ { printf "%d", $2 / 1048576 }' /proc/meminfo)"
	echo "qemu=$(qemu-system-x86_64 --version | head -n 1)"
	echo "accel=$accel"
	echo "accel_reason=$accel_reason"
	echo "guest_cpus=${GUEST_CPUS:-2}"
	echo "edition=$ed"
	echo "base=$(sed -n 's/^BASE_PACKAGE=//p' "$ed_pin") $(sed -n 's/^BASE_VERSION=//p' "$ed_pin")"
	echo "series=$(cat "$ed_patches/series" | tr '\n' ' ')"
	echo "series_sha256=$(cd "$ed_patches" && cat $(cat series) </dev/null | sha256sum | cut -c1-16)"
	echo "rounds=$rounds"
	echo "rounds_wall=$rounds_wall"
	echo "quick=$quick"
	echo "clocks=$clocks"
	echo "bench_v1=${BENCH_V1:-0}"
	echo "bench_v2=${BENCH_V2:-0}"
	echo "series_kernel=$series"
	echo "kernels_booted=$prefix_kernels"
} >"$out/meta"
printf '%s\n' "$plan" >"$out/kernels"

# Under QEMU's emulation a wall clock boot (a host thread per vCPU) can
# end on a stale int3 right after a static key was patched (docs/guests.md),
# a fault of the emulator, not of the kernel, and wall clock
# figures have no target: such a boot gets up to WALL_ATTEMPTS (3)
# attempts.  Each failed attempt is kept (runs/CLOCK-KERNEL-ROUND.N)
# and listed in the table ('retried boot:'); a boot that fails every
# attempt is a failed boot.  Instruction counting boots, whose figures
# the targets check, and every boot under KVM get one attempt.
wall_attempts=${WALL_ATTEMPTS:-3}
case $wall_attempts in '' | *[!0-9]* | 0) die "WALL_ATTEMPTS must be a number of attempts, 1 or more, not '$wall_attempts'" ;; esac
boot() { # I CLOCK KERNEL ROUND
	n=1 max=1
	[ "$2" != wall ] || [ "$accel" != tcg ] || max=$wall_attempts
	while ! "$here/bench-boot.sh" "$out" "$2" "$3" "$4" $(scenarios "$2" "$3" "$4"); do
		if [ $n -ge $max ]; then
			say "boot $1 FAILED: $3 kernel, $2 clock, round $4 (log: $out/runs/$2-$3-$4/output); figures it printed before are kept"
			return 0
		fi
		# Wall clock boots run alone: the last failed line is this one's.
		line=$(tail -n 1 "$out/failed")
		sed -i '$d' "$out/failed"
		echo "$line; attempt $n of $max, kept in runs/$2-$3-$4.$n" >>"$out/retried"
		rm -rf "$out/runs/$2-$3-$4.$n"
		mv "$out/runs/$2-$3-$4" "$out/runs/$2-$3-$4.$n"
		say "boot $1: $3 kernel, $2 clock, round $4: attempt $n of $max failed ($line); again"
		n=$((n + 1))
	done
	[ $n = 1 ] && att= || att=" (attempt $n of $max)"
	say "boot $1 done: $3 kernel, $2 clock, round $4$att"
}

# The boots in order: kernels alternate within each round.
wall_kernels="base${ceiling_patch:+ ceiling}"
[ "$series" = base ] || wall_kernels="base $series${ceiling_patch:+ ceiling}"
# Under KVM the wall clock is the one that times: every kernel.
[ "$accel" = tcg ] || wall_kernels="$prefix_kernels $extra"
: >"$out/plan"
for clock in $clocks; do
	n=$rounds kernels="$prefix_kernels $extra"
	[ "$clock" = wall ] && n=$rounds_wall kernels=$wall_kernels
	# The traced counts are the prefixes' (the ceiling's and variants'
	# matter for the trampoline only).
	[ "$clock" = traced ] && n=$rounds_wall kernels=$prefix_kernels
	r=1
	while [ $r -le "$n" ]; do
		for k in $kernels; do
			# A boot with nothing to run (SCENARIOS) is left out.
			[ -z "$(scenarios "$clock" "$k" "$r" | tr -d ' ')" ] || echo "$clock $k $r" >>"$out/plan"
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
# The exit status: 1 when a target missed or a boot failed, after every
# table is written.
missed=$(cat "$out/table.txt" "$out/patches.txt" | grep -c ' MISS' || true)
failed=$(cat "$out/failed" 2>/dev/null | grep -c . || true)
[ "$missed" = 0 ] && [ "$failed" = 0 ] ||
	die "$missed target lines MISS, $failed boots failed (results: $out)"
