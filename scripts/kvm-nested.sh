#!/bin/sh
# make kvm-nested: make bench's KVM path, run one level down where the
# host has no working KVM.  A kernel of the series with KVM
# (configs/kvm-host.config on the bench kernel's fragments, BUILD/obj-kvm)
# boots under QEMU's emulation, whose CPU offers AMD's SVM and nested
# paging; in it, guest/kvm-nested.sh finds /dev/kvm, asks accel.sh,
# boots the same kernel under KVM as make bench would (GUEST_ACCEL=kvm)
# and runs bench.sh's trig scenario there.  A functional test: there is
# no PMU at either level and the timings mean nothing.
# Usage: kvm-nested.sh [TREE]   TREE: the series' git tree (BUILD/linux)
# The inner guest's runs are kept in BUILD/runs/kvm-nested/nested-N/runs/inner,
# N the attempt (up to three: guest/kvm-nested.sh says why).
set -eu
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)

usage() {
	cat <<'EOF'
Usage: kvm-nested.sh [TREE]
make kvm-nested: make bench's KVM path in an emulated guest that is a KVM host (a functional test).
  TREE           the series' git tree (BUILD/linux)
Environment:
  GUEST_MEM      the outer guest's memory (3G)
  GUEST_TIMEOUT  seconds for the outer guest (1500)
  BUILD          the build directory: the kernel in BUILD/obj-kvm (build)
EOF
}
case ${1:-} in -h | --help) usage; exit 0 ;; esac
[ $# -le 1 ] || usage_error
tree=${1:-$BUILD/linux}
[ -d "$tree/.git" ] || die "$tree: not a git tree (make tree)"
obj=$BUILD/obj-kvm
"$here/build-kernel.sh" "$tree" "$obj" kvm
"$here/build-guest-tools.sh" "$tree" "$obj"
kernel=$obj/arch/x86/boot/bzImage
# The outer guest holds the inner one's memory.  Its limit: accel.sh's
# probe (120 s) and three inner attempts of 300 s, 1020 s, with room for
# its boot.  It runs a host thread per vCPU (wall): on 2026-12-04, with
# one thread for both (single) each of 6 inner guests panicked on a
# double fault or hung, and so did the one tried with a single vCPU;
# with a thread per vCPU 20 of 22 ran (guest/kvm-nested.sh: the other
# two).  The inner guest's attempts are repeated below the checks.
rc=0
QEMU_CLOCK=wall GUEST_MEM=${GUEST_MEM:-3G} GUEST_TIMEOUT=${GUEST_TIMEOUT:-1500} \
	"$here/guest-run.sh" --ktap "kvm-nested" kvm-nested "$kernel" \
	"sh $TOP/guest/kvm-nested.sh $obj/guest-tools $kernel" || rc=$?
grep -a '^# inner guest, attempt' "$BUILD/runs/kvm-nested/output" | sed 's/^# /    /'
exit "$rc"
