#!/bin/sh
# make check's test guest once more, under KVM where this host has it
# (accel.sh): there the guest has a vPMU, so the tests that need a PMU
# run instead of skipping: the remove_on_exec kselftest, the PMI
# delivery check, and patch 6's KUnit case that LVTPC is re-armed after
# an NMI that found no event.  The same test kernel and tests as
# check-guest.sh (run kvm-check), each verdict line's name after 'kvm: '.
# Where accel.sh finds no KVM, or KVM gives guests no PMU, one SKIP line
# says why; the PMU tests then skip as they do under emulation.
# Usage: check-kvm.sh OBJ   Environment: BENCH_ACCEL (accel.sh: tcg
# skips this), GUEST_* (boot-guest.sh).
set -u
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)

[ $# = 1 ] || die "usage: check-kvm.sh OBJ"
a=$("$here/accel.sh" 2>&1) || { echo "FAIL: kvm: accel.sh: $a"; exit 1; }
case $a in
kvm\ *) ;;
*)
	echo "SKIP: kvm: the test guest under KVM, with a vPMU: not here (accel.sh: ${a#tcg })"
	exit 0
	;;
esac
case $a in
*"enable_pmu: N"*) echo "SKIP: kvm: the PMU tests: KVM gives guests no PMU here (accel.sh: ${a#kvm })" ;;
esac
GUEST_ACCEL=kvm "$here/check-guest.sh" "$1" kvm-check | sed -E 's/^(PASS|FAIL|SKIP): /\1: kvm: /'
