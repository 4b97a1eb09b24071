#!/bin/sh
# Boot the test kernel in OBJ, run guest/tests.sh in it and report per
# test (guest-run.sh, run NAME, default 'check'): the guest's own line
# (its boot, and no splat in its kernel log), KUnit (KTAP in the kernel
# log) and the guest's own KTAP.
# Usage: check-guest.sh OBJ [NAME]   Prints PASS:/FAIL:/SKIP: lines.
# KSELFTESTS='collection:test ...' runs only those kselftests.
set -u
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)

usage() {
	cat <<'EOF'
Usage: check-guest.sh OBJ [NAME]
Boot the test kernel in OBJ, run guest/tests.sh in it; PASS:/FAIL:/SKIP: lines per test.
  OBJ            the test kernel, with guest-tools/ (build-guest-tools.sh)
  NAME           the guest run's name, BUILD/runs/NAME (check)
Environment:
  KSELFTESTS     only these kselftests, 'collection:test ...' (all)
  GUEST_TIMEOUT  seconds for the guest (900)
  BUILD          the build directory (build)
  GUEST_ACCEL    and the other knobs of boot-guest.sh (boot-guest.sh -h)
EOF
}
case ${1:-} in -h | --help) usage; exit 0 ;; esac
[ $# = 1 ] || [ $# = 2 ] || usage_error

obj=$(cd "$1" && pwd)
GUEST_TIMEOUT=${GUEST_TIMEOUT:-900} "$here/guest-run.sh" --kunit --ktap "" "${2:-check}" "$obj/arch/x86/boot/bzImage" \
	"KSELFTESTS='${KSELFTESTS:-}' sh $TOP/guest/tests.sh $obj/guest-tools $obj"
exit 0
