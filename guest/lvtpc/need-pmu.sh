# Sourced by the scripts here: skip (exit 4) unless a hardware PMU is
# there to count with.  Needs skip() and $PERF from the caller.
[ -d /sys/bus/event_source/devices/cpu ] ||
	[ -d /sys/bus/event_source/devices/cpu_core ] ||
	skip "no hardware PMU (/sys/bus/event_source/devices/cpu missing)"
if dmesg 2>/dev/null | grep -q 'PMU not available'; then
	skip "kernel log says: PMU not available"
fi
if "$PERF" stat -x, -e cycles true 2>&1 >/dev/null | grep -q 'not supported'; then
	skip "perf stat -e cycles: not supported"
fi
