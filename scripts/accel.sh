#!/bin/sh
# Which accelerator the guests get, as one line 'ACCEL REASON': kvm
# where KVM runs a guest on this host, else tcg (QEMU's software
# emulation) with what the probe saw.  BENCH_ACCEL=tcg|kvm overrides:
# tcg is taken as it is, kvm is still probed and fails here, with the
# probe's reason, where KVM cannot run the guest.
# The probe runs QEMU under '-accel kvm -cpu KVM_CPU' (the guests' CPU,
# lib.sh), each step within ACCEL_PROBE_TIMEOUT (30 s):
# 1. A boot sector that writes 1 to QEMU's isa-debug-exit port, so QEMU
#    exits with status 3; any other end (a QEMU error, no end in time)
#    means KVM does not work here.  Cheap, but a guest's real mode is
#    all it shows: a host whose KVM runs it may still not boot a kernel
#    (KVM through kvm_pvm, on page tables, with no VMX or SVM, runs it).
# 2. With BZIMAGE, that kernel, booted as the guests boot it (boot-guest.sh:
#    -machine pc, -smp GUEST_CPUS, -m GUEST_MEM, -no-reboot), but with no
#    root file system and no initramfs, on
#      -append 'console=ttyS0 earlyprintk=serial panic=-1 kunit.enable=0'
#    (no KUnit suites at boot: the probe is of the host, not of the
#    tests).  The kernel runs its whole boot, then finds nothing to
#    start user space from and panics; that panic is the marker, on
#    ttyS0: 'Kernel panic - not syncing: ' then 'VFS: Unable to mount
#    root fs' (or, in a kernel without a block layer, 'No working init
#    found').  panic=-1 reboots at once and -no-reboot ends QEMU then,
#    with status 0.  The marker and status 0 give kvm; any other end (a
#    QEMU error, no marker within the limit, QEMU ending before the
#    marker) gives tcg, the reason with QEMU's status, its first message
#    and the console's last line.
# The reason of kvm says whether KVM gives guests a PMU (its enable_pmu
# parameter), and whether the CPU may deliver IPIs without an exit,
# which the host then does not count (kvm_intel's enable_ipiv,
# kvm_amd's avic, where loaded).
# Usage: accel.sh [BZIMAGE]   Exits 0 with the line; 1 where
# BENCH_ACCEL=kvm and KVM cannot run the guest, or QEMU is missing; 2
# on a usage error (BENCH_ACCEL, no BZIMAGE at the path given).
# Environment: BENCH_ACCEL, ACCEL_PROBE_TIMEOUT, KVM_DEV (/dev/kvm, the
# device whose access is checked first), KVM_CPU (lib.sh), GUEST_CPUS
# (2), GUEST_MEM (2G).
set -eu
. "$(dirname "$0")/lib.sh"

# A usage error: status 2, which check-kvm.sh tells from the host's trouble.
bad_use() {
	printf '%s: error: %s\n' "${0##*/}" "$*" >&2
	exit 2
}

usage() {
	cat <<'EOF'
Usage: accel.sh [BZIMAGE]
Print 'kvm REASON' where KVM runs a guest on this host, else 'tcg REASON'.
Exits 1 where BENCH_ACCEL=kvm and KVM cannot, or without QEMU; 2 on a usage error.
  BZIMAGE              also boot this kernel under KVM, up to where user space starts
Environment:
  BENCH_ACCEL          tcg: print tcg, no probe; kvm: fail where KVM cannot (default: probe)
  ACCEL_PROBE_TIMEOUT  seconds for each probe step (30)
  KVM_DEV              the device whose access is checked first (/dev/kvm)
  KVM_CPU              QEMU's -cpu under KVM, the guests' too (host,pmu=on)
  GUEST_CPUS           the kernel probe's vCPUs (2)
  GUEST_MEM            the kernel probe's memory (2G)
EOF
}
case ${1:-} in -h | --help) usage; exit 0 ;; esac
[ $# -le 1 ] || bad_use "$(synopsis)"
kernel=${1:-}
dev=${KVM_DEV:-/dev/kvm}
limit=${ACCEL_PROBE_TIMEOUT:-30}
case ${BENCH_ACCEL:-} in
'' | kvm) ;;
tcg) echo "tcg BENCH_ACCEL=tcg" && exit 0 ;;
*) bad_use "BENCH_ACCEL must be tcg or kvm, not '$BENCH_ACCEL'" ;;
esac
[ -z "$kernel" ] || [ -f "$kernel" ] || bad_use "no kernel image at $kernel"
need_cmd qemu-system-x86_64 qemu-system-x86
cpus=${GUEST_CPUS:-2}

