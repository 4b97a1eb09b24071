# Shared helpers, sourced by the scripts in this directory.

die() {
	printf '%s: error: %s\n' "${0##*/}" "$*" >&2
	exit 1
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
