#!/bin/sh
# Boot a kernel under QEMU, run one shell command in it and return its
# exit status.  Usage: boot-guest.sh BZIMAGE OUTDIR COMMAND
# OUTDIR receives console.log (the kernel console), dmesg, status (the
# command's exit status) and verdict, one word:
#   ok          the command ran; the exit status is the command's
#   timeout     no end within GUEST_TIMEOUT (a hang, or too slow)
#   panic       the kernel panicked
#   qemu-error  QEMU failed
#   no-status   the guest stopped without running the command to its end
#   splat       the kernel log has a WARNING, BUG, lockdep report, ...
# and, under GUEST_ACCEL=kvm with KVM_HOST_COUNT=1, kvm-apic: the
# guest's APIC writes that KVM emulated, counted on the host
# (kvm-apic-writes.sh: 'apic-writes N', 'lvtpc-writes N', from perf
# stat's kvm-apic.csv), or 'unavailable: WHY'; and kvm-windows: the
# LVTPC writes and call-function IPIs within each window that the guest
# marked (kvm-apic-writes.sh windows, from perf record's kvm-apic.data),
# or 'unavailable: WHY'.
# Any verdict but ok exits 1 with a message; scripts read the verdict.
# Environment: QEMU_CLOCK=single|wall|icount, GUEST_ACCEL=tcg|kvm,
# KVM_HOST_COUNT (0; 1: under KVM, the host traces the guest's APIC
# writes and marks, as above: a cost to the guest's exits),
# GUEST_TIMEOUT (s), GUEST_CPUS, GUEST_MEM, GUEST_APPEND (extra kernel
# parameters), KVM_CPU (lib.sh), PERF (kvm-apic-writes.sh).
set -eu
. "$(dirname "$0")/lib.sh"
usage() {
	cat <<'EOF'
Usage: boot-guest.sh BZIMAGE OUTDIR COMMAND
Boot BZIMAGE under QEMU, run COMMAND in it and exit with its status; the run's files in OUTDIR.
  BZIMAGE         the kernel image
  OUTDIR          console.log, dmesg, status, verdict (made if missing)
  COMMAND         one shell command, run in the guest
Environment:
  QEMU_CLOCK      single, wall or icount (single)
  GUEST_ACCEL     tcg or kvm (tcg)
  GUEST_TIMEOUT   seconds before the guest is stopped (600)
  GUEST_CPUS      vCPUs (2)
  GUEST_MEM       memory (2G)
  GUEST_APPEND    extra kernel parameters (none)
  KVM_HOST_COUNT  1: under KVM the host counts the guest's APIC writes (0)
  KVM_CPU         the guest's CPU under KVM (host,pmu=on)
  PERF            perf, for KVM_HOST_COUNT=1 (perf)
EOF
}
case ${1:-} in -h | --help) usage; exit 0 ;; esac
[ $# = 3 ] || usage_error
GUEST=$TOP/guest
. "$GUEST/lib.sh"

kernel=$1 out=$2 cmd=$3
need_cmd qemu-system-x86_64 qemu-system-x86
[ -f "$kernel" ] || die "no kernel image at $kernel: build it first ('make kernel')"
mkdir -p "$out"
out=$(cd "$out" && pwd)
rm -f "$out/status" "$out/dmesg" "$out/console.log" "$out/verdict" "$out/kvm-apic" "$out/kvm-apic.csv" \
	"$out/kvm-windows" "$out/kvm-apic.data"
printf '%s\n' "$cmd" >"$out/cmd"

# single (the default): one host thread runs both vCPUs.  wall: a host
# thread per vCPU, faster (see docs/guests.md for what it can do to a
# kernel that patches its text).  icount: one thread, guest time counts
# instructions.  GUEST_ACCEL=kvm (make bench sets it where accel.sh
# finds KVM working): the host's CPU (KVM_CPU, lib.sh) runs the guest,
# on the wall clock (single and wall alike; icount is emulation's own).
cpu=max
case ${GUEST_ACCEL:-tcg}:${QEMU_CLOCK:-single} in
tcg:single) accel="-accel tcg,thread=single" ;;
tcg:wall) accel="-accel tcg,thread=multi" ;;
tcg:icount) accel="-accel tcg -icount shift=0,sleep=off" ;;
kvm:single | kvm:wall) accel="-accel kvm" cpu=$KVM_CPU ;;
kvm:icount) die "QEMU_CLOCK=icount is QEMU's software emulation: it needs GUEST_ACCEL=tcg" ;;
tcg:* | kvm:*) die "QEMU_CLOCK must be single, wall or icount" ;;
*) die "GUEST_ACCEL must be tcg or kvm" ;;
esac
timeout=${GUEST_TIMEOUT:-600}

