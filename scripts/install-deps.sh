#!/bin/sh
# Install the Debian packages the harness needs (once; a no-op when all
# are present).
set -eu
. "$(dirname "$0")/lib.sh"
usage() {
	cat <<'EOF'
Usage: install-deps.sh   (make deps)
Install the Debian packages the harness needs, as root; nothing to do when all are there.
EOF
}
case ${1:-} in -h | --help) usage; exit 0 ;; esac
[ $# = 0 ] || usage_error "no arguments"

pkgs="build-essential bc bison flex libelf-dev libssl-dev dwarves cpio kmod
ccache xz-utils git python3 qemu-system-x86 clang-19 llvm-19 lld-19
libcap-dev zlib1g-dev libzstd-dev linux-perf gnuplot-nox rsync python3-ply python3-git
gcc-aarch64-linux-gnu sparse trinity stress-ng pkg-config iproute2"

missing=
for p in $pkgs; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed' ||
		missing="$missing $p"
done
[ -n "$missing" ] || exit 0
[ "$(id -u)" = 0 ] || die "these Debian packages are missing:$missing; install them as root (apt-get install$missing)"
say "installing:$missing"
apt-get update -q >/dev/null || die "apt-get update failed: is the Debian mirror reachable?"
DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $missing >/dev/null ||
	die "apt-get install failed for:$missing"
