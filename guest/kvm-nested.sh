#!/bin/sh
# Runs inside a guest whose kernel is a KVM host (configs/kvm-host.config)
# on QEMU's emulated CPU, which offers AMD's SVM and nested paging:
# make bench's KVM path, one level down.  Prints KTAP: /dev/kvm is
# there, accel.sh finds KVM working, and an inner guest booted as make
# bench boots its guests under KVM (guest-run.sh, GUEST_ACCEL=kvm, the
# wall clock, the host counting as under make bench's 'traced' clock) runs bench.sh's trig scenario (QUICK) to its end with a
# figure (in one of three attempts, below); then whether the inner
# guest has a PMU (the emulated CPU has none to give it: a SKIP here),
# that this guest, its host, counted the APIC writes that KVM emulated
# for it, and that it read the window the inner guest marked around its
# scenario.  Its timings mean nothing.
# Usage: kvm-nested.sh TOOLS-DIR BZIMAGE (the inner guest's kernel)
. "$(dirname "$0")/lib.sh"
tools=$1 kernel=$2
top=$(cd "$GUEST/.." && pwd)

ktap_start "$tools" 6
dmesg | grep -E 'kvm|SVM|Nested' | sed 's/^/# /'
if [ -c /dev/kvm ]; then
	ktap_test_pass "kvm-device"
else
	ktap_test_fail "kvm-device"
fi

# A boot under nested SVM on emulation is slow: a generous limit.
a=$(ACCEL_PROBE_TIMEOUT=120 "$top/scripts/accel.sh" 2>&1)
echo "# accel.sh: $a"
case $a in
kvm\ *) ktap_test_pass "accel" ;;
*) ktap_test_fail "accel" ;;
esac

# The inner run goes to the results directory, which the host keeps
# (guest-run.sh's verdict only: its KTAP reader needs the host's tree).
# Its CPU is make bench's less XSAVE: QEMU 7.2's emulation of SVM checks
# no intercept on XSETBV (target/i386/tcg/translate.c), so the inner
# guest's XSETBV never exits to KVM (this guest counted none, exit code
# 0x8d) and KVM never learns the XCR0 the inner kernel sets: that kernel
# warns "XSAVE consistency problem" at boot.
# Even so, that emulation fails some boots whatever they run: of 22 on
# 2026-12-04, one hung bringing up its second vCPU (retried here) and in
# one this guest stopped dead (make kvm-nested fails: not retried).  So
# an inner guest that timed out or stopped without a status gets up to
# three attempts, each one's verdict printed; a splat or a panic is
# final.  The checks read the last attempt.
n=0
while [ "$n" -lt 3 ]; do
	n=$((n + 1))
	inner=/tmp/results/nested-$n/runs/inner
	BUILD=/tmp/results/nested-$n GUEST_ACCEL=kvm KVM_HOST_COUNT=1 KVM_CPU=host,pmu=on,xsave=off \
		QEMU_CLOCK=wall GUEST_CPUS=2 GUEST_MEM=768M \
		GUEST_TIMEOUT=300 "$top/scripts/guest-run.sh" inner "$kernel" \
		"sh $GUEST/bench.sh $tools 1 trig" 2>&1 | sed 's/^/# inner: /'
	v=$(cat "$inner/verdict" 2>/dev/null || echo none)
	ktap_print_msg "inner guest, attempt $n of 3: $v"
	case $v in
	timeout | no-status | qemu-error | none) ;;
	*) break ;;
	esac
done
sh "$GUEST/kvm-inner-verdicts.sh" "$inner" >/tmp/inner.verdicts
while read -r t r what; do
	ktap_print_msg "$t: $what"
	case $r in
	ok) ktap_test_pass "$t" ;;
	skip) ktap_test_skip "$t" ;;
	*)
		tail -n 20 "$inner/console.log" "$inner/boot.err" 2>/dev/null | sed 's/^/# /'
		ktap_test_fail "$t"
		;;
	esac
done </tmp/inner.verdicts
ktap_exit
