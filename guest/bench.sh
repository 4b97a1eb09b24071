#!/bin/sh
# Runs inside a bench guest; prints KTAP (see lib.sh): the named
# scenarios once each, a test each, with a '# RESULT' line per figure as
# soon as it is measured.  A scenario fails if a figure is nan, and is
# skipped, with the reason, where it cannot run.
# Usage: bench.sh TOOLS-DIR QUICK SCENARIO...
# SCENARIO: a function below, named after the figures it prints
# (sched_pipe: sched-pipe-cpu1, perf_stat: perf-stat-*, trig: trig-*);
# the 'run' lines of bench/targets say which
# boot runs which.
. "$(dirname "$0")/lib.sh"
tools=$1
quick=$2
shift 2
dur=3
[ "$quick" = 1 ] && dur=1
tr=/sys/kernel/tracing

ktap_start "$tools" $#
# The helpers (bench/*.c) are listed in TOOLS-DIR/helpers.
stage "$tools/bench" $(sed "s|^|$tools/|" "$tools/helpers") "$(command -v perf)" /bin/true

figure() { # SCENARIO METRIC UNIT VALUE
	echo "# RESULT $1 $2 $3 $4"
}
skip() { # REASON: this scenario cannot run here
	echo "$*" >/tmp/skip
}
# need_pmu: true where the guest has a PMU to count with (a vPMU under
# KVM), else the scenario is skipped with need-pmu.sh's reason.
need_pmu() {
	np=$(PERF=/tmp/perf sh -c 'skip() { echo "$*"; exit 4; }; . "$1"' sh "$GUEST/lvtpc/need-pmu.sh") &&
		return 0
	skip "$np"
	return 1
}

# BPF trampoline: fentry/fexit run migrate_disable()/migrate_enable().
# The ceiling kernel needs no floor (trig-syscall-count).
trig() {
	trig_run trig-fentry trig-fexit trig-syscall-count
}
trig_ceiling() {
	trig_run trig-fentry trig-fexit
}
trig_fentry() {
	trig_run trig-fentry
}
# The figure is the median of the per-second rates after a one second
# warm-up (see iter-rates.awk).
trig_run() {
	for b in "$@"; do
		/tmp/bench -w1 -d"$dur" -a "$b" >/tmp/b.out 2>&1
		v=$(awk -v warmup=1 -f "$GUEST/iter-rates.awk" /tmp/b.out | awk -v fmt=%.4f -f "$GUEST/median.awk")
		figure "$b" throughput M/s "${v:-nan}"
		[ -n "$v" ] || sed 's/^/# /' /tmp/b.out
	done
}

# Cycles per trampoline run, with the guest's PMU (a vPMU under KVM;
# QEMU's emulation has none: skipped).  Each benchmark runs under perf
# stat -e cycles,task-clock; its one producer thread spins all along, so
# the cycles per second of CPU time over the producer's runs per second
# (the median rate, as in trig_run) are about the cycles one run takes
# (cycles-per-run.awk): the cycles are the whole run's, set-up, warm-up
# and the main thread's included, the rate the steady state's.  Guest
# cycles only: the vPMU stops at a VM exit.  The figure that instruction
# counting cannot give; the ceiling kernel needs no floor.
trig_cycles() {
	trig_cycles_run trig-fentry trig-fexit trig-syscall-count
}
trig_cycles_ceiling() {
	trig_cycles_run trig-fentry trig-fexit
}
trig_cycles_run() {
	need_pmu || return 0
	for b in "$@"; do
		/tmp/perf stat -x, -e cycles,task-clock -o /tmp/ps.csv -- \
			/tmp/bench -w1 -d"$dur" -a "$b" >/tmp/b.out 2>&1
		r=$(awk -v warmup=1 -f "$GUEST/iter-rates.awk" /tmp/b.out | awk -v fmt=%.4f -f "$GUEST/median.awk")
		v=$(awk -v rate="$r" -f "$GUEST/cycles-per-run.awk" /tmp/ps.csv)
		figure "$b" cycles cycles/run "${v:-nan}"
		[ -n "$v" ] || sed 's/^/# /' /tmp/ps.csv /tmp/b.out
	done
}

