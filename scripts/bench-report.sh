#!/bin/sh
# Turn the raw figures of a bench run into the comparison table
# (table.txt), results.json and chart.png.  Usage: bench-report.sh DIR
# DIR/raw/CLOCK-KERNEL-ROUND holds lines 'scenario metric unit value'.
# The medians, spreads and ratios are computed here, once; the chart
# gets them in chart.dat.
set -eu
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)

dir=$1
targets=${TARGETS:-$TOP/bench/targets}
ls "$dir"/raw/* >/dev/null 2>&1 || die "no raw figures in $dir/raw: every boot failed?"

# One line per figure: clock kernel round scenario metric unit value.
: >"$dir/figures.tmp"
for f in "$dir"/raw/*; do
	b=${f##*/}
	awk -v id="$b" -v file="$f" '
	BEGIN { n = split(id, p, "-"); if (n != 3) { print "bad raw file name " file > "/dev/stderr"; exit 2 } }
	NF == 0 { next }
	NF != 4 || $4 !~ /^([0-9]+[.]?[0-9]*|nan)$/ {
		printf "%s:%d: malformed figure: %s\n", file, NR, $0 > "/dev/stderr"; exit 2
	}
	{ print p[1], p[2], p[3], $1, $2, $3, $4 }' "$f" >>"$dir/figures.tmp" ||
		{ rm -f "$dir/figures.tmp"; die "malformed raw figures in $f: fix or remove the file and re-run"; }
done
sort "$dir/figures.tmp" >"$dir/figures"
rm -f "$dir/figures.tmp"

