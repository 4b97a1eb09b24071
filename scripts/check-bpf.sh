#!/bin/sh
# Boot the BPF selftests' kernel in OBJ and run the test_progs tests
# named in LIST (a name per line, '#' comments allowed; '-TEST/SUBTEST'
# leaves that subtest out) from SELFTESTS,
# where build-bpf-selftests.sh built them for that kernel (guest-run.sh,
# run NAME; test_progs' output and JSON report stay in BUILD/runs/NAME).
# Without --base, prints the guest's line and a 'PASS|FAIL|SKIP: bpf
# TEST' line per test and subtest (TEST/SUBTEST): the record of that
# kernel; a test of LIST that reported nothing (a misspelt name, a run
# cut short) is 'FAIL: bpf TEST (no result)'.  With --base RECORD (such
# lines, of the base), prints the guest's line and bpf-compare.sh's
# lines: a test that fails on both is an environment limit (SKIP), any
# other difference a FAIL.  Exits 1 if the guest's verdict is not ok or
# a line printed is a FAIL.
# Usage: check-bpf.sh [--base RECORD] OBJ SELFTESTS LIST NAME
set -u
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)

usage() {
	cat <<'EOF'
Usage: check-bpf.sh [--base RECORD] OBJ SELFTESTS LIST NAME
Boot the kernel in OBJ and run the test_progs tests of LIST; a verdict line per test and subtest.
  --base RECORD  compare with the base's verdicts in RECORD (bpf-compare.sh)
  OBJ            the kernel (its bzImage)
  SELFTESTS      build-bpf-selftests.sh's output for that kernel
  LIST           a test per line, '#' comments, '-TEST/SUBTEST' leaves a subtest out
  NAME           the guest run's name, BUILD/runs/NAME
Environment:
  GUEST_TIMEOUT  seconds for the guest (2400)
  BUILD          the build directory (build)
  GUEST_ACCEL    and the other knobs of boot-guest.sh (boot-guest.sh -h)
EOF
}
case ${1:-} in -h | --help) usage; exit 0 ;; esac
base=
if [ "${1:-}" = --base ]; then
	[ -n "${2:-}" ] || usage_error "--base needs a RECORD"
	base=$2
	shift 2
fi
[ $# = 4 ] || usage_error
obj=$(cd "$1" && pwd) || exit 1
selftests=$(cd "$2" && pwd) || exit 1
name=$4
[ -x "$selftests/test_progs" ] || die "no $selftests/test_progs: build it first (build-bpf-selftests.sh)"
[ -z "$base" ] || [ -r "$base" ] || die "cannot read the base record $base"
list=$BUILD/runs/$name.list
mkdir -p "$(dirname "$list")"
sed -e 's/#.*//' -e 's/[[:space:]]*$//' -e '/^$/d' "$3" >"$list.all" || die "cannot read the test list $3"
bad=$(grep -nvE '^(-[A-Za-z0-9_]+/)?[A-Za-z0-9_]+$' "$list.all" | head -n 1) || true
[ -z "$bad" ] || die "$3: '${bad#*:}' is not a test_progs test name (or -TEST/SUBTEST)"
grep -v '^-' "$list.all" >"$list" || die "$3 names no test"
grep '^-' "$list.all" | cut -c2- >"$list.deny" || true

# tests/bpf-subset's 13 tests run in about 30 s of a guest's time, boot
# included; the default is for the full list (bpf.sh full).
GUEST_TIMEOUT=${GUEST_TIMEOUT:-2400} "$here/guest-run.sh" --ktap bpf "$name" "$obj/arch/x86/boot/bzImage" \
	"sh $TOP/guest/bpf-tests.sh $selftests $(cd "$(dirname "$list")" && pwd)/${list##*/}" >"$BUILD/runs/$name.lines"
run=$BUILD/runs/$name
rc=0
[ "$(cat "$run/verdict" 2>/dev/null)" = ok ] || rc=1
grep -E '^(PASS|FAIL|SKIP): guest ' "$BUILD/runs/$name.lines"
grep -E '^(PASS|FAIL|SKIP): bpf ' "$BUILD/runs/$name.lines" >"$run/results"
while read -r t; do
	grep -qE "^[A-Z]+: bpf $t( |\$)" "$run/results" || echo "FAIL: bpf $t (no result)"
done <"$list" >>"$run/results"
if [ -z "$base" ]; then
	cat "$run/results"
	! grep -q '^FAIL: ' "$run/results" || rc=1
	exit $rc
fi
"$here/bpf-compare.sh" "$base" "$run/results" || rc=1
exit $rc
