# The host's figures of a traced bench boot (bench-boot.sh), from its
# kvm-windows ('window NAME lvtpc-writes N call-function-ipis M seconds
# S', kvm-apic-writes.sh windows): for each window name, 'NAME
# host-lvtpc-writes count N' and 'NAME host-call-function-ipis count M',
# summed over the windows of that name.  Counts, not rates: a window
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
$1 == "window" && NF == 8 && $3 == "lvtpc-writes" && $5 == "call-function-ipis" && $7 == "seconds" {
	if ($2 in skip)
		next
	if (!($2 in lv))
		names[++nn] = $2
	lv[$2] += $4
	ipi[$2] += $6
}
END {
	for (i = 1; i <= nn; i++)
		printf "%s host-lvtpc-writes count %.0f\n%s host-call-function-ipis count %.0f\n", names[i], lv[names[i]], names[i], ipi[names[i]]
	for (i = 1; i <= n; i++)
		if (!(r[i] in lv))
			printf "%s host-lvtpc-writes count nan\n%s host-call-function-ipis count nan\n", r[i], r[i]
}