awk -v targets="$targets" -v json="$dir/results.json.tmp" -v meta="$dir/meta" -v chart="$dir/chart.tmp" '
function median(list, n,   a, i, j, t) {
	split(list, a, " ")
	for (i = 2; i <= n; i++)
		for (j = i; j > 1 && a[j - 1] + 0 > a[j] + 0; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
function minmax(list,   a, i, n) {
	n = split(list, a, " "); lo = hi = a[1]
	for (i = 2; i <= n; i++) { if (a[i] + 0 < lo + 0) lo = a[i]; if (a[i] + 0 > hi + 0) hi = a[i] }
}
function chart_cols(list, n, med) { # for the chart: median min max
	if (!n) return " NaN NaN NaN"
	minmax(list)
	return " " med " " lo " " hi
}
function spread(list, med) {
	minmax(list)
	return med > 0 ? sprintf("%.2f%%", 100 * (hi - lo) / med) : sprintf("%g-%g", lo, hi)
}
BEGIN {
	while ((getline l < targets) > 0) {
		if (l ~ /^#/ || l == "") continue
		split(l, t, " "); tk = t[1] " " t[2]; tgt[tk] = (tk in tgt) ? tgt[tk] " " t[3] : t[3]
	}
}
$7 == "nan" { bad[$1 " " $4 " " $5]++; next }
{
	k = $1 " " $4 " " $5; if (!(k in seen)) { seen[k] = 1; keys[++nk] = k; unit[k] = $6 }
	v[k, $2] = v[k, $2] " " $7; n[k, $2]++
}
END {
	printf "%-6s %-18s %-32s %-9s %10s %10s %8s %17s %10s %-18s\n", "clock", "scenario", "metric", "unit",
		"base", "patched", "ratio", "spread b/p", "runs b/p", "target"
	printf "{\n  \"meta\": {" > json
	sep = ""
	while ((getline l < meta) > 0) {
		i = index(l, "="); gsub(/"/, "\\\"", l)
		printf "%s\n    \"%s\": \"%s\"", sep, substr(l, 1, i - 1), substr(l, i + 1) > json; sep = ","
	}
	printf "\n  },\n  \"figures\": [" > json
	for (i = 1; i <= nk; i++) {
		k = keys[i]; split(k, p, " ")
		if (!n[k, "base"] || !n[k, "patched"]) continue
		mb = median(v[k, "base"], n[k, "base"]); mp = median(v[k, "patched"], n[k, "patched"])
		ratio = mb > 0 ? mp / mb : (mp == 0 ? 1 : "inf")
		mc = n[k, "ceiling"] ? median(v[k, "ceiling"], n[k, "ceiling"]) : ""
		verdict = ""
		nt = ((p[2] " " p[3]) in tgt) ? split(tgt[p[2] " " p[3]], tl, " ") : 0
		for (j = 1; j <= nt; j++) {
			c = tl[j]
			match(c, /[<>]=/); what = substr(c, 1, RSTART - 1); op = substr(c, RSTART, 2); lim = substr(c, RSTART + 2) + 0
			x = what == "ratio" ? ratio : what == "patched" ? mp : (mc > 0 ? mp / mc : "")
			if (x == "") r = "n/a"
			else r = ((op == ">=" && x >= lim) || (op == "<=" && x <= lim)) ? "pass" : "MISS"
			verdict = verdict (verdict == "" ? "" : ", ") c " " r
		}
		if (ratio != "inf" && mb > 0) {
			better = (unit[k] ~ /^(M\/s|ratio)$/) ? ratio >= 1 : ratio <= 1
			note = better ? "" : " (worse)"
		} else note = ""
		printf "%-6s %-18s %-32s %-9s %10g %10g %8s %17s %10s %-18s\n", p[1], p[2], p[3], unit[k], mb, mp,
			(ratio == "inf" ? ratio : sprintf("%.4f", ratio)) note,
			spread(v[k, "base"], mb) "/" spread(v[k, "patched"], mp), n[k, "base"] "/" n[k, "patched"], verdict
		if (mc != "") {
			cr = (mc > 0) ? sprintf("%.4f", mp / mc) : "-"
			printf "%-6s %-18s %-32s %-9s %10s %10g %8s %17s %10s\n", "", "", "ceiling kernel; ratio=patched/ceiling", unit[k], "",
				mc, cr, spread(v[k, "ceiling"], mc), n[k, "ceiling"]
		}
		if (p[2] ~ /^trig-/)
			print p[1] "-" p[2] chart_cols(v[k, "base"], n[k, "base"], mb) chart_cols(v[k, "patched"], n[k, "patched"], mp) \
				chart_cols(v[k, "ceiling"], n[k, "ceiling"], mc) > chart
		comma = js++ ? "," : ""
		printf "%s\n    {\"clock\": \"%s\", \"scenario\": \"%s\", \"metric\": \"%s\", \"unit\": \"%s\", \"base\": [%s], \"patched\": [%s], \"ceiling\": [%s], \"base_median\": %s, \"patched_median\": %s, \"ratio\": %s, \"target\": \"%s\"}",
			comma, p[1], p[2], p[3], unit[k], csv(v[k, "base"]), csv(v[k, "patched"]), csv(v[k, "ceiling"]),
			mb, mp, (ratio == "inf" ? "null" : ratio), verdict > json
	}
	printf "\n  ]\n}\n" > json
	close(chart)
	for (b in bad) printf "note: %s had %d failed sample(s), left out\n", b, bad[b]
}
function csv(list,   s) { s = list; sub(/^ +/, "", s); gsub(/ +/, ", ", s); return s }
' "$dir/figures" >"$dir/table.txt"
mv "$dir/results.json.tmp" "$dir/results.json"
if [ -f "$dir/failed" ]; then
	sed 's/^/failed boot: /' "$dir/failed" >>"$dir/table.txt"
fi
if [ -f "$dir/skipped" ]; then
	sort -u "$dir/skipped" | sed 's/^/skipped: /' >>"$dir/table.txt"
fi
cat "$dir/table.txt"
echo "(icount: QEMU instruction counting, instructions-equivalent; wall: emulated TCG wall clock)"
echo "results: $dir/results.json, $dir/table.txt"

sort "$dir/chart.tmp" >"$dir/chart.dat" 2>/dev/null
rm -f "$dir/chart.tmp"
if command -v gnuplot >/dev/null 2>&1; then
	if [ -s "$dir/chart.dat" ]; then
		"$here/bench-chart.sh" "$dir/chart.dat" "$dir/chart.png" && echo "chart: $dir/chart.png"
	fi
fi
