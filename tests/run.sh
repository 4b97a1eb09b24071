#!/bin/sh
# The harness's own tests: each failure mode must give a clear message and
# a non-zero exit, and leave no half-written file behind.
# Prints PASS:/FAIL:/SKIP: lines.
set -u
. "$(dirname "$0")/../scripts/lib.sh"
cd "$TOP" || exit 1
# The git identity of the tests' scratch repositories is their own.
unset GIT_AUTHOR_NAME GIT_AUTHOR_EMAIL GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# expect NAME PATTERN COMMAND...: COMMAND must fail with PATTERN on stderr.
expect() {
	name=$1 pattern=$2
	shift 2
	"$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	if [ $rc != 0 ] && grep -qE "$pattern" "$tmp/err"; then
		echo "PASS: $name (exit $rc: $(grep -E "$pattern" "$tmp/err" | head -n 1 | cut -c1-100))"
	else
		echo "FAIL: $name (exit $rc, wanted non-zero and /$pattern/)"
		sed 's/^/    /' "$tmp/err" | tail -n 10
	fi
}

# Every script that the others run (all of scripts/*.sh but the sourced
# lib.sh) is executable in git: a fresh clone gets only what git records.
# not_exec [INDEX]: those that are not, in git's index or in INDEX.
not_exec() {
	GIT_INDEX_FILE=${1:-$(git -C "$TOP" rev-parse --absolute-git-dir)/index} \
		git -C "$TOP" ls-files -s scripts >"$tmp/modes" || return 1
	awk '$4 ~ /\.sh$/ && $4 != "scripts/lib.sh" && $1 != "100755" { print $4 }' "$tmp/modes"
}
if ! noexec=$(not_exec); then
	echo "FAIL: every script in scripts/ is executable in git (git ls-files failed)"
elif [ -n "$noexec" ]; then
	echo "FAIL: every script in scripts/ is executable in git; not: $noexec"
else
	echo "PASS: every script in scripts/ is executable in git"
fi
# The check can fail: in a scratch index, scripts/check.sh loses its bit.
GIT_INDEX_FILE=$tmp/index git -C "$TOP" read-tree HEAD &&
	GIT_INDEX_FILE=$tmp/index git -C "$TOP" update-index --chmod=-x scripts/check.sh &&
	[ "$(not_exec "$tmp/index")" = scripts/check.sh ] &&
	echo "PASS: a script without its run bit fails the check" ||
	echo "FAIL: a script without its run bit fails the check"

# Every script in scripts/ (but the sourced lib.sh) answers -h and --help
# with its usage on stdout, 'Usage: NAME ...' first, and exit 0, doing
# nothing else: with only sh, dirname and cat on PATH and BUILD a
# directory that must not appear, a script that went further would fail
# or show it.  The usage names each environment variable that the
# script gives a default (${NAME:-...}, ${NAME-...}, ${NAME:=...}).
# no_help DIR: a line per script of DIR that does not, with why.
mkdir -p "$tmp/hbin"
for t in sh dirname cat; do ln -sf "$(command -v $t)" "$tmp/hbin/$t"; done
no_help() {
	for f in "$1"/*.sh; do
		n=${f##*/}
		[ "$n" != lib.sh ] || continue
		why=
		for o in -h --help; do
			rm -rf "$tmp/hb"
			env PATH="$tmp/hbin" BUILD="$tmp/hb" "$tmp/hbin/sh" "$f" $o >"$tmp/h$o" 2>"$tmp/h.err" </dev/null
			rc=$?
			if [ $rc != 0 ]; then
				why="$o exits $rc: $(head -n 1 "$tmp/h.err")"
			elif [ -s "$tmp/h.err" ]; then
				why="$o writes to stderr: $(head -n 1 "$tmp/h.err")"
			elif [ "$(sed -n '1s/^\(Usage: [^ ]*\).*/\1/p' "$tmp/h$o")" != "Usage: $n" ]; then
				why="$o does not start with 'Usage: $n'"
			elif [ -e "$tmp/hb" ]; then
				why="$o made BUILD"
			fi
			[ -z "$why" ] || break
		done
		[ -n "$why" ] || cmp -s "$tmp/h-h" "$tmp/h--help" || why="-h and --help differ"
		if [ -z "$why" ]; then
			for v in $(grep -oE '\$\{[A-Z][A-Z0-9_]*(:?-|:=)' "$f" | sed -E 's/^\$\{//; s/[:=-]+$//' | sort -u); do
				grep -qw "$v" "$tmp/h-h" || why="$why${why:+, }its usage does not name $v"
			done
		fi
		[ -z "$why" ] || echo "$n: $why"
	done
}
nh=$(no_help scripts)
if [ -z "$nh" ]; then
	echo "PASS: every script in scripts/ answers -h and --help with its usage and knobs, and does nothing else"
else
	echo "FAIL: every script in scripts/ answers -h and --help with its usage and knobs, and does nothing else; not:"
	printf '%s\n' "$nh" | sed 's/^/    /'
fi
# The check can fail: in a copy of scripts/, check.sh loses its -h and
# bpf-compare.sh reads a knob that its usage does not name.
rm -rf "$tmp/hs" && mkdir "$tmp/hs" && cp -p scripts/* "$tmp/hs/" &&
	sed -i '/^case \${1:-} in -h | --help) usage; exit 0 ;; esac$/d' "$tmp/hs/check.sh" &&
	echo ': "${HARNESS_TEST_KNOB:-}"' >>"$tmp/hs/bpf-compare.sh" &&
	nh=$(no_help "$tmp/hs") &&
	[ "$(printf '%s\n' "$nh" | cut -d: -f1 | tr '\n' ' ')" = "bpf-compare.sh check.sh " ] &&
	printf '%s\n' "$nh" | grep -qx 'bpf-compare.sh: its usage does not name HARNESS_TEST_KNOB' &&
	printf '%s\n' "$nh" | grep -q '^check.sh: -h exits 1: ' &&
	echo "PASS: a script without its -h, or a knob its usage leaves out, fails the check" ||
	{ echo "FAIL: a script without its -h, or a knob its usage leaves out, fails the check"; printf '%s\n' "$nh" | sed 's/^/    /'; }

# make help has a line 'make TARGET ...' for each target of the Makefile:
# those its .PHONY lines name and every rule whose name is a plain word.
# help_missing MAKEFILE: the targets that make help leaves out.
help_missing() {
	make -s -f "$1" help >"$tmp/help" 2>&1 || { echo "(make help failed: $(head -n 1 "$tmp/help"))"; return; }
	for t in $({ sed -n 's/^\.PHONY://p' "$1" | tr ' ' '\n' && sed -n 's/^\([a-z][a-z0-9-]*\):.*/\1/p' "$1"; } | sort -u); do
		grep -qE "^make $t( |\$)" "$tmp/help" || echo "$t"
	done
}
hm=$(help_missing Makefile)
[ -z "$hm" ] && echo "PASS: make help lists every target of the Makefile" ||
	echo "FAIL: make help lists every target of the Makefile; not: $(echo $hm)"
# The check can fail: a Makefile with a target that help does not list.
{ sed 's/^\.PHONY: /.PHONY: harness-test-phony /' Makefile && printf 'harness-test-rule:\n\ttrue\n'; } >"$tmp/Makefile"
[ "$(help_missing "$tmp/Makefile" | tr '\n' ' ')" = "harness-test-phony harness-test-rule " ] &&
	echo "PASS: a target that make help does not list fails the check" ||
	echo "FAIL: a target that make help does not list fails the check (got: $(help_missing "$tmp/Makefile" | tr '\n' ' '))"

# Base pin: a wrong checksum is refused and the cached download survives.
deb=$(scripts/fetch-base.sh 2>/dev/null | tail -n 1)
if [ -f "$deb" ]; then
	sed 's/^BASE_DEB_SHA256=.*/BASE_DEB_SHA256=0000000000000000000000000000000000000000000000000000000000000000/' BASE >"$tmp/BASE.badsum"
	expect "base with a wrong checksum" 'checksum mismatch.*pins 0000' scripts/fetch-base.sh "$tmp/BASE.badsum"
	if [ -f "$deb" ] && scripts/fetch-base.sh >/dev/null 2>&1; then
		echo "PASS: the cached base survives a checksum failure"
	else
		echo "FAIL: the cached base was lost or damaged by a checksum failure"
	fi
else
	echo "FAIL: cannot fetch the pinned base"
fi
sed 's/^BASE_VERSION=.*/BASE_VERSION=6.12.0-999~nonexistent/' BASE >"$tmp/BASE.gone"
expect "base version no longer served" 'cannot download.*Served versions: [0-9]' scripts/fetch-base.sh "$tmp/BASE.gone"
# The mainline pin reads its own suite into BUILD/apt/, not the system's
# lists: an unknown version there lists the suite's versions; a suite that
# cannot be read says so; the system's sources lists stay as they were.
sys_lists=$(ls -l /etc/apt/sources.list.d /var/lib/apt/lists 2>/dev/null | sha256sum)
sed 's/^BASE_VERSION=.*/BASE_VERSION=7.3.0-999~nonexistent/' BASE-7.3 >"$tmp/BASE-7.3.gone"
expect "mainline base version no longer served" 'cannot download.*Served versions: 7[.]3' \
	env BUILD="$tmp/b73" scripts/fetch-base.sh "$tmp/BASE-7.3.gone"
sed "s|^BASE_APT_SOURCE=.*|BASE_APT_SOURCE='deb http://127.0.0.1:9/debian nosuch main'|; s/^BASE_VERSION=.*/BASE_VERSION=7.3.0-999~nonexistent/" BASE-7.3 >"$tmp/BASE-7.3.nosuite"
expect "mainline base from a suite that cannot be read" "cannot read 'deb http://127.0.0.1:9/debian nosuch main'" \
	env BUILD="$tmp/b73x" scripts/fetch-base.sh "$tmp/BASE-7.3.nosuite"
[ "$(ls -l /etc/apt/sources.list.d /var/lib/apt/lists 2>/dev/null | sha256sum)" = "$sys_lists" ] &&
	echo "PASS: fetching the mainline base leaves the system's apt sources and lists alone" ||
	echo "FAIL: fetching the mainline base changed /etc/apt/sources.list.d or /var/lib/apt/lists"
expect "a base pin that cannot be read" "cannot read the base pin '$tmp/nopin'" \
	scripts/make-tree.sh "$tmp/notree" patches-7.3 "$tmp/nopin"
