#!/bin/sh
# Stress the series on a debug kernel: boot OBJ's kernel and run each
# scenario of guest/stress.sh for STRESS_SECONDS (default 120; 30
# with --short) while CPU 1 goes offline and online.  Any splat in the
# kernel log fails the scenario that caused it, with the report printed.
# Usage: stress.sh [--short] TREE OBJ [TOOLS-OBJ]
# TOOLS-OBJ holds guest-tools/ (default OBJ).  Prints PASS:/FAIL: lines;
# exits 1 if any scenario failed.
set -u
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)

secs=${STRESS_SECONDS:-120}
[ "$1" = --short ] && secs=${STRESS_SECONDS:-30} && shift
tree=$(cd "$1" && pwd)
obj=$(cd "$2" && pwd)
tools=$(cd "${3:-$2}" && pwd)/guest-tools
[ -x "$tools/bench" ] || die "no guest tools in $tools: run scripts/build-guest-tools.sh first"
scenarios="perf-churn migrate-bpf"
run=$obj/stress-run
rm -rf "$run"
mkdir -p "$run"

say "$(echo $scenarios | wc -w) scenarios of $secs s each on $obj"
# The hotplug loop logs a few lines per cycle: keep all of them.
GUEST_APPEND="log_buf_len=16M ${GUEST_APPEND:-}" \
	GUEST_TIMEOUT=${GUEST_TIMEOUT:-$((($(echo $scenarios | wc -w)) * (secs + 240) + 120))} \
	"$here/boot-guest.sh" "$obj/arch/x86/boot/bzImage" "$run" \
	"sh $TOP/guest/stress.sh $tools $obj $secs $scenarios" >"$run/output" 2>"$run/boot.err"
cat "$run/output"
"$here/ktap-results.sh" "$tree" "$run/output" stress >"$run/verdicts"
cat "$run/verdicts"
bad=0
grep -q '^FAIL: ' "$run/verdicts" && bad=1
verdict=$(cat "$run/verdict" 2>/dev/null || echo none)
if [ "$verdict" != ok ]; then
	tail -n 40 "$run/boot.err"
	echo "FAIL: stress guest ($verdict): see $run/boot.err and $run/console.log"
	bad=1
fi
exit $bad
