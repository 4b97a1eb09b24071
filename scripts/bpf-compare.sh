#!/bin/sh
# Compare the BPF selftests' verdicts on the series with the base's:
# both files hold ktap-results.sh lines ('PASS: bpf NAME', 'SKIP: ...',
# 'FAIL: ...').  Prints a line per test: the same verdict on both is
# that verdict, except that a test failing on both is a SKIP (it cannot
# pass here on either kernel: an environment limit); any difference,
# a test missing on one side included, is a FAIL naming both verdicts.
# '#' lines (a record's origin) are skipped.
# Usage: bpf-compare.sh BASE SERIES   Exits 1 if a line is a FAIL.
set -eu
. "$(dirname "$0")/lib.sh"
usage() {
	cat <<'EOF'
Usage: bpf-compare.sh BASE SERIES
The BPF selftests' verdicts on the series against the base's, a line per test; exit 1 on a FAIL.
  BASE    the base's 'PASS|FAIL|SKIP: bpf NAME' lines (tests/bpf-base, or a run's results)
  SERIES  the series' lines
EOF
}
case ${1:-} in -h | --help) usage; exit 0 ;; esac
[ $# = 2 ] || usage_error
for f in "$1" "$2"; do
	[ -r "$f" ] || die "cannot read $f"
	bad=$(grep -nvE '^((PASS|FAIL|SKIP): [^ ]+ [^ ]+( .*)?|#.*)$' "$f" | head -n 1) || true
	[ -z "$bad" ] || die "$f:${bad%%:*}: not a 'PASS|FAIL|SKIP: PREFIX NAME' line: '${bad#*:}'"
	grep -q '^[A-Z]' "$f" || die "$f holds no result"
done
awk '
/^#/ { next }
function name(   s) { s = $0; sub(/^[A-Z]+: /, "", s); sub(/ \(.*$/, "", s); return s }
FILENAME == ARGV[1] { v = $1; sub(/:$/, "", v); b[name()] = v; next }
{ v = $1; sub(/:$/, "", v); n = name(); s[n] = v; order[++k] = n }
END {
	for (n in b) if (!(n in s)) order[++k] = n
	for (i = 1; i <= k; i++) {
		n = order[i]
		bv = (n in b) ? b[n] : "missing"; sv = (n in s) ? s[n] : "missing"
		if (bv != sv) { printf "FAIL: %s (base %s, series %s)\n", n, bv, sv; bad = 1 }
		else if (sv == "FAIL") printf "SKIP: %s (fails on the base too: an environment limit)\n", n
		else printf "%s: %s\n", sv, n
	}
	exit bad
}' "$1" "$2"
