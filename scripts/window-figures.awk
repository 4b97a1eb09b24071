# The host's figures of a traced bench boot (bench-boot.sh), from its
# kvm-windows ('window NAME lvtpc-writes N call-function-ipis M seconds
# S', kvm-apic-writes.sh windows): for each window, 'NAME
# host-lvtpc-writes writes/s R' and 'NAME host-call-function-ipis
# writes/s R'; none for a window of a scenario that skipped (-v
# skipped='SCENARIO ...'); nan for a scenario that ran (-v ran='SCENARIO
# ...') but has no window, as where the count failed (kvm-windows then
# says why).
BEGIN {
	n = split(ran, r, " ")
	split(skipped, sk, " ")
	for (i in sk)
		skip[sk[i]] = 1
}
$1 == "window" && NF == 8 && $3 == "lvtpc-writes" && $5 == "call-function-ipis" && $7 == "seconds" && $8 > 0 {
	seen[$2] = 1
	if ($2 in skip)
		next
	printf "%s host-lvtpc-writes writes/s %.1f\n", $2, $4 / $8
	printf "%s host-call-function-ipis writes/s %.1f\n", $2, $6 / $8
}
END {
	for (i = 1; i <= n; i++)
		if (!(r[i] in seen))
			printf "%s host-lvtpc-writes writes/s nan\n%s host-call-function-ipis writes/s nan\n", r[i], r[i]
}