# median3 SED-SCRIPT COMMAND...: run COMMAND three times and print the
# median of the figures that 'sed -n SED-SCRIPT' takes from its output.
# The first run of a boot is several times slower (58.9 against 7.9
# usecs/op once for the pipe): callers discard a warm-up run first.
# COMMAND writes to a file: with its output in a pipe, the migration
# loop's runs within a boot differed by up to 4 % under instruction
# counting; to a file, by 0.05 % (2026-12-01).
median3() {
	m3_sed=$1
	shift
	for i in 1 2 3; do
		"$@" >/tmp/m3.out 2>&1
		sed -n "$m3_sed" /tmp/m3.out
	done | awk -f "$GUEST/median.awk"
}

# Context switches with no perf event open.  Both tasks on CPU 1: each
# operation is then two context switches on one CPU, with no wake-up
# across vCPUs, whose timing under emulation makes the figure bimodal.
sched_pipe() {
	loops=20000
	[ "$quick" = 1 ] && loops=5000
	taskset -c 1 /tmp/perf bench sched pipe -l 5000 >/dev/null 2>&1
	v=$(median3 's/^ *\([0-9.]*\) usecs\/op/\1/p' taskset -c 1 /tmp/perf bench sched pipe -l "$loops")
	figure sched-pipe-cpu1 latency usecs/op "${v:-nan}"
}

# The software event sites with no perf event open: a minor page fault
# (bench/pagefault.c), a migration between CPUs 0 and 1 with its context
# switches (bench/migrate.c).  Warm-up, then the median of three runs.
pagefault() {
	iters=400
	[ "$quick" = 1 ] && iters=100
	/tmp/pagefault 256 "$iters" >/dev/null 2>&1
	v=$(median3 's/^pagefault_ns=//p' /tmp/pagefault 256 "$iters")
	figure pagefault latency ns/op "${v:-nan}"
}
# Under instruction counting the migration loop still settles, by boot,
# on one of three levels (7531, 7788 or 8041 ns/op on the base,
# 2026-12-04), whatever ran before it and with or without address space
# randomization: compare migration figures by level, not by median
# (bench/targets shows them without a target).
migrate() {
	moves=20000
	[ "$quick" = 1 ] && moves=5000
	/tmp/migrate "$moves" >/dev/null 2>&1
	v=$(median3 's/^migrate_ns=//p' /tmp/migrate "$moves")
	figure migrate latency ns/op "${v:-nan}"
}

