#!/bin/sh
# Runs inside the test guest; prints KTAP (see lib.sh), one test per
# scenario, run for SECONDS while CPU 1 goes offline and online in a
# loop; the kernel log lines the scenario added must hold no splat and
# no KUnit failure.  A '# SCENARIO: ...' line says what it reached.
# Usage: stress.sh TOOLS-DIR OBJ SECONDS SCENARIO...
# Scenarios: perf-churn migrate-bpf.
. "$(dirname "$0")/lib.sh"
tools=$1
obj=$2
secs=$3
shift 3

ktap_start "$tools" $#
stage "$tools/bench" "$tools/kselftest/perf_events/hook_counts" "$(command -v perf)" /bin/true
# Anything blocked this long under the stress is a hang, not slowness.
echo 60 >/proc/sys/kernel/hung_task_timeout_secs

# Affinity changes while the trampoline has migration disabled.
move_threads() { # PID
	for cpus in 0 1 0-1; do
		taskset -a -p -c $cpus "$1" >/dev/null || return 1
	done
}

# perf stat of a short-lived child: per-task events inherited on fork.
perf_inherit() {
	/tmp/perf stat -x, -e task-clock,context-switches /tmp/true 2>/tmp/ps.csv &&
		awk -F, '$3 == "task-clock" && $1 + 0 > 0 { ok = 1 } END { exit !ok }' /tmp/ps.csv
}

# Per-CPU cgroup events on a cgroup the churn runs in.
perf_cgroup() {
	/tmp/perf stat -a -x, -e cpu-clock -G stress sleep 0.2 2>/dev/null
}

perf_churn() {
	mkdir -p /sys/fs/cgroup/stress
	echo $$ >/sys/fs/cgroup/stress/cgroup.procs
	loop hotplug hotplug_cycle
	loop inherit perf_inherit
	loop cgroup perf_cgroup
	# The hooks turned on and off over and over, counting right each
	# time; the cases that pin to CPU 1, which comes and goes, are left out
	# (task_clock leaves out its stage on CPU 1 when it finds CPU 1 down).
	end=$(($(date +%s) + secs)) runs=0 verdict=ok
	while [ "$(date +%s)" -lt $end ] && [ $verdict = ok ]; do
		/tmp/hook_counts -t task_clock -t context_switches >/tmp/churn.out 2>&1 ||
			verdict=fail
		runs=$((runs + 1))
	done
	reached="$runs hook_counts runs;$(stop_loops hotplug inherit cgroup)"
	echo $$ >/sys/fs/cgroup/cgroup.procs
	# perf stat -a may lose a race with CPU 1 going away; the others may not fail.
	printf '%s\n' "$reached" | grep -Eq 'stuck|=0( |$|\()|inherit=[0-9]+\(' && verdict=fail
	[ $verdict = ok ] || sed 's/^/  /' /tmp/churn.out
	echo "$verdict $reached"
}

migrate_bpf() {
	ko=$(sed -n 's/migrate_disable_module_test\.o$/&/p' "$obj/modules.order" | sed 's/\.o$/.ko/')
	/tmp/bench -w1 -d"$secs" -p 2 trig-fentry >/tmp/bench.out 2>&1 &
	pid=$!
	sleep 1
	loop hotplug hotplug_cycle
	loop affinity move_threads $pid
	[ -z "$ko" ] || loop module sh -c "insmod $obj/$ko && rmmod $obj/$ko"
	if wait_for $pid $((secs + 120)); then
		verdict=ok
	else
		verdict=fail
	fi
	hits=$(sed -n 's/^Summary: hits *\([0-9.]*\).*/\1/p' /tmp/bench.out)
	reached="fentry ${hits:-no} M/s;$(stop_loops hotplug affinity ${ko:+module})"
	[ -n "$hits" ] || verdict=fail
	printf '%s\n' "$reached" | grep -Eq 'stuck|=0( |$|\()|module=[0-9]+\(' && verdict=fail
	[ $verdict = ok ] || sed 's/^/  /' /tmp/bench.out
	echo "$verdict $reached"
}

for s; do
	case $s in
	perf-churn) scenario "$s" perf_churn ;;
	migrate-bpf) scenario "$s" migrate_bpf ;;
	*) scenario "$s" echo fail unknown scenario ;;
	esac
done
ktap_exit
