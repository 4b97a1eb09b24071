#!/bin/sh
# Read the KUnit results (KTAP) from a kernel log with the kernel's own
# kunit.py and print one PASS:/FAIL:/SKIP: line per test case.
# Usage: kunit-results.sh TREE DMESG
set -u
tree=$1
log=$(cd "$(dirname "$2")" && pwd)/${2##*/}

if ! grep -q 'KTAP version\|TAP version' "$log"; then
	echo "SKIP: kunit (no KUnit suite ran in this kernel)"
	exit 0
fi
# Each built-in run and each module load prints a KTAP document of its
# own; kunit.py reads one, so hand it each in turn.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
awk -v dir="$tmp" '/^(\[ *[0-9.]+\] )?(K)?TAP version/ { n++ } n { print > (dir "/ktap." n) }' "$log"
for doc in "$tmp"/ktap.*; do
	python3 "$tree/tools/testing/kunit/kunit.py" parse "$doc" 2>&1
done | awk '
	{ sub(/^\[[0-9:]+\] /, "") }
	/^=+ [^ ]+ \([0-9]+ subtests?\) =+$/ { suite = $2; next }
	/^=/ { next }
	/^\[PASSED\] / { sub(/^\[PASSED\] /, ""); print "PASS: kunit " suite "." $0; n++; next }
	/^\[SKIPPED\] / { sub(/^\[SKIPPED\] /, ""); print "SKIP: kunit " suite "." $0; n++; next }
	/^\[(FAILED|CRASHED|TIMED OUT)\] / { print "FAIL: kunit " suite "." substr($0, index($0, "] ") + 2) " " $1; n++; next }
	/^Testing complete/ { done = 1 }
	END {
		if (!n) print "FAIL: kunit (kunit.py found no test result in the kernel log)"
		if (!done) print "FAIL: kunit (kunit.py did not finish parsing)"
	}'