# Text patching caused by perf stat: count the calls of the functions
# that patch text and of the cross-CPU call function, and the cross-CPU
# calls queued for text patching (do_sync_core, one IPI per other CPU
# and round), which the csd event tells apart from the rest (wake-ups,
# TLB shootdowns, ...).  The tracer is set up first, since enabling it
# patches text itself; the loop alone is a window for a KVM host (NAME).
per_run() { # NAME WHAT UNIT COUNT RUNS
	figure "$1" "$2" "$3" "$(awk -v c="$4" -v n="$5" 'BEGIN { printf "%.2f", c / n }')"
}
count_patching() { # NAME LOOPS GAP COMMAND...
	name=$1 n=$2 gap=$3
	shift 3
	# Let a deferred disable left by the previous window run first.
	sleep 2
	echo 0 >$tr/tracing_on
	echo >$tr/trace
	echo 1 >$tr/tracing_on
	/tmp/hostmark begin "$name"
	i=0
	while [ $i -lt "$n" ]; do
		"$@" >/dev/null 2>&1
		[ "$gap" = 0 ] || sleep "$gap"
		i=$((i + 1))
	done
	/tmp/hostmark end "$name"
	echo 0 >$tr/tracing_on
	for f in arch_jump_label_transform_apply text_poke_bp_batch smp_call_function_many_cond; do
		fn=$f
		[ "$f" != text_poke_bp_batch ] || fn=${poke_batch:-$f}
		per_run "$name" "$f" calls/run "$(grep -c " $fn" $tr/trace)" "$n"
	done
	per_run "$name" sync-core-ipis sends/run \
		"$(grep -c 'csd_queue_cpu:.* func=do_sync_core ' $tr/trace)" "$n"
}
# stat_windows NAME PERF-STAT-ARGUMENT...: 'perf stat ARGUMENT... true'
# five times 1.5 s apart (the perf_sched_events key's deferred disable
# runs in between), then twenty times back to back.  With no argument,
# perf stat opens its default event set, whose context-switches,
# cpu-migrations and page-faults each flip a static key of their own
# (perf_swevent_enabled[]) on the base, with no deferral.
stat_windows() {
	sw=$1
	shift
	count_patching "$sw-spaced" 5 1.5 /tmp/perf stat "$@" /tmp/true
	count_patching "$sw-b2b" 20 0 /tmp/perf stat "$@" /tmp/true
}
perf_stat() {
	if [ ! -w $tr/set_ftrace_filter ]; then
		figure perf-stat-spaced text_poke_bp_batch calls/run nan
		return
	fi
	echo 0 >$tr/tracing_on
	# The text patching batch, counted as text_poke_bp_batch: so named
	# in 6.12, smp_text_poke_batch_finish() in 7.3, which is also called
	# (and returns at once) for an empty batch: there the count is an
	# upper bound of the batches, as it is not in 6.12.
	poke_batch=text_poke_bp_batch
	grep -qx "$poke_batch" $tr/available_filter_functions || poke_batch=smp_text_poke_batch_finish
	# One name per write, each checked: a name the kernel cannot trace
	# would leave its count, and those after it, at a silent 0.
	: >$tr/set_ftrace_filter
	for f in arch_jump_label_transform_apply $poke_batch smp_call_function_many_cond; do
		if ! echo "$f" >>$tr/set_ftrace_filter 2>/dev/null; then
			echo "# perf_stat: cannot trace $f"
			: >$tr/set_ftrace_filter
			figure perf-stat-spaced text_poke_bp_batch calls/run nan
			return
		fi
	done
	if ! echo function >$tr/current_tracer || ! echo 1 >$tr/events/csd/csd_queue_cpu/enable; then
		echo "# perf_stat: no function tracer or csd_queue_cpu event"
		echo nop >$tr/current_tracer
		: >$tr/set_ftrace_filter
		figure perf-stat-spaced text_poke_bp_batch calls/run nan
		return
	fi
	sleep 2
	stat_windows perf-stat -e task-clock
	stat_windows perf-stat-default
	count_patching control-spaced 5 1.5 /tmp/perf --version
	echo nop >$tr/current_tracer
	echo 0 >$tr/events/csd/csd_queue_cpu/enable
}

# A counter loop on CPU 1 while CPU 0 runs perf stat in a loop, against
# the same loop running a command that opens no perf event.  Emulated
# time drifts by tens of percent within a boot, so control and perf
# windows alternate, three pairs per mode: the figure is the median of
# the three perf/control ratios of adjacent windows, the gaps the worst
# seen in any window.  Each window is one for a KVM host too
# (bystander-MODE-control, bystander-MODE-perf).
bystander_run() { # WINDOW GAP COMMAND...
	win=$1 gap=$2
	shift 2
	/tmp/hostmark begin "$win"
	/tmp/bystander 1 "$bdur" >/tmp/by.out &
	pid=$!
	while kill -0 $pid 2>/dev/null; do
		taskset -c 0 "$@" >/dev/null 2>&1
		[ "$gap" = 0 ] || sleep "$gap"
	done
	wait $pid
	/tmp/hostmark end "$win"
	cat /tmp/by.out
}
bystander() {
	bdur=2
	for gap in 1.5 0; do
		name=spaced
		[ "$gap" = 0 ] && name=b2b
		for pair in 1 2 3; do
			c=$(bystander_run "bystander-$name-control" "$gap" /tmp/perf --version)
			p=$(bystander_run "bystander-$name-perf" "$gap" /tmp/perf stat -e task-clock /tmp/true)
			echo "$c $p"
		done >/tmp/pairs
		# Lines: 'count=N gap=US' of the control window, then of the perf one.
		if [ "$(wc -l </tmp/pairs)" != 3 ]; then
			figure "bystander-$name" perf/control ratio nan
			continue
		fi
		figure "bystander-$name" perf/control ratio "$(awk '{ split($1, c, "="); split($3, p, "=")
			printf "%.10g\n", (c[2] > 0) ? p[2] / c[2] : 0 }' /tmp/pairs | awk -v fmt=%.4f -f "$GUEST/median.awk")"
		awk -v n="$name" '{ split($2, cg, "="); split($4, pg, "=")
			if (cg[2] + 0 > gc) gc = cg[2] + 0
			if (pg[2] + 0 > gp) gp = pg[2] + 0 }
		END { printf "%d %d\n", gc, gp }' /tmp/pairs | {
			read -r gc gp
			figure "bystander-$name" max-gap-control us "$gc"
			figure "bystander-$name" max-gap-perf us "$gp"
		}
	done
}

