#!/bin/sh
# Runs inside the test guest: KUnit suites built as modules (their KTAP
# goes to the kernel log), the perf_events kselftests through the
# kernel's run_kselftest.sh (TAP), then a short BPF 'bench' smoke run.
# Binaries are copied to tmpfs first: exec over 9p is slow and noisy.
# Usage: guest-tests.sh TOOLS-DIR OBJ
tools=$1
obj=$2

for m in $(sed -n 's/_test\.o$/_test.ko/p' "$obj/modules.order" 2>/dev/null); do
	echo "== insmod $m"
	insmod "$obj/$m" && rmmod "$obj/$m"
done

# Kselftests that count hardware events and fail, rather than skip,
# where there is no PMU.
needs_pmu="perf_events:remove_on_exec"

cp -r "$tools/kselftest" /tmp/kselftest
echo "== kselftest"
run=
for t in $(cat /tmp/kselftest/kselftest-list.txt); do
	case " $needs_pmu " in
	*" $t "*)
		if [ ! -d /sys/bus/event_source/devices/cpu ]; then
			echo "ok 0 selftests: ${t%%:*}: ${t#*:} # SKIP needs a hardware PMU; none here"
			continue
		fi
		;;
	esac
	run="$run -t $t"
done
(cd /tmp/kselftest && ./run_kselftest.sh $run)

# The LVTPC counter of the bench, checked on what this machine has.
echo "== lvtpc counter self-test"
cp "$(command -v perf)" /tmp/perf
SELFTEST=1 PERF=/tmp/perf MSG_ARGS="-g 1 -l 20" sh "$(dirname "$0")/../bench/lvtpc/count-lvtpc-writes.sh"
echo "lvtpc self-test exit $?"

echo "== pmi delivery"
PERF=/tmp/perf sh "$(dirname "$0")/../bench/lvtpc/check-pmi-delivery.sh" 2>&1 | sed 's/^/pmi: /'

echo "== bench smoke"
cp "$tools/bench" /tmp/bench
/tmp/bench -w1 -d2 -a trig-fentry
