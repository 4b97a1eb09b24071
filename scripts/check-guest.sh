#!/bin/sh
# Boot the test kernel in OBJ, run guest-tests.sh in it and report per
# test: KUnit (KTAP from the kernel log, parsed by the kernel's kunit.py),
# kselftest (TAP) and the bench smoke run.  Usage: check-guest.sh TREE OBJ
# Prints PASS:/FAIL:/SKIP: lines.
set -u
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)

tree=$(cd "$1" && pwd)
obj=$(cd "$2" && pwd)
run="$obj/check-run"
rm -rf "$run"
mkdir -p "$run"

# allnoconfig leaves KUNIT_DEFAULT_ENABLED off; enable the suites here.
GUEST_APPEND="kunit.enable=1 ${GUEST_APPEND:-}" GUEST_TIMEOUT=${GUEST_TIMEOUT:-900} "$here/boot-guest.sh" "$obj/arch/x86/boot/bzImage" "$run" \
	"sh $here/guest-tests.sh $obj/guest-tools $obj" >"$run/output" 2>"$run/boot.err"
rc=$?
cat "$run/boot.err" >&2
if [ ! -f "$run/status" ] || grep -q 'reported a problem' "$run/boot.err"; then
	echo "FAIL: test guest boot (exit $rc): see $run/boot.err and $run/console.log"
	[ -f "$run/status" ] || exit 0
else
	echo "PASS: test guest boots, runs the suites and its kernel log has no splat"
fi

# KUnit: built-in suites ran during boot; their KTAP is in the kernel log.
"$here/kunit-results.sh" "$tree" "$run/dmesg"

# kselftest: run_kselftest.sh prints one TAP line per test program.
sed -n 's/^\(not \)\{0,1\}ok [0-9]* selftests: /&/p' "$run/output" | while read -r line; do
	name=$(printf '%s\n' "$line" | sed 's/^.*selftests: //; s/ # .*//')
	case $line in
	*'# SKIP'*) echo "SKIP: kselftest $name (${line##*# SKIP})" ;;
	'not ok'*) echo "FAIL: kselftest $name" ;;
	*) echo "PASS: kselftest $name" ;;
	esac
done
grep -q 'selftests: ' "$run/output" || echo "FAIL: kselftest (no result; see $run/output)"

calls=$(sed -n 's/^lapic_init_calls=\([0-9]*\).*/\1/p' "$run/output")
writes=$(sed -n 's/^lvtpc_writes=//p' "$run/output" | tr -d '\r')
if grep -q '^lvtpc self-test exit 0' "$run/output" && [ "${calls:-0}" -gt 0 ] && [ -n "$writes" ]; then
	echo "PASS: LVTPC counter self-test (kprobe counted $calls hrtimer_start_range_ns calls; APIC timer writes: $writes)"
else
	echo "FAIL: LVTPC counter self-test (see the 'lvtpc counter self-test' part of $run/output)"
fi

# Samples on every CPU, before and after a CPU replug: needs a PMU.
sed -n 's/^pmi: \(PASS\|FAIL\|SKIP\): \(.*\)/\1: PMI delivery: \2/p' "$run/output" | tr -d '\r'
grep -q '^pmi: \(PASS\|FAIL\|SKIP\): ' "$run/output" ||
	echo "FAIL: PMI delivery check gave no verdict (see the 'pmi delivery' part of $run/output)"

hits=$(sed -n 's/^Summary: hits *\([0-9.]*\).*/\1/p' "$run/output" | head -n 1)
if [ -n "$hits" ] && awk -v h="$hits" 'BEGIN { exit !(h > 0) }'; then
	echo "PASS: bench trig-fentry smoke run ($hits M/s, emulated, not a measurement)"
else
	echo "FAIL: bench trig-fentry smoke run gave no throughput (see $run/output)"
fi
