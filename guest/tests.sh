#!/bin/sh
# Runs inside the test guest; prints KTAP (see lib.sh).  Loads the KUnit
# suites built as modules (their KTAP goes to the kernel log), then four
# tests: the perf_events kselftests through the kernel's run_kselftest.sh
# (its TAP nested as a subtest), the LVTPC counter self-test, the PMI
# delivery check and a short BPF 'bench' smoke run.
# Usage: tests.sh TOOLS-DIR OBJ
# KSELFTESTS='collection:test ...' runs only those kselftests.
. "$(dirname "$0")/lib.sh"
tools=$1
obj=$2

for m in $(sed -n 's/_test\.o$/_test.ko/p' "$obj/modules.order" 2>/dev/null); do
	insmod "$obj/$m" && rmmod "$obj/$m"
done 2>&1 | sed 's/^/# /'

ktap_start "$tools" 4
stage "$tools/kselftest" "$(command -v perf)"
[ ! -f "$tools/bench" ] || stage "$tools/bench"

# Kselftests that count hardware events and fail, rather than skip,
# where there is no PMU: reported as skipped, numbered before the rest.
needs_pmu="perf_events:remove_on_exec"
run='' skipped=''
for t in $(cat /tmp/kselftest/kselftest-list.txt); do
	case " ${KSELFTESTS:-$t} " in *" $t "*) ;; *) continue ;; esac
	case " $needs_pmu " in
	*" $t "*)
		if [ ! -d /sys/bus/event_source/devices/cpu ]; then
			skipped="$skipped ${t%%:*}: ${t#*:}"
			continue
		fi
		;;
	esac
	run="$run -t $t"
done
# The subtest's names drop the runner's 'selftests: ' (the test is
# named kselftest already).  Without -t the runner would run them all.
if [ -n "${KSELFTESTS:-}" ] && [ -z "$run" ]; then
	echo "# none of the kselftests asked for ($KSELFTESTS) is in the list or can run here"
	ktap_test_fail kselftest
elif (cd /tmp/kselftest && ./run_kselftest.sh $run) 2>&1 | awk -v skipped="$skipped" '
	BEGIN { ns = split(skipped, s, " ") / 2 }
	/^1\.\.[0-9]+$/ && !plan { plan = 1; print "    1.." substr($0, 4) + ns
		for (i = 1; i <= ns; i++) printf "    ok %d %s %s # SKIP needs a hardware PMU; none here\n", i, s[2 * i - 1], s[2 * i]
		next }
	/^(not )?ok [0-9]+ / { n = $1 == "not" ? 3 : 2; $n = $n + ns; sub(/ selftests: /, " "); bad += n == 3 }
	{ print "    " $0 }
	END { exit !plan || bad }'; then
	ktap_test_pass kselftest
else
	ktap_test_fail kselftest
fi

# The LVTPC counter of the bench, checked where there is no PMU: it must
# count the calls of a function that runs all the time, and the writes
# to an APIC register, or say why it cannot.
out=$(SELFTEST=1 PERF=/tmp/perf MSG_ARGS="-g 1 -l 20" sh "$GUEST/lvtpc/count-lvtpc-writes.sh" 2>&1)
rc=$?
printf '%s\n' "$out" | sed 's/^/# /'
calls=$(printf '%s\n' "$out" | sed -n 's/^lapic_init_calls=//p')
writes=$(printf '%s\n' "$out" | sed -n 's/^lvtpc_writes=//p')
if [ $rc = 0 ] && [ "${calls:-0}" -gt 0 ] && [ -n "$writes" ]; then
	ktap_test_pass "LVTPC counter self-test"
else
	ktap_test_fail "LVTPC counter self-test"
fi

# Samples on every CPU, before and after a CPU replug: needs a PMU.
PERF=/tmp/perf sh "$GUEST/lvtpc/check-pmi-delivery.sh" >/tmp/pmi.out 2>&1
rc=$?
sed 's/^/# /' /tmp/pmi.out
case $rc in
0) ktap_test_pass "PMI delivery" ;;
4) ktap_test_skip "PMI delivery" ;;
*) ktap_test_fail "PMI delivery" ;;
esac

# Not a measurement: the bench must run and count something.
if [ ! -f "$tools/bench" ]; then
	echo "# no BPF bench in these guest tools (built with --no-bpf-bench)"
	ktap_test_skip "bench trig-fentry smoke run"
	ktap_exit
fi
/tmp/bench -w1 -d2 -a trig-fentry >/tmp/bench.out 2>&1
sed 's/^/# /' /tmp/bench.out
hits=$(sed -n 's/^Summary: hits *\([0-9.]*\).*/\1/p' /tmp/bench.out | head -n 1)
if awk -v h="${hits:-0}" 'BEGIN { exit !(h > 0) }'; then
	ktap_test_pass "bench trig-fentry smoke run"
else
	ktap_test_fail "bench trig-fentry smoke run"
fi
ktap_exit
