#!/bin/sh
# The BPF selftests (test_progs) on the series and on the base, each on
# its own BPF selftests' kernel (build-kernel.sh ... bpf: the test
# kernel's checks plus tools/testing/selftests/bpf/config).
#   check   the tests of tests/bpf-subset on the series, compared with
#           the base's record, tests/bpf-base ('make check');
#   record  the same tests on the base: writes tests/bpf-base;
#   full    every trampoline test of the tree (bpf-trampoline-tests.sh)
#           on both kernels, compared ('make bpf').
# Usage: bpf.sh check|record|full [TREE]   TREE: the series' git tree
# (default BUILD/linux, tag 'base' its base).
set -u
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)

mode=${1:-}
tree=${2:-$BUILD/linux}
case $mode in check | record | full) ;; *) die "usage: bpf.sh check|record|full [TREE]" ;; esac
[ -d "$tree/.git" ] || die "$tree: not a git tree (make tree)"
record=$TOP/tests/bpf-base

# kernel NAME SRC [--lenient]: the BPF kernel and test_progs of SRC, in
# BUILD/obj-bpfNAME and BUILD/bpfNAME-selftests.
kernel() {
	"$here/build-kernel.sh" ${3:-} "$2" "$BUILD/obj-bpf$1" bpf &&
		"$here/build-bpf-selftests.sh" "$2" "$BUILD/obj-bpf$1" "$BUILD/bpf$1-selftests"
}

# base: the base's sources in BUILD/src-bpf-base; it lacks the series'
# own test options of the test kernel's fragment.
base() {
	worktree "$tree" "$BUILD/src-bpf-base" base && kernel -base "$BUILD/src-bpf-base" --lenient
}

case $mode in
check)
	kernel "" "$tree" || exit 1
	# The subset runs in about 30 s of a guest's time.
	GUEST_TIMEOUT=${GUEST_TIMEOUT:-600} "$here/check-bpf.sh" --base "$record" "$BUILD/obj-bpf" "$BUILD/bpf-selftests" "$TOP/tests/bpf-subset" bpf
	;;
record)
	base || exit 1
	GUEST_TIMEOUT=${GUEST_TIMEOUT:-600} "$here/check-bpf.sh" "$BUILD/obj-bpf-base" "$BUILD/bpf-base-selftests" "$TOP/tests/bpf-subset" bpf-base >"$BUILD/bpf-base.lines"
	rc=$?
	cat "$BUILD/bpf-base.lines"
	grep -q '^PASS: guest ' "$BUILD/bpf-base.lines" || die "the base's guest did not run cleanly; $record is left as it was"
	grep -E '^(PASS|FAIL|SKIP): bpf ' "$BUILD/bpf-base.lines" >"$record.new" && mv "$record.new" "$record" ||
		die "no test results; $record is left as it was"
	say "wrote $record ($(wc -l <"$record") tests); commit it with the change that made it differ"
	exit $rc
	;;
full)
	list=$BUILD/bpf-full.list
	"$here/bpf-trampoline-tests.sh" "$tree" >"$list" || exit 1
	# tests/bpf-subset's left-out subtests are left out here too.
	grep '^-' "$TOP/tests/bpf-subset" >>"$list"
	base && kernel "" "$tree" || exit 1
	"$here/check-bpf.sh" "$BUILD/obj-bpf-base" "$BUILD/bpf-base-selftests" "$list" bpf-full-base >"$BUILD/bpf-full-base.lines"
	grep -E '^(PASS|FAIL|SKIP): bpf ' "$BUILD/bpf-full-base.lines" >"$BUILD/bpf-full-base.record"
	"$here/check-bpf.sh" --base "$BUILD/bpf-full-base.record" "$BUILD/obj-bpf" "$BUILD/bpf-selftests" "$list" bpf-full >"$BUILD/bpf-full.lines"
	rc=$?
	grep -v '^[A-Z]*: guest ' "$BUILD/bpf-full.lines"
	# Some of these tests make the base itself splat under the debug
	# config: a splat of the series' guest fails only if the base's
	# guest lacks it (splat-findings.sh); the base's guest must have run.
	bv=$(cat "$BUILD/runs/bpf-full-base/verdict" 2>/dev/null) sv=$(cat "$BUILD/runs/bpf-full/verdict" 2>/dev/null)
	case $bv in
	ok) echo "PASS: guest bpf-full-base: ok" ;;
	splat) echo "SKIP: guest bpf-full-base: splat (the base's own: $("$here/splat-findings.sh" "$BUILD/runs/bpf-full-base" | paste -sd';'))" ;;
	*) echo "FAIL: guest bpf-full-base: ${bv:-no verdict}" && rc=1 ;;
	esac
	if [ "$sv" = splat ] && [ "$bv" = splat ]; then
		"$here/splat-findings.sh" "$BUILD/runs/bpf-full-base" >"$BUILD/bpf-full-base.findings"
		new=$("$here/splat-findings.sh" "$BUILD/runs/bpf-full" | grep -vxF -f "$BUILD/bpf-full-base.findings" | paste -sd';')
		if [ -z "$new" ]; then
			echo "SKIP: guest bpf-full: splat, each also on the base (the base's own)"
		else
			echo "FAIL: guest bpf-full: splat the base lacks: $new" && rc=1
		fi
	else
		grep '^[A-Z]*: guest ' "$BUILD/bpf-full.lines"
		[ "$sv" = ok ] || rc=1
	fi
	exit $rc
	;;
esac
