#!/bin/sh
# The guest's local APIC writes that KVM emulated, counted on the host
# for one boot under KVM (boot-guest.sh, GUEST_ACCEL=kvm and
# KVM_HOST_COUNT=1): QEMU runs under 'perf stat' with KVM's
# kvm:kvm_apic tracepoint (arch/x86/kvm/trace.h).  KVM traces an APIC register write it emulates
# (xAPIC MMIO, x2APIC WRMSR, the APIC-write exits of APICv and AVIC) in
# kvm_lapic_reg_write(), and x2APIC ICR writes in kvm_x2apic_icr_write().
# Not counted: what the CPU virtualizes without an exit (TPR, EOI and
# self-IPI under APICv, ICR under AVIC or IPI virtualization), EOIs
# that exit as EOI-induced exits, and the TSC deadline, an MSR.  So the
# total depends on the host's CPU and KVM's settings.  LVTPC (0x340) is
# never virtualized: every write to it exits and is counted.  Two
# counts: all writes, and writes to LVTPC, the register that patch 5
# stops x86_pmu_enable() from rewriting.  And within each window that
# the guest marked (bench/hostmark.c: CPUIDs of one leaf, which KVM
# traces as kvm:kvm_cpuid), the LVTPC writes and the call-function IPIs
# the guest sent, text patching's among them: ICR writes of vector 0xfb
# or 0xfc (CALL_FUNCTION_SINGLE_VECTOR, CALL_FUNCTION_VECTOR), a write
# per IPI or per group of CPUs, as the guest's APIC driver sends them;
# IPIs that the CPU delivers without an exit (IPI virtualization, AVIC)
# are not seen.  From a perf record of the marks and those writes
# (kvm-windows.awk).
# Usage:
#   kvm-apic-writes.sh probe            exit 0 if this host can count;
#                                       else print why not, exit 1
#   kvm-apic-writes.sh run CSV DATA CMD...
#                                       run CMD under the count, its
#                                       figures to CSV (perf stat -x,),
#                                       the marks to DATA (perf record);
#                                       exits with CMD's status (128 +
#                                       N if a signal N ended it), or
#                                       125 if perf did not run it
#   kvm-apic-writes.sh read CSV         print 'apic-writes N' and
#                                       'lvtpc-writes N'; exit 1 with a
#                                       message if CSV holds no counts
#   kvm-apic-writes.sh windows DATA     print 'window NAME lvtpc-writes
#                                       N call-function-ipis M
#                                       call-function-single-ipis K
#                                       seconds S' for each window
#                                       (kvm-windows.awk); exit 1 with a
#                                       message if perf lost events
#                                       (its LOST records) or found them
#                                       out of order, or DATA holds no
#                                       window
#   kvm-apic-writes.sh leaf             print the marks' CPUID leaf
# Tracing has a cost: every APIC write that exits pays for the filter
# and, if it passes, for the count or the record, so a traced guest's
# timings are not an untraced one's (bench.sh times under the 'wall'
# clock and counts under 'traced').
# Environment: PERF (perf).
set -eu
. "$(dirname "$0")/lib.sh"
usage() {
	cat <<'EOF'
Usage: kvm-apic-writes.sh probe | run CSV DATA CMD... | read CSV | windows DATA | leaf
The guest's APIC writes that KVM emulated, counted on the host for one boot under KVM.
  probe             exit 0 if this host can count, else print why not and exit 1
  run CSV DATA CMD  run CMD under the count: perf stat's figures to CSV, perf record's to DATA
  read CSV          print 'apic-writes N' and 'lvtpc-writes N'
  windows DATA      print a 'window NAME lvtpc-writes N ...' line per window the guest marked
  leaf              print the CPUID leaf of the guest's marks (bench/hostmark.c)
Environment:
  PERF              the perf to run (perf)
EOF
}
case ${1:-} in -h | --help) usage; exit 0 ;; esac
perf=${PERF:-perf}
tp=kvm:kvm_apic
lvtpc='rw == 1 && reg == 0x340'
leaf=$(sed -n 's/^#define HOSTMARK_LEAF \(0x[0-9a-f]*\)$/\1/p' "$TOP/bench/hostmark.c")
[ -n "$leaf" ] || die "no '#define HOSTMARK_LEAF 0x...' in $TOP/bench/hostmark.c"
# An ICR write whose vector, bits 7-0, is 0xfb or 0xfc: a tracepoint
# filter tests bits ('&' is true where any is set), not masked values.
icr_cf='rw == 1 && reg == 0x300 && val & 0x80 && val & 0x40 && val & 0x20 && val & 0x10 && val & 0x08'
icr_cf="$icr_cf && ((val & 0x04 && !(val & 0x03)) || (!(val & 0x04) && val & 0x02 && val & 0x01))"

