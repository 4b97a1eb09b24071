#!/bin/sh
# Turn the raw figures of a bench run into the comparison tables
# (table.txt: base against the whole series, bench-table.awk;
# patches.txt: each patch against the prefix before it,
# bench-patches.awk), results.json, chart.png (the BPF trigger
# figures) and patches.png (each patch's claims).  Usage: bench-report.sh DIR
# DIR/raw/CLOCK-KERNEL-ROUND holds lines 'scenario metric unit value',
# DIR/kernels the kernel of each prefix (bench-kernels.sh), DIR/meta the
# run's settings (bench.sh; its edition= picks the targets that say
# base=V, and table.txt names its base= on its first line).  The
# medians, spreads and ratios are computed here, once; the chart gets
# them in chart.dat.  TARGETS overrides bench/targets.
set -eu
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)

usage() {
	cat <<'EOF'
Usage: bench-report.sh DIR
Turn a bench run's raw figures into its tables, results.json and charts, in DIR.
  DIR      a bench run's results directory (results/STAMP), with raw/, meta and kernels
Environment:
  TARGETS  the targets file (bench/targets)
EOF
}
case ${1:-} in -h | --help) usage; exit 0 ;; esac
[ $# = 1 ] || usage_error

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

# The kernel of each prefix of the series (bench-kernels.sh); a run
# without the list (recorded before make bench measured every prefix)
# had the base and the whole series as 'patched'.
kernels=$dir/kernels
[ -f "$kernels" ] || kernels=/dev/null
# The kernel of the whole series, or with KERNELS the last one booted.
series=$(sed -n 's/^series_kernel=//p' "$dir/meta" 2>/dev/null || true)
whole=$(awk 'END { print NF ? $3 : "patched" }' "$kernels")
[ -n "$series" ] || series=$whole
# The first table's column for it: 'patched' for the whole series.
label=patched
[ "$series" = "$whole" ] || label=$series
ok_lines() { # FILE ERE WHAT: every line of FILE is a comment, blank or matches ERE
	[ -r "$1" ] || die "cannot read $1"
	bad=$(grep -nvE "^(#.*|[[:space:]]*|$2)\$" "$1" | head -n 1) || true
	[ -z "$bad" ] || die "$1:${bad%%:*}: malformed line '${bad#*:}': wanted $3"
}
ok_lines "$targets" '[^ ]+ [^ ]+ ((ratio|patched|ceiling)(<=|>=)[0-9.]+( patch=[0-9]+)?|shown patch=[0-9]+)( clock=(icount|wall|traced))?( base=[0-9.]+)?|run (icount|wall|traced) [^ ]+( rounds<=[0-9]+)?( [a-z_]+)+' \
	"'scenario metric ratio|patched|ceiling<=|>=NUMBER [patch=N] [clock=icount|wall|traced] [base=V]', 'scenario metric|* shown patch=N [base=V]' or 'run CLOCK KERNEL [rounds<=N] SCENARIO...'"
# The edition of the series that the run measured (bench.sh's BASE); a
# run recorded before there were two measured the 6.12 one.
meta_of() { sed -n "s/^$1=//p" "$dir/meta" 2>/dev/null || true; }
edition=$(meta_of edition)
[ -n "$edition" ] || edition=6.12

{
	b=$(meta_of base)
	echo "base: ${b:-not recorded} (the $edition edition of the series)"
	awk -f "$here/bench-stats.awk" -f "$here/bench-table.awk" -v series="$series" -v label="$label" \
		-v targets="$targets" -v edition="$edition" -v json="$dir/results.json.tmp" -v meta="$dir/meta" -v chart="$dir/chart.tmp" \
		"$dir/figures"
} >"$dir/table.txt"
touch "$dir/skipped"
rm -f "$dir/patches.dat" "$dir/patches.png"
awk -f "$here/bench-stats.awk" -f "$here/bench-patches.awk" -v kernels="$kernels" \
	-v targets="$targets" -v edition="$edition" -v skipped="$dir/skipped" -v json="$dir/results.json.tmp" -v chart="$dir/patches.dat" \
	"$dir/figures" >"$dir/patches.txt"
echo "}" >>"$dir/results.json.tmp"
mv "$dir/results.json.tmp" "$dir/results.json"
if [ -f "$dir/failed" ]; then
	sed 's/^/failed boot: /' "$dir/failed" >>"$dir/table.txt"
fi
# Failed attempts of wall clock boots that a later attempt completed
# (bench.sh's WALL_ATTEMPTS).
if [ -f "$dir/retried" ]; then
	sed 's/^/retried boot: /' "$dir/retried" >>"$dir/table.txt"
fi
sort -u "$dir/skipped" | sed 's/^/skipped: /' >>"$dir/table.txt"
cat "$dir/table.txt" "$dir/patches.txt"
# What 'wall' was: the accelerator of the run (accel.sh); a run recorded
# before it was named ran under emulation.
wall="emulated TCG wall clock" wall_short="emulated TCG"
[ "$(sed -n 's/^accel=//p' "$dir/meta" 2>/dev/null)" != kvm ] ||
	wall="wall clock of KVM guests on this host's CPU" wall_short="KVM, host CPU"
echo "(icount: QEMU instruction counting, instructions-equivalent; wall: $wall)"
case " $(sed -n 's/^clocks=//p' "$dir/meta" 2>/dev/null) " in
*" traced "*) echo "(traced: the same KVM guests, the host tracing their APIC writes: counts only)" ;;
esac
echo "results: $dir/results.json, $dir/table.txt, $dir/patches.txt"

touch "$dir/chart.tmp"
sort "$dir/chart.tmp" >"$dir/chart.dat"
rm -f "$dir/chart.tmp"
if command -v gnuplot >/dev/null 2>&1; then
	if [ -s "$dir/chart.dat" ]; then
		"$here/bench-chart.sh" "$dir/chart.dat" "$dir/chart.png" "$wall_short" && echo "chart: $dir/chart.png" ||
			echo "chart: gnuplot failed; the tables above stand"
	fi
	if [ -s "$dir/patches.dat" ]; then
		"$here/bench-chart-patches.sh" "$dir/patches.dat" "$dir/patches.png" && echo "per-patch chart: $dir/patches.png" ||
			echo "per-patch chart: gnuplot failed; the tables above stand"
	fi
fi
