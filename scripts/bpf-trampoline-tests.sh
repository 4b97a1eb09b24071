#!/bin/sh
# The test_progs tests that attach BPF programs through the trampoline
# (fentry, fexit, fmod_ret), found in the tree, not listed by hand: each
# prog_tests/ file that loads a progs/ file with such a section (by its
# skeleton or its .bpf.o) or names such an attach type, and the tests it
# defines (test_NAME and serial_test_NAME are both NAME to test_progs).
# Usage: bpf-trampoline-tests.sh TREE   Prints one test name per line.
set -eu
. "$(dirname "$0")/lib.sh"
usage() {
	cat <<'EOF'
Usage: bpf-trampoline-tests.sh TREE
Print the test_progs tests that attach BPF programs through the trampoline, one per line.
  TREE  a kernel tree, with tools/testing/selftests/bpf
EOF
}
case ${1:-} in -h | --help) usage; exit 0 ;; esac
[ $# = 1 ] || usage_error
d=$1/tools/testing/selftests/bpf
[ -d "$d/prog_tests" ] && [ -d "$d/progs" ] ||
	die "$1: no tools/testing/selftests/bpf/prog_tests and progs (not a kernel tree?)"
sec='SEC\("(fentry|fexit|fmod_ret)(\.s)?[/"]'
files=$(
	for p in $(grep -lE "$sec" "$d"/progs/*.c); do
		grep -lE "[\"/]$(basename "$p" .c)\.(l?skel\.h|bpf\.o)\"" "$d"/prog_tests/*.c || true
	done
	grep -lE 'BPF_TRACE_(FENTRY|FEXIT)|BPF_MODIFY_RETURN' "$d"/prog_tests/*.c || true
)
[ -n "$files" ] || die "$d: no test loads an fentry, fexit or fmod_ret program"
# A test named after a progs/ file that is not its own file's name
# (verifier.c's test_verifier_NAME runs progs/verifier_NAME.c alone)
# counts only if that progs/ file has such a section.
# shellcheck disable=SC2086
for f in $(printf '%s\n' $files | sort -u); do
	for n in $(sed -n 's/^void \(serial_\)\{0,1\}test_\([a-z0-9_]*\)(void).*/\2/p' "$f"); do
		if [ "$n" != "$(basename "$f" .c)" ] && [ -f "$d/progs/$n.c" ] &&
			! grep -qE "$sec" "$d/progs/$n.c"; then
			continue
		fi
		echo "$n"
	done
done | sort -u
