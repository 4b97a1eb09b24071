#!/bin/sh
# The guest's local APIC writes that KVM emulated, counted on the host
# for one boot under KVM (boot-guest.sh, GUEST_ACCEL=kvm): QEMU runs
# under 'perf stat' with KVM's kvm:kvm_apic tracepoint
# (arch/x86/kvm/trace.h).  KVM traces an APIC register write it emulates
# (xAPIC MMIO, x2APIC WRMSR, the APIC-write exits of APICv and AVIC) in
# kvm_lapic_reg_write(), and x2APIC ICR writes in kvm_x2apic_icr_write().
# Not counted: what the CPU virtualizes without an exit (TPR, EOI and
# self-IPI under APICv, ICR under AVIC or IPI virtualization), EOIs
# that exit as EOI-induced exits, and the TSC deadline, an MSR.  So the
# total depends on the host's CPU and KVM's settings.  LVTPC (0x340) is
# never virtualized: every write to it exits and is counted.  Two
# counts: all writes, and writes to LVTPC, the register that patch 5
# stops x86_pmu_enable() from rewriting.
# Usage:
#   kvm-apic-writes.sh probe            exit 0 if this host can count;
#                                       else print why not, exit 1
#   kvm-apic-writes.sh run CSV CMD...   run CMD under the count, its
#                                       figures to CSV (perf stat -x,);
#                                       exits with CMD's status (128 +
#                                       N if a signal N ended it), or
#                                       125 if perf stat did not run it
#   kvm-apic-writes.sh read CSV         print 'apic-writes N' and
#                                       'lvtpc-writes N'; exit 1 with a
#                                       message if CSV holds no counts
# Environment: PERF (perf).
set -eu
. "$(dirname "$0")/lib.sh"
perf=${PERF:-perf}
tp=kvm:kvm_apic

# count CSV CMD...: CMD under perf stat; CMD's status goes to CSV.rc,
# since perf stat's own status loses a signal's.
count() {
	_csv=$1
	shift
	rm -f "$_csv" "$_csv.rc"
	"$perf" stat -x, -o "$_csv" -e "$tp" --filter 'rw == 1' \
		-e "$tp" --filter 'rw == 1 && reg == 0x340' \
		-- sh -c '"$@"; echo $? >"$0"' "$_csv.rc" "$@"
}

case ${1:-} in
probe)
	command -v "$perf" >/dev/null 2>&1 || { echo "no perf (Debian package linux-perf)"; exit 1; }
	tmp=$(mktemp -d)
	err=$(count "$tmp/csv" true 2>&1) && [ -f "$tmp/csv.rc" ] ||
		{ rm -rf "$tmp"; echo "perf stat cannot count $tp here: $(printf '%s\n' "$err" | grep . | head -n 1)"; exit 1; }
	rm -rf "$tmp"
	;;
run)
	[ $# -ge 3 ] || die "usage: kvm-apic-writes.sh run CSV CMD..."
	csv=$2
	shift 2
	prc=0
	count "$csv" "$@" || prc=$?
	[ -f "$csv.rc" ] || { echo "kvm-apic-writes.sh: perf stat failed (status $prc) before it ran $1" >&2; exit 125; }
	rc=$(cat "$csv.rc")
	rm -f "$csv.rc"
	exit "$rc"
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
