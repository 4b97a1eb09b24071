#!/bin/sh
# The scenarios of guest/bench.sh that one bench boot runs, in order,
# from the 'run CLOCK KERNEL [rounds<=N] SCENARIO...' lines of the
# targets file: the kernel's own lines, else those of '*'; a line with
# rounds<=N only in rounds 1 to N.  Without CLOCK: every scenario that
# some line names, one per line.
# Usage: bench-scenarios.sh TARGETS [CLOCK KERNEL ROUND]
set -eu
. "$(dirname "$0")/lib.sh"
[ -r "$1" ] || die "cannot read $1"
if [ $# = 1 ]; then
	awk '$1 == "run" { for (i = 4; i <= NF; i++) if ($i !~ /^rounds<=/) print $i }' "$1" | sort -u
	exit 0
fi
[ $# = 4 ] || die "usage: bench-scenarios.sh TARGETS [CLOCK KERNEL ROUND]"
awk -v c="$2" -v k="$3" -v r="$4" '
$1 != "run" || $2 != c { next }
{ i = 4 }
$4 ~ /^rounds<=/ { if (r + 0 > substr($4, 9) + 0) next; i = 5 }
{ s = ""; for (; i <= NF; i++) s = s " " $i }
$3 == k { own = own s }
$3 == "*" { any = any s }
END { s = own != "" ? own : any; sub(/^ /, "", s); print s }' "$1"