ls "$(dirname "${deb:-/nonexistent/x}")"/*.part >/dev/null 2>&1 &&
	echo "FAIL: a partial download was left in the cache" ||
	echo "PASS: no partial download left in the cache"

# A patch that does not apply names itself and the file.
mkdir -p "$tmp/repo" "$tmp/patches"
(
	cd "$tmp/repo" && git init -q && printf 'one\ntwo\nthree\n' >file &&
		git add file && git -c user.name=t -c user.email=t@t commit -qm base && git tag base
) >/dev/null 2>&1
cat >"$tmp/patches/0001-demo-change-a-line.patch" <<'PATCH'
From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001
From: Test <t@t>
Date: Sat, 1 Jan 2000 00:00:00 +0000
Subject: [PATCH] demo: change a line

---
 file | 2 +-
 1 file changed, 1 insertion(+), 1 deletion(-)

diff --git a/file b/file
--- a/file
+++ b/file
@@ -1,3 +1,3 @@
 one
-zwei
+deux
 three
PATCH
echo 0001-demo-change-a-line.patch >"$tmp/patches/series"
expect "a patch that does not apply" 'patch 1 \(0001-demo-change-a-line.patch\) does not apply' \
	scripts/apply-series.sh "$tmp/repo" "$tmp/patches"
grep -q 'patch failed: file:1' "$tmp/err" &&
	echo "PASS: the failing file and line are shown" ||
	echo "FAIL: the failing file and line are not shown"

# Testing notes below '---' survive 'make tree' and 'make export' byte for
# byte: they are kept as git notes on the commit.
rm -rf "$tmp/repo2" "$tmp/p2" && mkdir -p "$tmp/repo2" "$tmp/p2"
(
	cd "$tmp/repo2" && git init -q && printf 'one\ntwo\nthree\n' >file &&
		git add file && git -c user.name=t -c user.email=t@t commit -qm base && git tag base &&
		sed -i 's/two/deux/' file && git -c user.name=T -c user.email=t@t commit -qam 'demo: Change a line' &&
		git -c user.name=T -c user.email=t@t notes add -m 'Tested: by hand.' -m '  indented line' HEAD
) >/dev/null 2>&1
scripts/export-series.sh "$tmp/repo2" "$tmp/p2" >/dev/null 2>&1
grep -q '^    Tested: by hand' "$tmp/p2/0001-demo-Change-a-line.patch" 2>/dev/null &&
	echo "PASS: export puts a commit's notes below '---'" ||
	echo "FAIL: export does not put a commit's notes below '---'"
scripts/apply-series.sh "$tmp/repo2" "$tmp/p2" >/dev/null 2>&1 &&
	scripts/export-series.sh "$tmp/repo2" "$tmp/p2" --check >"$tmp/out" 2>&1 &&
	echo "PASS: testing notes survive applying and exporting the series" ||
	{ echo "FAIL: applying then exporting the series changes a patch with notes"; sed 's/^/    /' "$tmp/out"; }

# The cover letter's shortlog and diffstat are git's, and its subject's
# prefix numbers every patch; the text written by hand stays, even a line
# like a shortlog's; a hand-edited diffstat fails the no-op check.
rm -rf "$tmp/p3" && mkdir -p "$tmp/p3"
printf 'From: T <t@t>\nSubject: [RFC PATCH v7 0/9] demo\n\nWhy.\n\nThanks to (2):\nboth.\n\nT (9):\n  stale\n\n file | 9 +++++++++\n' \
	>"$tmp/p3/0000-cover-letter.patch"
if scripts/export-series.sh "$tmp/repo2" "$tmp/p3" >/dev/null 2>&1 &&
	grep -q '^Subject: \[RFC PATCH v7 0/1\] demo$' "$tmp/p3/0000-cover-letter.patch" &&
	grep -q '^ file | 2 +-$' "$tmp/p3/0000-cover-letter.patch" && grep -q '^Why\.$' "$tmp/p3/0000-cover-letter.patch" &&
	grep -q '^both\.$' "$tmp/p3/0000-cover-letter.patch" && ! grep -q stale "$tmp/p3/0000-cover-letter.patch" &&
	grep -q '^Subject: \[RFC PATCH v7 1/1\] demo: Change a line$' "$tmp/p3/0001-demo-Change-a-line.patch" &&
	! grep -q 0000 "$tmp/p3/series" &&
	cp "$tmp/p3/0000-cover-letter.patch" "$tmp/cover1" &&
	scripts/export-series.sh "$tmp/repo2" "$tmp/p3" >/dev/null 2>&1 && cmp -s "$tmp/cover1" "$tmp/p3/0000-cover-letter.patch"; then
	echo "PASS: export writes the cover letter's count, shortlog and diffstat, keeps its text, numbers the patches"
else
	echo "FAIL: export does not write the cover letter's count, shortlog and diffstat, keep its text or number the patches"
	sed 's/^/    /' "$tmp/p3/0000-cover-letter.patch"
fi
sed -i 's/^ file | 2 +-$/ file | 3 ++-/' "$tmp/p3/0000-cover-letter.patch"
cp "$tmp/p3/0000-cover-letter.patch" "$tmp/cover2"
scripts/export-series.sh "$tmp/repo2" "$tmp/p3" --check >"$tmp/out" 2>&1
rc=$?
[ $rc != 0 ] && grep -q '^differs: .*/0000-cover-letter.patch$' "$tmp/out" &&
	cmp -s "$tmp/cover2" "$tmp/p3/0000-cover-letter.patch" &&
	echo "PASS: a hand-edited diffstat in the cover letter fails the no-op check, which writes nothing" ||
	echo "FAIL: a hand-edited diffstat in the cover letter passes the no-op check, or it wrote (exit $rc)"
# A cover letter with no shortlog yet gets one, after a blank line.
printf 'From: T <t@t>\nSubject: [PATCH v2 0/1] demo\n\nWhy.\n' >"$tmp/p3/0000-cover-letter.patch"
scripts/export-series.sh "$tmp/repo2" "$tmp/p3" >/dev/null 2>&1 &&
	[ "$(sed -n '/^Why\.$/,/^T (1):$/p' "$tmp/p3/0000-cover-letter.patch" | wc -l)" = 3 ] &&
	echo "PASS: a cover letter without a shortlog gets one" ||
	{ echo "FAIL: a cover letter without a shortlog does not get one"; sed 's/^/    /' "$tmp/p3/0000-cover-letter.patch"; }

# The outgoing copy carries the sender's identity, patches/ the
# placeholder; the cover letter's block marks stay in patches/ only.
printf 'From: T <t@t>\nSubject: [PATCH 0/1] demo\n\n-- headline begin --\nfigures\n-- headline end --\n\nT (1):\n  demo: Change a line\n\n file | 2 +-\n' \
	>"$tmp/p2/0000-cover-letter.patch"
if (cd "$tmp/repo2" && git config user.name Sender && git config user.email s@example.net &&
		"$TOP/scripts/sign-series.sh" "$tmp/p2" "$tmp/out2") >/dev/null 2>&1 &&
	grep -q '^From: Sender <s@example.net>$' "$tmp/out2/0001-demo-Change-a-line.patch" &&
	grep -q '^From: T <t@t>$' "$tmp/p2/0001-demo-Change-a-line.patch" &&
	grep -qx 'figures' "$tmp/out2/0000-cover-letter.patch" &&
	! grep -q '^-- headline' "$tmp/out2/0000-cover-letter.patch" &&
	[ "$(grep -c '^-- headline' "$tmp/p2/0000-cover-letter.patch")" = 2 ]; then
	echo "PASS: make outgoing signs a copy with the sender's identity, without the cover letter's block marks"
else
	echo "FAIL: make outgoing does not sign a copy with the sender's identity, or keeps the block marks"
fi

# sign NAME EMAIL PATCH-DIR OUT-DIR: sign-series.sh with a scratch git
# identity and no other (with NAME empty, none), outside any repository.
sign() {
	rm -rf "$tmp/sg-home" && mkdir -p "$tmp/sg-home" && (
		unset GIT_CONFIG_COUNT GIT_CONFIG_PARAMETERS GIT_DIR GIT_WORK_TREE
		export HOME="$tmp/sg-home" XDG_CONFIG_HOME="$tmp/sg-home/.config" GIT_CONFIG_NOSYSTEM=1 \
			GIT_CONFIG_GLOBAL="$tmp/sg-home/.gitconfig" GIT_CEILING_DIRECTORIES="$tmp"
		{ [ -z "$1" ] || { git config --global user.name "$1" && git config --global user.email "$2"; }; } &&
			cd "$tmp/sg-home" && "$TOP/scripts/sign-series.sh" "$3" "$4"
	)
}
# make outgoing on a copy of patches/: the sender replaces the team in
# From:, Signed-off-by: and the cover letter's shortlog line, whose count
# stays the series'; with the team put back (and without the block
# marks) every file is byte for byte patches/'.
team='Hotpaths Team <hotpaths@example.org>' me='Scratch Sender <scratch@example.net>'
rm -rf "$tmp/sg" "$tmp/sg-out" && cp -R patches "$tmp/sg"
n=$(grep -c . "$tmp/sg/series")
why=
sign 'Scratch Sender' scratch@example.net "$tmp/sg" "$tmp/sg-out" >"$tmp/out" 2>"$tmp/err" ||
	why="exit $?: $(head -n 1 "$tmp/err")"
if [ -z "$why" ] && grep -rl 'Hotpaths Team' "$tmp/sg-out" >"$tmp/sg-left"; then
	why="'Hotpaths Team' left in $(tr '\n' ' ' <"$tmp/sg-left")"
fi
[ -n "$why" ] || { [ "$n" -gt 0 ] && grep -qx "Scratch Sender ($n):" "$tmp/sg-out/0000-cover-letter.patch"; } ||
	why="no shortlog line 'Scratch Sender ($n):'"
for h in From Signed-off-by; do
	[ -n "$why" ] || [ "$(cat "$tmp/sg-out"/*.patch | grep -cx "$h: $me")" = "$(cat "$tmp/sg"/*.patch | grep -cx "$h: $team")" ] ||
		why="not every '$h: $team' became '$h: $me'"
