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

usage() {
	cat <<'EOF'
Usage: stress.sh [--short] OBJ [TOOLS-OBJ]
Boot OBJ's kernel, run guest/stress.sh's scenarios while CPU 1 goes off and on line (make stress).
  --short         30 s a scenario (make check)
  OBJ             the kernel, e.g. BUILD/obj-test: the run is BUILD/runs/stress-obj-test
  TOOLS-OBJ       the kernel whose guest-tools/ to use (OBJ)
Environment:
  STRESS_SECONDS  seconds per scenario (120; --short: 30)
  GUEST_TIMEOUT   seconds for the guest (2 x (STRESS_SECONDS + 240) + 120)
  GUEST_APPEND    extra kernel parameters (log_buf_len=16M is always there)
  BUILD           the build directory (build)
EOF
}
case ${1:-} in -h | --help) usage; exit 0 ;; esac
secs=${STRESS_SECONDS:-120}
[ "${1:-}" = --short ] && secs=${STRESS_SECONDS:-30} && shift
[ $# = 1 ] || [ $# = 2 ] || usage_error
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
