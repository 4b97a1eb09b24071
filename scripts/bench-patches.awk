# The per-patch table of bench-report.sh: for each patch n of the
# series, the figures it claims (the lines of bench/targets with
# patch=n, load_targets()), prefix n against prefix n-1, under
# instruction counting; and the rest of results.json ("kernels" and
# "per_patch").  Input: the sorted figures, as for bench-table.awk.
# Variables: kernels (bench-kernels.sh's lines of the run),
# targets, skipped, json, chart (optional: the per-patch chart's data,
# see bench-chart-patches.sh).  Needs bench-stats.awk.
BEGIN {
	np = -1
	while ((getline l < kernels) > 0) {
		split(l, f, " "); np = f[1] + 0; kern[np] = f[3]
		subj[np] = l; sub(/^[^ ]+ [^ ]+ [^ ]+ /, "", subj[np])
	}
	load_targets(targets)
	for (i = 1; i <= nc; i++) { split(claim[i], c, " "); if (c[3] != "*") named[claim[i]] = 1 }
	while ((getline l < skipped) > 0) {
		split(l, f, " "); sub(/:$/, "", f[1])
		r = l; sub(/^[^ ]+ [^ ]+ /, "", r); skip[f[1], f[2]] = r
	}
}
$1 != "icount" || $7 == "nan" { next }
{
	k = $4 " " $5; if (!(k in seen)) { seen[k] = 1; keys[++nk] = k; unit[k] = $6 }
	v[k, $2] = v[k, $2] " " $7; n[k, $2]++
}
function row(p, k, b, a,   s, mb, ma, r, mc, cr, verdict, bl, bh, kind, r1, r2, r3) {
	split(k, s, " ")
	mb = median(v[k, b], n[k, b]); ma = median(v[k, a], n[k, a]); r = ratio_of(ma, mb)
	mc = n[k, "ceiling"] ? median(v[k, "ceiling"], n[k, "ceiling"]) : ""
	cr = (mc > 0) ? ma / mc : ""
	verdict = verdicts(k " " p, "icount", r, ma, mc)
	printf "%-5s %-24s %-32s %-9s %10g %10g %8s %17s %8s %s\n", p, s[1], s[2], unit[k], mb, ma,
		fmt_ratio(r) worse(unit[k], r, mb), spread(v[k, b], mb) "/" spread(v[k, a], ma), n[k, b] "/" n[k, a], verdict
	if (mc != "")
		printf "%-5s %-24s %-32s %-9s %10s %10g %8s %17s %8s\n", "", "", "ceiling kernel; ratio=after/ceiling", unit[k], "",
			mc, cr != "" ? sprintf("%.4f", cr) : "-", spread(v[k, "ceiling"], mc), n[k, "ceiling"]
	# The per-patch chart (bench-chart-patches.sh): the figures a line of
	# bench/targets names by its metric, not by '*'.
	if (chart != "" && (p " " k) in named) {
		minmax(v[k, b]); bl = lo; bh = hi
		minmax(v[k, a])
		kind = unit[k] ~ /\/run$/ ? "count" : unit[k] == "M/s" ? "throughput" : "cost"
		r1 = r2 = r3 = "NaN"
		if (mb > 0) { r1 = ma / mb; r2 = lo / mb; r3 = hi / mb }
		printf "%s %s %s %g %g %g %g %g %g %s %s %s\n", kind, p ":" s[1] "/" s[2], unit[k],
			mb, bl, bh, ma, lo, hi, r1, r2, r3 > chart
	}
	printf "%s\n    {\"patch\": %d, \"subject\": %s, \"kernel\": \"%s\", \"before_kernel\": \"%s\", \"clock\": \"icount\", \"scenario\": \"%s\", \"metric\": \"%s\", \"unit\": \"%s\", \"before\": [%s], \"after\": [%s], \"before_median\": %s, \"after_median\": %s, \"ratio\": %s, \"after_ceiling_ratio\": %s, \"target\": \"%s\"}",
		js++ ? "," : "", p, jstr(subj[p]), a, b, s[1], s[2], unit[k], csv(v[k, b]), csv(v[k, a]), mb, ma,
		r == "inf" ? "null" : r, cr != "" ? cr : "null", verdict >> json
}
# A claim with no figures on one side: say why, with a skip reason.
function missing(p, c, b, a,   f, why) {
	split(c, f, " ")
	why = (a, f[2]) in skip ? "skipped on " a ": " skip[a, f[2]] : (b, f[2]) in skip ? "skipped on " b ": " skip[b, f[2]] : "not measured"
	printf "%-5s %-24s %-32s no figures (%s)\n", p, f[2], f[3], why
	printf "%s\n    {\"patch\": %d, \"subject\": %s, \"kernel\": \"%s\", \"before_kernel\": \"%s\", \"clock\": \"icount\", \"scenario\": \"%s\", \"metric\": \"%s\", \"missing\": %s}",
		js++ ? "," : "", p, jstr(subj[p]), a, b, f[2], f[3], jstr(why) >> json
}
END {
	printf ",\n  \"kernels\": [" >> json
	for (p = 0; p <= np; p++)
		printf "%s\n    {\"prefix\": %d, \"kernel\": \"%s\", \"subject\": %s}", p ? "," : "", p, kern[p], jstr(subj[p]) >> json
	printf "\n  ],\n  \"per_patch\": [" >> json
	if (np >= 1) {
		print ""
		print "Per patch (icount): each patch's prefix of the series (after) against the one before it (before)"
		printf "%-5s %-24s %-32s %-9s %10s %10s %8s %17s %8s %s\n", "patch", "scenario", "metric", "unit",
			"before", "after", "ratio", "spread b/a", "runs b/a", "target"
	}
	for (p = 1; p <= np; p++) {
		b = kern[p - 1]; a = kern[p]
		printf "patch %d: %s (kernel %s against %s%s)\n", p, subj[p], a, b,
			a == b ? "; the same kernel: the patch changes nothing it is built from" : ""
		for (i = 1; i <= nc; i++) {
			split(claim[i], c, " ")
			if (c[1] != p || done[claim[i]]++) continue
			found = 0
			for (j = 1; j <= nk; j++) {
				k = keys[j]
				split(k, s, " ")
				if (s[1] != c[2] || (c[3] != "*" && c[3] != s[2]) || !n[k, b] || !n[k, a]) continue
				found = 1
				if (!shown[p, k]++)
					row(p, k, b, a)
			}
			if (!found) missing(p, claim[i], b, a)
		}
	}
	printf "\n  ]\n" >> json
}