done
[ -n "$why" ] || [ "$(ls "$tmp/sg")" = "$(ls "$tmp/sg-out")" ] || why="not the same files"
for f in "$tmp/sg"/*; do
	[ -z "$why" ] || break
	grep -vE '^-- [a-z-]+ (begin|end) --$' "$f" >"$tmp/sg-want"
	sed -E "s/^(From|Signed-off-by): Scratch Sender <scratch@example\.net>\$/\1: $team/; s/^Scratch Sender \(([0-9]+)\):\$/Hotpaths Team (\1):/" \
		"$tmp/sg-out/${f##*/}" | cmp -s "$tmp/sg-want" - || why="${f##*/} differs from patches/ beyond the identity"
done
[ -n "$why" ] || diff -r patches "$tmp/sg" >/dev/null || why="the copy of patches/ itself changed"
if [ -z "$why" ]; then
	echo "PASS: make outgoing signs From:, Signed-off-by: and the shortlog line 'Scratch Sender ($n):', and changes nothing else"
else
	echo "FAIL: make outgoing signs not every identity line and the shortlog, or changes more ($why)"
fi
# A backport keeps its author in From: and in the shortlog; a line of the
# hand-written text like a shortlog's stays too.
rm -rf "$tmp/bp" "$tmp/bp-out" && mkdir -p "$tmp/bp"
mkpatch() { # N AUTHOR SUBJECT: a patch, signed off by its author and then the team
	printf 'From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\nFrom: %s\nSubject: [PATCH %s/3] demo: %s\n\nWhy.\n\n' "$2" "$1" "$3"
	printf 'Signed-off-by: %s\n' "$2"
	[ "$2" = "$team" ] || printf 'Signed-off-by: %s\n' "$team"
	printf -- '---\n file | 1 +\n'
}
mkpatch 1 "$team" One >"$tmp/bp/0001-demo-One.patch"
mkpatch 2 'Alice Upstream <alice@example.com>' Backport >"$tmp/bp/0002-demo-Backport.patch"
mkpatch 3 "$team" Three >"$tmp/bp/0003-demo-Three.patch"
printf '%s\n' 0001-demo-One.patch 0002-demo-Backport.patch 0003-demo-Three.patch >"$tmp/bp/series"
hand='Thanks to\nHotpaths Team (2):\nfor the idea.\n\n'
printf "From: %s\nSubject: [PATCH 0/3] demo\n\n$hand%s (1):\n  demo: Backport\n\n%s (2):\n  demo: One\n  demo: Three\n\n file | 3 +++\n" \
	"$team" 'Alice Upstream' 'Hotpaths Team' >"$tmp/bp/0000-cover-letter.patch"
printf "From: %s\nSubject: [PATCH 0/3] demo\n\n$hand%s (1):\n  demo: Backport\n\n%s (2):\n  demo: One\n  demo: Three\n\n file | 3 +++\n" \
	"$me" 'Alice Upstream' 'Scratch Sender' >"$tmp/bp-want"
if sign 'Scratch Sender' scratch@example.net "$tmp/bp" "$tmp/bp-out" >/dev/null 2>&1 &&
	cmp -s "$tmp/bp-want" "$tmp/bp-out/0000-cover-letter.patch" &&
	[ "$(sed -n 2p "$tmp/bp-out/0002-demo-Backport.patch")" = 'From: Alice Upstream <alice@example.com>' ] &&
	grep -qx 'Signed-off-by: Alice Upstream <alice@example.com>' "$tmp/bp-out/0002-demo-Backport.patch" &&
	grep -qx "Signed-off-by: $me" "$tmp/bp-out/0002-demo-Backport.patch" &&
	[ "$(sed -n 2p "$tmp/bp-out/0003-demo-Three.patch")" = "From: $me" ]; then
	echo "PASS: make outgoing leaves a backport's author, in From: and the shortlog, and the hand-written text alone"
else
	echo "FAIL: make outgoing rewrites a backport's author or the hand-written text, or not the sender's shortlog line"
	diff "$tmp/bp-want" "$tmp/bp-out/0000-cover-letter.patch" 2>&1 | sed 's/^/    /'
fi
# No identity, no shortlog, a stale count: an error, and the last copy
# stays as it was, with nothing half-written beside it.
cp -R "$tmp/bp-out" "$tmp/bp-keep"
kept() {
	diff -r "$tmp/bp-keep" "$tmp/bp-out" >/dev/null && [ ! -e "$tmp/bp-out.new" ] &&
		echo "PASS: $1 keeps the last outgoing copy, and writes nothing" ||
		echo "FAIL: $1 changes the last outgoing copy or leaves bp-out.new"
}
expect "make outgoing without a git identity" 'user\.name and user\.email are not set' \
	sign '' '' "$tmp/bp" "$tmp/bp-out"
kept "make outgoing without a git identity"
cp "$tmp/bp/0000-cover-letter.patch" "$tmp/bp-cover"
printf 'From: %s\nSubject: [PATCH 0/3] demo\n\nWhy.\n' "$team" >"$tmp/bp/0000-cover-letter.patch"
expect "make outgoing with a cover letter without a shortlog" '0000-cover-letter.patch: no shortlog' \
	sign 'Scratch Sender' scratch@example.net "$tmp/bp" "$tmp/bp-out"
kept "make outgoing with a cover letter without a shortlog"
sed 's/^  demo: One$/&\n  demo: Four/; s/^Hotpaths Team (2):$/Hotpaths Team (3):/' "$tmp/bp-cover" >"$tmp/bp/0000-cover-letter.patch"
expect "make outgoing with a stale count in the shortlog" 'shortlog counts 3 patch\(es\) by Hotpaths Team, the series has 2' \
	sign 'Scratch Sender' scratch@example.net "$tmp/bp" "$tmp/bp-out"
kept "make outgoing with a stale count in the shortlog"

# A missing tool names its Debian package.
mkdir -p "$tmp/bin"
for t in sh dirname cat; do ln -s "$(command -v $t)" "$tmp/bin/$t"; done
expect "a missing tool" "missing tool 'qemu-system-x86_64' \(Debian package qemu-system-x86\)" \
	env PATH="$tmp/bin" sh scripts/boot-guest.sh /nonexistent "$tmp/run" true

# A full disk is caught before a step starts.
expect "too little disk space" 'needs 999999999 MiB free' \
	sh -c ". scripts/lib.sh; need_space '$tmp' 999999999 'this step'"

# A config option that Kconfig drops is reported by name.
if [ -d "$BUILD/linux/.git" ]; then
	printf 'CONFIG_KASAN=y\n# not selectable without its dependencies:\nCONFIG_X86_X2APIC=y\n' >"$tmp/bad.config"
	expect "a config option dropped by Kconfig" 'CONFIG_X86_X2APIC=y \(got' \
		scripts/make-config.sh "$BUILD/linux" "$tmp/obj" configs/guest.config "$tmp/bad.config"
else
	echo "SKIP: config check (no tree in $BUILD/linux)"
fi

# The bisect check, a configuration of the build matrix, on a toy tree
# with a stand-in for the kernel's make: the patch whose object warns
# fails, by number and subject; the others pass.
mkdir -p "$tmp/mx/bin" "$tmp/mx/t/scripts/kconfig" "$tmp/mx/t/kernel"
cat >"$tmp/mx/bin/make" <<'MAKE'
#!/bin/sh
for a; do case $a in O=*) obj=${a#O=} ;; -n) plan=1 ;; esac; done
[ -z "${plan:-}" ] || { for f in a b warn; do echo "  cc -c -o kernel/$f.o kernel/$f.c "; done; exit 0; }
for a; do case $a in *.o) mkdir -p "$obj/kernel"; touch "$obj/$a"; case $a in *warn*) echo "$a:1:1: warning: demo" ;; esac ;; esac; done
MAKE
cat >"$tmp/mx/t/scripts/kconfig/merge_config.sh" <<'MERGE'
#!/bin/sh
while [ "$1" != -O ]; do shift; done
o=$2 && shift 2 && grep -hE '^(# )?CONFIG_' "$@" >"$o/.config"
MERGE
chmod +x "$tmp/mx/bin/make" "$tmp/mx/t/scripts/kconfig/merge_config.sh"
(
	cd "$tmp/mx/t" && git init -q && echo a >kernel/a.c && echo b >kernel/b.c && git add -A &&
		git -c user.name=t -c user.email=t@t commit -qm base && git tag base &&
		echo a1 >kernel/a.c && git -c user.name=t -c user.email=t@t commit -qam "demo: one" &&
		echo w >kernel/warn.c && git add -A && git -c user.name=t -c user.email=t@t commit -qm "demo: two warns" &&
		echo a3 >kernel/a.c && git -c user.name=t -c user.email=t@t commit -qam "demo: three"
) >/dev/null 2>&1
PATH="$tmp/mx/bin:$PATH" BUILD="$tmp/mx/build" scripts/build-matrix.sh "$tmp/mx/t" bisect >"$tmp/out" 2>&1
rc=$?
[ $rc = 1 ] && [ "$(grep -c '^PASS: \|^FAIL: ' "$tmp/out")" = 3 ] &&
	grep -q '^PASS: patch 1 builds (prepare kernel/a.o): demo: one$' "$tmp/out" &&
	grep -q '^FAIL: patch 2 does not build cleanly (prepare kernel/warn.o): demo: two warns; log: ' "$tmp/out" &&
	grep -q '^PASS: patch 3 builds (prepare kernel/a.o): demo: three$' "$tmp/out" &&
	echo "PASS: bisect check: a verdict per patch, a warning fails its patch" ||
	{ echo "FAIL: bisect check verdicts are wrong (exit $rc):"; sed 's/^/    /' "$tmp/out"; }

# The bench's prefixes of the series on a toy tree: a prefix that only
# changes Documentation/ (but not a Kconfig there) or tools/testing/
# reuses the kernel before it, any other change (objtool under tools/,
# Documentation/Kconfig) makes a new one, and a prefix back at an
# earlier kernel's source (here the base's) reuses that one.
mkdir -p "$tmp/pp" && (
	cd "$tmp/pp" && git init -q && mkdir -p kernel Documentation tools/testing tools/objtool &&
		for f in kernel/a.c Documentation/x.rst Documentation/Kconfig tools/testing/t.c tools/objtool/o.c; do
			echo 0 >$f
		done && git add -A && git -c user.name=t -c user.email=t@t commit -qm base && git tag base &&
		ci() { echo 1 >>"$1" && { [ -z "${2:-}" ] || echo 1 >>"$2"; } &&
			git -c user.name=t -c user.email=t@t commit -qam "demo: $1"; } &&
		ci kernel/a.c && ci Documentation/x.rst tools/testing/t.c && ci tools/objtool/o.c &&
		ci Documentation/Kconfig && git checkout -q base -- kernel tools/objtool Documentation/Kconfig &&
		git -c user.name=t -c user.email=t@t commit -qm "demo: back"
) >/dev/null 2>&1
scripts/bench-kernels.sh "$tmp/pp" >"$tmp/out" 2>&1
[ "$(cut -d' ' -f1,3 "$tmp/out" | tr '\n' ' ')" = "0 base 1 p1 2 p1 3 p3 4 p4 5 base " ] &&
	grep -q '^2 [0-9a-f]* p1 demo: Documentation/x.rst$' "$tmp/out" &&
	echo "PASS: bench prefixes: a kernel per distinct source, Documentation/ and tools/testing/ left out" ||
	{ echo "FAIL: bench prefixes share kernels wrongly:"; sed 's/^/    /' "$tmp/out"; }

