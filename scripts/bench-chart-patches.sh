#!/bin/sh
# The per-patch chart: what each patch claims, its prefix of the series
# (after) against the one before (before), instruction counting, for the
# figures bench/targets names by metric (bench-patches.awk), a panel
# each for: the counts per perf stat run (text patching, IPIs),
# before and after, median with min-max bars; the costs (latencies) and
# the throughputs as after/before, the median with bars from after's
# min and max over before's median.
# Usage: bench-chart-patches.sh DAT PNG
# DAT lines, from bench-patches.awk: 'count|cost|throughput PATCH:SCENARIO/METRIC
# UNIT' then median, min and max before, the same after, and the three
# ratios.
set -eu
. "$(dirname "$0")/lib.sh"
usage() {
	cat <<'EOF'
Usage: bench-chart-patches.sh DAT PNG
Draw the per-patch chart of a bench run with gnuplot (bench-report.sh runs it).
  DAT  the per-patch figures, bench-patches.awk's (a run's patches.dat)
  PNG  the chart to write
EOF
}
case ${1:-} in -h | --help) usage; exit 0 ;; esac
[ $# = 2 ] || usage_error
dat=$1 png=$2
[ -s "$dat" ] || die "no per-patch figures in $dat"
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
awk '{ f = d "/" $1; $1 = ""; print > f }' d="$t" "$dat"
plots=0
for k in count cost throughput; do
	touch "$t/$k"
	[ -s "$t/$k" ] && plots=$((plots + 1))
done
{
	echo 'set terminal pngcairo size 1600,720 noenhanced'
	echo "set output \"$png\""
	echo "set multiplot layout 1,$plots title \"Per patch, instruction counting: each patch's prefix of the series against the one before; medians, bars min-max (ratios: after's min and max over before's median)\""
	echo 'set xtics rotate by -35 font ",9"'
	echo 'set bmargin 12'
	echo 'set key top right'
	if [ -s "$t/count" ]; then
		echo 'set title "text patching and IPIs per perf stat run"'
		echo 'set style data histograms'
		echo 'set style histogram errorbars gap 2 lw 1'
		echo 'set style fill solid 0.6 border -1'
		echo 'set yrange [0:*]'
		echo 'set offsets 0, 0, graph 0.15, 0'
		echo 'set key top left'
		echo "plot \"$t/count\" using 3:4:5:xtic(1) title \"before\", '' using 6:7:8 title \"after\""
	fi
	ratio() { # FILE TITLE
		echo "set title \"$2\""
		echo 'set style data yerrorbars'
		echo 'set offsets 0, 0, 0, 0'
		echo 'set key top right'
		echo 'set autoscale y'
		echo "set xrange [-0.5:$(($(wc -l <"$1") - 1)).5]"
		echo "plot \"$1\" using 0:9:10:11:xtic(1) with yerrorbars pt 7 title \"after/before\", 1 with lines dt 2 lc rgb \"gray\" title \"1 (no change)\""
	}
	[ ! -s "$t/cost" ] || ratio "$t/cost" "costs, after/before (lower is better)"
	[ ! -s "$t/throughput" ] || ratio "$t/throughput" "throughput, after/before (higher is better)"
	echo 'unset multiplot'
} >"$t/plot.gp"
gnuplot "$t/plot.gp"
