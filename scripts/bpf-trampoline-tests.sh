#!/bin/sh
# The test_progs tests that attach BPF programs through the trampoline
# (fentry, fexit, fmod_ret), found in the tree, not listed by hand: each
# prog_tests/ file that loads a progs/ file with such a section (by its
# skeleton or its .bpf.o) or names such an attach type, and the tests it
# defines (test_NAME and serial_test_NAME are both NAME to test_progs).
# Usage: bpf-trampoline-tests.sh TREE   Prints one test name per line.
set -eu
. "$(dirname "$0")/lib.sh"
[ $# = 1 ] || die "usage: bpf-trampoline-tests.sh TREE"
d=$1/tools/testing/selftests/bpf
[ -d "$d/prog_tests" ] && [ -d "$d/progs" ] ||
	die "$1: no tools/testing/selftests/bpf/prog_tests and progs (not a kernel tree?)"
files=$(
	for p in $(grep -lE 'SEC\("(fentry|fexit|fmod_ret)(\.s)?[/"]' "$d"/progs/*.c); do
		grep -lE "[\"/]$(basename "$p" .c)\.(l?skel\.h|bpf\.o)\"" "$d"/prog_tests/*.c || true
	done
	grep -lE 'BPF_TRACE_(FENTRY|FEXIT)|BPF_MODIFY_RETURN' "$d"/prog_tests/*.c || true
)
[ -n "$files" ] || die "$d: no test loads an fentry, fexit or fmod_ret program"
# shellcheck disable=SC2086
printf '%s\n' $files | sort -u |
	xargs sed -n 's/^void \(serial_\)\{0,1\}test_\([a-z0-9_]*\)(void).*/\2/p' | sort -u
