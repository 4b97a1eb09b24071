#!/bin/sh
# Runs inside a bench guest: every scenario once, printing one line
#   RESULT <scenario> <metric> <unit> <value>
# per figure.  Usage: guest-bench.sh TOOLS-DIR [QUICK]
# Binaries run from tmpfs: exec over the 9p root causes IPI bursts.
tools=$1
quick=${2:-0}
dur=5
[ "$quick" = 1 ] && dur=2

cp "$tools/bench" /tmp/bench
cp "$(command -v perf)" /tmp/perf
cp /bin/true /tmp/true
tr=/sys/kernel/tracing

# BPF trampoline: fentry/fexit run migrate_disable()/migrate_enable().
for b in trig-fentry trig-fexit trig-syscall-count; do
	/tmp/bench -w2 -d"$dur" -a "$b" >/tmp/b.out 2>&1
	v=$(sed -n 's/^Summary: hits *\([0-9.]*\).*/\1/p' /tmp/b.out)
	echo "RESULT $b throughput M/s ${v:-nan}"
	[ -n "$v" ] || cat /tmp/b.out
done

# Context switches with no perf event open.
loops=20000
[ "$quick" = 1 ] && loops=5000
v=$(/tmp/perf bench sched pipe -l "$loops" 2>&1 | sed -n 's/^ *\([0-9.]*\) usecs\/op/\1/p')
echo "RESULT sched-pipe latency usecs/op ${v:-nan}"

# Text patching caused by perf stat: count the calls of the functions
# that patch text and broadcast IPIs.  The tracer is set up first, since
# enabling it patches text itself.
count_patching() { # NAME LOOPS GAP COMMAND...
	name=$1 n=$2 gap=$3
	shift 3
	echo 0 >$tr/tracing_on
	echo >$tr/trace
	echo 1 >$tr/tracing_on
	i=0
	while [ $i -lt "$n" ]; do
		"$@" >/dev/null 2>&1
		[ "$gap" = 0 ] || sleep "$gap"
		i=$((i + 1))
	done
	echo 0 >$tr/tracing_on
	for f in arch_jump_label_transform_apply text_poke_bp_batch smp_call_function_many_cond; do
		c=$(grep -c " $f" $tr/trace)
		echo "RESULT $name $f calls/run $(awk -v c="$c" -v n="$n" 'BEGIN { printf "%.2f", c / n }')"
	done
}
if [ -w $tr/set_ftrace_filter ]; then
	echo 0 >$tr/tracing_on
	printf '%s\n' arch_jump_label_transform_apply text_poke_bp_batch \
		smp_call_function_many_cond >$tr/set_ftrace_filter
	echo function >$tr/current_tracer
	sleep 2
	count_patching perf-stat-spaced 5 1.5 /tmp/perf stat -e task-clock /tmp/true
	count_patching perf-stat-b2b 20 0 /tmp/perf stat -e task-clock /tmp/true
	count_patching control-spaced 5 1.5 /tmp/perf --version
	echo nop >$tr/current_tracer
else
	echo "RESULT perf-stat-spaced skipped - nan"
fi
