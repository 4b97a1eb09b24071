#!/bin/sh
# Bar chart of the throughput figures: median per kernel with min-max
# bars, one group per clock and scenario.  Usage: bench-chart.sh DAT PNG [WALL]
# WALL: what the wall clock figures are (default: emulated TCG).
# DAT lines, from bench-report.sh: 'clock-scenario' then median, min and
# max for the base, patched and ceiling kernels (NaN where none).
set -eu
. "$(dirname "$0")/lib.sh"
usage() {
	cat <<'EOF'
Usage: bench-chart.sh DAT PNG [WALL]
Draw the bar chart of a bench run's BPF trigger figures with gnuplot (bench-report.sh runs it).
  DAT   the figures, bench-report.sh's (a run's chart.dat)
  PNG   the chart to write
  WALL  what the wall clock figures are, for the title (default: emulated TCG)
EOF
}
case ${1:-} in -h | --help) usage; exit 0 ;; esac
[ $# = 2 ] || [ $# = 3 ] || usage_error
dat=$1 png=$2 wall=${3:-emulated TCG}
gnuplot <<EOF2
set terminal pngcairo size 1000,560 noenhanced
set output "$png"
set title "BPF trigger benchmarks (median, min-max bars); icount = instructions-equivalent, wall = $wall"
set ylabel "M events/s"
set style data histograms
set style histogram errorbars gap 2 lw 1
set style fill solid 0.6 border -1
set key top right
set xtics rotate by -20
set yrange [0:*]
plot "$dat" using 2:3:4:xtic(1) title "base", '' using 5:6:7 title "patched", '' using 8:9:10 title "ceiling"
EOF2
