#!/bin/sh
# One boot of a bench run: boot the bench kernel KERNEL (base, pN,
# patched, ceiling, v1, v2: BENCH_OBJ_DIR/obj-bench-KERNEL) under CLOCK
# (icount, wall, or under KVM traced: below), run
# guest/bench.sh with SCENARIO... and the guest tools in BENCH_TOOLS
# (default: those of the patched kernel) and file what it measured in
# the run directory DIR:
#   raw/CLOCK-KERNEL-ROUND  the figures, 'scenario metric unit value';
#                           under the traced clock, in a boot that
#                           ran lvtpc, also boot-apic's: the whole
#                           boot's APIC writes (all, LVTPC) that the
#                           host counted; and for each scenario, and
#                           each window within, 'NAME host-lvtpc-writes
#                           count N', 'NAME host-call-function-ipis
#                           count N' and 'NAME
#                           host-call-function-single-ipis count N'
#                           (window-figures.awk); of the guest's own
#                           figures only the counts
#   skipped                 'KERNEL: scenario' of the skipped scenarios
#   failed                  a line per failed boot, with its verdict
# The boot itself is the guest run bench-STAMP/CLOCK-KERNEL-ROUND
# (guest-run.sh: BUILD/runs/, STAMP the name of DIR; DIR/runs points
# there).  A boot that fails keeps the figures it printed before: each is a
# finished measurement.  Usage: bench-boot.sh DIR CLOCK KERNEL ROUND SCENARIO...
set -u
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)

usage() {
	cat <<'EOF'
Usage: bench-boot.sh DIR CLOCK KERNEL ROUND SCENARIO...
One boot of a bench run (bench.sh): KERNEL under CLOCK, its figures filed in DIR.
  DIR            the run's results directory (results/STAMP): raw/, skipped, failed
  CLOCK          icount, wall, or traced (wall under KVM, the host tracing the guest)
  KERNEL         base, pN, patched, ceiling, v1 or v2: the kernel in BENCH_OBJ_DIR/obj-bench-KERNEL
  ROUND          the round, a number: part of the boot's name
  SCENARIO...    the scenarios of guest/bench.sh to run
Environment:
  BENCH_OBJ_DIR  where the bench kernels are (BUILD; make bench BASE=7.3: BUILD/bench-7.3)
  BENCH_TOOLS    the guest tools (BENCH_OBJ_DIR/obj-bench-patched/guest-tools)
  QUICK=1        shorter runs (0)
  GUEST_TIMEOUT  seconds for the boot (1200)
  BUILD          the build directory, the boot's run in BUILD/runs/ (build)
  GUEST_ACCEL    and the other knobs of boot-guest.sh (boot-guest.sh -h)
EOF
}
case ${1:-} in -h | --help) usage; exit 0 ;; esac
[ $# -ge 4 ] || usage_error

out=$1 clock=$2 k=$3 r=$4
shift 4
id=$clock-$k-$r
objs=${BENCH_OBJ_DIR:-$BUILD}
name=bench-${out##*/}/$id
run=$BUILD/runs/$name
# The traced clock: the wall clock under KVM, its host tracing the
# guest's APIC writes and marks (boot-guest.sh's KVM_HOST_COUNT).
qclock=$clock count=0
[ "$clock" != traced ] || qclock=wall count=1
KVM_HOST_COUNT=$count QEMU_CLOCK=$qclock GUEST_TIMEOUT=${GUEST_TIMEOUT:-1200} "$here/guest-run.sh" --ktap "" "$name" \
	"$objs/obj-bench-$k/arch/x86/boot/bzImage" \
	"sh $TOP/guest/bench.sh ${BENCH_TOOLS:-$objs/obj-bench-patched/guest-tools} ${QUICK:-0} $*" >/dev/null 2>&1
# A traced boot keeps its counts only: tracing slows its timings, more
# on the kernel that exits more.
keep='.'
[ $count = 0 ] || keep=' (count|calls/run|sends/run) [0-9.nan]*$'
tr -d '\r' <"$run/output" | sed -n 's/^# RESULT //p' | grep -E "$keep" >"$out/raw/$id"
verdict=$(cat "$run/verdict" 2>/dev/null || echo none)
skipped=$(sed -n 's/^SKIP: //p' "$run/summary" 2>/dev/null | tr '\n' ' ')
if [ $count = 1 ]; then
	# The guest's APIC writes that KVM emulated, counted on the host
	# over the whole boot (kvm-apic), from the boots that ran the lvtpc
	# scenario and ended well: scenario boot-apic.
	case " $* " in
	*" lvtpc "*)
		[ "$verdict" != ok ] ||
			sed -n -e 's/^apic-writes \([0-9][0-9]*\)$/boot-apic apic-writes count \1/p' \
				-e 's/^lvtpc-writes \([0-9][0-9]*\)$/boot-apic lvtpc-writes count \1/p' "$run/kvm-apic" 2>/dev/null >>"$out/raw/$id" || true
		;;
	esac
	# For each scenario (a window that bench.sh marks) and each window
	# within it, the LVTPC writes and call-function IPIs that exited to
	# the host (window-figures.awk); nan for a scenario that ran in a
	# boot that ended well but has no window.
	ran=
	for s in "$@"; do
		case " $skipped " in *" $s "*) ;; *) ran="$ran $s" ;; esac
	done
	[ "$verdict" = ok ] || ran=
	touch "$run/kvm-windows"
	awk -v ran="$ran" -v skipped="$skipped" -f "$here/window-figures.awk" "$run/kvm-windows" >>"$out/raw/$id"
	# The recording, once read: large where LVTPC is written often.
	grep -q '^window ' "$run/kvm-windows" && ! grep -q '^unavailable' "$run/kvm-windows" &&
		rm -f "$run/kvm-apic.data"
fi
[ -s "$out/raw/$id" ] || rm -f "$out/raw/$id"
sed -n "s/^SKIP: /$k: /p" "$run/summary" >>"$out/skipped"
if [ "$verdict" = ok ]; then
	# A boot whose scenarios all skipped has no figures.
	[ ! -f "$out/raw/$id" ] || sed 's/^/    /' "$out/raw/$id"
else
	echo "$clock $k round $r: $verdict; log $run/output" >>"$out/failed"
	tail -n 15 "$run/output" "$run/boot.err" | sed 's/^/    /'
	exit 1
fi
