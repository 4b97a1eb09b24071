#!/bin/sh
# Read KTAP (KUnit in a kernel log, or what a guest script printed) with
# the kernel's own parser, 'kunit.py parse --json', and print one
# PASS:/FAIL:/SKIP: line per test case: 'PASS: PREFIX GROUP<SEP>CASE'.
# Usage: ktap-results.sh [--optional] TREE FILE PREFIX [SEP]
# SEP defaults to ' '; PREFIX may be empty.  A FILE without any KTAP is
# one failure, or with --optional one skip.
set -u
. "$(dirname "$0")/lib.sh"

usage() {
	cat <<'EOF'
Usage: ktap-results.sh [--optional] TREE FILE PREFIX [SEP]
Read the KTAP in FILE with TREE's kunit.py; print 'PASS|FAIL|SKIP: PREFIX GROUP<SEP>CASE' per case.
  --optional  a FILE without KTAP is a SKIP, not a FAIL
  TREE        the kernel tree (tools/testing/kunit/kunit.py)
  FILE        a kernel log or a guest script's output
  PREFIX      put before each name (may be '')
  SEP         between a group's name and its case's (' ')
EOF
}
case ${1:-} in -h | --help) usage; exit 0 ;; esac
none=FAIL
[ "${1:-}" = --optional ] && none=SKIP && shift
[ $# = 3 ] || [ $# = 4 ] || usage_error
tree=$1 log=$2 prefix=$3 sep=${4:- }
[ -r "$log" ] || die "cannot read $log"
if ! grep -q 'KTAP version\|TAP version' "$log"; then
	echo "$none: ${prefix:-KTAP} (no KTAP in $log)"
	exit 0
fi
# A kernel log holds a KTAP document per built-in run and module load,
# each starting at the left margin (after the timestamp); kunit.py reads
# one, so hand it each in turn.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tr -d '\r' <"$log" | awk -v dir="$tmp" '/^(\[ *[0-9.]+\] )?(K)?TAP version/ { n++ } n { print > (dir "/ktap." n) }'
for doc in "$tmp"/ktap.*; do
	python3 "$tree/tools/testing/kunit/kunit.py" parse --json="$doc.json" "$doc" >/dev/null 2>&1
	[ -s "$doc.json" ] || echo "FAIL: ${prefix:-KTAP} (kunit.py could not parse ${doc##*/} of $log)"
done
python3 - "$prefix" "$sep" "$tmp"/ktap.*.json <<'PY'
import json, sys
prefix, sep = sys.argv[1], sys.argv[2]
lead = prefix + " " if prefix else ""
verdict = {"PASS": "PASS", "SKIP": "SKIP"}
n = 0
def walk(group, path):
    global n
    for case in group["test_cases"]:
        name = sep.join(path + [case["name"].strip() or "(result missing)"])
        status = verdict.get(case["status"], "FAIL")
        note = " (crashed)" if case["status"] == "ERROR" else ""
        print(f"{status}: {lead}{name}{note}")
        n += 1
    for sub in group["sub_groups"]:
        walk(sub, path + [sub["name"].strip()])
for f in sys.argv[3:]:
    with open(f) as j:
        walk(json.load(j), [])
if not n:
    print(f"FAIL: {prefix or 'KTAP'} (kunit.py found no test result)")
PY
