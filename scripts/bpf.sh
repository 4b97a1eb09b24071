#!/bin/sh
# The BPF selftests (test_progs) on the series and on the base, each on
# its BPF kernel (build-kernel.sh ... bpf: the test kernel's config and
# tools/testing/selftests/bpf/config, in DIR/obj-bpf).
#   check   the tests of tests/bpf-subset on the series, compared with
#           the base's record, tests/bpf-base ('make check-full');
#   record  the same tests on the base: writes tests/bpf-base;
#   full    every trampoline test of the tree (bpf-trampoline-tests.sh)
#           on both kernels, compared ('make bpf').
# Usage: bpf.sh check|record|full [TREE]   TREE: the series' git tree
# (default BUILD/linux, tag 'base' its base).
set -u
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)

usage() {
	cat <<'EOF'
Usage: bpf.sh check|record|full [TREE]
The BPF selftests (test_progs) on the series and on the base, each on its BPF kernel.
  check          tests/bpf-subset on the series, against the base's, tests/bpf-base (make check-full)
  record         tests/bpf-subset on the base: writes tests/bpf-base (make bpf-base)
  full           every trampoline test of the tree on both kernels, compared (make bpf)
  TREE           the series' git tree, its base tagged 'base' (BUILD/linux)
Environment:
  GUEST_TIMEOUT  seconds for each guest (check, record: 600; full: 2400)
  BUILD          the build directory (build)
  GUEST_ACCEL    and the other knobs of boot-guest.sh (boot-guest.sh -h)
EOF
}
case ${1:-} in -h | --help) usage; exit 0 ;; esac
mode=${1:-}
tree=${2:-$BUILD/linux}
case $mode in check | record | full) ;; *) usage_error "${mode:+no mode '$mode'}" ;; esac
[ $# -le 2 ] || usage_error
[ -d "$tree/.git" ] || die "$tree: not a git tree (make tree)"
record=$TOP/tests/bpf-base
# The record names the base it was made on; make check refuses it for
# another.
origin="# base tree $(git -C "$tree" rev-parse 'base^{tree}')" || exit 1

# kernel DIR SRC [--lenient]: the BPF kernel and test_progs of SRC, in
# DIR/obj-bpf and DIR/bpf-selftests.
kernel() {
	"$here/build-kernel.sh" ${3:-} "$2" "$1/obj-bpf" bpf &&
		"$here/build-bpf-selftests.sh" "$2" "$1/obj-bpf" "$1/bpf-selftests"
}

# base: the base's sources in BUILD/bpf-base/linux, beside its objects
# as the series' are (ccache then sees the same relative paths); it
# lacks the series' own test options of the test kernel's fragment.
b=$BUILD/bpf-base
base() {
	worktree "$tree" "$b/linux" base && kernel "$b" "$b/linux" --lenient
}
# The subset runs in about 30 s of a guest's time.
subset_timeout=${GUEST_TIMEOUT:-600}

case $mode in
check)
	grep -qxF "$origin" "$record" ||
		die "$record was not recorded on this base ($origin): run 'make bpf-base'"
	kernel "$BUILD" "$tree" || exit 1
	GUEST_TIMEOUT=$subset_timeout "$here/check-bpf.sh" --base "$record" "$BUILD/obj-bpf" "$BUILD/bpf-selftests" "$TOP/tests/bpf-subset" bpf
	;;
record)
	base || exit 1
	GUEST_TIMEOUT=$subset_timeout "$here/check-bpf.sh" "$b/obj-bpf" "$b/bpf-selftests" "$TOP/tests/bpf-subset" bpf-base >"$b/lines"
	rc=$?
	cat "$b/lines"
	grep -q '^PASS: guest ' "$b/lines" || die "the base's guest did not run cleanly; $record is left as it was"
	! grep -q '^FAIL: bpf .* (no result)$' "$b/lines" ||
		die "a test of tests/bpf-subset reported nothing (above): fix the list; $record is left as it was"
	# A test that fails on the base is recorded: make check reads a
	# failure on both kernels as an environment limit.
	{
		echo "$origin"
		grep -E '^(PASS|FAIL|SKIP): bpf ' "$b/lines"
	} >"$b/record" || die "no test results; $record is left as it was"
	cp "$b/record" "$record"
	say "wrote $record ($(wc -l <"$record") lines); commit it with the change that made it differ"
	exit $rc
	;;
full)
	list=$BUILD/bpf-full.list
	"$here/bpf-trampoline-tests.sh" "$tree" >"$list" || exit 1
	# tests/bpf-subset's left-out subtests are left out here too.
	grep '^-' "$TOP/tests/bpf-subset" >>"$list"
	base && kernel "$BUILD" "$tree" || exit 1
	"$here/check-bpf.sh" "$b/obj-bpf" "$b/bpf-selftests" "$list" bpf-full-base >"$b/full.lines"
	"$here/check-bpf.sh" "$BUILD/obj-bpf" "$BUILD/bpf-selftests" "$list" bpf-full >"$BUILD/bpf-full.lines"
	rc=0
	"$here/bpf-compare.sh" "$BUILD/runs/bpf-full-base/results" "$BUILD/runs/bpf-full/results" || rc=1
	# Some of these tests make the base itself splat under the debug
	# config: a splat of the series' guest fails only if the base's
	# guest has each of its findings (splat-findings.sh); the base's
	# guest must have run.
	bv=$(cat "$BUILD/runs/bpf-full-base/verdict" 2>/dev/null) sv=$(cat "$BUILD/runs/bpf-full/verdict" 2>/dev/null)
	bf=$b/full.findings sf=$BUILD/bpf-full.findings
	: >"$bf"
	[ "$bv" != splat ] || "$here/splat-findings.sh" "$BUILD/runs/bpf-full-base" >"$bf" || rc=1
	case $bv in
	ok) echo "PASS: guest bpf-full-base: ok" ;;
	splat) echo "SKIP: guest bpf-full-base: splat (the base's own: $(paste -sd';' "$bf"))" ;;
	*) echo "FAIL: guest bpf-full-base: ${bv:-no verdict}" && rc=1 ;;
	esac
	case $sv in
	ok) echo "PASS: guest bpf-full: ok" ;;
	splat)
		if ! "$here/splat-findings.sh" "$BUILD/runs/bpf-full" >"$sf" || ! grep -q . "$sf"; then
			echo "FAIL: guest bpf-full: splat that splat-findings.sh cannot name (see $BUILD/runs/bpf-full/dmesg)" && rc=1
		elif new=$(grep -vxF -f "$bf" "$sf" | paste -sd';') && [ -n "$new" ]; then
			echo "FAIL: guest bpf-full: splat the base lacks: $new" && rc=1
		else
			echo "SKIP: guest bpf-full: splat, each finding also the base's"
		fi
		;;
	*) echo "FAIL: guest bpf-full: ${sv:-no verdict}" && rc=1 ;;
	esac
	exit $rc
	;;
esac
