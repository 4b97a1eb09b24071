# The host's figures of a traced bench boot (bench-boot.sh), from its
# kvm-windows ('window NAME lvtpc-writes N call-function-ipis M
# call-function-single-ipis K seconds S', kvm-apic-writes.sh windows):
# for each window name, 'NAME host-lvtpc-writes count N', 'NAME
# host-call-function-ipis count M' and 'NAME
# host-call-function-single-ipis count K', summed over the windows of
# that name.  Counts, not rates: a window
# does a fixed amount of work or runs a fixed time in the guest, but
# the host's tracing stretches it more where more writes exit.  None for
# a window of a scenario that skipped (-v skipped='SCENARIO ...'); nan
# for a scenario that ran (-v ran='SCENARIO ...') but has no window, as
# where the count failed (kvm-windows then says why).
BEGIN {
	n = split(ran, r, " ")
	split(skipped, sk, " ")
	for (i in sk)
		skip[sk[i]] = 1
}
$1 == "window" && NF == 10 && $3 == "lvtpc-writes" && $5 == "call-function-ipis" &&
	$7 == "call-function-single-ipis" && $9 == "seconds" {
	if ($2 in skip)
		next
	if (!($2 in lv))
		names[++nn] = $2
	lv[$2] += $4
	ipi[$2] += $6
	ipis[$2] += $8
}
function three(w, a, b, c) {
	printf "%s host-lvtpc-writes count %s\n%s host-call-function-ipis count %s\n", w, a, w, b
	printf "%s host-call-function-single-ipis count %s\n", w, c
}
END {
	for (i = 1; i <= nn; i++)
		three(names[i], sprintf("%.0f", lv[names[i]]), sprintf("%.0f", ipi[names[i]]), sprintf("%.0f", ipis[names[i]]))
	for (i = 1; i <= n; i++)
		if (!(r[i] in lv))
			three(r[i], "nan", "nan", "nan")
}
