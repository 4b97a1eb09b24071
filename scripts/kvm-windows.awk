# The windows a KVM guest marked (bench/hostmark.c) and the LVTPC writes
# and call-function IPIs within each, from 'perf script -F
# time,event,trace' of kvm-apic-writes.sh's recording: kvm:kvm_cpuid
# events of the mark's leaf (-v leaf=0x...), whose subleaves ('idx')
# spell '<NAME' (begin) or '>NAME' (end), a byte each, a line each;
# kvm:kvm_apic events, writes to LVTPC and to ICR (recorded only for the
# call-function vectors), the register by name or number, the ICR's
# vector its value's low byte: 0xfc (CALL_FUNCTION_VECTOR, a call to
# several CPUs) counts as call-function, 0xfb (a call to one CPU, remote
# wake-ups among them) as call-function-single.
# Prints 'window NAME lvtpc-writes N call-function-ipis M
# call-function-single-ipis K seconds S' for each window, in the order
# they end, S from the host's timestamps of
# the two marks' last bytes.  Windows may nest.  A window that never
# ends (the guest died) is left out; a mark that spells no line above
# is reported on standard error.
function hex(s,   i, v) {
	sub(/^0x/, "", s)
	s = tolower(s)
	v = 0
	for (i = 1; i <= length(s); i++)
		v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
	return v
}
BEGIN { want = hex(leaf) }
{
	t = ""
	ev = ""
	for (i = 1; i <= NF; i++) {
		if (t == "" && $i ~ /^[0-9]+[.][0-9]+:$/)
			t = substr($i, 1, length($i) - 1)
		if ($i ~ /^kvm:kvm_(cpuid|apic):?$/) {
			ev = $i
			sub(/:$/, "", ev)
			break
		}
	}
}
ev == "kvm:kvm_apic" {
	r = ""
	v = ""
	for (j = i + 1; j < NF; j++)
		if ($j == "apic_write") {
			r = $(j + 1)
			v = $(j + 3)
			break
		}
	if (r == "APIC_LVTPC" || r == "0x340") {
		for (w in open)
			n[w]++
	} else if (r == "APIC_ICR" || r == "0x300") {
		v = tolower(substr(v, length(v) - 1))
		for (w in open)
			if (v == "fc")
				ipi[w]++
			else if (v == "fb")
				ipis[w]++
	}
	next
}
ev == "kvm:kvm_cpuid" {
	f = ""
	c = ""
	for (j = i + 1; j < NF; j++) {
		if ($j == "func")
			f = $(j + 1)
		if ($j == "idx")
			c = $(j + 1)
	}
	if (f == "" || hex(f) != want || c == "")
		next
	c = hex(c)
	if (c != 10) {
		line = line sprintf("%c", c)
		next
	}
	w = substr(line, 2)
	if (line ~ /^<[a-z0-9_-]+$/) {
		open[w] = t
		n[w] = 0
		ipi[w] = 0
		ipis[w] = 0
	} else if (line ~ /^>[a-z0-9_-]+$/ && (w in open)) {
		printf "window %s lvtpc-writes %.0f call-function-ipis %.0f call-function-single-ipis %.0f seconds %.6f\n",
			w, n[w], ipi[w], ipis[w], t - open[w]
		delete open[w]
	} else {
		printf "kvm-windows.awk: a mark that is no window's begin or end: '%s' (at %s)\n", line, t > "/dev/stderr"
	}
	line = ""
}
