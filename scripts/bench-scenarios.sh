#!/bin/sh
# The scenarios of guest/bench.sh that one bench boot runs, in order,
# from the 'run CLOCK KERNEL [rounds<=N] SCENARIO...' lines of the
# targets file: the kernel's own lines, else those of '*'; a line with
# rounds<=N only in rounds 1 to N (a kernel with lines of its own never
# gets those of '*', whatever the round).  Without CLOCK: every scenario
# that some line names, one per line, each checked to be a function of
# guest/bench.sh, and every run line's form.
# Usage: bench-scenarios.sh TARGETS [CLOCK KERNEL ROUND]
set -eu
. "$(dirname "$0")/lib.sh"
usage() {
	cat <<'EOF'
Usage: bench-scenarios.sh TARGETS [CLOCK KERNEL ROUND]
Print the scenarios that one bench boot runs; without CLOCK, every scenario named, checked.
  TARGETS  the targets file with the 'run' lines (bench/targets)
  CLOCK    the boot's clock: icount, wall or traced
  KERNEL   the boot's kernel: base, pN, patched, ceiling, v1 or v2
  ROUND    the boot's round, from 1
EOF
}
case ${1:-} in -h | --help) usage; exit 0 ;; esac
[ $# = 1 ] || [ $# = 4 ] || usage_error
[ -r "$1" ] || die "cannot read $1"
if [ $# = 1 ]; then
	bad=$(grep -nE '^run( |$)' "$1" | grep -vE '^[0-9]+:run (icount|wall|traced) [^ ]+( rounds<=[0-9]+)?( [a-z_]+)+$' | head -n 1) || true
	[ -z "$bad" ] || die "$1:${bad%%:*}: malformed line '${bad#*:}': wanted 'run icount|wall|traced KERNEL [rounds<=N] SCENARIO...'"
	list=$(awk '$1 == "run" { for (i = 4; i <= NF; i++) if ($i !~ /^rounds<=/) print $i }' "$1" | sort -u)
	for sc in $list; do
		grep -q "^$sc() {" "$TOP/guest/bench.sh" || die "$1: scenario '$sc' is no function of guest/bench.sh"
	done
	printf '%s\n' $list
	exit 0
fi
awk -v c="$2" -v k="$3" -v r="$4" '
$1 != "run" || $2 != c { next }
$3 == k { hasown = 1 }
{ i = 4 }
$4 ~ /^rounds<=/ { if (r + 0 > substr($4, 9) + 0) next; i = 5 }
{ s = ""; for (; i <= NF; i++) s = s " " $i }
$3 == k { own = own s }
$3 == "*" { any = any s }
END { s = hasown ? own : any; sub(/^ /, "", s); print s }' "$1"
