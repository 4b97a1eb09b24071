#!/bin/sh
# Read the runs of 'make fuzz' and report: per kernel, the boot's
# verdict, each tool's KTAP verdict and what it ran (RESULT lines), and
# the problems the kernel reported (splat.ere, and panics), each with
# whether the other kernel of the pair (series/base, same -kasan suffix)
# showed it too: a finding the base shares is not the series'.
# Usage: fuzz-report.sh TREE RUN-DIR...   (RUN-DIR named after its kernel:
# series, base, series-kasan, base-kasan; each holds boot-guest.sh's
# output, verdict and console.log).  Prints PASS:/FAIL: lines; exits 1
# if any failed.  A splat on either kernel fails.
set -u
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)

usage() {
	cat <<'EOF'
Usage: fuzz-report.sh TREE RUN-DIR...
Report on make fuzz's runs: boot, tools, findings per kernel; PASS:/FAIL: lines, exit 1 on a FAIL.
  TREE        the kernel tree (its kunit.py reads the KTAP)
  RUN-DIR...  guest runs named after their kernel: series, base, series-kasan, base-kasan
EOF
}
case ${1:-} in -h | --help) usage; exit 0 ;; esac
[ $# -ge 2 ] || usage_error
tree=$1
shift
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# findings RUN: one line per distinct problem in RUN's console log, if
# the guest left one.
findings() {
	[ ! -f "$1/console.log" ] || "$here/splat-findings.sh" "$1"
}

for run; do
	k=${run%/}
	k=${k##*/}
	findings "$run" >"$tmp/$k.findings"
done

bad=0
for run; do
	k=${run%/}
	k=${k##*/}
	case $k in
	series*) other=base${k#series} ;;
	base*) other=series${k#base} ;;
	*) other=none ;;
	esac
	verdict=$(cat "$run/verdict" 2>/dev/null || echo none)
	echo "== $k: boot $verdict; console log $run/console.log"
	# What each tool reached, then its figures.
	tr -d '\r' <"$run/output" 2>/dev/null | sed -n -e 's/^# \(trinity\|stress-ng\): /  \1: /p' \
		-e 's/^# RESULT \([^ ]*\) \(.*\) \([^ ]*\)$/    \1 \2: \3/p'
	{
		if [ "$verdict" = ok ]; then
			echo "PASS: fuzz $k boot"
		else
			echo "FAIL: fuzz $k boot ($verdict): see $run/boot.err and $run/console.log"
		fi
		if [ -f "$run/output" ]; then
			"$here/ktap-results.sh" "$tree" "$run/output" "fuzz $k"
		else
			echo "FAIL: fuzz $k (no output in $run)"
		fi
		while IFS= read -r f; do
			if [ ! -f "$tmp/$other.findings" ]; then
				whose="$other not run"
			elif grep -qxF -- "$f" "$tmp/$other.findings"; then
				whose="also on $other"
			else
				whose="$k only"
			fi
			echo "FAIL: fuzz $k finding: $f ($whose); console log $run/console.log"
		done <"$tmp/$k.findings"
	} >"$tmp/verdicts"
	cat "$tmp/verdicts"
	grep -q '^FAIL: ' "$tmp/verdicts" && bad=1
done
exit $bad
