#!/bin/sh
# Count LVTPC updates while a multiplexing "perf stat -a" watches
# "perf bench sched messaging".  Run as root inside the machine whose
# kernel is under test (x86-64).  Two counts:
#  - calls of perf_events_lapic_init(), which patch 5 has x86_pmu_enable()
#    call only where LVTPC may be masked: always available;
#  - writes to the local APIC LVTPC register (offset 0x340) by any path,
#    the PMI handlers' unmasking included.  The APIC write functions are
#    notrace (static inline in <asm/apic.h>), so this needs a kernel with
#    CONFIG_KPROBE_EVENTS_ON_NOTRACE=y; without it the count is
#    "unavailable" and the reason is printed.
#
# Prints "lapic_init_calls=<N>" and "lvtpc_writes=<N>|unavailable".
# Exit: 0 ok, 1 error, 4 skipped (no PMU).
# Environment: PERF      perf binary (default perf)
#              MSG_ARGS  arguments for "perf bench sched messaging"
#              BUF_KB    per-CPU trace buffer size (default 16384)
#              SELFTEST  1: check the counting itself where there is no
#                        PMU: count hrtimer_start_range_ns() calls and
#                        writes to the APIC timer's initial count (0x380)
#                        under a software-event perf stat instead

T=/sys/kernel/tracing
INST=$T/instances/lvtpc_count
GRP=lvtpc_count
PERF=${PERF:-perf}
MSG_ARGS=${MSG_ARGS:-}
BUF_KB=${BUF_KB:-16384}
. "$(dirname "$0")/mux-events.sh"
EVENTS=$MUX_EVENTS
FUNC=perf_events_lapic_init
REG=0x340
if [ "${SELFTEST:-0}" = 1 ]; then
	EVENTS=task-clock,context-switches,cpu-clock,page-faults
	FUNC=hrtimer_start_range_ns
	REG=0x380
fi

skip() { echo "SKIP: $*"; exit 4; }
die() { echo "ERROR: $*" >&2; exit 1; }

[ "$(id -u)" = 0 ] || die "must run as root"
command -v "$PERF" >/dev/null 2>&1 || skip "perf not installed"
[ "${SELFTEST:-0}" = 1 ] || . "$(dirname "$0")/need-pmu.sh"

[ -f $T/kprobe_events ] || mount -t tracefs nodev $T 2>/dev/null
[ -f $T/kprobe_events ] || skip "no kprobe_events in tracefs (CONFIG_KPROBE_EVENTS?)"

# Removing the instance disables its events, so the probes can go after it.
cleanup() {
	if [ -d "$INST" ]; then rmdir "$INST"; fi
	old=$(grep "^p:$GRP/" $T/kprobe_events | cut -d' ' -f1 | sed 's/^p:/-:/')
	if [ -n "$old" ]; then echo "$old" >>$T/kprobe_events; fi
}
cleanup
trap cleanup EXIT
trap 'exit 1' INT TERM

echo "p:$GRP/calls $FUNC" >>$T/kprobe_events 2>/dev/null ||
	die "cannot add a kprobe on $FUNC: $(tail -n 2 $T/error_log 2>/dev/null | head -n 1)"

# apic_write() is a static call to one of these (xAPIC or x2APIC; Xen and
# Hyper-V guests use their own and are not covered).  They are static inline
# in <asm/apic.h>, so there may be several copies with the same name and a
# kprobe on the name is refused as ambiguous: probe every copy by address.
addrs=$(awk '$2 ~ /^[tT]$/ &&
	($3 == "native_apic_msr_write" || $3 == "native_apic_mem_write") {
		print $1 }' /proc/kallsyms)
[ -n "$addrs" ] || die "no native_apic_{msr,mem}_write in /proc/kallsyms"
n=0 writes=
for a in $addrs; do
	case $a in
	0000000000000000) die "kallsyms addresses hidden (kptr_restrict)" ;;
	esac
	if ! echo "p:$GRP/w$n 0x$a reg=%di:u32" >>$T/kprobe_events 2>/dev/null; then
		if dmesg | tail -n 5 | grep -q 'Could not probe notrace function'; then
			writes="unavailable (the APIC write functions are notrace and the kernel lacks CONFIG_KPROBE_EVENTS_ON_NOTRACE)"
			break
		fi
		die "cannot add kprobe at 0x$a: $(dmesg | tail -n 1)"
	fi
	n=$((n + 1))
done

mkdir "$INST" || die "cannot create trace instance $INST"
echo "$BUF_KB" >"$INST/buffer_size_kb" || die "cannot size trace buffer"
for e in "$INST"/events/$GRP/w*; do
	[ -d "$e" ] || continue
	echo "reg == $REG" >"$e/filter" || die "cannot set filter on $e"
done
echo 1 >"$INST/events/$GRP/enable" || die "cannot enable probes"

# MSG_ARGS is unquoted on purpose: it is a list of words.
"$PERF" stat -a -e "$EVENTS" -o /dev/null -- \
	"$PERF" bench sched messaging $MSG_ARGS >/dev/null ||
	die "perf stat / perf bench failed"

echo 0 >"$INST/events/$GRP/enable"
overrun=$(awk '/^overrun:/ { s += $2 } END { print s + 0 }' \
	"$INST"/per_cpu/cpu*/stats)
[ "$overrun" = 0 ] || die "trace buffer overran ($overrun lost); raise BUF_KB"
echo "lapic_init_calls=$(grep -c " calls: " "$INST/trace")"
echo "lvtpc_writes=${writes:-$(grep -c ' reg=' "$INST/trace")}"
