#!/bin/sh
# 'make mutants': prove that the tests can fail.  Each tests/mutants/*.patch
# breaks one property that a test claims to check; its header names the
# checks that must catch it:
#   Mutant: what is broken
#   Tree: base                 (optional: build the base itself, no patch)
#   Caught-by: <check>         (one per line, as make check names them
#                               after 'FAIL: ', e.g. 'kunit suite.case',
#                               'kselftest perf_events: prog', matched
#                               whole; 'splat' is the guest's verdict
#                               splat, guest-run.sh)
#   Needs: what the checks need (optional, said when they skip)
#   Notes: free text (optional, not read)
#   Only: named                (optional: of the kselftests, run only
#                               those named in Caught-by, so that an
#                               earlier test's splat cannot end the run
#                               before they have failed on their own)
#   Run: bpf                   (optional: build test_progs for the
#                               mutant's test kernel and run
#                               tests/bpf-subset instead, bpf.sh's
#                               check; its checks are 'bpf TEST')
# The mutant is applied at the top of the series (or replaces it, with
# 'Tree: base'), the test kernel is built from it and booted with the
# guest tests built from the series.  A mutant is caught when one of its
# named checks FAILs; a splat in the guest log counts too, and says so.
# One whose named checks all SKIP (a test that needs a PMU, here) is
# 'untested': neither caught nor survived, and the run does not fail.
# Usage: mutants.sh TREE SERIES-OBJ [MUTANT...]   (names without .patch)
# Prints a table and PASS:/FAIL: per mutant; exits non-zero if one survived.
# Each mutant's guest run is BUILD/runs/mutant/NAME/ (guest-run.sh).
# The table (BUILD/mutants/table.txt) has a row for every mutant in
# tests/mutants whose last run was on the same code at the top of the
# series with the same mutant patch, so mutants can be run a few at a
# time; the exit status is this run's.
set -u
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)

usage() {
	cat <<'EOF'
Usage: mutants.sh TREE SERIES-OBJ [MUTANT...]
make mutants: each tests/mutants/*.patch must fail the checks its Caught-by: lines name.
  TREE           the series' git tree
  SERIES-OBJ     the test kernel built from TREE, with guest-tools/
  MUTANT...      only these, names without .patch (all)
Environment:
  GUEST_TIMEOUT  seconds for each mutant's guest (300)
  MUTANTS_DIR    the mutants, below the top directory (tests/mutants; the
                 mainline edition's: tests/mutants-7.3, table in BUILD/mutants-7.3)
  BUILD          the build directory: BUILD/mutants/table.txt (build)
EOF
}
case ${1:-} in -h | --help) usage; exit 0 ;; esac
[ $# -ge 2 ] || usage_error

tree=$(cd "$1" && pwd)
sobj=$(cd "$2" && pwd)
shift 2
[ -d "$sobj/guest-tools/kselftest" ] || die "no guest tools in $sobj: run 'make tools' first"
# The same layout as the test kernel's (linux/ beside the object
# directory): ccache sees the same relative paths and reuses every object
# that the mutant does not change.
# MUTANTS_DIR tests/mutants-7.3 holds the mainline edition's mutants; its
# suffix names the scratch tree and the table's directory.
mdir=$TOP/${MUTANTS_DIR:-tests/mutants}
[ -d "$mdir" ] || die "no mutants directory $mdir"
sfx=${mdir##*/mutants}
src=$BUILD/mutant$sfx/$(basename "$tree")
obj=$BUILD/mutant$sfx/obj
out=$BUILD/mutants$sfx
mkdir -p "$out"

