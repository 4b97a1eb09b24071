#!/bin/sh
# The verdicts of make kvm-nested's inner guest, from its run directory
# (guest-run.sh's: verdict, output, dmesg), one line each:
#   inner-guest ok|fail WHAT: its verdict is ok and bench.sh's trig
#               scenario printed a trig-fentry figure (that it ran under
#               KVM is QEMU's: with -accel kvm it fails, never falls back);
#   vpmu ok|skip|fail WHAT: its kernel found a PMU driver ('Performance
#               Events: ... NAME PMU driver.', arch/x86/events/core.c);
#               skip where it says there is none;
#   host-apic ok|fail WHAT: the host (here the outer guest) counted the
#               inner guest's APIC writes that KVM emulated
#               (boot-guest.sh's kvm-apic): ok if there was one at least
#               (a booting SMP kernel writes its APIC), with the LVTPC
#               writes among them;
#   host-window ok|fail WHAT: the host read the window that bench.sh
#               marked around its trig scenario (bench/hostmark.c) from
#               its recording (boot-guest.sh's kvm-windows), with the
#               LVTPC writes and call-function IPIs within it and its
#               length.
# Usage: kvm-inner-verdicts.sh RUN-DIR   (the host's tests run it on
# recorded runs; guest/kvm-nested.sh in the outer guest)
run=$1
v=$(cat "$run/verdict" 2>/dev/null || echo none)
fig=$(tr -d '\r' <"$run/output" 2>/dev/null | sed -n 's/^# RESULT trig-fentry throughput M\/s \([0-9.]*\)$/\1/p')
if [ "$v" = ok ] && [ -n "$fig" ]; then
	echo "inner-guest ok trig-fentry $fig M/s (nested under emulation: not a figure)"
else
	echo "inner-guest fail verdict $v, trig-fentry ${fig:-none}"
fi
pe=$(grep -h 'Performance Events:' "$run/dmesg" 2>/dev/null | head -n 1 | sed 's/^\[[ 0-9.]*\] //')
[ -f "$run/dmesg" ] || pe="no kernel log: the guest did not finish"
case $pe in
*'PMU not available'* | *'no PMU driver'*) echo "vpmu skip no PMU in the guest: KVM had none to give ($pe)" ;;
*' PMU driver.') echo "vpmu ok $pe" ;;
"no kernel log"*) echo "vpmu fail $pe" ;;
*) echo "vpmu fail its 'Performance Events:' line names no PMU driver nor its absence: '$pe'" ;;
esac
a=$(cat "$run/kvm-apic" 2>/dev/null || echo "unavailable: no $run/kvm-apic")
n=$(printf '%s\n' "$a" | sed -n 's/^apic-writes \([0-9]*\)$/\1/p')
l=$(printf '%s\n' "$a" | sed -n 's/^lvtpc-writes \([0-9]*\)$/\1/p')
if [ -n "$n" ] && [ "$n" -gt 0 ] && [ -n "$l" ]; then
	echo "host-apic ok $n APIC writes emulated by KVM, $l of them to LVTPC, counted on the host"
else
	echo "host-apic fail no count of the guest's APIC writes on the host: $(printf '%s\n' "$a" | tr '\n' ' ')"
fi
w=$(grep -s '^window trig lvtpc-writes [0-9]* call-function-ipis [0-9]* call-function-single-ipis [0-9]* seconds [0-9.]*$' "$run/kvm-windows" | head -n 1)
if [ -n "$w" ]; then
	set -- $w
	echo "host-window ok the host read the guest's window trig: $4 LVTPC writes, $6 + ${8} call-function IPIs (several CPUs + one) in ${10} s"
else
	echo "host-window fail no window trig in the host's recording: $(head -n 2 "$run/kvm-windows" 2>/dev/null | tr '\n' ' ')"
fi