# Guests: a hang hits the timeout, a panic is reported; neither leaves
# a status file behind.  The exit status of the command comes through.
# Each run leaves its verdict, which is what the scripts read.
kernel="$BUILD/obj-test/arch/x86/boot/bzImage"
verdict() { # NAME RUN-DIR WANTED
	got=$(cat "$2/verdict" 2>/dev/null || echo none)
	[ "$got" = "$3" ] && echo "PASS: verdict of $1: $3" ||
		echo "FAIL: verdict of $1: got $got, wanted $3"
}
if [ -f "$kernel" ]; then
	scripts/boot-guest.sh "$kernel" "$tmp/ok" 'exit 3' >/dev/null 2>"$tmp/err"
	rc=$?
	[ $rc = 3 ] && echo "PASS: the guest command's exit status comes through (3)" ||
		{ echo "FAIL: the guest command's exit status is lost (got $rc, wanted 3)"; tail -n 5 "$tmp/err"; }
	verdict "a command that fails" "$tmp/ok" ok
	GUEST_TIMEOUT=${HANG_TIMEOUT:-45} expect "a guest that hangs" 'did not finish within' \
		scripts/boot-guest.sh "$kernel" "$tmp/hang" 'sleep 100000'
	verdict "a guest that hangs" "$tmp/hang" timeout
	expect "a guest that panics" 'guest kernel panicked' \
		scripts/boot-guest.sh "$kernel" "$tmp/panic" 'echo c >/proc/sysrq-trigger'
	verdict "a guest that panics" "$tmp/panic" panic
	[ ! -e "$tmp/hang/status" ] && [ ! -e "$tmp/panic/status" ] &&
		echo "PASS: no status file after a hang or a panic" ||
		echo "FAIL: a status file was left after a hang or a panic"
	expect "a kernel warning fails the run" 'reported a problem' \
		scripts/boot-guest.sh "$kernel" "$tmp/warn" 'echo "WARNING: CPU: 0 PID: 1 at injected by the harness test" >/dev/kmsg'
	verdict "a kernel warning" "$tmp/warn" splat
	# guest-run.sh, the one path every target runs its guests by: the
	# run kept under BUILD/runs/NAME, a summary with the guest's own
	# line (the verdict, whole) and the KTAP read after a splat too.
	gr=harness-test/$$
	scripts/guest-run.sh --ktap t "$gr" "$kernel" \
		'printf "KTAP version 1\n1..2\nok 1 a\nnot ok 2 b\n"; echo "WARNING: CPU: 0 PID: 1 at injected by the harness test" >/dev/kmsg' \
		>"$tmp/gr.out" 2>"$tmp/gr.err"
	rc=$?
	if [ $rc = 1 ] && [ "$(cat "$BUILD/runs/$gr/summary")" = "FAIL: guest $gr: splat
PASS: t a
FAIL: t b" ] && cmp -s "$tmp/gr.out" "$BUILD/runs/$gr/summary" &&
		[ "$(cat "$BUILD/runs/$gr/verdict")" = splat ] && [ -s "$BUILD/runs/$gr/console.log" ]; then
		echo "PASS: guest-run.sh: the run kept, its summary, the verdict line whole"
	else
		echo "FAIL: guest-run.sh (exit $rc):"
		sed 's/^/    /' "$tmp/gr.out" "$tmp/gr.err" | tail -n 20
	fi
	rm -rf "$BUILD/runs/$gr"
	rmdir "$BUILD/runs/harness-test" 2>/dev/null
else
	echo "SKIP: guest failure modes (no test kernel at $kernel)"
fi

# Result parsers, fed with recorded output.
out=$(scripts/ktap-results.sh "$BUILD/linux" tests/data/kunit-dmesg.txt kunit .)
[ "$(printf '%s\n' "$out" | grep -c '^PASS: ')" = 2 ] &&
	printf '%s\n' "$out" | grep -q '^FAIL: kunit demo_suite.demo_fails' &&
	printf '%s\n' "$out" | grep -q '^SKIP: kunit demo_suite.demo_skips' &&
	echo "PASS: KUnit results are read per test case" ||
	{ echo "FAIL: KUnit results are misread:"; printf '%s\n' "$out" | sed 's/^/    /'; }

# The guests' KTAP (a boot that ran tests.sh, bench.sh and stress.sh):
# one verdict per test, the kselftests nested; a document cut short
# fails the test that has no result.
out=$(scripts/ktap-results.sh "$BUILD/linux" tests/data/guest-ktap.txt "")
[ "$(printf '%s\n' "$out" | grep -c '^PASS: ')" = 15 ] && [ "$(printf '%s\n' "$out" | grep -c '^SKIP: ')" = 3 ] &&
	printf '%s\n' "$out" | grep -qx 'PASS: kselftest perf_events: sigtrap_threads' &&
	printf '%s\n' "$out" | grep -qx 'SKIP: lvtpc' && printf '%s\n' "$out" | grep -qx 'PASS: migrate-bpf' &&
	[ "$(sed -n 's/^# RESULT //p' tests/data/guest-ktap.txt | grep -c .)" = 24 ] &&
	echo "PASS: guest KTAP is read per test, figures per line" ||
	{ echo "FAIL: guest KTAP is misread:"; printf '%s\n' "$out" | sed 's/^/    /'; }
sed '/^ok 2 migrate-bpf/,$d' tests/data/guest-ktap.txt >"$tmp/cut.txt"
scripts/ktap-results.sh "$BUILD/linux" "$tmp/cut.txt" stress | grep -q '^FAIL: stress (result missing)' &&
	echo "PASS: a KTAP document cut short fails" ||
	echo "FAIL: a KTAP document cut short does not fail"

# BPF bench: the median rate after the warm-up, not bench's Summary.
med() { awk -v warmup="$1" -f guest/iter-rates.awk "$2" | awk -v fmt=%.4f -f guest/median.awk; }
f=tests/data/bpf-bench-trig-fentry.txt
sed -e '/^Iter   0 /s/hits *[0-9.]*M/hits    9.999M/' -e '/^Iter   3 /s/hits *[0-9.]*M/hits    6.700M/' \
	-e '/^Iter   4 /s/hits *[0-9.]*M/hits    6.690M/' "$f" >"$tmp/bpf-bench"
[ "$(med 1 "$f")" = 6.6800 ] && [ "$(med 1 "$tmp/bpf-bench")" = 6.6850 ] &&
	[ -z "$(med 5 "$f")" ] &&
	echo "PASS: BPF bench figure: median of the rates after the warm-up" ||
	echo "FAIL: BPF bench figure: got $(med 1 "$f") and $(med 1 "$tmp/bpf-bench"), wanted 6.6800 and 6.6850"

mkdir -p "$tmp/bench/raw"
cp tests/data/bench-raw/* "$tmp/bench/raw/"
echo "date=test" >"$tmp/bench/meta"
if scripts/bench-report.sh "$tmp/bench" >"$tmp/table" 2>"$tmp/err" &&
	grep -q '^icount trig-fentry *throughput *M/s *6.07 *7.9 *1.301' "$tmp/table" &&
	grep -q 'ratio>=1.13 pass, ceiling>=0.80 pass' "$tmp/table" &&
	grep -q 'sched-pipe.*(worse).*MISS' "$tmp/table" &&
	python3 -m json.tool "$tmp/bench/results.json" >/dev/null; then
	echo "PASS: bench report: medians, ratios, targets, a loss shown as worse, valid JSON"
else
	echo "FAIL: bench report is wrong:"
	sed 's/^/    /' "$tmp/table" "$tmp/err"
fi
# Which scenarios a bench boot runs: a kernel's own 'run' lines replace
# those of '*', rounds<=N keeps a line to the first N rounds, and the
# list of all of them is what SCENARIOS is checked against.
cat >"$tmp/runs" <<'EOF2'
run icount * trig sched_pipe
run icount ceiling trig_ceiling
run wall * trig bystander
run wall * rounds<=2 open_latency
run wall ceiling rounds<=1 trig_ceiling
EOF2
if [ "$(scripts/bench-scenarios.sh "$tmp/runs" icount p1 1)" = "trig sched_pipe" ] &&
	[ "$(scripts/bench-scenarios.sh "$tmp/runs" icount ceiling 1)" = trig_ceiling ] &&
	[ "$(scripts/bench-scenarios.sh "$tmp/runs" wall base 2)" = "trig bystander open_latency" ] &&
	[ "$(scripts/bench-scenarios.sh "$tmp/runs" wall base 3)" = "trig bystander" ] &&
	[ "$(scripts/bench-scenarios.sh "$tmp/runs" wall ceiling 2)" = "" ] &&
	[ "$(scripts/bench-scenarios.sh "$tmp/runs" | tr '\n' ' ')" = "bystander open_latency sched_pipe trig trig_ceiling " ]; then
	echo "PASS: bench scenarios per boot from the run lines of the targets"
else
	echo "FAIL: bench scenarios per boot are wrong"
fi
echo 'run wall * trig no_such_scenario' >"$tmp/runs-bad"
expect "bench scenarios: one that guest/bench.sh lacks" "scenario 'no_such_scenario' is no function of guest/bench.sh" \
	scripts/bench-scenarios.sh "$tmp/runs-bad"
# The per-patch table on a recorded toy run of a three-patch series
# (tests/data/bench-pp: raw figures, the kernel of each prefix, its own
# targets and 'shown' claims): each patch's figures against the prefix
# before it, the targets that name a patch checked there and not against the
# base, a patch that shares its kernel with the prefix before it, a
# claim without figures with the reason, and valid JSON with a subject
# that needs escaping.
pp=tests/data/bench-pp
mkdir -p "$tmp/ppr"
cp -r "$pp/raw" "$pp/kernels" "$pp/skipped" "$tmp/ppr/"
echo "date=test" >"$tmp/ppr/meta"
if TARGETS=$pp/targets scripts/bench-report.sh "$tmp/ppr" >"$tmp/table" 2>"$tmp/err" &&
	sed -n '/^Per patch/,$p' "$tmp/table" >"$tmp/per-patch" &&
	grep -q '^patch 1: perf: first "quoted" \\ subject (kernel p1 against base)$' "$tmp/per-patch" &&
	grep -q '^1 *perf-stat-spaced *text_poke_bp_batch *calls/run *2 *0 *0.0000 .* 2/2 patched<=0 pass$' "$tmp/per-patch" &&
	grep -q '^1 *pagefault *latency *ns/op *1001 *1011 *1.0100 (worse) .*ratio<=1.005 MISS$' "$tmp/per-patch" &&
	grep -q '^icount pagefault *latency *ns/op *1001 *1011 *1.0100 (worse) .* 2/2 *$' "$tmp/table" &&
	grep -q '^patch 2: .*(kernel p1 against p1; the same kernel' "$tmp/per-patch" &&
	grep -q '^2 *pagefault *latency *ns/op *1011 *1011 *1.0000 ' "$tmp/per-patch" &&
	grep -q '^3 *trig-fentry *throughput *M/s *6.01 *7.81 *1.2995 .*ratio>=1.30 MISS, ceiling>=0.85 pass$' "$tmp/per-patch" &&
	grep -q 'ceiling kernel; ratio=after/ceiling M/s *9 *0.8678 ' "$tmp/per-patch" &&
	grep -q '^3 *lvtpc .*no figures (skipped on p1: no hardware PMU (recorded))$' "$tmp/per-patch" &&
	grep -q 'v1 kernel; ratio=v1/patched *M/s *8 *1.0243 ' "$tmp/table" &&
	[ "$(grep -c '^[0-9] ' "$tmp/per-patch")" = 7 ] &&
	python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
p = d["per_patch"]
assert [x["patch"] for x in p] == [1, 1, 1, 1, 2, 3, 3], p
assert p[0]["subject"] == "perf: first \"quoted\" \\ subject"
assert p[5]["ratio"] == 1.2995 and p[5]["target"] == "ratio>=1.30 MISS, ceiling>=0.85 pass"
assert [k["kernel"] for k in d["kernels"]] == ["base", "p1", "p1", "patched"]' "$tmp/ppr/results.json"; then
	echo "PASS: bench report: per-patch table, targets with patch=, a shared kernel, valid JSON"
else
	echo "FAIL: bench report per patch is wrong:"
	sed 's/^/    /' "$tmp/table" "$tmp/err"
fi
# The same run as the 7.3 edition's, its patch 3 trampoline lines
# marked base=6.12: they leave the per-patch table, the rest stays.
cp -r "$tmp/ppr" "$tmp/ppr73"
printf '%s\n' 'date=test' 'edition=7.3' >"$tmp/ppr73/meta"
sed 's/^\(trig-fentry .*patch=3\)$/\1 base=6.12/' "$pp/targets" >"$tmp/pp73-targets"
if TARGETS=$tmp/pp73-targets scripts/bench-report.sh "$tmp/ppr73" >"$tmp/table" 2>"$tmp/err" &&
	sed -n '/^Per patch/,$p' "$tmp/table" >"$tmp/per-patch" &&
	! grep -q '^3 *trig-fentry' "$tmp/per-patch" &&
	grep -q '^3 *lvtpc ' "$tmp/per-patch" &&
	grep -q '^1 *pagefault *latency .*ratio<=1.005 MISS$' "$tmp/per-patch"; then
	echo "PASS: bench report: per-patch lines with another edition's base= are left out"
else
	echo "FAIL: bench report per patch keeps another edition's lines:"
	sed 's/^/    /' "$tmp/table" "$tmp/err"
fi
# The per-patch chart's data from the same run: the figures a target
# line names by metric (sync-core-ipis, named only through '*', is
# left out), the counts per perf stat run, the costs and the
# throughputs apart, and the chart drawn.
if [ "$(cut -d' ' -f1,2 "$tmp/ppr/patches.dat" | tr '\n' ' ')" = "count 1:perf-stat-spaced/text_poke_bp_batch cost 1:sched-pipe-cpu1/latency cost 1:pagefault/latency cost 2:pagefault/latency throughput 3:trig-fentry/throughput " ] &&
	grep -q '^cost 1:pagefault/latency ns/op 1001 1000 1002 1011 1010 1012 1.00999 ' "$tmp/ppr/patches.dat" &&
	{ ! command -v gnuplot >/dev/null || [ -s "$tmp/ppr/patches.png" ]; }; then
	echo "PASS: bench report: the per-patch chart's figures by kind, and the chart"
else
	echo "FAIL: bench report: the per-patch chart is wrong:"
	sed 's/^/    /' "$tmp/ppr/patches.dat"
fi
# A target that names its clock is checked on that clock's row only.
mkdir -p "$tmp/clk/raw"
for k in base-1 patched-1 ceiling-1; do
	cp "tests/data/bench-raw/icount-$k" "$tmp/clk/raw/icount-$k"
	cp "tests/data/bench-raw/icount-$k" "$tmp/clk/raw/wall-$k"
done
echo "date=test" >"$tmp/clk/meta"
printf '%s\n' 'sched-pipe-cpu1 latency ratio<=1.001 clock=icount' \
	'trig-fentry throughput ratio>=1.13 clock=wall' >"$tmp/clk-targets"
if TARGETS=$tmp/clk-targets scripts/bench-report.sh "$tmp/clk" >"$tmp/table" 2>"$tmp/err" &&
	grep -q '^icount sched-pipe-cpu1 .*ratio<=1.001 MISS *$' "$tmp/table" &&
	grep -q '^wall *sched-pipe-cpu1 .*[0-9]/[0-9] *$' "$tmp/table" &&
	grep -q '^wall *trig-fentry .*ratio>=1.13 pass *$' "$tmp/table" &&
	grep -q '^icount trig-fentry .*[0-9]/[0-9] *$' "$tmp/table"; then
	echo "PASS: bench report: a target with clock= is checked on that clock only"
else
	echo "FAIL: bench report ignores clock= in a target:"
	sed 's/^/    /' "$tmp/table" "$tmp/err"
fi
# A figure that has a target and no sample on one side (every one nan)
# misses it, so that a count the guest could not take cannot pass as 0.
cp -r "$tmp/clk" "$tmp/nanr"
sed -i 's/^\(perf-stat-spaced text_poke_bp_batch calls\/run\) .*/\1 nan/' "$tmp/nanr/raw/icount-patched-1"
printf '%s\n' 'perf-stat-spaced text_poke_bp_batch patched<=0 clock=icount' >"$tmp/nan-targets"
if TARGETS=$tmp/nan-targets scripts/bench-report.sh "$tmp/nanr" >"$tmp/table" 2>"$tmp/err" &&
	grep -q '^icount perf-stat-spaced *text_poke_bp_batch .* 1/0 *patched<=0 MISS (no figure) *$' "$tmp/table" &&
	! grep -q '^wall .*text_poke_bp_batch.*MISS' "$tmp/table" &&
	TARGETS=$tmp/nan-targets scripts/bench-report.sh "$tmp/clk" >"$tmp/table" 2>"$tmp/err" &&
	! grep -q 'no figure' "$tmp/table"; then
	echo "PASS: bench report: a target whose figure is nan on one side misses"
else
	echo "FAIL: bench report: a target without a figure does not miss:"
	sed 's/^/    /' "$tmp/table" "$tmp/err"
fi
# A target with base=V counts in a run of that edition only (bench.sh's
# BASE, the meta's edition=; none: 6.12), and the table names the base.
cp -r "$tmp/clk" "$tmp/ed"
printf '%s\n' 'date=test' 'edition=7.3' 'base=linux-source-7.3 7.3.4-1~bpo13+1' 'series=a.patch b.patch' >"$tmp/ed/meta"
printf '%s\n' 'sched-pipe-cpu1 latency ratio<=9 clock=icount base=7.3' \
	'trig-fentry throughput ratio>=9 clock=icount base=6.12' >"$tmp/ed-targets"
if TARGETS=$tmp/ed-targets scripts/bench-report.sh "$tmp/ed" >"$tmp/table" 2>"$tmp/err" &&
	head -n 1 "$tmp/table" | grep -qx 'base: linux-source-7.3 7.3.4-1~bpo13+1 (the 7.3 edition of the series)' &&
	grep -q '^icount sched-pipe-cpu1 .*ratio<=9 pass *$' "$tmp/table" &&
	grep -q '^icount trig-fentry .*[0-9]/[0-9] *$' "$tmp/table" &&
	TARGETS=$tmp/ed-targets scripts/bench-report.sh "$tmp/clk" >"$tmp/table" 2>"$tmp/err" &&
	grep -q '^icount sched-pipe-cpu1 .*[0-9]/[0-9] *$' "$tmp/table" &&
	grep -q '^icount trig-fentry .*ratio>=9 MISS *$' "$tmp/table"; then
	echo "PASS: bench report: a target with base= counts in a run of that edition only; the base named"
else
	echo "FAIL: bench report ignores base= in a target, or does not name the base:"
	sed 's/^/    /' "$tmp/table" "$tmp/err"
fi
# Under KVM: results.json records the accelerator (the meta that
# bench.sh writes), and the report names what its wall clock was.
cp -r "$tmp/clk" "$tmp/kvmr"
printf '%s\n' 'date=test' 'accel=kvm' 'accel_reason=/dev/kvm ran a guest (-accel kvm -cpu host)' >"$tmp/kvmr/meta"
if TARGETS=$tmp/clk-targets scripts/bench-report.sh "$tmp/kvmr" >"$tmp/table" 2>"$tmp/err" &&
	python3 -c 'import json, sys; m = json.load(open(sys.argv[1]))["meta"]; sys.exit(m["accel"] != "kvm" or "-cpu host" not in m["accel_reason"])' "$tmp/kvmr/results.json" &&
	grep -q "wall: wall clock of KVM guests on this host's CPU" "$tmp/table" &&
	TARGETS=$tmp/clk-targets scripts/bench-report.sh "$tmp/clk" | grep -q 'wall: emulated TCG wall clock'; then
	echo "PASS: bench report: results.json records the accelerator; the wall clock is named after it"
else
	echo "FAIL: bench report: the accelerator is not recorded or not named:"
	sed 's/^/    /' "$tmp/table" "$tmp/err"
fi
# accel.sh: the real boot sector, booted under emulation by a wrapper
# that turns '-accel kvm -cpu host...' into '-accel tcg -cpu max', must
# exit through its port; a fake QEMU that fails as this host's KVM does
# (its stderr recorded in tests/data/accel) gives tcg with that reason.
# /dev/null stands for /dev/kvm: a character device anyone can open.
mkdir -p "$tmp/fq"
realq=$(command -v qemu-system-x86_64)
printf '#!/bin/sh\nexec %s $(echo "$*" | sed -e "s/-accel kvm/-accel tcg/" -e "s/-cpu host[^ ]*/-cpu max/")\n' "$realq" >"$tmp/fq/qemu-system-x86_64"
chmod +x "$tmp/fq/qemu-system-x86_64"
acc() { env -u BENCH_ACCEL PATH="$tmp/fq:$PATH" KVM_DEV=/dev/null "$@" scripts/accel.sh 2>"$tmp/err"; }
o1=$(acc)
printf '#!/bin/sh\ncat %s/tests/data/accel/kvm-msr-abort.err >&2\nexit 134\n' "$TOP" >"$tmp/fq/qemu-system-x86_64"
o2=$(acc)
o3=$(acc BENCH_ACCEL=tcg)
o4=$(acc KVM_DEV="$tmp/none")
case $o1 in
"kvm /dev/null ran a guest (-accel kvm -cpu host,pmu=on); KVM's enable_pmu: "*) o1=kvm ;;
esac
if [ "$o1" = kvm ] &&
	[ "$o2" = "tcg qemu -accel kvm -cpu host,pmu=on exited with status 134: qemu-system-x86_64: error: failed to set MSR 0x10a to 0x69" ] &&
	[ "$o3" = "tcg BENCH_ACCEL=tcg" ] && [ "$o4" = "tcg no $tmp/none" ]; then
	echo "PASS: accel.sh: kvm where the probe's boot sector exits through its port, else tcg with QEMU's reason"