# count CSV DATA CMD...: CMD under perf stat and perf record (2 MiB of
# ring buffer per host CPU, locked memory on a host of many CPUs; what
# does not fit is lost, and windows then fails the boot's windows);
# CMD's status goes to CSV.rc, since perf's own status loses a
# signal's.
count() {
	_csv=$1 _data=$2
	shift 2
	rm -f "$_csv" "$_csv.rc" "$_data"
	"$perf" stat -x, -o "$_csv" -e "$tp" --filter 'rw == 1' -e "$tp" --filter "$lvtpc" \
		-- "$perf" record -q -N -B -m 2M -o "$_data" -e kvm:kvm_cpuid --filter "function == $leaf" \
		-e "$tp" --filter "$lvtpc" -e "$tp" --filter "$icr_cf" \
		-- sh -c '"$@"; echo $? >"$0"' "$_csv.rc" "$@"
}

case ${1:-} in
probe)
	command -v "$perf" >/dev/null 2>&1 || { echo "no perf (Debian package linux-perf)"; exit 1; }
	tmp=$(mktemp -d)
	err=$(count "$tmp/csv" "$tmp/data" true 2>&1) && [ -f "$tmp/csv.rc" ] ||
		{ rm -rf "$tmp"; echo "perf stat and perf record cannot trace $tp and kvm:kvm_cpuid here: $(printf '%s\n' "$err" | grep . | head -n 1)"; exit 1; }
	rm -rf "$tmp"
	;;
run)
	[ $# -ge 4 ] || die "usage: kvm-apic-writes.sh run CSV DATA CMD..."
	csv=$2 data=$3
	shift 3
	prc=0
	count "$csv" "$data" "$@" || prc=$?
	[ -f "$csv.rc" ] || { echo "kvm-apic-writes.sh: perf failed (status $prc) before it ran $1" >&2; exit 125; }
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
windows)
	[ $# = 2 ] || die "usage: kvm-apic-writes.sh windows DATA"
	[ -r "$2" ] || die "no recording $2"
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	# Events the ring buffer had no room for leave LOST records.
	"$perf" report --stats -i "$2" >"$tmp/stats" 2>"$tmp/err" ||
		die "perf report --stats -i $2 failed: $(head -n 1 "$tmp/err")"
	lost=$(grep -E '^ *LOST(_SAMPLES)? events: *[1-9]' "$tmp/stats" | head -n 1) || true
	[ -z "$lost" ] || die "$2: perf lost events ($(echo $lost)): the windows' counts would be short"
	"$perf" script -i "$2" -F trace:time,event,trace >"$tmp/script" 2>"$tmp/err" ||
		die "perf script -i $2 failed: $(head -n 1 "$tmp/err")"
	ooo=$(grep 'out of order events recorded' "$tmp/err" | head -n 1) || true
	[ -z "$ooo" ] || die "$2: $ooo: a window could hold another's events"
	awk -v leaf="$leaf" -f "$TOP/scripts/kvm-windows.awk" "$tmp/script" >"$tmp/w"
	grep -q '^window ' "$tmp/w" || die "$2: no window that ended (did the guest run bench/hostmark?)"
	cat "$tmp/w"
	;;
leaf) echo "$leaf" ;;
*) usage_error "${1:+no mode '$1'}" ;;
esac