if [ $# -gt 0 ]; then
	list=
	for m in "$@"; do
		[ -f "$mdir/$m.patch" ] || die "no mutant $mdir/$m.patch"
		list="$list $mdir/$m.patch"
	done
else
	list=$(ls "$mdir"/*.patch)
fi

head=$(git -C "$tree" rev-parse HEAD)
head_tree=$(git -C "$tree" rev-parse "HEAD^{tree}")

table="$out/table.txt"
mkdir -p "$out/rows"
# key MUTANT: what a row was measured on: the series' code and the mutant.
key() { echo "$head_tree $(git hash-object "$1")"; }
# all_in NAMES LINES: every line of NAMES is one of LINES, whole or
# followed by a space (a reason).
all_in() {
	printf '%s\n' "$1" | while IFS= read -r w; do
		printf '%s\n' "$2" | awk -v w="$w" '$0 == w || index($0, w " ") == 1 { f = 1 } END { exit !f }' || exit 1
	done
}
survived=0
for m in $list; do
	name=$(basename "$m" .patch)
	start=$(date +%s)
	log="$out/$name.log"
	want=$(sed -n 's/^Caught-by: *//p' "$m")
	[ -n "$want" ] || die "$m names no Caught-by check"
	base=$(sed -n 's/^Tree: *//p' "$m")
	only=
	case $(sed -n 's/^Only:[[:space:]]*//p' "$m" | sed 's/[[:space:]]*$//') in
	'') ;;
	named)
		only=$(printf '%s\n' "$want" | sed -n 's/^kselftest \([^:]*\): *\(.*\)$/\1:\2/p' | paste -sd ' ' -)
		[ -n "$only" ] || die "$m: 'Only: named' but no kselftest in Caught-by"
		for t in $only; do
			grep -qFx "$t" "$sobj/guest-tools/kselftest/kselftest-list.txt" ||
				die "$m: Caught-by names kselftest '$t', which the guest tools do not have"
		done
		;;
	*) die "$m: 'Only:' takes one value, 'named'" ;;
	esac
	kind=test kobj=$obj
	case $(sed -n 's/^Run:[[:space:]]*//p' "$m" | sed 's/[[:space:]]*$//') in
	'') ;;
	bpf) kind=bpf ;;
	*) die "$m: 'Run:' takes one value, 'bpf'" ;;
	esac
	[ $kind = test ] || [ -z "$only" ] || die "$m: 'Only:' is for the test kernel's kselftests, not 'Run: bpf'"
	worktree "$tree" "$src" "$head"
	result=
	if [ "$base" = base ]; then
		worktree "$tree" "$src" base
	elif ! git -C "$src" apply "$m" 2>"$log"; then
		result="BROKEN" why="does not apply at the top of the series (see $log)"
	fi
	if [ -z "$result" ]; then
		# The base lacks the series' options: merge leniently there.
		opt=
		[ "$base" = base ] && opt=--lenient
		if ! "$here/build-kernel.sh" $opt "$src" "$kobj" $kind >"$log" 2>&1; then
			result="BROKEN" why="does not build (see $log)"
		elif [ $kind = bpf ] && ! "$here/build-bpf-selftests.sh" "$src" "$kobj" "$BUILD/mutant/bpf-selftests" >>"$log" 2>&1; then
			result="BROKEN" why="its BPF selftests do not build (see $log)"
		fi
	fi
	run=$BUILD/runs/mutant/$name
	if [ -z "$result" ] && [ $kind = bpf ]; then
		rm -rf "$run"
		GUEST_TIMEOUT=${GUEST_TIMEOUT:-300} "$here/check-bpf.sh" "$kobj" "$BUILD/mutant/bpf-selftests" "$TOP/tests/bpf-subset" "mutant/$name" >>"$log" 2>&1
	elif [ -z "$result" ]; then
		# The tests come from the series: the mutant must fail them, not
		# lack them.
		rm -rf "$obj/guest-tools"
		ln -s "$sobj/guest-tools" "$obj/guest-tools"
		# A healthy test guest finishes in about two minutes; a mutant
		# that hangs it should not hold the run for the default 15.
		rm -rf "$run"
		KSELFTESTS=$only GUEST_TIMEOUT=${GUEST_TIMEOUT:-300} "$here/check-guest.sh" "$obj" "mutant/$name" >>"$log" 2>&1
	fi
	# A guest that never booted says nothing about the mutant.
	if [ -z "$result" ] && [ ! -f "$run/verdict" ]; then
		result="BROKEN" why="its guest never booted (no verdict; see $log)"
	fi
	if [ -z "$result" ]; then
		failed=$(sed -n 's/^FAIL: //p' "$run/summary" 2>/dev/null)
		passed=$(sed -n 's/^PASS: //p' "$run/summary" 2>/dev/null)
		skipped=$(sed -n 's/^SKIP: //p' "$run/summary" 2>/dev/null)
		# The guest's verdict (guest-run.sh), one word.
		verdict=$(cat "$run/verdict" 2>/dev/null || echo none)
		hit=
		while IFS= read -r w; do
			if [ "$w" = splat ]; then
				[ "$verdict" = splat ] && hit="$hit${hit:+; }$w"
			elif all_in "$w" "$failed"; then
				hit="$hit${hit:+; }$w"
			fi
		done <<EOF
$want
EOF
		[ "$verdict" != ok ] || verdict=
		if [ -n "$hit" ]; then
			result=caught why=$hit
		elif [ -n "$verdict" ]; then
			ran=
			while IFS= read -r w; do
				all_in "$w" "$passed" && ran="$ran${ran:+; }$w"
			done <<EOF
$want
EOF
			# A hang or panic says whether the kernel warned first.
			case $verdict in
			splat) why="splat in the guest kernel log" ;;
			*)
				why="guest $verdict"
				grep -Eqf "$TOP/guest/splat.ere" "$run/console.log" 2>/dev/null &&
					why="$why after a splat in its kernel log"
				;;
			esac
			result=caught why="$why; ${ran:+passed: $ran}"
			[ -n "$ran" ] || why="${why}the named checks did not report a result"
		elif all_in "$want" "$skipped"; then
			needs=$(sed -n 's/^Needs: *//p' "$m")
			result=untested why="skipped: $(printf '%s\n' "$want" | paste -sd ';' -)${needs:+; needs $needs}"
		else
			result=SURVIVED why="none of: $(printf '%s\n' "$want" | paste -sd ';' -)"
		fi
	fi
	t=$(($(date +%s) - start))
	printf '%-36s %-8s %-58s %ss\n' "$name" "$result" "$why" "$t" >"$out/rows/$name.row"
	key "$m" >"$out/rows/$name.key"
	case $result in
	caught) echo "PASS: mutant $name caught: $why (${t} s)" ;;
	untested) echo "SKIP: mutant $name untested: $why (${t} s)" ;;
	*) survived=$((survived + 1)); echo "FAIL: mutant $name $result: $why (${t} s; log $log)" ;;
	esac
done
worktree "$tree" "$src" "$head"
# The rows of this run and of earlier ones on the same code (changelogs
# may differ) and mutant, in name order.
{
	echo "series top $head (tree $head_tree)"
	printf '%-36s %-8s %-58s %s\n' mutant result "checks that failed (of those named)" time
	for m in "$mdir"/*.patch; do
		name=$(basename "$m" .patch)
		[ "$(cat "$out/rows/$name.key" 2>/dev/null)" = "$(key "$m")" ] || continue
		cat "$out/rows/$name.row"
	done
} >"$table.new"
mv "$table.new" "$table"
echo
cat "$table"
[ "$survived" = 0 ]
