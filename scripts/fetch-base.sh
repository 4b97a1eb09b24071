#!/bin/sh
# Fetch the pinned base package into the cache, verify its sha256 and print
# the path of the verified .deb.  Usage: fetch-base.sh [BASE-file]
set -eu
. "$(dirname "$0")/lib.sh"

usage() {
	cat <<'EOF'
Usage: fetch-base.sh [BASE-FILE]
Fetch the pinned base package into the cache, check its sha256, print its path (make base).
  BASE-FILE       the pin: BASE_PACKAGE, BASE_VERSION, BASE_DEB_SHA256 and, for a
                  suite the system does not list, BASE_APT_SOURCE (BASE; BASE-7.3)
Environment:
  BUILD           where a BASE_APT_SOURCE's own sources list and lists are kept (build)
  HOTPATHS_CACHE  the cache directory (XDG_CACHE_HOME/hotpaths, else ~/.cache/hotpaths)
EOF
}
case ${1:-} in -h | --help) usage; exit 0 ;; esac
[ $# -le 1 ] || usage_error

base_file=${1:-BASE}
[ -r "$base_file" ] || die "cannot read the base pin '$base_file'"
case $base_file in /*) ;; *) base_file=./$base_file ;; esac
. "$base_file"
: "${BASE_PACKAGE:?BASE_PACKAGE missing in $base_file}"
: "${BASE_VERSION:?BASE_VERSION missing in $base_file}"
: "${BASE_DEB_SHA256:?BASE_DEB_SHA256 missing in $base_file}"
need_cmd apt-get apt
need_cmd sha256sum coreutils

# apt-get/apt-cache with the system's configuration or, for a pin that
# names its own suite, with a sources list, lists and package cache of the
# harness's own under BUILD/apt/PACKAGE (the system's are never touched).
apt_opts=
if [ -n "${BASE_APT_SOURCE:-}" ]; then
	aptdir=$BUILD/apt/$BASE_PACKAGE
	mkdir -p "$aptdir/lists/partial" "$aptdir/cache/archives/partial"
	printf '%s\n' "$BASE_APT_SOURCE" >"$aptdir/sources.list"
	apt_opts="-o Dir::Etc::sourcelist=$aptdir/sources.list -o Dir::Etc::sourceparts=- -o Dir::State::Lists=$aptdir/lists -o Dir::Cache=$aptdir/cache"
fi
apt_update() {
	[ -n "$apt_opts" ] || return 0
	# shellcheck disable=SC2086 # apt_opts is a list of options
	# apt-get update exits 0 when a source cannot be reached: the lists
	# it leaves tell.
	if ! apt-get -q $apt_opts update >"$aptdir/update.log" 2>&1 ||
		! ls "$aptdir/lists/"*Packages* >/dev/null 2>&1; then
		die "cannot read '$BASE_APT_SOURCE' (pinned in $base_file): $(grep -E '^(E|W|Err):' "$aptdir/update.log" | head -n 1)"
	fi
}

download() {
	# shellcheck disable=SC2086 # apt_opts is a list of options
	(cd "$tmp" && apt-get download -q $apt_opts "$BASE_PACKAGE=$BASE_VERSION") >"$tmp/log" 2>&1
}

cache=$(cache_dir)
deb="$cache/${BASE_PACKAGE}_$(printf %s "$BASE_VERSION" | sed 's/:/%3a/')_all.deb"

if [ ! -f "$deb" ]; then
	need_space "$cache" 400 "downloading $BASE_PACKAGE"
	tmp=$(mktemp -d "$cache/.download.XXXXXX")
	say "downloading $BASE_PACKAGE=$BASE_VERSION" >&2
	# A suite of its own: its lists are read once, and again if the
	# download fails (a version newer than the lists).
	[ -z "$apt_opts" ] || ls "$aptdir/lists/"*Packages* >/dev/null 2>&1 || apt_update
	if ! download && ! { [ -n "$apt_opts" ] && apt_update && download; }; then
		cat "$tmp/log" >&2
		rm -rf "$tmp"
		# shellcheck disable=SC2086 # apt_opts is a list of options
		served=$(apt-cache $apt_opts policy "$BASE_PACKAGE" 2>/dev/null |
			awk '/Version table/ { t = 1; next } t && $1 ~ /^[*]+$/ { print $2; next } t && NF == 2 && $1 ~ /[.]/ { print $1 }' |
			tr '\n' ' ' | sed 's/ $//')
		die "cannot download $BASE_PACKAGE=$BASE_VERSION (pinned in $base_file). Served versions: ${served:-none found${apt_opts:+ in '$BASE_APT_SOURCE'}${apt_opts:-; run 'apt-get update' first}}. To re-pin, see the comment at the top of $base_file."
	fi
	mv "$tmp"/*.deb "$deb.part"
	rm -rf "$tmp"
	got=$(sha256sum "$deb.part" | cut -d' ' -f1)
	if [ "$got" != "$BASE_DEB_SHA256" ]; then
		mv "$deb.part" "$deb.rejected"
		die "checksum mismatch for the downloaded $BASE_PACKAGE=$BASE_VERSION: got $got, $base_file pins $BASE_DEB_SHA256. The download is kept as $deb.rejected; check the mirror, or re-pin on purpose (see $base_file)."
	fi
	mv "$deb.part" "$deb"
fi

got=$(sha256sum "$deb" | cut -d' ' -f1)
[ "$got" = "$BASE_DEB_SHA256" ] ||
	die "checksum mismatch: $deb has sha256 $got but $base_file pins $BASE_DEB_SHA256. If you re-pinned on purpose, delete $deb and re-run; otherwise the cached file is damaged: delete it and re-run to download it again."
printf '%s\n' "$deb"
