# shellcheck shell=sh
# Helpers of the scripts that run inside a guest (guest/*.sh), sourced as
#   . "$(dirname "$0")/lib.sh"
# boot-guest.sh on the host sources it too, for splats().
#
# Every guest script reports in KTAP on its standard output (the kernel's
# kselftest/ktap_helpers.sh, installed with the guest tools): one test
# per check or scenario, details as '#' lines.  Its exit status only
# says whether it ran to the end: the verdicts are in the KTAP.  Figures
# of the bench are '#' lines of the form
#   # RESULT <scenario> <metric> <unit> <value>
# (value a number, or nan when the measurement failed).

GUEST=${GUEST:-$(cd "$(dirname "$0")" && pwd)}

# ktap_start TOOLS-DIR PLAN: load the KTAP helpers, print header and plan.
ktap_start() {
	. "$1/kselftest/kselftest/ktap_helpers.sh"
	ktap_print_header
	ktap_set_plan "$2"
}

# ktap_exit: the totals line, then exit 0 (the verdicts are above).
ktap_exit() {
	ktap_print_totals
	exit 0
}

# stage FILE...: copy binaries (or directories) to /tmp, a tmpfs.  Exec
# over the 9p root is slow and sends bursts of remote-wakeup IPIs, which
# would show up in the figures.
stage() {
	cp -r "$@" /tmp/ || { echo "# cannot copy $* to /tmp"; return 1; }
}

# splats LOG [LINES]: print the problems the kernel reported in LOG
# (WARNING, BUG, lockdep, RCU, KASAN, hung tasks, ...) with their
# context, at most LINES lines (default 80); false if there are none.
splats() {
	grep -Eqf "$GUEST/splat.ere" "$1" || return 1
	grep -E -B5 -A25 -f "$GUEST/splat.ere" "$1" | head -n "${2:-80}"
}
