#!/bin/sh
# The one way the harness runs a guest: boot BZIMAGE, run COMMAND in it
# (boot-guest.sh) and keep the run in BUILD/runs/NAME/ (emptied first):
# boot-guest.sh's files (console.log, dmesg, status, verdict), output
# (what COMMAND printed), boot.err (boot-guest.sh's messages) and
# summary, the run's verdict lines, which are also printed:
#   the guest's own line, 'PASS: guest NAME: ok' (it booted, ran
#   COMMAND to its end, and its kernel log has no splat) or 'FAIL: guest
#   NAME: VERDICT', VERDICT boot-guest.sh's one word (splat, timeout,
#   panic, qemu-error, no-status; none if boot-guest.sh stopped before
#   it booted), which is also in NAME/verdict;
#   with --kunit, a line per KUnit case in the kernel log (a log with no
#   KTAP at all fails: the suites did not run);
#   with --ktap PREFIX, a line per test of the KTAP in output
#   (ktap-results.sh; PREFIX may be empty), also of a run cut short:
#   what it finished passes, the rest fails as missing.
# --tee: COMMAND's output goes to this terminal too, as it comes.
# Usage: guest-run.sh [--tee] [--kunit] [--ktap PREFIX] NAME BZIMAGE COMMAND
# Exits 1 if the verdict is not ok or a line of the summary is a FAIL,
# else with COMMAND's exit status.  GUEST_* as for boot-guest.sh.
set -u
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)

usage() {
	cat <<'EOF'
Usage: guest-run.sh [--tee] [--kunit] [--ktap PREFIX] NAME BZIMAGE COMMAND
Run COMMAND in a guest of BZIMAGE (boot-guest.sh), the run kept in BUILD/runs/NAME; its verdicts.
  --tee          COMMAND's output to this terminal too, as it comes
  --kunit        a verdict line per KUnit case in the kernel log
  --ktap PREFIX  a verdict line per test of the KTAP that COMMAND prints, after PREFIX (may be '')
  NAME           the run's name, relative, without '..'
  BZIMAGE        the kernel image
  COMMAND        one shell command, run in the guest
Environment:
  BUILD          the build directory (build)
  KTAP_TREE      the kernel tree whose kunit.py parses the KTAP (BUILD/linux)
  GUEST_ACCEL    and the other knobs of boot-guest.sh (boot-guest.sh -h)
EOF
}
kunit=0 ktap=0 prefix= tee=0
while :; do
	case ${1:-} in
	-h | --help) usage; exit 0 ;;
	--tee) tee=1; shift ;;
	--kunit) kunit=1; shift ;;
	--ktap) [ $# -ge 2 ] || usage_error "--ktap needs a PREFIX"; ktap=1 prefix=$2; shift 2 ;;
	-?*) usage_error "no option '$1'" ;;
	*) break ;;
	esac
done
[ $# = 3 ] || usage_error
name=$1 kernel=$2 cmd=$3
case $name in
'' | /* | *..*) die "guest-run.sh: NAME must be a relative name without '..', not '$name'" ;;
esac
run=$BUILD/runs/$name
rm -rf "$run"
mkdir -p "$run"
if [ $tee = 1 ]; then
	{
		"$here/boot-guest.sh" "$kernel" "$run" "$cmd" 2>"$run/boot.err"
		echo $? >"$run/rc"
	} | tee "$run/output"
	rc=$(cat "$run/rc")
	rm -f "$run/rc"
else
	"$here/boot-guest.sh" "$kernel" "$run" "$cmd" >"$run/output" 2>"$run/boot.err"
	rc=$?
fi
verdict=$(cat "$run/verdict" 2>/dev/null || echo none)
{
	if [ "$verdict" = ok ]; then
		echo "PASS: guest $name: ok"
	else
		echo "FAIL: guest $name: $verdict"
	fi
	# The kernel log is complete only after a complete run (a splat
	# comes after one); the command's KTAP says what it finished.
	case $verdict in
	ok | splat) [ $kunit = 0 ] || "$here/ktap-results.sh" "${KTAP_TREE:-$BUILD/linux}" "$run/dmesg" kunit . ;;
	esac
	[ $ktap = 0 ] || [ ! -s "$run/output" ] || "$here/ktap-results.sh" "${KTAP_TREE:-$BUILD/linux}" "$run/output" "$prefix"
} >"$run/summary.new"
mv "$run/summary.new" "$run/summary"
cat "$run/summary"
[ "$verdict" = ok ] || { sed 's/^/    /' "$run/boot.err" >&2; exit 1; }
grep -q '^FAIL: ' "$run/summary" && exit 1
exit $rc
