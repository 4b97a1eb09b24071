#!/bin/sh
# make check's test guest once more, under KVM where this host has it
# (accel.sh): there the guest has a vPMU, so the tests that need a PMU
# run instead of skipping: the remove_on_exec kselftest, the PMI
# delivery check, and patch 6's KUnit case that LVTPC is re-armed after
# an NMI that found no event.  The same test kernel and tests as
# check-guest.sh (run kvm-check), each verdict line's name after 'kvm: '.
# accel.sh probes with the test kernel itself (OBJ/arch/x86/boot/bzImage,
# booted under KVM to where user space starts): where it finds no KVM,
# or a KVM that cannot boot that kernel (e.g. kvm_pvm's), or fails for
# the host's sake (BENCH_ACCEL=kvm there, no QEMU), one SKIP line says
# why, never a FAIL: the host is not the series.  Where KVM gives
# guests no PMU, one SKIP line says so; the PMU tests then skip as they
# do under emulation.  A usage error of accel.sh (BENCH_ACCEL, no test
# kernel in OBJ) is a FAIL.
# Usage: check-kvm.sh OBJ   Environment: BENCH_ACCEL (accel.sh: tcg
# skips this), ACCEL_PROBE_TIMEOUT, KVM_DEV (accel.sh), GUEST_*
# (boot-guest.sh).
set -u
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)

usage() {
	cat <<'EOF'
Usage: check-kvm.sh OBJ
make check's test guest once more under KVM, where this host has it (else one SKIP line).
  OBJ                  the test kernel, with guest-tools/ (as for check-guest.sh)
Environment:
  BENCH_ACCEL          tcg: skip; kvm: as accel.sh (accel.sh -h)
  ACCEL_PROBE_TIMEOUT  seconds for each step of accel.sh's probe (30)
  KVM_DEV              the KVM device (/dev/kvm)
  KVM_CPU              the guest's CPU (host,pmu=on)
  GUEST_TIMEOUT        and the other knobs of check-guest.sh and boot-guest.sh (their -h)
EOF
}
case ${1:-} in -h | --help) usage; exit 0 ;; esac
[ $# = 1 ] || usage_error
rc=0
a=$("$here/accel.sh" "$1/arch/x86/boot/bzImage" 2>&1) || rc=$?
case $rc:$a in
0:kvm\ *) ;;
0:tcg\ *)
	echo "SKIP: kvm: the test guest under KVM, with a vPMU: not here (accel.sh: ${a#tcg })"
	exit 0
	;;
2:*)
	echo "FAIL: kvm: $a"
	exit 1
	;;
*)
	echo "SKIP: kvm: the test guest under KVM, with a vPMU: not here ($a)"
	exit 0
	;;
esac
case $a in
*"enable_pmu: N"*) echo "SKIP: kvm: the PMU tests: KVM gives guests no PMU here (accel.sh: ${a#kvm })" ;;
esac
GUEST_ACCEL=kvm "$here/check-guest.sh" "$1" kvm-check | sed -E 's/^(PASS|FAIL|SKIP): /\1: kvm: /'
