#!/bin/sh
# The problems the kernel reported in a guest run's console log, one
# line per distinct problem (guest/splat.ere's lines, and panics),
# without what changes from run to run (CPU, PID, addresses, offsets,
# line numbers, task names); where the first line does not say where,
# the first location in the next lines (RIP, 'at: FUNC', 'caller is
# FUNC', FILE.c:N).  Two runs' findings compare line by line: make fuzz
# and make bpf tell the base's problems from the series' so.
# Usage: splat-findings.sh RUN-DIR   (it holds boot-guest.sh's console.log)
set -eu
. "$(dirname "$0")/lib.sh"
usage() {
	cat <<'EOF'
Usage: splat-findings.sh RUN-DIR
Print the problems the kernel reported in a guest run's console log, one line per distinct problem.
  RUN-DIR  a guest run, with boot-guest.sh's console.log
EOF
}
case ${1:-} in -h | --help) usage; exit 0 ;; esac
[ $# = 1 ] || usage_error
[ -r "$1/console.log" ] || die "no console log $1/console.log"
tr -d '\r' <"$1/console.log" | awk '
FNR == NR { if ($0 != "Call Trace:") pat = pat (pat == "" ? "" : "|") $0; next }
function norm(s) {
	sub(/^\[ *[0-9.]+\] /, "", s)
	gsub(/CPU: [0-9]+ PID: [0-9]+ /, "", s)
	gsub(/CPU#[0-9]+/, "CPU#N", s)
	gsub(/\+0x[0-9a-f]+\/0x[0-9a-f]+/, "", s)
	gsub(/0x[0-9a-f]+|[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]+/, "ADDR", s)
	gsub(/:[0-9]+/, "", s)
	gsub(/[0-9]+ seconds/, "N seconds", s)
	gsub(/ [0-9]+s!/, " Ns!", s)
	sub(/ code: [^ ]+$/, "", s)
	sub(/task [^ ]+ blocked/, "task blocked", s)
	sub(/ \[[^]]*\]$/, "", s)
	sub(/ +$/, "", s)
	return s
}
function emit(s) { if (!(s in seen)) { seen[s]; print s } }
function where(s) {
	if (match(s, /RIP: [0-9]+:[A-Za-z0-9_.]+\+0x/) || match(s, / at: [A-Za-z0-9_.]+\+0x/) ||
		match(s, /caller is [A-Za-z0-9_.]+\+0x/)) {
		s = substr(s, RSTART, RLENGTH - 3); sub(/.*[: ]/, "", s); return s
	}
	if (match(s, /[A-Za-z0-9_\/-]+\.[ch]:[0-9]+/)) { s = substr(s, RSTART, RLENGTH); sub(/:.*/, "", s); return s }
	return ""
}
pending != "" {
	w = where($0)
	if (w != "" || ++ahead > 8) { emit(pending (w == "" ? "" : " (" w ")")); pending = "" }
}
$0 ~ pat || /Kernel panic/ {
	s = norm($0)
	if (pending != "") { emit(pending); pending = "" }
	if ((s ~ / (in|at) [^ ]/ && s !~ / in preemptible/) || s ~ /Kernel panic/) emit(s); else { pending = s; ahead = 0 }
}
END { if (pending != "") emit(pending) }' "$TOP/guest/splat.ere" -
