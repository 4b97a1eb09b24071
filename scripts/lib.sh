# shellcheck shell=sh
# Shared helpers and shared knowledge of the host scripts.  Sourced by
# scripts one directory below the top of the repository (scripts/,
# tests/), as  . "$(dirname "$0")/lib.sh"  or  .../../scripts/lib.sh.

# The top of the repository, and the build directory: BUILD (the
# Makefile passes its B), relative to the top unless absolute.
TOP=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-build}
case $BUILD in /*) ;; *) BUILD=$TOP/$BUILD ;; esac

die() {
	printf '%s: error: %s\n' "${0##*/}" "$*" >&2
	exit 1
}

# synopsis: 'usage: ...', the first line of the script's usage() (each
# script has one, the text of its -h and --help).
synopsis() {
	usage | {
		IFS= read -r _l
		printf 'usage: %s\n' "${_l#Usage: }"
	}
}

# usage_error [WHAT]: a bad command line: WHAT, if given, and the
# synopsis, on stderr; exit 1.
usage_error() {
	die "${1:+$1; }$(synopsis) (-h for more)"
}

say() {
	printf '[%s] %s\n' "${0##*/}" "$*"
}

# need_cmd COMMAND PACKAGE: fail with the Debian package to install.
need_cmd() {
	command -v "$1" >/dev/null 2>&1 ||
		die "missing tool '$1' (Debian package $2): run 'make deps' or 'apt-get install $2'"
}

# Directory for downloads kept across clones (the base .deb).
cache_dir() {
	printf '%s\n' "${HOTPATHS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/hotpaths}"
}

# Fail early when a file system lacks room for a step that needs it.
need_space() { # DIR MIB WHAT
	mkdir -p "$1"
	avail=$(df -Pm "$1" | awk 'NR == 2 { print $4 }')
	[ "$avail" -ge "$2" ] ||
		die "$3 needs ${2} MiB free in $1, only ${avail} MiB left: free some space (e.g. 'make clean') and re-run"
}

# The CPU of a guest under KVM: the host's, with a virtual PMU where
# KVM has one to give (without, QEMU boots it without a PMU).  The
# environment's KVM_CPU overrides it for every guest under KVM and for
# accel.sh's probe (e.g. host,pmu=on,xsave=off to hide a feature).
KVM_CPU=${KVM_CPU:-host,pmu=on}

# Parallel make jobs: one more than the CPUs.
jobs() {
	echo $(($(nproc) + 1))
}

# edition_frag KIND TREE: configs/KIND-VERSION.PATCHLEVEL.config of tree
# TREE (e.g. test-7.3.config), the options that one base needs, if
# there is one.
edition_frag() {
	[ -n "$2" ] && [ -f "$2/Makefile" ] || return 0
	_v=$(awk '$1 == "VERSION" { v = $3 } $1 == "PATCHLEVEL" { p = $3 } END { print v "." p }' "$2/Makefile")
	[ ! -f "$TOP/configs/$1-$_v.config" ] || echo "$TOP/configs/$1-$_v.config"
}

# frags test|bpf|bench|kvm [TREE]: the config fragments of the test, the
# BPF selftests', the bench or the nested KVM host's kernel, in merge order
# (build-kernel.sh adds the tree's own kselftest fragments to the test
# and BPF kernels', and the BPF selftests' to the BPF kernel's); TREE's
# own fragment (edition_frag) comes after the shared ones.
frags() {
	case $1 in
	test | bpf) echo "$TOP/configs/guest.config $TOP/configs/test.config $(edition_frag test "${2:-}")" ;;
	bench) echo "$TOP/configs/guest.config $TOP/configs/bench.config $(edition_frag bench "${2:-}")" ;;
	kvm) echo "$(frags bench "${2:-}") $TOP/configs/kvm-host.config" ;;
	*) die "no fragment list '$1' (test, bpf, bench or kvm)" ;;
	esac
}

# kmake SRC OBJ MAKE-ARGUMENT...: every make of a kernel tree.  Compilers
# run through ccache, with paths below BUILD hashed relative to it so
# that scratch checkouts at other paths share the cache, and in ccache's
# depend mode, which takes the includes from the compiler's -MMD list
# instead of running the preprocessor a second time on a miss; fixed build
# stamps keep init/version.o (and its ccache hits) stable.  KCC, if set,
# is the compiler (e.g. "ccache clang-19").
kmake() {
	_src=$1 _obj=$2
	shift 2
	CCACHE_BASEDIR=$BUILD CCACHE_NOHASHDIR=1 CCACHE_DEPEND=1 CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-25G} \
		KBUILD_BUILD_TIMESTAMP=2000-01-01 KBUILD_BUILD_USER=hotpaths KBUILD_BUILD_HOST=qemu \
		make -C "$_src" O="$_obj" -j"$(jobs)" CC="${KCC:-ccache gcc}" HOSTCC="ccache gcc" "$@"
}

# edition VERSION: the edition of the series for base VERSION, 6.12 (the
# Debian 12/13 backport) or 7.3 (mainline): sets ed_pin (its pin, BASE
# or BASE-7.3), ed_patches (its patch directory), ed_tree (its git
# tree), ed_make (the make target that makes the tree) and ed_ceiling
# (make bench's ceiling patch: 6.12's alone, whose trampoline the series
# changes).  The Makefile's tree-7.3 and check.sh name the same three.
edition() {
	case $1 in
	6.12) ed_pin=BASE ed_patches=patches ed_tree=$BUILD/linux ed_make=tree \
		ed_ceiling=$TOP/bench/ceiling-no-migrate.patch ;;
	7.3) ed_pin=BASE-7.3 ed_patches=patches-7.3 ed_tree=$BUILD/linux-7.3 ed_make=tree-7.3 \
		ed_ceiling= ;;
	*) die "BASE: no edition of the series for base '$1' (6.12 or 7.3)" ;;
	esac
}

# worktree TREE DIR REV: make DIR a scratch checkout of TREE (added on
# first use) and check out REV there, detached, discarding local edits.
worktree() {
	[ -d "$2" ] || git -C "$1" worktree add -q --detach "$2" "$3" ||
		die "cannot add a worktree of $1 at $2"
	git -C "$2" checkout -q -f --detach "$3" || die "cannot check out $3 in $2"
}

# cover_prefix COVER: the subject prefix of a cover letter, 'PATCH v3' of
# its header's 'Subject: [PATCH v3 0/5] ...'; every patch of the series
# carries it, numbered.
cover_prefix() {
	_p=$(sed -n '/^$/q; s/^Subject: \[\(.*\) 0\/[0-9][0-9]*\].*/\1/p' "$1")
	[ -n "$_p" ] || die "$1: no 'Subject: [PREFIX 0/N] ...' line in its header (e.g. '[PATCH v3 0/5]')"
	printf '%s\n' "$_p"
}
