#!/bin/sh
# Bar chart of the throughput figures: median per kernel with min-max
# bars, one group per clock and scenario.  Usage: bench-chart.sh DAT PNG
# DAT lines: 'clock-scenario kernel value'.
set -eu
dat=$1 png=$2
summary=$(mktemp)
trap 'rm -f "$summary"' EXIT
# group, then per kernel (base patched ceiling): median min max
sort -k1,1 -k2,2 -k3,3g "$dat" | awk '
function flush() {
	if (g == "") return
	line = g
	for (i = 1; i <= 3; i++) {
		kk = kn[i]; c = cnt[kk]
		if (c) { split(vals[kk], a, " "); m = c % 2 ? a[(c + 1) / 2] : (a[c / 2] + a[c / 2 + 1]) / 2; line = line " " m " " a[1] " " a[c] }
		else line = line " NaN NaN NaN"
	}
	print line; delete vals; delete cnt
}
BEGIN { kn[1] = "base"; kn[2] = "patched"; kn[3] = "ceiling" }
$1 != g { flush(); g = $1 }
{ vals[$2] = vals[$2] " " $3; cnt[$2]++ }
END { flush() }' >"$summary"
gnuplot <<EOF2
set terminal pngcairo size 1000,560 noenhanced
set output "$png"
set title "BPF trigger benchmarks (median, min-max bars); icount = instructions-equivalent, wall = emulated TCG"
set ylabel "M events/s"
set style data histograms
set style histogram errorbars gap 2 lw 1
set style fill solid 0.6 border -1
set key top right
set xtics rotate by -20
set yrange [0:*]
plot "$summary" using 2:3:4:xtic(1) title "base", '' using 5:6:7 title "patched", '' using 8:9:10 title "ceiling"
EOF2
