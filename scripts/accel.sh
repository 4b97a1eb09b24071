#!/bin/sh
# Which accelerator make bench's guests get, as one line 'ACCEL REASON':
# kvm where KVM runs a guest on this host, else tcg (QEMU's software
# emulation).  BENCH_ACCEL=tcg|kvm overrides: tcg is taken as it is,
# kvm is still probed and fails here, with the probe's reason, where
# KVM cannot run a guest.
# The probe boots a boot sector under '-accel kvm -cpu KVM_CPU' (the
# guests' CPU, lib.sh) that writes 1 to QEMU's isa-debug-exit port, so
# QEMU exits with status 3; any other end (a QEMU error, no end within
# ACCEL_PROBE_TIMEOUT, 30 s) means KVM does not work here.  A guest's
# real mode is all it shows.  The reason of kvm says whether KVM gives
# guests a PMU (its enable_pmu parameter), and whether the CPU may
# deliver IPIs without an exit, which the host then does not count
# (kvm_intel's enable_ipiv, kvm_amd's avic, where loaded).
# Usage: accel.sh   Environment: BENCH_ACCEL, ACCEL_PROBE_TIMEOUT, KVM_DEV
# (/dev/kvm, the device whose access is checked first).
set -eu
. "$(dirname "$0")/lib.sh"

dev=${KVM_DEV:-/dev/kvm}
limit=${ACCEL_PROBE_TIMEOUT:-30}
case ${BENCH_ACCEL:-} in
'' | kvm) ;;
tcg) echo "tcg BENCH_ACCEL=tcg" && exit 0 ;;
*) die "BENCH_ACCEL must be tcg or kvm, not '$BENCH_ACCEL'" ;;
esac
need_cmd qemu-system-x86_64 qemu-system-x86

# probe: true if KVM ran the boot sector; else why says what happened.
probe() {
	[ -c "$dev" ] || { why="no $dev"; return 1; }
	[ -r "$dev" ] && [ -w "$dev" ] ||
		{ why="$dev is not readable and writable by $(id -un)"; return 1; }
	tmp=$(mktemp -d)
	# mov al, 1; out 0xf4, al; hlt; then the boot signature at 510.
	printf '\260\001\346\364\364' >"$tmp/boot"
	dd if=/dev/zero bs=505 count=1 2>/dev/null >>"$tmp/boot"
	printf '\125\252' >>"$tmp/boot"
	rc=0
	timeout -k 5 "$limit" qemu-system-x86_64 -accel kvm -cpu "$KVM_CPU" -machine pc -m 16M \
		-nodefaults -no-user-config -display none \
		-drive file="$tmp/boot",format=raw,if=floppy \
		-device isa-debug-exit,iobase=0xf4,iosize=4 </dev/null >"$tmp/err" 2>&1 || rc=$?
	err=$(grep -v 'warning:' "$tmp/err" | head -n 1)
	rm -rf "$tmp"
	case $rc in
	3) return 0 ;;
	124 | 137) why="a boot sector under qemu -accel kvm did not end within $limit s" ;;
	*) why="qemu -accel kvm -cpu $KVM_CPU exited with status $rc${err:+: $err}" ;;
	esac
	return 1
}

if probe; then
	ipiv=
	for p in kvm_intel/parameters/enable_ipiv kvm_amd/parameters/avic; do
		[ ! -r "/sys/module/$p" ] || ipiv="$ipiv; ${p%%/*}.${p##*/}: $(cat "/sys/module/$p")"
	done
	echo "kvm $dev ran a guest (-accel kvm -cpu $KVM_CPU); KVM's enable_pmu: $(cat /sys/module/kvm/parameters/enable_pmu 2>/dev/null || echo unknown)$ipiv"
elif [ "${BENCH_ACCEL:-}" = kvm ]; then
	die "BENCH_ACCEL=kvm, but KVM cannot run a guest here: $why"
else
	echo "tcg $why"
fi
