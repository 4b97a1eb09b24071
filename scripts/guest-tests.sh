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

cp -r "$tools/kselftest" /tmp/kselftest
echo "== kselftest"
(cd /tmp/kselftest && ./run_kselftest.sh)

echo "== bench smoke"
cp "$tools/bench" /tmp/bench
/tmp/bench -w1 -d2 -a trig-fentry