else
	echo "FAIL: accel.sh: got '$o1', '$o2', '$o3', '$o4'"
fi
expect "accel.sh: BENCH_ACCEL=kvm where KVM does not run a guest" "BENCH_ACCEL=kvm, but KVM cannot run a guest here: .*MSR 0x10a" \
	env PATH="$tmp/fq:$PATH" KVM_DEV=/dev/null BENCH_ACCEL=kvm scripts/accel.sh
# accel.sh BZIMAGE: the kernel as the guests boot it, after the boot
# sector.  A fake QEMU exits through the boot sector's port and answers
# a kernel as FAKE_KERNEL says: (a) marker: the kernel's panic for want
# of a root file system, then status 0 (kvm); (b) hang: the console of a
# kernel that got no further than its decompressor, then nothing, as
# where KVM comes from kvm_pvm (tcg, with that console line and QEMU's
# message); (c) error: QEMU fails (tcg, with its message).  In (b) and
# (c) check-kvm.sh is one SKIP line, BENCH_ACCEL=kvm too; without a
# test kernel in OBJ it is a FAIL (the harness's fault, not the host's).
cat >"$tmp/fq/qemu-system-x86_64" <<'EOF'
#!/bin/sh
case " $* " in *" -kernel "*) ;; *) exit 3 ;; esac
for a; do case $a in file:*) con=${a#file:} ;; esac; done
case $FAKE_KERNEL in
marker)
	printf '[    0.912345] VFS: Cannot open root device "" or unknown-block(0,0): error -6\r\n' >"$con"
	printf '[    0.912400] Kernel panic - not syncing: VFS: Unable to mount root fs on unknown-block(0,0)\r\n' >>"$con"
	exit 0
	;;
hang)
	printf 'Decompressing Linux... Parsing ELF... done.\r\nBooting the kernel (entry_offset: 0x0000000000000000).\r\n' >"$con"
	echo 'KVM internal error. Suberror: 1' >&2
	exec sleep 60
	;;
esac
echo 'qemu-system-x86_64: kvm_init_vcpu: kvm_arch_init_vcpu failed (-22): Invalid argument' >&2
exit 1
EOF
chmod +x "$tmp/fq/qemu-system-x86_64"
mkdir -p "$tmp/kobj/arch/x86/boot"
kimg=$tmp/kobj/arch/x86/boot/bzImage
: >"$kimg"
acck() { # FAKE_KERNEL [VAR=VALUE]...: accel.sh BZIMAGE
	f=$1
	shift
	env -u BENCH_ACCEL -u GUEST_CPUS PATH="$tmp/fq:$PATH" KVM_DEV=/dev/null ACCEL_PROBE_TIMEOUT=1 FAKE_KERNEL="$f" "$@" \
		scripts/accel.sh "$kimg" 2>"$tmp/err"
}
k="KVM ran a boot sector, but the kernel $kimg (qemu -accel kvm -cpu host,pmu=on -smp 2)"
o=$(acck marker)
case $o in
"kvm /dev/null booted $kimg up to where user space starts (-accel kvm -cpu host,pmu=on -smp 2); KVM's enable_pmu: "*)
	echo "PASS: accel.sh BZIMAGE: kvm where the kernel reaches its marker, the panic for want of a root fs" ;;
*) echo "FAIL: accel.sh BZIMAGE: a kernel that reached its marker gave '$o' $(cat "$tmp/err")" ;;
esac
o=$(acck hang)
[ "$o" = "tcg $k did not boot to its marker (its panic for want of a root fs) within 1 s, QEMU said: KVM internal error. Suberror: 1; console's last line: Booting the kernel (entry_offset: 0x0000000000000000)." ] &&
	echo "PASS: accel.sh BZIMAGE: tcg where KVM runs the boot sector but the kernel hangs, with its last console line" ||
	echo "FAIL: accel.sh BZIMAGE: a kernel that hung gave '$o' $(cat "$tmp/err")"
o=$(acck error)
[ "$o" = "tcg $k: QEMU exited with status 1 before the marker: qemu-system-x86_64: kvm_init_vcpu: kvm_arch_init_vcpu failed (-22): Invalid argument; console's last line: none" ] &&
	echo "PASS: accel.sh BZIMAGE: tcg where QEMU fails on the kernel, with its message" ||
	echo "FAIL: accel.sh BZIMAGE: a QEMU that failed on the kernel gave '$o' $(cat "$tmp/err")"
expect "accel.sh BZIMAGE: BENCH_ACCEL=kvm where KVM cannot boot the kernel" "BENCH_ACCEL=kvm, but KVM cannot run a guest here: KVM ran a boot sector, but the kernel .* did not boot to its marker" \
	env PATH="$tmp/fq:$PATH" KVM_DEV=/dev/null ACCEL_PROBE_TIMEOUT=1 FAKE_KERNEL=hang BENCH_ACCEL=kvm scripts/accel.sh "$kimg"
expect "accel.sh: no kernel image at BZIMAGE" "no kernel image at $tmp/none" scripts/accel.sh "$tmp/none"
for f in hang error; do
	for b in '' kvm; do
		c="$f${b:+, BENCH_ACCEL=$b}"
		out=$(env PATH="$tmp/fq:$PATH" KVM_DEV=/dev/null ACCEL_PROBE_TIMEOUT=1 FAKE_KERNEL=$f BENCH_ACCEL=$b \
			scripts/check-kvm.sh "$tmp/kobj" 2>&1)
		rc=$?
		case $rc:$out in
		"0:SKIP: kvm: the test guest under KVM, with a vPMU: not here ("*"$k"*)
			[ "$(printf '%s\n' "$out" | wc -l)" = 1 ] &&
				echo "PASS: check-kvm.sh where KVM cannot boot the test kernel ($c): one SKIP line with the reason" ||
				echo "FAIL: check-kvm.sh where KVM cannot boot the test kernel ($c) printed more than a line: '$out'"
			;;
		*) echo "FAIL: check-kvm.sh where KVM cannot boot the test kernel ($c): exit $rc, '$out'" ;;
		esac
	done
done
out=$(env PATH="$tmp/fq:$PATH" KVM_DEV=/dev/null FAKE_KERNEL=marker scripts/check-kvm.sh "$tmp/none" 2>&1)
rc=$?
[ $rc = 1 ] && [ "$out" = "FAIL: kvm: accel.sh: error: no kernel image at $tmp/none/arch/x86/boot/bzImage" ] &&
	echo "PASS: check-kvm.sh without a test kernel in OBJ: a FAIL" ||
	echo "FAIL: check-kvm.sh without a test kernel in OBJ: exit $rc, '$out'"
expect "bench.sh: the traced clock under emulation" "CLOCKS: traced counts what KVM does" \
	env BENCH_ACCEL=tcg CLOCKS=traced scripts/bench.sh
expect "bench.sh: an unknown edition" "BASE: no edition of the series for base '9.9' \\(6.12 or 7.3\\)" \
	env BASE=9.9 scripts/bench.sh
expect "bench.sh: the v1 kernel on the mainline edition" "BENCH_V1, BENCH_V2: their patches are the 6.12 edition's" \
	env BASE=7.3 BENCH_V1=1 scripts/bench.sh
expect "accel.sh: an unknown BENCH_ACCEL" "BENCH_ACCEL must be tcg or kvm, not 'xen'" \
	env BENCH_ACCEL=xen scripts/accel.sh
# boot-guest.sh under GUEST_ACCEL=kvm: the host CPU with a vPMU; the
# fake QEMU records its arguments.
printf '#!/bin/sh\necho "$*" >%s\n' "$tmp/qargs" >"$tmp/fq/qemu-system-x86_64"
: >"$tmp/bzImage"
env PATH="$tmp/fq:$PATH" GUEST_ACCEL=kvm QEMU_CLOCK=wall scripts/boot-guest.sh "$tmp/bzImage" "$tmp/kvmboot" true >/dev/null 2>&1
grep -q -- '-accel kvm -machine pc -cpu host,pmu=on ' "$tmp/qargs" 2>/dev/null && [ ! -e "$tmp/kvmboot/kvm-apic" ] &&
	echo "PASS: boot-guest.sh: GUEST_ACCEL=kvm boots with -accel kvm -cpu host,pmu=on, untraced" ||
	echo "FAIL: boot-guest.sh: GUEST_ACCEL=kvm ran QEMU as: $(cat "$tmp/qargs" 2>/dev/null) (kvm-apic: $(cat "$tmp/kvmboot/kvm-apic" 2>/dev/null))"
