#!/bin/sh
# 'make check': set up, then run the tests every change must pass, and
# finish with the plain summary line 'N passed, N failed, N skipped'.
# --full ('make check-full') adds the steps that do not fit CI's budget:
# the build matrix's CI subset (uniprocessor and i386 builds) and the BPF
# selftests, whose kernel (bpf.sh) is a second cold build.  Each step prints
# PASS:/FAIL:/SKIP: lines; a step that cannot run at all counts as one
# failure.  The exit status is 1 if any FAIL: line was printed.  The
# verdict lines and the summary are kept in BUILD/check-summary.txt.
set -u
. "$(dirname "$0")/lib.sh"
usage() {
	cat <<'EOF'
Usage: check.sh [--full]
make check: set up, run the tests every change must pass, end 'N passed, N failed, N skipped' (BUILD/check-summary.txt).
  --full         also the build matrix's CI subset (uniprocessor, i386) and the BPF
                 selftests against the base (make check-full)
Environment:
  BUILD          the build directory (build)
  GUEST_TIMEOUT  and the other knobs of the steps' scripts (their -h); KSELFTESTS is ignored
EOF
}
case ${1:-} in -h | --help) usage; exit 0 ;; esac
# make check runs every kselftest (check-guest.sh would run only these).
unset KSELFTESTS
cd "$TOP" || exit 1
full=0
case ${1:-} in
'') ;;
--full) full=1 ;;
*) usage_error "no option '$1'" ;;
esac
[ $# -le 1 ] || usage_error

results=$(mktemp)
trap 'rm -f "$results"' EXIT
start=$(date +%s)

# step NAME COMMAND...: run COMMAND, echo its output, keep the verdicts,
# each prefixed with $edition ('' for the 6.12 edition, '7.3: ' for the
# mainline one, whose checks have the same names).
edition=
step() {
	name=$1
	shift
	echo "== $name ($(($(date +%s) - start)) s)"
	out=$(mktemp)
	{
		"$@"
		echo $? >"$out.rc"
	} 2>&1 | sed -E "s/^(PASS|FAIL|SKIP): /\1: $edition/" | tee "$out"
	rc=$(cat "$out.rc")
	rm -f "$out.rc"
	grep -E '^(PASS|FAIL|SKIP): ' "$out" >>"$results"
	if [ $rc != 0 ] && ! grep -q '^FAIL: ' "$out"; then
		echo "FAIL: $edition$name (exit $rc)" | tee -a "$results"
	elif ! grep -qE '^(PASS|FAIL|SKIP): ' "$out"; then
		echo "PASS: $edition$name" | tee -a "$results"
	fi
	rm -f "$out"
	return $rc
}

step "install packages" scripts/install-deps.sh || exit 1
step "base and series" scripts/make-tree.sh "$BUILD/linux" patches &&
	step "series hygiene" scripts/check-series.sh "$BUILD/linux" patches &&
	step "build test kernel" scripts/build-kernel.sh "$BUILD/linux" "$BUILD/obj-test" test &&
	{
		step "bisectability" scripts/build-matrix.sh "$BUILD/linux" bisect
		[ $full = 0 ] || step "build matrix (CI subset)" scripts/build-matrix.sh --ci "$BUILD/linux"
		step "build guest tools" scripts/build-guest-tools.sh "$BUILD/linux" "$BUILD/obj-test" && {
			step "test guest" scripts/check-guest.sh "$BUILD/obj-test" &&
				step "stress (short)" scripts/stress.sh --short "$BUILD/obj-test"
			step "test guest under KVM" scripts/check-kvm.sh "$BUILD/obj-test"
		}
		[ $full = 0 ] || step "BPF selftests against the base" scripts/bpf.sh check
	}
# The mainline edition: its series applies, is clean and builds at the
# top; its test kernel runs its kselftests and KUnit.  Bisectability and
# its mutants are make check-full's and make mutants-7.3's.
edition='7.3: '
step "base and series" scripts/make-tree.sh "$BUILD/linux-7.3" patches-7.3 BASE-7.3 &&
	step "series hygiene" scripts/check-series.sh "$BUILD/linux-7.3" patches-7.3 &&
	step "build test kernel" scripts/build-kernel.sh "$BUILD/linux-7.3" "$BUILD/obj-test-7.3" test &&
	{
		[ $full = 0 ] || step "bisectability" scripts/build-matrix.sh "$BUILD/linux-7.3" bisect
		step "build guest tools" scripts/build-guest-tools.sh --no-bpf-bench "$BUILD/linux-7.3" "$BUILD/obj-test-7.3" &&
			step "test guest" scripts/check-guest.sh "$BUILD/obj-test-7.3" check-7.3
	}
edition=
step "harness tests" tests/run.sh

echo "== done in $(($(date +%s) - start)) s"
grep '^SKIP: ' "$results" | sed 's/^/  /'
grep '^FAIL: ' "$results" | sed 's/^/  /'
pass=$(grep -c '^PASS: ' "$results")
fail=$(grep -c '^FAIL: ' "$results")
skip=$(grep -c '^SKIP: ' "$results")
echo "$pass passed, $fail failed, $skip skipped"
# Kept after the run: every verdict line, then the summary line.
mkdir -p "$BUILD" &&
	{ cat "$results" && echo "$pass passed, $fail failed, $skip skipped"; } >"$BUILD/check-summary.txt.new" &&
	mv "$BUILD/check-summary.txt.new" "$BUILD/check-summary.txt"
[ "$fail" = 0 ]
