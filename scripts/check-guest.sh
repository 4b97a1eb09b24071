#!/bin/sh
# Boot the test kernel in OBJ, run guest/tests.sh in it and report per
# test: the boot itself (boot-guest.sh's verdict), KUnit (KTAP in the
# kernel log) and the guest's own KTAP, both read by ktap-results.sh.
# Usage: check-guest.sh TREE OBJ   Prints PASS:/FAIL:/SKIP: lines.
# KSELFTESTS='collection:test ...' runs only those kselftests.
set -u
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)

tree=$(cd "$1" && pwd)
obj=$(cd "$2" && pwd)
run="$obj/check-run"
rm -rf "$run"
mkdir -p "$run"

GUEST_APPEND=${GUEST_APPEND:-} GUEST_TIMEOUT=${GUEST_TIMEOUT:-900} "$here/boot-guest.sh" "$obj/arch/x86/boot/bzImage" "$run" \
	"KSELFTESTS='${KSELFTESTS:-}' sh $TOP/guest/tests.sh $obj/guest-tools $obj" >"$run/output" 2>"$run/boot.err"
cat "$run/boot.err" >&2
verdict=$(cat "$run/verdict" 2>/dev/null || echo none)
case $verdict in
ok) echo "PASS: test guest boots, runs the suites and its kernel log has no splat" ;;
splat) echo "FAIL: test guest boot (splat): see $run/boot.err and $run/dmesg" ;;
*)
	echo "FAIL: test guest boot ($verdict): see $run/boot.err and $run/console.log"
	exit 0
	;;
esac

# KUnit: built-in suites ran during boot; their KTAP is in the kernel log.
"$here/ktap-results.sh" --optional "$tree" "$run/dmesg" kunit .
"$here/ktap-results.sh" "$tree" "$run/output" ""
