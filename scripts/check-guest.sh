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

obj=$(cd "$1" && pwd)
GUEST_TIMEOUT=${GUEST_TIMEOUT:-900} "$here/guest-run.sh" --kunit --ktap "" "${2:-check}" "$obj/arch/x86/boot/bzImage" \
	"KSELFTESTS='${KSELFTESTS:-}' sh $TOP/guest/tests.sh $obj/guest-tools $obj"
exit 0
