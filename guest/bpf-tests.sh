#!/bin/sh
# Runs inside a guest of the BPF selftests' kernel (configs/bpf.config):
# the test_progs tests named in LIST (a file, a name per line), but for
# the subtests named in LIST.deny if it is there and not empty, from DIR,
# where build-bpf-selftests.sh built them.  Prints test_progs' output as
# '#' lines, then its per-test verdicts as KTAP (test-progs-ktap.awk).
# test_progs' output goes to /tmp/results/test_progs.out as it comes
# (a run that hangs shows where), its JSON report to
# /tmp/results/test_progs.json: /tmp/results is the host's run directory.
# Usage: bpf-tests.sh DIR LIST
. "$(dirname "$0")/lib.sh"
dir=$1 list=$2
# init mounts no bpffs and brings no interface up; the network tests
# talk over loopback.
mount -t bpf bpf /sys/fs/bpf 2>/dev/null || echo "# cannot mount bpffs on /sys/fs/bpf"
ip link set lo up 2>/dev/null || echo "# cannot bring lo up"
# test_progs loads its objects and bpf_testmod.ko from the current
# directory (the read-only 9p root here); it writes only below /tmp.
cd "$dir" || { echo "# no directory $dir"; exit 1; }
deny=
[ ! -s "$list.deny" ] || deny="-d @$list.deny"
# shellcheck disable=SC2086
./test_progs -a "@$list" $deny -J /tmp/results/test_progs.json >/tmp/results/test_progs.out 2>&1
echo "# test_progs exited with $?"
sed 's/^/# /' /tmp/results/test_progs.out
awk -f "$GUEST/test-progs-ktap.awk" /tmp/results/test_progs.out
