#!/bin/sh
# The guest's local APIC writes that KVM emulated, counted on the host
# for one boot under KVM (boot-guest.sh, GUEST_ACCEL=kvm): QEMU runs
# under 'perf stat' with KVM's kvm:kvm_apic tracepoint
# (arch/x86/kvm/trace.h), which kvm_lapic_reg_write() hits for every
# write it emulates, whatever brought it there (xAPIC MMIO, an x2APIC
# WRMSR, an APIC-write exit of APICv or AVIC).  Two counts: all writes,
# and writes to LVTPC (0x340), the register that patch 5 stops
# x86_pmu_enable() from rewriting.  The counts cover the whole boot.
# Usage:
#   kvm-apic-writes.sh probe            exit 0 if this host can count;
#                                       else print why not, exit 1
#   kvm-apic-writes.sh run CSV CMD...   run CMD under the count, its
#                                       figures to CSV (perf stat -x,);
#                                       exits with CMD's status
#   kvm-apic-writes.sh read CSV         print 'apic-writes N' and
#                                       'lvtpc-writes N'; exit 1 with a
#                                       message if CSV holds no counts
# Environment: PERF (perf).
set -eu
. "$(dirname "$0")/lib.sh"
perf=${PERF:-perf}
tp=kvm:kvm_apic
lvtpc=0x340

case ${1:-} in
probe)
	command -v "$perf" >/dev/null 2>&1 || { echo "no perf (Debian package linux-perf)"; exit 1; }
	err=$("$perf" stat -x, -o /dev/null -e "$tp" -- true 2>&1) ||
		{ echo "perf stat cannot count $tp here: $(printf '%s\n' "$err" | grep . | head -n 1)"; exit 1; }
	;;
run)
	[ $# -ge 3 ] || die "usage: kvm-apic-writes.sh run CSV CMD..."
	csv=$2
	shift 2
	exec "$perf" stat -x, -o "$csv" -e "$tp" --filter 'rw == 1' \
		-e "$tp" --filter "rw == 1 && reg == $lvtpc" -- "$@"
	;;
read)
	[ $# = 2 ] || die "usage: kvm-apic-writes.sh read CSV"
	[ -r "$2" ] || die "no count file $2"
	# perf stat -x,: COUNT,UNIT,EVENT,... in the order of the -e options.
	counts=$(awk -F, -v tp="$tp" '$3 == tp && $1 ~ /^[0-9]+$/ { print $1 }' "$2")
	[ "$(printf '%s\n' "$counts" | grep -c .)" = 2 ] ||
		die "$2: not two counts of $tp (perf stat -x, output expected): $(grep -v '^#' "$2" | grep . | head -n 2 | tr '\n' ' ')"
	printf '%s\n' "$counts" | awk 'NR == 1 { print "apic-writes " $1 } NR == 2 { print "lvtpc-writes " $1 }'
	;;
*) die "usage: kvm-apic-writes.sh probe | run CSV CMD... | read CSV" ;;
esac
