#!/bin/sh
# Stress the series on a debug kernel: boot OBJ's kernel and run each
# scenario of guest/stress.sh for STRESS_SECONDS (default 120; 30
# with --short) while CPU 1 goes offline and online.  Any splat in the
# kernel log fails the scenario that caused it, with the report printed.
# Usage: stress.sh [--short] OBJ [TOOLS-OBJ]
# TOOLS-OBJ holds guest-tools/ (default OBJ).  The run is
# BUILD/runs/stress-NAME (guest-run.sh), NAME the last part of OBJ
# (obj-test, obj-kasan).  Prints PASS:/FAIL: lines; exits 1 if any
# scenario failed.
set -u
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)

secs=${STRESS_SECONDS:-120}
[ "$1" = --short ] && secs=${STRESS_SECONDS:-30} && shift
obj=$(cd "$1" && pwd)
tools=$(cd "${2:-$1}" && pwd)/guest-tools
[ -x "$tools/bench" ] || die "no guest tools in $tools: run scripts/build-guest-tools.sh first"
scenarios="perf-churn migrate-bpf"

say "$(echo $scenarios | wc -w) scenarios of $secs s each on $obj"
# The hotplug loop logs a few lines per cycle: keep all of them.
GUEST_APPEND="log_buf_len=16M ${GUEST_APPEND:-}" \
	GUEST_TIMEOUT=${GUEST_TIMEOUT:-$((($(echo $scenarios | wc -w)) * (secs + 240) + 120))} \
	"$here/guest-run.sh" --tee --ktap stress "stress-${obj##*/}" "$obj/arch/x86/boot/bzImage" \
	"sh $TOP/guest/stress.sh $tools $obj $secs $scenarios"