# The marker of step 2: the kernel's panic where it would start user space.
marker='Kernel panic - not syncing: (VFS: Unable to mount root fs|No working init found)'

# probe: true if KVM ran the boot sector (and booted the kernel, if
# given); else why says what happened.
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
	case $rc in
	3) ;;
	124 | 137) why="a boot sector under qemu -accel kvm did not end within $limit s" ;;
	*) why="qemu -accel kvm -cpu $KVM_CPU exited with status $rc${err:+: $err}" ;;
	esac
	if [ "$rc" != 3 ] || [ -z "$kernel" ]; then
		rm -rf "$tmp"
		[ "$rc" = 3 ] && return 0
		return 1
	fi
	rc=0
	: >"$tmp/console"
	timeout -k 5 "$limit" qemu-system-x86_64 -accel kvm -machine pc -cpu "$KVM_CPU" \
		-smp "$cpus" -m "${GUEST_MEM:-2G}" \
		-nodefaults -no-user-config -display none -no-reboot \
		-kernel "$kernel" -append "console=ttyS0 earlyprintk=serial panic=-1 kunit.enable=0" \
		-serial file:"$tmp/console" </dev/null >"$tmp/err" 2>&1 || rc=$?
	err=$(grep -v 'warning:' "$tmp/err" | head -n 1)
	last=$(tr -d '\r' <"$tmp/console" | grep -a . | tail -n 1 | cut -c1-160)
	seen=0
	grep -aqE "$marker" "$tmp/console" && seen=1
	rm -rf "$tmp"
	[ "$rc:$seen" != 0:1 ] || return 0
	k="KVM ran a boot sector, but the kernel $kernel (qemu -accel kvm -cpu $KVM_CPU -smp $cpus)"
	case $rc:$seen in
	124:0 | 137:0) why="$k did not boot to its marker (its panic for want of a root fs) within $limit s${err:+, QEMU said: $err}" ;;
	124:1 | 137:1) why="$k reached its marker, but QEMU did not end (on the reboot) within $limit s${err:+, QEMU said: $err}" ;;
	0:0) why="$k ended, QEMU's status 0 (a reset?), before its marker (its panic for want of a root fs)" ;;
	*:1) why="$k reached its marker, but QEMU exited with status $rc${err:+: $err}" ;;
	*) why="$k: QEMU exited with status $rc before the marker${err:+: $err}" ;;
	esac
	why="$why; console's last line: ${last:-none}"
	return 1
}

if probe; then
	ipiv=
	for p in kvm_intel/parameters/enable_ipiv kvm_amd/parameters/avic; do
		[ ! -r "/sys/module/$p" ] || ipiv="$ipiv; ${p%%/*}.${p##*/}: $(cat "/sys/module/$p")"
	done
	if [ -n "$kernel" ]; then
		what="booted $kernel up to where user space starts (-accel kvm -cpu $KVM_CPU -smp $cpus)"
	else
		what="ran a guest (-accel kvm -cpu $KVM_CPU)"
	fi
	echo "kvm $dev $what; KVM's enable_pmu: $(cat /sys/module/kvm/parameters/enable_pmu 2>/dev/null || echo unknown)$ipiv"
elif [ "${BENCH_ACCEL:-}" = kvm ]; then
	die "BENCH_ACCEL=kvm, but KVM cannot run a guest here: $why"
else
	echo "tcg $why"
fi
