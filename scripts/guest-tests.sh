#!/bin/sh
# Runs inside the test guest: the perf_events kselftests through the
# kernel's run_kselftest.sh (TAP), then a short BPF 'bench' smoke run.
# Binaries are copied to tmpfs first: exec over 9p is slow and noisy.
# Usage: guest-tests.sh TOOLS-DIR   (made by build-guest-tools.sh)
tools=$1

cp -r "$tools/kselftest" /tmp/kselftest
echo "== kselftest"
(cd /tmp/kselftest && ./run_kselftest.sh)

echo "== bench smoke"
cp "$tools/bench" /tmp/bench
/tmp/bench -w1 -d2 -a trig-fentry
