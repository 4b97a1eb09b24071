# shellcheck shell=sh
# Helpers of the scripts that run inside a guest (guest/*.sh), sourced as
#   . "$(dirname "$0")/lib.sh"
# boot-guest.sh on the host sources it too, for splats().
#
# Every guest script reports in KTAP on its standard output (the kernel's
# kselftest/ktap_helpers.sh, installed with the guest tools): one test
# per check or scenario, details as '#' lines.  Its exit status only
# says whether it ran to the end: the verdicts are in the KTAP.  Figures
# of the bench are '#' lines of the form
#   # RESULT <scenario> <metric> <unit> <value>
# (value a number, or nan when the measurement failed).

GUEST=${GUEST:-$(cd "$(dirname "$0")" && pwd)}

# ktap_start TOOLS-DIR PLAN: load the KTAP helpers, print header and plan.
ktap_start() {
	. "$1/kselftest/kselftest/ktap_helpers.sh"
	ktap_print_header
	ktap_set_plan "$2"
}

# ktap_exit: the totals line, then exit 0 (the verdicts are above).
ktap_exit() {
	ktap_print_totals
	exit 0
}

# stage FILE...: copy binaries (or directories) to /tmp, a tmpfs.  Exec
# over the 9p root is slow and sends bursts of remote-wakeup IPIs, which
# would show up in the figures.
stage() {
	cp -r "$@" /tmp/ || { echo "# cannot copy $* to /tmp"; return 1; }
}

# splats LOG [LINES]: print the problems the kernel reported in LOG
# (WARNING, BUG, lockdep, RCU, KASAN, hung tasks, ...) with their
# context, at most LINES lines (default 80); false if there are none.
splats() {
	grep -Eqf "$GUEST/splat.ere" "$1" || return 1
	grep -E -B5 -A25 -f "$GUEST/splat.ere" "$1" | head -n "${2:-80}"
}

# Scenarios under load (stress.sh, fuzz.sh): loops beside a workload,
# CPU 1 going offline and online, and one KTAP verdict per scenario.

# loop NAME COMMAND...: run COMMAND until /tmp/stop exists; the number of
# successful runs ends up in /tmp/NAME.ok, failed ones in /tmp/NAME.err.
loop() {
	name=$1
	shift
	rm -f /tmp/$name.ok /tmp/$name.err
	(
		ok=0 err=0
		while [ ! -f /tmp/stop ]; do
			if "$@" >/tmp/$name.out 2>&1; then ok=$((ok + 1)); else err=$((err + 1)); fi
		done
		echo $ok >/tmp/$name.ok
		echo $err >/tmp/$name.err
	) </dev/null >/dev/null 2>&1 &
}

hotplug_cycle() {
	echo 0 >/sys/devices/system/cpu/cpu1/online && echo 1 >/sys/devices/system/cpu/cpu1/online
}

# wait_for PID SECONDS: wait for PID, give up after SECONDS (of the
# clock: a loaded guest sleeps longer than asked).
wait_for() {
	_until=$(($(date +%s) + $2))
	while kill -0 "$1" 2>/dev/null; do
		[ "$(date +%s)" -lt $_until ] || return 1
		sleep 1
	done
	wait "$1"
}

stop_loops() { # NAME...: stop the loops and say how far each got
	touch /tmp/stop
	n=0
	for l; do
		while [ ! -f /tmp/$l.ok ] && [ $n -lt 90 ]; do
			sleep 1
			n=$((n + 1))
		done
		if [ -f /tmp/$l.ok ]; then
			printf ' %s=%s' "$l" "$(cat /tmp/$l.ok)"
			[ "$(cat /tmp/$l.err)" = 0 ] || printf '(%s failed)' "$(cat /tmp/$l.err)"
		else
			printf ' %s=stuck' "$l"
		fi
	done
	rm -f /tmp/stop
}

# scenario NAME COMMAND...: one KTAP test.  COMMAND prints details, then
# a last line 'ok|fail WHAT IT REACHED'; the scenario also fails if the
# kernel log lines it added hold a KUnit failure or a splat.  Says it
# runs for $secs seconds.
scenario() {
	s=$1
	shift
	before=$(dmesg | wc -l)
	echo "# $s for $secs s"
	r=$("$@")
	printf '%s\n' "$r" | sed '$d' | sed 's/^/# /'
	r=$(printf '%s\n' "$r" | tail -n 1)
	# KUnit reports from module loads go to the kernel log.
	dmesg | tail -n +$((before + 1)) >/tmp/$s.dmesg
	if grep -Eq '(^|\] )[[:space:]]*not ok' /tmp/$s.dmesg; then
		grep -E '(^|\] )[[:space:]]*not ok' /tmp/$s.dmesg | head -n 5 | sed 's/^/# /'
		r="fail ${r#* } (KUnit failures above)"
	fi
	if splats /tmp/$s.dmesg 60 | sed 's/^/# /' | grep .; then
		r="fail ${r#* } (kernel splat above)"
	fi
	echo "# $s: ${r#* }"
	case $r in
	ok*) ktap_test_pass "$s" ;;
	*) ktap_test_fail "$s" ;;
	esac
}