# ... and with KVM_HOST_COUNT=1 QEMU runs under the host's count of its
# APIC writes, where perf can count kvm:kvm_apic (root here, with the
# kvm module); else the run says why not.  A fake QEMU marks no window:
# kvm-windows says so.
env PATH="$tmp/fq:$PATH" GUEST_ACCEL=kvm KVM_HOST_COUNT=1 QEMU_CLOCK=wall scripts/boot-guest.sh "$tmp/bzImage" "$tmp/kvmboot" true >/dev/null 2>&1
if scripts/kvm-apic-writes.sh probe >"$tmp/why"; then
	grep -qx 'apic-writes 0' "$tmp/kvmboot/kvm-apic" 2>/dev/null && grep -qx 'lvtpc-writes 0' "$tmp/kvmboot/kvm-apic" &&
		grep -q '^unavailable: .*no window that ended' "$tmp/kvmboot/kvm-windows" &&
		echo "PASS: boot-guest.sh: under KVM the host counts the guest's APIC writes (none from a fake QEMU, and no window)" ||
		echo "FAIL: boot-guest.sh: under KVM no count of APIC writes: $(cat "$tmp/kvmboot/kvm-apic" "$tmp/kvmboot/kvm-windows" 2>/dev/null)"
	# QEMU's status reaches the verdict through the count: a failure,
	# and a death by a signal (perf stat's own status would say 0).
	cp "$tmp/fq/qemu-system-x86_64" "$tmp/fq.keep"
	for q in 'exit 3:3' 'kill -SEGV $$:139'; do
		printf '#!/bin/sh\n%s\n' "${q%:*}" >"$tmp/fq/qemu-system-x86_64"
		env PATH="$tmp/fq:$PATH" GUEST_ACCEL=kvm KVM_HOST_COUNT=1 QEMU_CLOCK=wall scripts/boot-guest.sh "$tmp/bzImage" "$tmp/kvmboot" true >/dev/null 2>"$tmp/err"
		if [ "$(cat "$tmp/kvmboot/verdict" 2>/dev/null)" = qemu-error ] && grep -q "exited with status ${q##*:}\$" "$tmp/err"; then
			echo "PASS: boot-guest.sh: under the count, a QEMU that ran '${q%:*}' gets qemu-error, status ${q##*:}"
		else
			echo "FAIL: boot-guest.sh: under the count, a QEMU that ran '${q%:*}': verdict $(cat "$tmp/kvmboot/verdict" 2>/dev/null), $(tail -n 1 "$tmp/err")"
		fi
	done
	cp "$tmp/fq.keep" "$tmp/fq/qemu-system-x86_64"
else
	echo "SKIP: boot-guest.sh: the host's count of APIC writes ($(cat "$tmp/why"))"
fi
# A recorded run of make kvm-nested's inner guest (it timed out at its
# SMP bring-up; the outer guest, its host, counted its APIC writes).
r=tests/data/kvm-nested-timeout
w=$(scripts/kvm-apic-writes.sh read "$r/kvm-apic.csv" 2>&1 | tr '\n' ' ')
[ "$w" = "apic-writes 152 lvtpc-writes 0 " ] &&
	echo "PASS: kvm-apic-writes.sh: the counts of a recorded perf stat, in order" ||
	echo "FAIL: kvm-apic-writes.sh read a recorded perf stat as '$w'"
cp -r "$r" "$tmp/inner" && rm "$tmp/inner/kvm-apic"
sh guest/kvm-inner-verdicts.sh "$r" >"$tmp/iv" 2>&1
sh guest/kvm-inner-verdicts.sh "$tmp/inner" >"$tmp/iv2" 2>&1
if [ "$(sed -n 1p "$tmp/iv")" = "inner-guest fail verdict timeout, trig-fentry none" ] &&
	[ "$(sed -n 2p "$tmp/iv")" = "vpmu fail no kernel log: the guest did not finish" ] &&
	[ "$(sed -n 3p "$tmp/iv")" = "host-apic ok 152 APIC writes emulated by KVM, 0 of them to LVTPC, counted on the host" ] &&
	[ "$(sed -n 4p "$tmp/iv")" = "host-window fail no window trig in the host's recording: " ] &&
	[ "$(wc -l <"$tmp/iv")" = 4 ] && grep -q '^host-apic fail no count' "$tmp/iv2"; then
	echo "PASS: kvm-inner-verdicts.sh: a recorded inner guest that timed out, its host's count (and without it)"
else
	echo "FAIL: kvm-inner-verdicts.sh on a recorded inner guest:"
	sed 's/^/    /' "$tmp/iv" "$tmp/iv2"
fi
# A recorded inner guest of a make kvm-nested that passed: no PMU there.
# Its host's recording (kvm-apic.data) is read again here with this
# host's perf, when there is one.
sh guest/kvm-inner-verdicts.sh tests/data/kvm-nested-ok >"$tmp/iv3" 2>&1
if [ "$(cut -d' ' -f1,2 "$tmp/iv3" | tr '\n' ' ')" = "inner-guest ok vpmu skip host-apic ok host-window ok " ] &&
	grep -q '^inner-guest ok trig-fentry 5\.4570 M/s' "$tmp/iv3" &&
	grep -q '^host-apic ok 22038 APIC writes emulated by KVM, 0 of them to LVTPC' "$tmp/iv3" &&
	grep -q "^host-window ok the host read the guest's window trig: 0 LVTPC writes, 0 + 531 call-function IPIs (several CPUs + one) in 12.541743 s" "$tmp/iv3" &&
	[ "$(scripts/kvm-apic-writes.sh read tests/data/kvm-nested-ok/kvm-apic.csv | tr '\n' ' ')" = "apic-writes 22038 lvtpc-writes 0 " ]; then
	echo "PASS: kvm-inner-verdicts.sh: a recorded inner guest that ran, without a PMU"
else
	echo "FAIL: kvm-inner-verdicts.sh on a recorded inner guest that ran:"
	sed 's/^/    /' "$tmp/iv3"
fi
# The windows a guest marks (bench/hostmark.c), read back on the host
# (kvm-windows.awk), on a synthetic recording: nested windows, LVTPC
# and ICR writes in and out of them, another register's, another leaf's
# CPUIDs, a stray mark, a window that never ends.
awk -v leaf="$(scripts/kvm-apic-writes.sh leaf)" -f scripts/kvm-windows.awk \
	tests/data/kvm-windows.script >"$tmp/win" 2>"$tmp/win.err"
