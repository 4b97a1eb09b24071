# The base-vs-series table of bench-report.sh, and the start of
# results.json (meta and figures; bench-patches.awk goes on).
# Input: the sorted figures, 'clock kernel round scenario metric unit
# value'.  Variables: series (the kernel compared with the base: the
# whole series, or with KERNELS the last one booted), label (its column
# name), targets, json, meta, chart (see bench-report.sh).  Needs bench-stats.awk.
BEGIN { load_targets(targets) }
$7 == "nan" { bad[$1 " " $4 " " $5]++; next }
{
	k = $1 " " $4 " " $5; if (!(k in seen)) { seen[k] = 1; keys[++nk] = k; unit[k] = $6 }
	v[k, $2] = v[k, $2] " " $7; n[k, $2]++
}
# A row under a figure for another kernel (the ceiling, v1, v2): its median
# and NAME's ratio, "RATIO=.../...".
function extra_row(k, kern, what, ratio_name, num, den,   m, r) {
	m = median(v[k, kern], n[k, kern]); r = (den > 0) ? sprintf("%.4f", num / den) : "-"
	printf "%-6s %-18s %-32s %-9s %10s %10g %8s %17s %10s\n", "", "", what "; ratio=" ratio_name, unit[k], "",
		m, r, spread(v[k, kern], m), n[k, kern]
}
function chart_cols(list, n, med) { # for the chart: median min max
	if (!n) return " NaN NaN NaN"
	minmax(list)
	return " " med " " lo " " hi
}
END {
	printf "%-6s %-18s %-32s %-9s %10s %10s %8s %17s %10s %-18s\n", "clock", "scenario", "metric", "unit",
		"base", label, "ratio", "spread b/p", "runs b/p", "target"
	printf "{\n  \"meta\": {" > json
	sep = ""
	while ((getline l < meta) > 0) {
		i = index(l, "=")
		printf "%s\n    %s: %s", sep, jstr(substr(l, 1, i - 1)), jstr(substr(l, i + 1)) > json; sep = ","
	}
	printf "\n  },\n  \"figures\": [" > json
	for (i = 1; i <= nk; i++) {
		k = keys[i]; split(k, p, " ")
		if (!n[k, "base"] || !n[k, series]) continue
		mb = median(v[k, "base"], n[k, "base"]); mp = median(v[k, series], n[k, series])
		ratio = ratio_of(mp, mb)
		mc = n[k, "ceiling"] ? median(v[k, "ceiling"], n[k, "ceiling"]) : ""
		m1 = n[k, "v1"] ? median(v[k, "v1"], n[k, "v1"]) : ""
		m2 = n[k, "v2"] ? median(v[k, "v2"], n[k, "v2"]) : ""
		verdict = verdicts(p[2] " " p[3] " ", p[1], ratio, mp, mc)
		printf "%-6s %-18s %-32s %-9s %10g %10g %8s %17s %10s %-18s\n", p[1], p[2], p[3], unit[k], mb, mp,
			fmt_ratio(ratio) worse(unit[k], ratio, mb),
			spread(v[k, "base"], mb) "/" spread(v[k, series], mp), n[k, "base"] "/" n[k, series], verdict
		if (mc != "")
			extra_row(k, "ceiling", "ceiling kernel", label "/ceiling", mp, mc)
		if (m1 != "")
			extra_row(k, "v1", "v1 kernel", "v1/" label, m1, mp)
		if (m2 != "")
			extra_row(k, "v2", "v2 kernel", "v2/" label, m2, mp)
		if (p[2] ~ /^trig-/ && p[3] == "throughput")
			print p[1] "-" p[2] chart_cols(v[k, "base"], n[k, "base"], mb) chart_cols(v[k, series], n[k, series], mp) \
				chart_cols(v[k, "ceiling"], n[k, "ceiling"], mc) > chart
		comma = js++ ? "," : ""
		printf "%s\n    {\"clock\": \"%s\", \"scenario\": \"%s\", \"metric\": \"%s\", \"unit\": \"%s\", \"base\": [%s], \"patched\": [%s], \"ceiling\": [%s], \"v1\": [%s], \"v2\": [%s], \"base_median\": %s, \"patched_median\": %s, \"ratio\": %s, \"target\": \"%s\"}",
			comma, p[1], p[2], p[3], unit[k], csv(v[k, "base"]), csv(v[k, series]), csv(v[k, "ceiling"]), csv(v[k, "v1"]), csv(v[k, "v2"]),
			mb, mp, (ratio == "inf" ? "null" : ratio), verdict > json
	}
	printf "\n  ]" > json
	close(chart)
	# A figure with a target that has no sample left on one side (all
	# nan: the guest could not measure it) misses its target: a check
	# that could not run must not pass by its absence.
	for (b in bad) {
		if (n[b, "base"] && n[b, series]) continue
		split(b, p, " ")
		verdict = verdicts(p[2] " " p[3] " ", p[1], "", "", "")
		if (verdict == "") continue
		gsub(/ n\/a/, " MISS (no figure)", verdict)
		mb = n[b, "base"] ? median(v[b, "base"], n[b, "base"]) : "nan"
		mp = n[b, series] ? median(v[b, series], n[b, series]) : "nan"
		printf "%-6s %-18s %-32s %-9s %10s %10s %8s %17s %10s %-18s\n", p[1], p[2], p[3], unit[b], mb, mp,
			"", "", n[b, "base"] + 0 "/" n[b, series] + 0, verdict
	}
	for (b in bad) printf "note: %s had %d failed sample(s), left out\n", b, bad[b]
}