# perf_event_open() of a task event: the first one (hooks off), the next.
open_latency() {
	rounds=5
	[ "$quick" = 1 ] && rounds=3
	/tmp/open-latency "$rounds" 1.5 | awk '{
		split($1, f, "="); split($2, l, "=")
		printf "# RESULT open-latency first us %s\n# RESULT open-latency later us %s\n", f[2], l[2]
	}'
}

# LVTPC writes under a multiplexing perf stat: needs a hardware PMU.
lvtpc() {
	out=$(PERF=/tmp/perf sh "$GUEST/lvtpc/count-lvtpc-writes.sh" 2>&1)
	case $? in
	0)
		figure lvtpc lapic-init-calls count "$(printf '%s\n' "$out" | sed -n 's/^lapic_init_calls=//p')"
		w=$(printf '%s\n' "$out" | sed -n 's/^lvtpc_writes=//p')
		case $w in
		unavailable*) skip "lvtpc writes ${w#unavailable }" ;;
		*) figure lvtpc writes count "$w" ;;
		esac
		;;
	4) skip "$(printf '%s\n' "$out" | sed -n 's/^SKIP: //p' | head -n 1)" ;;
	*) figure lvtpc writes count nan && printf '%s\n' "$out" | sed 's/^/# /' ;;
	esac
}

# perf bench sched messaging with more hardware events than the PMU has
# counters (lvtpc/mux-events.sh), which perf multiplexes: on the base
# x86_pmu_enable() rewrites LVTPC whenever it enables the PMU with
# events added, and in a KVM guest each write exits to the host.  Three windows, each a figure
# of its own name, the total time (median of three runs after a
# warm-up), and under the traced clock the host's count of the writes:
# messaging-bare, no event; messaging-perf-stat, a perf stat of the
# benchmark's tasks (events added when one of them is switched in after
# a task without them); messaging-perf-stat-a, a perf stat -a (added at
# each rotation, every perf_event_mux_interval_ms).  Needs a PMU.
messaging() {
	need_pmu || return 0
	. "$GUEST/lvtpc/mux-events.sh"
	/tmp/perf bench sched messaging >/dev/null 2>&1
	messaging_window messaging-bare /tmp/perf bench sched messaging
	messaging_window messaging-perf-stat /tmp/perf stat -e "$MUX_EVENTS" -o /dev/null -- \
		/tmp/perf bench sched messaging
	messaging_window messaging-perf-stat-a /tmp/perf stat -a -e "$MUX_EVENTS" -o /dev/null -- \
		/tmp/perf bench sched messaging
}
messaging_window() { # NAME COMMAND...
	mw=$1
	shift
	/tmp/hostmark begin "$mw"
	v=$(median3 's/^ *Total time: *\([0-9.]*\) \[sec\]$/\1/p' "$@")
	/tmp/hostmark end "$mw"
	figure "$mw" time s "${v:-nan}"
}

# Each scenario is a window that a KVM host can tell apart
# (bench/hostmark.c): it counts the LVTPC writes and call-function IPIs
# within.
for s in "$@"; do
	rm -f /tmp/skip
	/tmp/hostmark begin "$s"
	"$s" | tee /tmp/figures
	/tmp/hostmark end "$s"
	if [ -f /tmp/skip ]; then
		ktap_print_msg "$s: $(cat /tmp/skip)"
		ktap_test_skip "$s"
	elif grep -q ' nan$' /tmp/figures; then
		ktap_test_fail "$s"
	else
		ktap_test_pass "$s"
	fi
done
ktap_exit
