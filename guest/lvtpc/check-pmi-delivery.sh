#!/bin/sh
# Check that sampling PMIs keep arriving on every online CPU: a
# "perf record -a -e cycles" of one busy loop per CPU must get samples on
# each CPU, before and after taking CPU 1 offline and back online (a CPU
# that comes up must get a working LVTPC).  A CPU whose LVTPC stayed
# masked after a PMI would show at most one sample.
# Run as root inside the machine whose kernel is under test.
#
# Prints PASS/FAIL lines.  Exit: 0 all passed, 1 a check failed or
# error, 4 skipped (no PMU).
# Environment: PERF (default perf), SECS (default 2), MIN_SAMPLES (default 20)

PERF=${PERF:-perf}
SECS=${SECS:-2}
MIN_SAMPLES=${MIN_SAMPLES:-20}
CPU1=/sys/devices/system/cpu/cpu1/online
loops=
status=0

skip() { echo "SKIP: $*"; exit 4; }
die() { echo "ERROR: $*" >&2; exit 1; }

cleanup() {
	stop_loops
	if [ -f "$CPU1" ] && [ "$(cat "$CPU1")" = 0 ]; then echo 1 >"$CPU1"; fi
	rm -rf "$TMP"
}

stop_loops() {
	if [ -n "$loops" ]; then
		kill $loops 2>/dev/null
		wait 2>/dev/null
	fi
	loops=
}

online_cpus() {
	tr ',' '\n' </sys/devices/system/cpu/online |
		while IFS=- read -r a b; do seq "$a" "${b:-$a}"; done
}

# check LABEL: sample all CPUs while each runs a busy loop.
check() {
	for c in $(online_cpus); do
		taskset -c "$c" sh -c 'while :; do :; done' &
		loops="$loops $!"
	done
	"$PERF" record -q -a -e cycles -F 1000 -o "$TMP/perf.data" \
		-- sleep "$SECS" >/dev/null 2>&1
	rec=$?
	stop_loops
	[ $rec = 0 ] || { echo "FAIL: $1: perf record exited $rec"; status=1; return; }
	"$PERF" script -i "$TMP/perf.data" -F cpu 2>/dev/null |
		tr -dc '0-9\n' | sort -n | uniq -c >"$TMP/counts"
	for c in $(online_cpus); do
		n=$(awk -v c="$c" '$2 == c { print $1 }' "$TMP/counts")
		if [ "${n:-0}" -ge "$MIN_SAMPLES" ]; then
			echo "PASS: $1: cpu$c ${n} samples"
		else
			echo "FAIL: $1: cpu$c ${n:-0} samples (< $MIN_SAMPLES)"
			status=1
		fi
	done
}

[ "$(id -u)" = 0 ] || die "must run as root"
command -v "$PERF" >/dev/null 2>&1 || skip "perf not installed"
command -v taskset >/dev/null 2>&1 || die "taskset (util-linux) not installed"
. "$(dirname "$0")/need-pmu.sh"

TMP=$(mktemp -d) || die "mktemp failed"
trap cleanup EXIT
trap 'exit 1' INT TERM

check initial
if [ -w "$CPU1" ]; then
	if echo 0 >"$CPU1" && echo 1 >"$CPU1"; then
		check after-cpu1-replug
	else
		echo "FAIL: cannot offline and online cpu1"
		status=1
	fi
else
	echo "SKIP: cpu1 not hotpluggable, replug check not run"
fi
exit $status
