#!/bin/sh
# Runs inside the test guest: Debian's fuzzers on what the series
# touches, for SECONDS each; prints KTAP (see lib.sh), one test per tool,
# failed by a splat or a hung task in the kernel log lines it added.
# Figures are RESULT lines.  Usage: fuzz.sh TOOLS-DIR SECONDS
#   trinity    as user nobody, the system calls the series touches or
#              feeds, fds from its perf and BPF providers, while CPU 1
#              goes offline and online in a loop;
#   stress-ng  perf events on every stressor (--perf), CPU affinity,
#              CPU hotplug, context switches, scheduler races
#              (STRESSORS='NAME:WORKERS ...' replaces that list).
# Both run through isolate.sh: no writable host directory is mounted
# where they run.
. "$(dirname "$0")/lib.sh"
tools=$1
secs=$2

# What trinity may call (-c); its log of calls gives the count of each.
# It lists exit, close and clone as enabled but never calls them (they
# are AVOID in its tables): they run as its children exit, closing
# their fds, and are forked again.
syscalls="perf_event_open ioctl close mmap read prctl sched_setaffinity sched_getaffinity
sched_yield sched_setscheduler bpf clone exit"
# Stressor:workers (cpu-online: one, CPU 1 is the only one it can take;
# stress-ng runs it only with --pathological, as it may hang a machine).
stressors=${STRESSORS:-"affinity:2 cpu-online:1 switch:2 race-sched:2 yield:2 prctl:1"}

ktap_start "$tools" 2
# Anything blocked this long under the load is a hang, not slowness.
echo 60 >/proc/sys/kernel/hung_task_timeout_secs
# Let the unprivileged fuzzer reach CPU-wide and kernel perf events too.
echo -1 >/proc/sys/kernel/perf_event_paranoid

run_trinity() {
	# What the fuzzer's user sees of the host: the read-only root only.
	sh "$GUEST/isolate.sh" nobody sh -c 'echo "as $(id -un), host exports mounted:" $(awk \
		"{ for (i = 7; \$i != \"-\"; i++); if (\$(i + 1) == \"9p\") print \$5 \" (\" \$(i + 2) \", \" \$6 \")\" }" \
		/proc/self/mountinfo)' 2>&1
	loop hotplug hotplug_cycle
	start=$(date +%s)
	set --
	for c in $syscalls; do set -- "$@" -c "$c"; done
	sh "$GUEST/isolate.sh" nobody trinity -l off -C 4 --enable-fds=perf,bpf "$@" \
		</dev/null >/tmp/trinity.out 2>&1 &
	pid=$!
	verdict=ok why=
	wait_for $pid "$secs"
	ran=$(($(date +%s) - start))
	if kill -0 $pid 2>/dev/null; then
		kill -INT $pid
		wait_for $pid 60
		if kill -0 $pid 2>/dev/null; then
			verdict=fail why=" (trinity did not stop within 60 s of SIGINT)"
			kill -KILL $pid
		fi
	else
		verdict=fail why=" (trinity stopped early)"
	fi
	reached=$(stop_loops hotplug)
	sed -i 's/\x1b\[[0-9;]*m//g' /tmp/trinity.out
	grep -E '^(Enabled fd provider|\[main\] .*(enabled|Enabled|AVOID|seed|taint|Ran [0-9]+ syscalls))' /tmp/trinity.out |
		sort -u | head -n 40
	# Each call is logged as '[childN:PID] [I] [32BIT] NAME(ARGS) = RESULT'.
	awk 'match($0, /^\[child[0-9]+:[0-9]+\] \[[0-9]+\] (\[32BIT\] )?[a-z_0-9]+\(/) {
		s = substr($0, RSTART, RLENGTH - 1); sub(/.* /, "", s); n[s]++ }
		END { split(list, l); for (i in l) n[l[i]] += 0; for (s in n) print "RESULT trinity " s " calls " n[s] }' \
		list="$syscalls" /tmp/trinity.out | sort
	n=$(sed -n 's/.*Ran \([0-9]*\) syscalls.*/\1/p' /tmp/trinity.out | tail -n 1)
	[ -n "$n" ] || { verdict=fail why="$why (no 'Ran N syscalls' line)"; n=0; }
	cycles=$(cat /tmp/hotplug.ok 2>/dev/null || echo 0)
	echo "RESULT trinity syscalls count $n"
	echo "RESULT trinity rate syscalls/s $(awk -v n="$n" -v t="$ran" 'BEGIN { printf "%.1f", t ? n / t : 0 }')"
	echo "RESULT trinity hotplug cycles $cycles"
	printf '%s\n' "$reached" | grep -Eq 'stuck|=0( |$|\()' && verdict=fail why="$why (hotplug loop stuck or idle)"
	[ $verdict = ok ] || tail -n 40 /tmp/trinity.out
	echo "$verdict $n syscalls in $ran s;$reached$why"
}

run_stress_ng() {
	set --
	names=
	for st in $stressors; do
		set -- "$@" "--${st%:*}" "${st#*:}"
		names="$names ${st%:*}"
	done
	sh "$GUEST/isolate.sh" root stress-ng --timeout "${secs}s" --metrics-brief --perf --pathological "$@" \
		</dev/null >/tmp/stress-ng.out 2>&1 &
	pid=$!
	wait_for $pid $((secs + 120))
	rc=$?
	verdict=ok why=
	if kill -0 $pid 2>/dev/null; then
		kill -KILL $pid
		verdict=fail why=" (stress-ng did not stop)"
	elif [ $rc != 0 ]; then
		verdict=fail why=" (stress-ng exit $rc)"
	fi
	grep -E 'dispatching|successful|unsuccessful|skipped|failed' /tmp/stress-ng.out
	# Metrics: '... [PID] STRESSOR BOGO-OPS REAL-TIME ...'
	ops=$(awk -v list="$names " '{ for (i = 1; i < NF; i++) if ($i ~ /^\[[0-9]+\]$/) break }
		index(list, " " $(i + 1) " ") && $(i + 2) ~ /^[0-9]+$/ { print $(i + 1), $(i + 2) }' /tmp/stress-ng.out)
	printf '%s\n' "$ops" | awk 'NF { print "RESULT stress-ng " $1 " bogo-ops " $2 }'
	[ "$(printf '%s\n' "$ops" | grep -c .)" = "$(echo $names | wc -w)" ] ||
		{ verdict=fail why="$why (bogo-ops missing)"; }
	[ $verdict = ok ] || tail -n 40 /tmp/stress-ng.out
	echo "$verdict $(printf '%s\n' "$ops" | paste -sd, - | sed 's/,/, /g') bogo-ops$why"
}

scenario trinity run_trinity
scenario stress-ng run_stress_ng
ktap_exit