if [ "$(cat "$tmp/win")" = "window messaging-perf-stat lvtpc-writes 5 call-function-ipis 2 call-function-single-ipis 0 seconds 1.008230
window messaging lvtpc-writes 8 call-function-ipis 2 call-function-single-ipis 1 seconds 1.012550" ] && grep -q "a mark that is no window's begin or end: '<oops>oops'" "$tmp/win.err"; then
	echo "PASS: kvm-windows.awk: nested windows, their LVTPC writes, IPIs and lengths; a stray mark reported"
else
	echo "FAIL: kvm-windows.awk read the synthetic recording as:"
	sed 's/^/    /' "$tmp/win" "$tmp/win.err"
fi
# kvm-apic-writes.sh's filter for call-function IPIs, on a tracepoint
# whose field this host can set: close(N) for N from 1024 to 2047 under
# the same bit tests of 'fd' must pass exactly N whose low byte is 0xfb
# or 0xfc.
icr_cf=
eval "$(grep '^icr_cf=' scripts/kvm-apic-writes.sh)"
f=$(printf '%s\n' "$icr_cf" | sed 's/^rw == 1 && reg == 0x300 && //; s/val/fd/g')
printf '#include <unistd.h>\nint main(void) { for (int n = 1024; n < 2048; n++) close(n); return 0; }\n' >"$tmp/cl.c"
if [ -z "$icr_cf" ] || [ "$f" = "$icr_cf" ]; then
	echo "FAIL: kvm-apic-writes.sh's icr_cf, the ICR filter, not found or not in the expected form: '$icr_cf'"
elif ! gcc -o "$tmp/cl" "$tmp/cl.c" 2>"$tmp/err"; then
	echo "FAIL: the close() loop does not build: $(head -n 1 "$tmp/err")"
elif ! perf record -q -o "$tmp/cl0.data" -e syscalls:sys_enter_close -- "$tmp/cl" 2>"$tmp/err"; then
	echo "SKIP: the ICR filter's bit tests: perf record cannot trace syscalls:sys_enter_close here ($(head -n 1 "$tmp/err"))"
elif ! perf record -q -o "$tmp/cl.data" -e syscalls:sys_enter_close --filter "$f" -- "$tmp/cl" 2>"$tmp/err"; then
	echo "FAIL: the ICR filter's bit tests: the kernel refused the filter: $(head -n 1 "$tmp/err")"
else
	got=$(perf script -i "$tmp/cl.data" -F trace 2>/dev/null | tr '\n' ' ')
	[ "$got" = "fd: 0x000004fb fd: 0x000004fc fd: 0x000005fb fd: 0x000005fc fd: 0x000006fb fd: 0x000006fc fd: 0x000007fb fd: 0x000007fc " ] &&
		echo "PASS: kvm-apic-writes.sh's ICR filter passes vectors 0xfb and 0xfc only (its bit tests on close()'s fd)" ||
		echo "FAIL: the ICR filter's bit tests on close()'s fd passed: $got"
fi
# A traced bench boot's figures from its windows (window-figures.awk):
# counts summed by name, a sub-window's too, none for a scenario that
# skipped, nan for one that ran without a window.
printf '%s\n' "window trig lvtpc-writes 0 call-function-ipis 12 call-function-single-ipis 1 seconds 4.000000" \
	"window trig_cycles lvtpc-writes 0 call-function-ipis 0 call-function-single-ipis 0 seconds 0.010000" \
	"window bystander-b2b-perf lvtpc-writes 5000 call-function-ipis 3 call-function-single-ipis 2 seconds 2.500000" \
	"window bystander-b2b-perf lvtpc-writes 4000 call-function-ipis 4 call-function-single-ipis 3 seconds 2.500000" \
	"window bystander lvtpc-writes 9001 call-function-ipis 8 call-function-single-ipis 6 seconds 8.000000" \
	"window old-form lvtpc-writes 1 call-function-ipis 1 seconds 1.000000" \
	"kvm-windows.awk: a mark that is no window's begin or end: 'x' (at 1.0)" >"$tmp/kw"
awk -v ran=" trig bystander messaging" -v skipped="trig_cycles " -f scripts/window-figures.awk "$tmp/kw" >"$tmp/kwf" 2>&1
if [ "$(cat "$tmp/kwf")" = "trig host-lvtpc-writes count 0
trig host-call-function-ipis count 12
trig host-call-function-single-ipis count 1
bystander-b2b-perf host-lvtpc-writes count 9000
bystander-b2b-perf host-call-function-ipis count 7
bystander-b2b-perf host-call-function-single-ipis count 5
bystander host-lvtpc-writes count 9001
bystander host-call-function-ipis count 8
bystander host-call-function-single-ipis count 6
messaging host-lvtpc-writes count nan
messaging host-call-function-ipis count nan
messaging host-call-function-single-ipis count nan" ]; then
	echo "PASS: window-figures.awk: counts per window name, none for a skipped scenario, nan for one without its window"
else
	echo "FAIL: window-figures.awk gave:"
	sed 's/^/    /' "$tmp/kwf"
fi
# bench-boot.sh's traced boot, on a fake guest run (guest-run.sh in a
# copy of scripts/): the guest's counts kept and its timings dropped,
# the host's window counts, nan for a scenario without a window, none
# for a skipped one, the recording removed once read.
mkdir -p "$tmp/bb/scripts" "$tmp/bb/out/raw"
cp scripts/bench-boot.sh scripts/lib.sh scripts/window-figures.awk "$tmp/bb/scripts/"
cat >"$tmp/bb/scripts/guest-run.sh" <<'EOS'
#!/bin/sh
# Fake: writes the run as a traced boot would leave it.
r=$BUILD/runs/$3
mkdir -p "$r"
printf '%s\n' "# RESULT perf-stat-spaced sync-core-ipis sends/run 6.00" "# RESULT bystander-b2b perf/control ratio 0.9800" \
	"# RESULT messaging-bare time s 1.234" >"$r/output"
printf '%s\n' "PASS: guest x: ok" "PASS: perf_stat" "PASS: bystander" "SKIP: messaging" "PASS: lvtpc" >"$r/summary"
echo ok >"$r/verdict"
printf '%s\n' "apic-writes 100" "lvtpc-writes 7" >"$r/kvm-apic"
printf '%s\n' "window perf-stat-spaced lvtpc-writes 0 call-function-ipis 30 call-function-single-ipis 4 seconds 9.000000" \
	"window perf_stat lvtpc-writes 1 call-function-ipis 31 call-function-single-ipis 5 seconds 20.000000" \
	"window bystander lvtpc-writes 2 call-function-ipis 3 call-function-single-ipis 6 seconds 30.000000" >"$r/kvm-windows"
: >"$r/kvm-apic.data"
echo "$KVM_HOST_COUNT $QEMU_CLOCK" >"$r/env"
EOS
chmod +x "$tmp/bb/scripts/guest-run.sh"
BUILD="$tmp/bb/build" sh "$tmp/bb/scripts/bench-boot.sh" "$tmp/bb/out" traced base 1 perf_stat bystander messaging lvtpc >/dev/null 2>&1
r="$tmp/bb/build/runs/bench-out/traced-base-1"
if [ "$(cat "$r/env" 2>/dev/null)" = "1 wall" ] && [ ! -e "$r/kvm-apic.data" ] && [ "$(cat "$tmp/bb/out/raw/traced-base-1" 2>/dev/null)" = "perf-stat-spaced sync-core-ipis sends/run 6.00
boot-apic apic-writes count 100
boot-apic lvtpc-writes count 7
perf-stat-spaced host-lvtpc-writes count 0
perf-stat-spaced host-call-function-ipis count 30
perf-stat-spaced host-call-function-single-ipis count 4
perf_stat host-lvtpc-writes count 1
perf_stat host-call-function-ipis count 31
perf_stat host-call-function-single-ipis count 5
bystander host-lvtpc-writes count 2
bystander host-call-function-ipis count 3
bystander host-call-function-single-ipis count 6
lvtpc host-lvtpc-writes count nan
lvtpc host-call-function-ipis count nan
lvtpc host-call-function-single-ipis count nan" ]; then
	echo "PASS: bench-boot.sh: a traced boot keeps counts, the host's per window, nan without a window, and drops timings"
else
	echo "FAIL: bench-boot.sh's traced boot: env '$(cat "$r/env" 2>/dev/null)', raw:"
	sed 's/^/    /' "$tmp/bb/out/raw/traced-base-1" 2>/dev/null
fi
# hostmark refuses what it cannot spell as a window's mark.
if gcc -O2 -Wall -Werror -o "$tmp/hostmark" bench/hostmark.c 2>"$tmp/err"; then
	expect "hostmark: no begin or end" "usage: hostmark begin[|]end NAME" "$tmp/hostmark" start x
	expect "hostmark: a name with a space" "bad NAME 'a b'" "$tmp/hostmark" begin "a b"
else
	echo "FAIL: bench/hostmark.c does not build: $(head -n 1 "$tmp/err")"
fi
# Cycles per run (guest/bench.sh's trig_cycles) from perf stat -x, files.
cpr() { # RATE LINE...: cycles-per-run.awk on a perf stat file of LINEs
	r=$1
	shift
	printf '%s\n' "# started on ..." "" "$@" >"$tmp/ps.csv"
	awk -v rate="$r" -f guest/cycles-per-run.awk "$tmp/ps.csv"
}
c1=$(cpr 113 '3000000000,,cycles,100,100.00,,' '1000.00,msec,task-clock,1000000000,100.00,1.000,CPUs utilized')
c2=$(cpr 226 '1500000000,,cycles,100,100.00,,' '500.00,msec,task-clock,1,100.00,1,x')
c3=$(cpr 113 '<not supported>,,cycles,0,100.00,,' '1.45,msec,task-clock,1450053,100.00,0.537,CPUs utilized')
c4=$(cpr "" '3000000000,,cycles,100,100.00,,' '1000.00,msec,task-clock,1000000000,100.00,1.000,CPUs utilized')
[ "$c1 $c2" = "26.55 13.27" ] && [ -z "$c3$c4" ] &&
	echo "PASS: cycles-per-run.awk: cycles per second of CPU time over runs per second; nothing without cycles or a rate" ||
	echo "FAIL: cycles-per-run.awk gave '$c1' '$c2' '$c3' '$c4', wanted '26.55' '13.27' '' ''"
if command -v perf >/dev/null 2>&1; then
	w=$(scripts/kvm-apic-writes.sh windows tests/data/kvm-nested-ok/kvm-apic.data 2>&1)
	[ "$w" = "window trig lvtpc-writes 0 call-function-ipis 0 call-function-single-ipis 531 seconds 12.541743" ] &&
		echo "PASS: kvm-apic-writes.sh windows: a recorded host's perf record of a nested guest's marks" ||
		echo "FAIL: kvm-apic-writes.sh windows read the recorded kvm-apic.data as '$w'"
else
	echo "SKIP: kvm-apic-writes.sh windows on a recorded perf record: no perf here"
fi
# ... and refuses a recording in which perf lost events, or found them
# out of order (a fake perf says so).
printf '#!/bin/sh\ncase $1 in report) printf "%%s\\n" "           TOTAL events:       9" "%s" ;; script) echo "%s" >&2 ;; esac\n' \
	"            LOST events:          3" "" >"$tmp/fperf1"
printf '#!/bin/sh\ncase $1 in report) printf "%%s\\n" "           TOTAL events:       9" ;; script) echo "%s" >&2 ;; esac\n' \
	"2 out of order events recorded." >"$tmp/fperf2"
chmod +x "$tmp/fperf1" "$tmp/fperf2"
: >"$tmp/fake.data"
expect "kvm-apic-writes.sh windows: lost events" "perf lost events \(LOST events: 3\)" \
	env PERF="$tmp/fperf1" scripts/kvm-apic-writes.sh windows "$tmp/fake.data"
expect "kvm-apic-writes.sh windows: events out of order" "2 out of order events recorded.: a window could hold another's events" \
	env PERF="$tmp/fperf2" scripts/kvm-apic-writes.sh windows "$tmp/fake.data"
# Without KVM, check-kvm.sh is one SKIP line with accel.sh's reason.
out=$(BENCH_ACCEL=tcg scripts/check-kvm.sh build/obj-test 2>&1)
[ $? = 0 ] && [ "$out" = "SKIP: kvm: the test guest under KVM, with a vPMU: not here (accel.sh: BENCH_ACCEL=tcg)" ] &&
	echo "PASS: check-kvm.sh without KVM: one SKIP line with the reason" ||
	echo "FAIL: check-kvm.sh without KVM printed '$out'"
expect "check-kvm.sh: no OBJ" "usage: check-kvm.sh OBJ" scripts/check-kvm.sh
expect "build-matrix.sh: an unknown MATRIX_PREFIXES" "MATRIX_PREFIXES must be top, ends or all, not 'most'" \
	env MATRIX_PREFIXES=most scripts/build-matrix.sh . x86-up
# kvm-apic-writes.sh read: perf stat's output for other events is an error.
printf '# started on Fri Dec  4 09:18:08 2026\n\n2.44,msec,task-clock,2441403,100.00,0.236,CPUs utilized\n' >"$tmp/other.csv"
expect "kvm-apic-writes.sh: a count file of other events" "not two counts of kvm:kvm_apic" \
	scripts/kvm-apic-writes.sh read "$tmp/other.csv"
expect "kvm-apic-writes.sh: no count file" "no count file" scripts/kvm-apic-writes.sh read "$tmp/none.csv"
rm -f "$tmp/qargs"
env PATH="$tmp/fq:$PATH" PERF=/nonexistent/perf GUEST_ACCEL=kvm KVM_HOST_COUNT=1 QEMU_CLOCK=wall scripts/boot-guest.sh "$tmp/bzImage" "$tmp/kvmboot" true >/dev/null 2>&1
grep -qx 'unavailable: no perf (Debian package linux-perf)' "$tmp/kvmboot/kvm-apic" 2>/dev/null && [ -s "$tmp/qargs" ] &&
	grep -qx 'unavailable: no perf (Debian package linux-perf)' "$tmp/kvmboot/kvm-windows" &&
	echo "PASS: boot-guest.sh: without perf the guest still boots under KVM, and kvm-apic says why there is no count" ||
	echo "FAIL: boot-guest.sh: without perf: kvm-apic is '$(cat "$tmp/kvmboot/kvm-apic" 2>/dev/null)'"
expect "boot-guest.sh: instruction counting under KVM" "QEMU_CLOCK=icount is QEMU's software emulation: it needs GUEST_ACCEL=tcg" \
	env GUEST_ACCEL=kvm QEMU_CLOCK=icount scripts/boot-guest.sh "$tmp/bzImage" "$tmp/kvmboot" true
# The cover letter gets the per-patch table in its own block, the rest
# of the letter (another block included) unchanged.
printf 'text\n-- results begin --\nold\n-- results end --\n-- notes begin --\nkept\n-- notes end --\n-- per-patch begin --\nold\n-- per-patch end --\ntail\n' >"$tmp/cover"
if scripts/update-cover.sh "$tmp/ppr" "$tmp/cover" >/dev/null 2>"$tmp/err" &&
	[ "$(sed -n '/^-- per-patch begin/,/^-- per-patch end/p' "$tmp/cover" | grep -c '^patch [0-9]')" = 3 ] &&
	[ "$(sed -n '/^-- results begin/,/^-- results end/p' "$tmp/cover" | grep -c '^patch [0-9]\|^icount trig-fentry')" = 1 ] &&
	! grep -q '^old$' "$tmp/cover" && grep -q '^kept$' "$tmp/cover" && [ "$(tail -n 1 "$tmp/cover")" = tail ]; then
	echo "PASS: update-cover.sh: the tables in their blocks, the rest kept"
else
	echo "FAIL: update-cover.sh writes the tables wrongly:"
	sed 's/^/    /' "$tmp/cover" "$tmp/err"
fi
# The headline block: bench/headline's rows of each run's per-patch
# table, compact, under a line naming the run.
printf 'text\n-- headline begin --\nold\n-- headline end --\ntail\n' >"$tmp/cover"
if scripts/update-cover.sh "$tmp/ppr" "$tmp/ppr" "$tmp/cover" >/dev/null 2>"$tmp/err" &&
	[ "$(grep -c '^run test: instruction counting, .* boots of each kernel$' "$tmp/cover")" = 2 ] &&
	[ "$(grep -c '^  trig-fentry  *M/s  *6.01 -> 7.81  *1.2995 ' "$tmp/cover")" = 2 ] &&
	grep -q '^  *ceiling kernel  *9  *after/ceiling 0.8678' "$tmp/cover" &&
	! grep -q 'trig-syscall-count\|no figures\|^old$' "$tmp/cover" && [ "$(tail -n 1 "$tmp/cover")" = tail ]; then
	echo "PASS: update-cover.sh: the headline block, run by run"
else
	echo "FAIL: update-cover.sh writes the headline block wrongly:"
	sed 's/^/    /' "$tmp/cover" "$tmp/err"
fi
printf 'trig-fentry throughput ratio>=1.30 patch=x\n' >"$tmp/bad-targets"
TARGETS=$tmp/bad-targets expect "malformed targets" "bad-targets:1: malformed line 'trig-fentry throughput ratio>=1.30 patch=x'" \
	scripts/bench-report.sh "$tmp/ppr"
mkdir -p "$tmp/dir/raw"
echo "date=test" >"$tmp/dir/meta"
echo "bystander-b2b perf/control ratio 1.0" >"$tmp/dir/raw/wall-base-1"
echo "bystander-b2b perf/control ratio 0.9" >"$tmp/dir/raw/wall-patched-1"
scripts/bench-report.sh "$tmp/dir" 2>&1 | grep -q 'bystander-b2b .*0.9000 (worse)' &&
	echo "PASS: bench report: a lower perf/control ratio is shown as worse" ||
	echo "FAIL: bench report: a lower perf/control ratio is not shown as worse"
echo "wall base round 2: guest kernel panicked; log x.out" >"$tmp/bench/failed"
scripts/bench-report.sh "$tmp/bench" 2>&1 | grep -q '^failed boot: wall base round 2: guest kernel panicked' &&
	echo "PASS: bench report lists the boots that failed" ||
	echo "FAIL: bench report does not list the boots that failed"
printf 'trig-fentry throughput M/s\n' >"$tmp/bench/raw/wall-base-1"
rm -f "$tmp/bench/results.json"
expect "malformed bench output" 'wall-base-1:1: malformed figure' scripts/bench-report.sh "$tmp/bench"
[ ! -e "$tmp/bench/results.json" ] && [ ! -e "$tmp/bench/results.json.tmp" ] &&
	echo "PASS: no results file after malformed input" ||
	echo "FAIL: a results file was written from malformed input"

# make fuzz: the report on a recorded run (trinity and stress-ng on the
# test kernel), then on copies with a splat added: on both kernels it
# is also the base's, on the series alone it is the series'; a guest
# that did not come back and a tool's failure fail with the log path.
fz=$tmp/fuzz
mkdir -p "$fz/series" "$fz/base"
cp tests/data/fuzz/output tests/data/fuzz/console.log "$fz/series/"
echo ok >"$fz/series/verdict"
scripts/fuzz-report.sh "$BUILD/linux" "$fz/series" >"$tmp/out" 2>&1
rc=$?
[ $rc = 0 ] && [ "$(grep -c '^PASS: fuzz series ' "$tmp/out")" = 3 ] && ! grep -q '^FAIL' "$tmp/out" &&
	grep -q 'trinity rate syscalls/s: 177.0$' "$tmp/out" && grep -q 'trinity hotplug cycles: 352$' "$tmp/out" &&
	grep -q 'stress-ng cpu-online bogo-ops: 16$' "$tmp/out" &&
	echo "PASS: fuzz report: a clean run passes and shows syscalls/s, hotplug cycles, bogo-ops" ||
	{ echo "FAIL: fuzz report misreads a clean run (exit $rc):"; sed 's/^/    /' "$tmp/out"; }
cp "$fz/series/output" "$fz/series/verdict" "$fz/base/"
warn() { # RUN FUNCTION: a kernel warning in RUN's console log
	sed "s/^\(\[   17.085820\] \).*/\1WARNING: CPU: 1 PID: $3 at kernel\/events\/core.c:$4 $2+0x1c\/0x90/" \
		tests/data/fuzz/console.log >"$1/console.log"
}
warn "$fz/series" perf_sched_cb_inc 215 1234
warn "$fz/base" perf_sched_cb_inc 309 1201
scripts/fuzz-report.sh "$BUILD/linux" "$fz/series" "$fz/base" >"$tmp/out" 2>&1
rc=$?
[ $rc = 1 ] &&
	grep -q "^FAIL: fuzz series finding: WARNING: at kernel/events/core.c perf_sched_cb_inc (also on base); console log $fz/series/console.log" "$tmp/out" &&
	grep -q '^FAIL: fuzz base finding: WARNING: at kernel/events/core.c perf_sched_cb_inc (also on series)' "$tmp/out" &&
	echo "PASS: fuzz report: a splat the base shares is reported as the base's too" ||
	{ echo "FAIL: fuzz report: a splat the base shares is misreported (exit $rc):"; sed 's/^/    /' "$tmp/out"; }
warn "$fz/base" perf_event_exit_cpu 309 1201
scripts/fuzz-report.sh "$BUILD/linux" "$fz/series" "$fz/base" >"$tmp/out" 2>&1
rc=$?
[ $rc = 1 ] && grep -q '^FAIL: fuzz series finding: .* perf_sched_cb_inc (series only)' "$tmp/out" &&
	grep -q '^FAIL: fuzz base finding: .* perf_event_exit_cpu (base only)' "$tmp/out" &&
	echo "PASS: fuzz report: a splat only the series shows is the series'" ||
	{ echo "FAIL: fuzz report: a splat only the series shows is misreported (exit $rc):"; sed 's/^/    /' "$tmp/out"; }
# A malformed stressor list is refused before any earlier run is removed
# (the guest tools are there, so only that check can stop it).
mkdir -p "$tmp/fb/runs/fuzz/series" "$tmp/fb/guest-tools/kselftest/kselftest"
: >"$tmp/fb/guest-tools/kselftest/kselftest/ktap_helpers.sh"
echo kept >"$tmp/fb/runs/fuzz/series/console.log"
expect "fuzz with a malformed FUZZ_STRESSORS" "FUZZ_STRESSORS: ':2' is not NAME:WORKERS" \
	env BUILD="$tmp/fb" FUZZ_STRESSORS='switch:2 :2' scripts/fuzz.sh "$BUILD/linux" "$tmp/fb"
[ "$(cat "$tmp/fb/runs/fuzz/series/console.log")" = kept ] &&
	echo "PASS: fuzz: a malformed FUZZ_STRESSORS leaves the last run in place" ||
	echo "FAIL: fuzz: a malformed FUZZ_STRESSORS removed the last run"
cp tests/data/fuzz/console.log "$fz/base/"
echo timeout >"$fz/base/verdict"
sed '/^# stress-ng for/,$d' tests/data/fuzz/output >"$fz/base/output"
sed 's/^ok 1 trinity/not ok 1 trinity/' tests/data/fuzz/output >"$fz/series/output"
cp tests/data/fuzz/console.log "$fz/series/"
scripts/fuzz-report.sh "$BUILD/linux" "$fz/series" "$fz/base" >"$tmp/out" 2>&1
rc=$?
[ $rc = 1 ] && grep -q "^FAIL: fuzz base boot (timeout): see $fz/base/boot.err and $fz/base/console.log" "$tmp/out" &&
	grep -q '^FAIL: fuzz base (result missing)' "$tmp/out" && grep -q '^FAIL: fuzz series trinity' "$tmp/out" &&
	grep -q '^PASS: fuzz series stress-ng' "$tmp/out" &&
	echo "PASS: fuzz report: a guest that did not come back and a failed tool fail the run" ||
	{ echo "FAIL: fuzz report: a hung guest or a failed tool does not fail the run (exit $rc):"; sed 's/^/    /' "$tmp/out"; }

# The BPF trampoline tests are found by what they load, not by name.
bt=$tmp/bt/tools/testing/selftests/bpf
mkdir -p "$bt/progs" "$bt/prog_tests"
echo 'SEC("fentry/x")' >"$bt/progs/a.c"
echo 'SEC("kprobe/x")' >"$bt/progs/b.c"
echo 'SEC("fmod_ret.s/x")' >"$bt/progs/d.c"
printf '#include "a.skel.h"\nvoid test_a(void)\n' >"$bt/prog_tests/a.c"
printf '#include "b.skel.h"\nvoid serial_test_b(void)\n' >"$bt/prog_tests/b.c"
printf 'BPF_TRACE_FEXIT\nvoid serial_test_c(void)\n' >"$bt/prog_tests/c.c"
printf 'open("d.bpf.o")\nvoid test_d(void)\nvoid test_d2(void)\n' >"$bt/prog_tests/d.c"
printf '#include "a.skel.h"\nvoid test_b(void)\nvoid test_v(void)\n' >"$bt/prog_tests/v.c"
out=$(scripts/bpf-trampoline-tests.sh "$tmp/bt" | tr '\n' ' ')
[ "$out" = "a c d d2 v " ] &&
	echo "PASS: BPF trampoline tests: by skeleton, object file or attach type, not by name; not one that runs another progs/ file" ||
	echo "FAIL: BPF trampoline tests: got '$out', wanted 'a c d d2 v '"
expect "BPF trampoline tests of a directory without the BPF selftests" "no tools/testing/selftests/bpf" \
	scripts/bpf-trampoline-tests.sh "$tmp/fb"
if [ -d "$BUILD/linux/tools/testing/selftests/bpf" ]; then
	out=$(scripts/bpf-trampoline-tests.sh "$BUILD/linux")
	missing=
	for t in fentry_test fexit_test fentry_fexit fexit_sleep fexit_stress trampoline_count recursion \
		modify_return fexit_bpf2bpf get_func_args_test get_func_ip_test tracing_struct bpf_cookie; do
		printf '%s\n' "$out" | grep -qx "$t" || missing="$missing $t"
	done
	[ -z "$missing" ] &&
		echo "PASS: BPF trampoline tests of the tree: $(printf '%s\n' "$out" | wc -l), the thirteen known ones among them" ||
		echo "FAIL: BPF trampoline tests of the tree lack:$missing"
else
	echo "SKIP: BPF trampoline tests of the tree (no tree in $BUILD/linux)"
fi
# test_progs' own result lines become KTAP (guest/test-progs-ktap.awk),
# read as every other KTAP is: OK, SKIP, FAIL and 'OK (SKIP: a/b)'
# per test, subtests and logs left out, and the failed tests' lines
# printed again after 'All error logs:'; a run cut short a failure.
printf '%s\n' '#1       fentry_test:OK' '#1/1     fentry_test/fentry:OK' 'a log line' \
	'#2       fexit_sleep:FAIL' '#3       bpf_cookie:OK (SKIP: 1/12)' '#4       trampoline_count:SKIP' \
	'' 'All error logs:' 'a log line' '#2       fexit_sleep:FAIL' \
	'Summary: 3/20 PASSED, 1 SKIPPED, 1 FAILED' >"$tmp/tp.out"
awk -f guest/test-progs-ktap.awk "$tmp/tp.out" >"$tmp/tp.ktap"
grep -v '^Summary' "$tmp/tp.out" | awk -f guest/test-progs-ktap.awk >"$tmp/tp-cut.ktap"
if [ -f "$BUILD/linux/tools/testing/kunit/kunit.py" ]; then
	got=$(scripts/ktap-results.sh "$BUILD/linux" "$tmp/tp.ktap" bpf | tr '\n' ';')
	cut=$(scripts/ktap-results.sh "$BUILD/linux" "$tmp/tp-cut.ktap" bpf | tail -n 1)
	[ "$got" = "PASS: bpf fentry_test;PASS: bpf fentry_test/fentry;FAIL: bpf fexit_sleep;PASS: bpf bpf_cookie;SKIP: bpf trampoline_count;" ] &&
		[ "${cut%% (*}" = "FAIL: bpf test_progs" ] &&
		echo "PASS: test_progs results as KTAP, a test or subtest per line, a run cut short fails" ||
		echo "FAIL: test_progs results as KTAP: got '$got', cut short '$cut'"
else
	echo "SKIP: test_progs results as KTAP (no kunit.py in $BUILD/linux)"
fi
# The BPF selftests on the series against the base: the same sets, a
# failure on both an environment limit (SKIP), any other difference a
# FAIL; the record's '#' lines are skipped, a malformed line is refused.
printf '%s\n' '# base tree 0123' 'PASS: bpf a' 'FAIL: bpf b' 'SKIP: bpf c' 'PASS: bpf d' 'PASS: bpf e' >"$tmp/bpf-base"
printf '%s\n' 'PASS: bpf a' 'FAIL: bpf b (x)' 'SKIP: bpf c' 'FAIL: bpf d' 'PASS: bpf f' >"$tmp/bpf-series"
scripts/bpf-compare.sh "$tmp/bpf-base" "$tmp/bpf-series" >"$tmp/out" 2>&1
rc=$?
[ $rc = 1 ] && [ "$(sort "$tmp/out" | tr '\n' ';')" = "FAIL: bpf d (base PASS, series FAIL);FAIL: bpf e (base PASS, series missing);FAIL: bpf f (base missing, series PASS);PASS: bpf a;SKIP: bpf b (fails on the base too: an environment limit);SKIP: bpf c;" ] &&
	echo "PASS: BPF selftests against the base: a failure on both skips, any other difference fails" ||
	{ echo "FAIL: BPF selftests against the base are misjudged (exit $rc):"; sed 's/^/    /' "$tmp/out"; }
echo 'PASS bpf a' >>"$tmp/bpf-series"
expect "BPF selftests against the base, a malformed line" "not a 'PASS|FAIL|SKIP: PREFIX NAME' line" \
	scripts/bpf-compare.sh "$tmp/bpf-base" "$tmp/bpf-series"
: >"$tmp/bpf-empty"
expect "BPF selftests against the base, an empty base record" "bpf-empty holds no result" \
	scripts/bpf-compare.sh "$tmp/bpf-empty" "$tmp/bpf-base"
expect "BPF selftests against the base, no result on either side" "bpf-empty holds no result" \
	scripts/bpf-compare.sh "$tmp/bpf-empty" "$tmp/bpf-empty"
# The BPF selftests' runner refuses a list with what is not a test name
# (test_progs would read it as a glob), before it boots anything.
mkdir -p "$tmp/bo/arch/x86/boot" "$tmp/bs"
printf '#!/bin/sh\n' >"$tmp/bs/test_progs" && chmod +x "$tmp/bs/test_progs"
printf '# a comment\nfentry_test\nfexit_*\n' >"$tmp/bl"
expect "BPF selftests, a list with a glob" "'fexit_\*' is not a test_progs test name" \
	env BUILD="$tmp/bb" scripts/check-bpf.sh "$tmp/bo" "$tmp/bs" "$tmp/bl" t
printf 'fentry_test\n-fentry_test\n' >"$tmp/bl"
expect "BPF selftests, a list that leaves out a whole test" "'-fentry_test' is not a test_progs test name \(or -TEST/SUBTEST\)" \
	env BUILD="$tmp/bb" scripts/check-bpf.sh "$tmp/bo" "$tmp/bs" "$tmp/bl" t
expect "BPF selftests built from a directory that is not a kernel tree" "no tools/testing/selftests/bpf" \
	scripts/build-bpf-selftests.sh "$tmp/bo" "$tmp/bo" "$tmp/bso"
expect "BPF selftests, an unknown mode" "usage: bpf.sh check\|record\|full" scripts/bpf.sh run