# The first UART is the kernel console (kept in console.log); the second
# one carries the command's output to this terminal.
set -- timeout -k 5 "$timeout" qemu-system-x86_64 $accel -machine pc -cpu "$cpu" \
	-smp "${GUEST_CPUS:-2}" -m "${GUEST_MEM:-2G}" \
	-nodefaults -no-user-config -display none -no-reboot \
	-kernel "$kernel" \
	-append "console=ttyS0 root=hostroot rootfstype=9p rootflags=trans=virtio,version=9p2000.L,cache=loose,msize=262144 ro init=$GUEST/init panic=-1 ${GUEST_APPEND:-}" \
	-fsdev local,id=hostroot,path=/,security_model=none,readonly=on,multidevs=remap \
	-device virtio-9p-pci,fsdev=hostroot,mount_tag=hostroot \
	-fsdev local,id=results,path="$out",security_model=none \
	-device virtio-9p-pci,fsdev=results,mount_tag=results \
	-serial file:"$out/console.log" \
	-chardev stdio,id=out,signal=off -serial chardev:out
# Under KVM, if asked, the host counts the guest's APIC writes, where it can.
count=0
if [ "${GUEST_ACCEL:-tcg}" = kvm ] && [ "${KVM_HOST_COUNT:-0}" = 1 ]; then
	if why=$("$TOP/scripts/kvm-apic-writes.sh" probe); then
		count=1
		set -- "$TOP/scripts/kvm-apic-writes.sh" run "$out/kvm-apic.csv" "$out/kvm-apic.data" "$@"
	else
		echo "unavailable: $why" >"$out/kvm-apic"
		echo "unavailable: $why" >"$out/kvm-windows"
	fi
fi
set +e
"$@" </dev/null
qrc=$?
set -e
if [ $count = 1 ]; then
	w=$("$TOP/scripts/kvm-apic-writes.sh" read "$out/kvm-apic.csv" 2>&1) || w="unavailable: $w"
	printf '%s\n' "$w" >"$out/kvm-apic"
	w=$("$TOP/scripts/kvm-apic-writes.sh" windows "$out/kvm-apic.data" 2>&1) || w="unavailable: $w"
	printf '%s\n' "$w" >"$out/kvm-windows"
fi

# fail VERDICT LINES MESSAGE: record the verdict, show the console's tail.
fail() {
	echo "$1" >"$out/verdict"
	echo "---- last lines of $out/console.log ----" >&2
	tail -n "$2" "$out/console.log" >&2 || true
	echo "----" >&2
	die "$3"
}
if [ "$qrc" = 124 ] || [ "$qrc" = 137 ]; then
	fail timeout 40 "guest did not finish within ${timeout} s (hang?); console log: $out/console.log. Raise GUEST_TIMEOUT if it was only slow."
fi
if grep -q 'Kernel panic' "$out/console.log"; then
	fail panic 60 "guest kernel panicked; console log: $out/console.log"
fi
if [ "$qrc" != 0 ]; then
	[ $count = 0 ] || [ "$qrc" != 125 ] ||
		fail qemu-error 40 "perf, which counts the guest's APIC writes, did not run QEMU (its message is above)"
	fail qemu-error 40 "qemu-system-x86_64 exited with status $qrc"
fi
if [ ! -f "$out/status" ]; then
	fail no-status 40 "guest stopped without reporting a status (init failed?); console log: $out/console.log"
fi

# A splat anywhere in the kernel log fails the run, whatever the command said.
if splats "$out/dmesg" >&2; then
	echo splat >"$out/verdict"
	die "the guest kernel reported a problem (above); kernel log: $out/dmesg"
fi
echo ok >"$out/verdict"
exit "$(cat "$out/status")"
