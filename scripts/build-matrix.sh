#!/bin/sh
# Build matrix: for each configuration and each prefix of the series
# (base, +1, ..., +N), 'make prepare' and compile every object the series
# can affect that the configuration builds.  A cell is ok when it builds
# and has no warning that the base lacks for the same configuration.
# Affected objects are computed from the series: the .c files in the
# directories it touches, every caller of migrate_disable()/
# migrate_enable(), and every includer of a header it changes (a header
# that nearly every file includes is left to the other objects).
# x86-rt links vmlinux at the top, so all of its objects are compiled:
# through <linux/highmem.h>, <linux/bpf.h> and, with PREEMPT_RT,
# <linux/local_lock.h>, nearly every file can expand migrate_disable().
# arm64-rt (the arm64 defconfig with PREEMPT_RT), x86-allyes and
# i386-allyes compile, at the top of the series, the files that the
# tree's own text shows expanding migrate_disable() or migrate_enable()
# (found by grep, not from the series): those that call them, with
# PREEMPT_RT also those that take a local_lock, and those that include
# directly a header whose code does.  Files that reach such a header
# only through other headers (nearly all) are not compiled there; they
# link nothing.  arm64-rt is in the default list; the two allyesconfigs
# take long: name them in MATRIX.
# x86-w1 and x86-sparse compile only the files the series touches, with
# W=1 and with sparse (C=2); x86-up and x86-modules (modules too) link
# at the top like x86-rt.
# Times on 2 cores, six prefixes (a five-patch version of the series),
# one configuration at a time beside a guest or another job:
# x86-modules 19 min 37 s, x86-rt 10 min 44 s, x86-none 10 min 26 s,
# x86-test 7 min 49 s, x86-bench 6 min 39 s, x86-up 4 min 36 s, i386
# 3 min 46 s, arm64 2 min 24 s (ccache filled by an earlier, failed
# run), x86-w1 and x86-sparse 2 min 15 s each; x86-clang not measured
# with this script.
# The 'bisect' configuration is the bisectability check of make check:
# the test kernel's config after each patch (not the base), each patch's
# own touched objects, no warning at all; it prints a PASS:/FAIL: line
# per patch.
# Usage: build-matrix.sh [--ci] TREE [CONFIG...]
#   --ci: the uniprocessor and i386 configurations, base and top only,
#   nothing linked.
# Prints PASS:/FAIL: per configuration and writes a table to
# BUILD/matrix/table.txt, with the rows of earlier runs for the same
# top of the series (so the matrix can be run a few configurations at a
# time).
set -eu
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)
g=$TOP/configs

usage() {
	cat <<'EOF'
Usage: build-matrix.sh [--ci] TREE [CONFIG...]
Build each prefix of the series in each configuration: BUILD/matrix/table.txt (make matrix).
  --ci                  x86-up and i386, base and top only, nothing linked (make check-full)
  TREE                  the series' git tree, its base tagged 'base'
  CONFIG...             x86-bench x86-test x86-up x86-rt x86-none x86-modules i386 arm64
                        arm64-rt x86-clang x86-w1 x86-sparse (the default), x86-allyes,
                        i386-allyes, bisect (make check: each patch, no warning)
Environment:
  MATRIX_PREFIXES       top, ends (base and top) or all, where a configuration has several (its own)
  MATRIX_MAX_INCLUDERS  a changed header's direct includers are compiled up to this many (400)
  CCACHE_MAXSIZE        ccache's cache size (25G)
  BUILD                 the build directory (build)
EOF
}
case ${1:-} in -h | --help) usage; exit 0 ;; esac
ci=0
[ "${1:-}" = --ci ] && ci=1 && shift
[ $# -ge 1 ] || usage_error
tree=$(cd "$1" && pwd)
shift
# A tree of another edition (build/linux-7.3) gets its own scratch
# checkout and table (BUILD/src-matrix-7.3, BUILD/matrix-7.3).
case ${tree##*/} in linux-*) sfx=-${tree##*/linux-} ;; *) sfx= ;; esac
src=$BUILD/src-matrix$sfx
out=$BUILD/matrix$sfx
# x86-bench and x86-test are PREEMPT_DYNAMIC kernels (voluntary and full
# preemption by default).
all="x86-bench x86-test x86-up x86-rt x86-none x86-modules i386 arm64 arm64-rt x86-clang x86-w1 x86-sparse"
known="$all x86-allyes i386-allyes bisect"
if [ $# -gt 0 ]; then
	names=$*
elif [ $ci = 1 ]; then
	names="x86-up i386"
else
	names=$all
fi
max_includers=${MATRIX_MAX_INCLUDERS:-400}
# MATRIX_PREFIXES=top|ends|all: build these prefixes of the series in
# every configuration named that builds several (a quicker pass; not
# bisect, arm64-rt or the allyesconfigs).  The table keeps the last run
# of each configuration.
case ${MATRIX_PREFIXES:-} in
'' | top | ends | all) ;;
*) die "MATRIX_PREFIXES must be top, ends or all, not '$MATRIX_PREFIXES'" ;;
esac

# config NAME: sets arch, vars (extra make variables), opts and cfg
# (for make-config.sh), scope (affected or touched objects, expands or
# expands-rt (at the top only), or patch: the objects each patch
# touches), link (what to
# link at the top of the series, if anything), prefixes (all, ends: base
# and top, top, or patches: all but the base) and strict (1: any warning
# fails a cell).
config() {
	arch=x86_64 vars= scope=affected link= opts= strict=0 prefixes=all
	[ $ci = 0 ] || prefixes=ends
	case $1 in
	x86-bench) cfg=$(frags bench "$tree") ;;
	x86-test) cfg=$(frags test "$tree") ;;
	bisect) cfg=$(frags test "$tree") scope=patch prefixes=patches strict=1 ;;
	x86-up)
		opts="--base $src/kernel/configs/tiny-base.config --base $src/kernel/configs/tiny.config
		      --base $src/arch/x86/configs/tiny.config"
		cfg="$g/matrix/up.config" link=vmlinux
		;;
	x86-rt) cfg="$(frags bench "$tree") $g/matrix/rt.config" link=vmlinux ;;
	x86-allyes) opts=--allyes cfg="$g/matrix/allyes.config" scope=expands prefixes=top ;;
	i386-allyes) arch=i386 opts=--allyes cfg="$g/matrix/allyes.config" scope=expands prefixes=top ;;
	arm64-rt)
		arch=arm64 vars=CROSS_COMPILE=aarch64-linux-gnu-
		opts="--defaults --base $src/arch/arm64/configs/defconfig"
		cfg="$g/matrix/rt.config" scope=expands-rt prefixes=top
		;;
	x86-none) cfg="$(frags bench "$tree") $g/matrix/none.config" ;;
	x86-modules)
		cfg="$(frags bench "$tree") $g/matrix/modules.config $g/matrix/x86-pmu.config"
		link="vmlinux modules"
		;;
	i386)
		arch=i386
		opts="--defaults --base $src/arch/x86/configs/i386_defconfig"
		cfg="$g/matrix/pmu.config $g/matrix/x86-pmu.config"
		;;
	arm64)
		arch=arm64 vars=CROSS_COMPILE=aarch64-linux-gnu-
		opts="--defaults --base $src/arch/arm64/configs/defconfig"
		cfg="$g/matrix/pmu.config"
		;;
	x86-clang) vars=LLVM=-19 cfg=$(frags bench "$tree") ;;
	x86-w1) vars=W=1 scope=touched cfg=$(frags bench "$tree") ;;
	x86-sparse) vars=C=2 scope=touched cfg=$(frags bench "$tree") ;;
	*) die "unknown configuration '$1' (known: $known)" ;;
	esac
	case $prefixes in all | ends) prefixes=${MATRIX_PREFIXES:-$prefixes} ;; esac
	case $vars in
	LLVM=*) KCC="ccache clang${vars#LLVM=}" ;;
	CROSS_COMPILE=*) KCC="ccache ${vars#CROSS_COMPILE=}gcc" ;;
	*) KCC="ccache gcc" ;;
	esac
	case $arch in i386 | x86_64) srcarch=x86 ;; *) srcarch=$arch ;; esac
}

for n in $names; do config "$n"; done
[ $ci = 1 ] && nolink=1 || nolink=
need_cmd aarch64-linux-gnu-gcc gcc-aarch64-linux-gnu
need_cmd sparse sparse
need_space "$BUILD" 8000 "the build matrix"

commits="base $(git -C "$tree" rev-list --reverse base..HEAD)"
top=$(git -C "$tree" rev-parse HEAD)
# Rows of earlier runs count while the code is the same (changelogs may differ).
top_tree=$(git -C "$tree" rev-parse "HEAD^{tree}")
[ "$top" != "$(git -C "$tree" rev-parse base)" ] || { echo "SKIP: build matrix (the series is empty)"; exit 0; }
worktree "$tree" "$src" "$top"
mkdir -p "$out"

# What calls migrate_disable() or migrate_enable(), for grep.
md='\bmigrate_(disable|enable)\(|guard\(migrate\)|\brcu_read_(lock_dont|unlock)_migrate\('
# Affected files, computed at the top of the series.
git -C "$src" diff --name-only base "$top" -- '*.c' ':!tools' ':!scripts' | sort -u >"$out/touched"
cp "$out/touched" "$out/patch"
# The bisect check builds only each patch's own objects: it needs none of
# the lists below, whose greps of the whole tree take about two minutes.
if [ "$names" = bisect ]; then
	: >"$out/affected"
	: >"$out/expands"
	: >"$out/expands-rt"
else
	{
		cat "$out/touched"
		for d in $(sed 's,/[^/]*$,,' "$out/touched" | sort -u); do
			git -C "$src" ls-files -- "$d/*.c"
		done
		git -C "$src" grep -l -E "$md" -- '*.c' ':!tools'
		for h in $(git -C "$src" diff --name-only base "$top" -- 'include/*.h'); do
			inc=$(git -C "$src" grep -l -F "#include <${h#include/}>" -- '*.c' ':!tools' || true)
			n=$(printf '%s\n' "$inc" | grep -c . || true)
			if [ "$n" -gt "$max_includers" ]; then
				say "$h: $n direct includers, not compiled one by one (the other objects include it too)" >&2
			else
				printf '%s\n' "$inc"
			fi
		done
	} | grep . | sort -u >"$out/affected"
	# The files that expand one of the two, found in the tree and not from
	# the series: a use in the file itself, or a direct include of a header
	# whose code uses them (in an inline function or a macro); with
	# PREEMPT_RT (expands-rt) a local_lock counts as a use.  Comment lines do
	# not count.  The headers that declare the two are left out: they are
	# the definitions, and nearly every file includes them.
	expands() { # REGEX NAME: the .c files in $out/NAME, the headers in $out/NAME.headers
		git -C "$src" grep -l -E "^[[:space:]]*([^[:space:]*/].*)?($1)" -- '*.h' ':!tools' ':!scripts' \
			':!include/linux/sched.h' ':!include/linux/preempt.h' ':!include/linux/rcupdate.h' \
			':!include/linux/local_lock_internal.h' >"$out/$2.headers" || true
		# A header that files must not include themselves stands for the
		# one that includes it (highmem-internal.h for highmem.h).
		for h in $(grep -E '[-_]internal\.h$' "$out/$2.headers"); do
			git -C "$src" grep -l -E "#[[:space:]]*include[[:space:]]+[<\"](${h#include/}|${h##*/})[>\"]" -- 'include/*.h' || true
		done >>"$out/$2.headers"
		grep -vE '^(arch/[^/]+/)?include/' "$out/$2.headers" | sed 's/^/expands: not followed, not under include\/: /' >&2 || true
		{
			git -C "$src" grep -l -E "^[[:space:]]*([^[:space:]*/].*)?($1)" -- '*.c' ':!tools' ':!scripts' || true
			inc=$(grep -E '^(arch/[^/]+/)?include/' "$out/$2.headers" | sed -E 's,^(arch/[^/]+/)?include/,,; s/[.]/\\./g' | paste -sd '|' -)
			[ -z "$inc" ] || git -C "$src" grep -l -E "^#[[:space:]]*include[[:space:]]+[<\"]($inc)[>\"]" -- '*.c' ':!tools' ':!scripts' || true
		} | sort -u >"$out/$2"
	}
	expands "$md" expands
	expands "$md"'|\blocal_(lock|unlock)(_irq|_irqsave|_irqrestore)?\(|guard\(local_lock(_irq|_irqsave)?\)' expands-rt
	say "$(wc -l <"$out/affected") affected source files, $(wc -l <"$out/touched") touched by the series, $(wc -l <"$out/expands") expand migrate_disable() or migrate_enable() ($(wc -l <"$out/expands-rt") with PREEMPT_RT)"
fi

k_top=$(($(echo $commits | wc -w) - 1))

# W= and C= count only on the command line (Kbuild checks their origin);
# the others are also needed in the environment of make-config.sh.
make_in() { # OBJ LOG TARGET...: make with this configuration's toolchain
	o=$1 log=$2
	shift 2
	kmake "$src" "$o" ARCH="$arch" $vars "$@" >>"$log" 2>&1
}

warnings() { # LOG: warnings, without line numbers, one each
	grep -E '(warning|error):' "$1" | sed -e "s,[^ ]*src-matrix/,,g" -e 's/:[0-9]*:[0-9]*:/:/' | sort -u
}

table=$out/table.txt
{
	echo "series top $top (tree $top_tree)"
	printf '%-12s %-14s' config base
	for k in $(seq 1 $k_top); do printf ' %-14s' "+$k"; done
	printf ' objects\n'
} >"$table.new"
# patch_verdict K CELL: the line of the bisect check for patch K.
patch_verdict() {
	what="prepare$(sed 's/^/ /; s/ $//' "$o/objs-$1" 2>/dev/null)"
	subject=$(git -C "$tree" log -1 --format=%s "$(echo $commits | cut -d' ' -f$(($1 + 1)))")
	if [ "$2" = ok ]; then
		echo "PASS: patch $1 builds ($what): $subject"
	else
		grep -E 'error:|warning:' "$o/build-$1.log" | head -n 20
		echo "FAIL: patch $1 does not build cleanly ($what): $subject; log: $o/build-$1.log"
	fi
}

bad=0
for name in $names; do
	config "$name"
	[ -z "$nolink" ] || link=
	o=$out/$name
	mkdir -p "$o"
	rm -f "$o"/cell-* "$o"/warn-* "$o"/objs-* "$o/objects" "$o/objects-serial"
	case $prefixes in
	all) order="$k_top $(seq 0 $((k_top - 1)))" ;;
	ends) order="$k_top 0" ;;
	top) order=$k_top ;;
	patches) order="$k_top $(seq 1 $((k_top - 1)))" ;;
	esac
	for k in $order; do
		c=$(echo $commits | cut -d' ' -f$((k + 1)))
		git -C "$src" checkout -q --detach "$c"
		log=$o/build-$k.log
		: >"$log"
		lenient=--lenient
		[ "$k" = "$k_top" ] && lenient=
		if ! env ARCH=$arch $vars "$here/make-config.sh" $lenient $opts "$src" "$o" $cfg >>"$log" 2>&1; then
			echo error >"$o/cell-$k"
			# Without the top's object list nothing else can be compiled.
			[ "$k" != "$k_top" ] || break
			continue
		fi
		if [ "$k" = "$k_top" ]; then
			# Which affected files this configuration builds: ask Kbuild
			# for its plan (-n) in their directories, objects removed.
			dirs=$(awk -v a="arch/$srcarch/" '{ sub("/[^/]*$", "") }
				!/^arch\// || index($0 "/", a) == 1' "$out/$scope" | sort -u)
			make_in "$o" "$log" prepare || { echo error >"$o/cell-$k"; break; }
			for d in $dirs; do [ -d "$o/$d" ] && find "$o/$d" -name '*.o' -delete; done
			make_in "$o" "$o/plan.log" -n -k $(for d in $dirs; do printf '%s/ ' "$d"; done) || true
			grep -oE ' -o [^ ]+\.o ' "$o/plan.log" | sed 's/^ -o //; s/ $//; s/\.o$/.c/' | sort -u |
				comm -12 - "$out/$scope" >"$o/objects"
			# Named one by one, an object whose directory Kbuild also
			# reaches through a parent's subdirectory list (drivers/
			# lists char/ and char/ipmi/) is compiled by two
			# descents at once, racing on its .o.d: its command
			# shows up in the plan more often than that of
			# init/main.o, which only the top level reaches.  Those
			# are compiled without -j.
			: >"$o/plan.log" >"$o/objects-serial"
			if [ -s "$o/objects" ]; then
				make_in "$o" "$o/plan.log" -n -k init/main.o $(sed 's/\.c$/.o/' "$o/objects") || true
				grep -oE ' -o [^ ]+\.o ' "$o/plan.log" | sed 's/^ -o //; s/ $//; s/\.o$/.c/' | sort | uniq -c |
					awk '{ n[$2] = $1 } END { for (f in n) if (n["init/main.c"] && n[f] > n["init/main.c"]) print f }' |
					sort | comm -12 - "$o/objects" >"$o/objects-serial"
				: >"$o/plan.log"
			fi
		fi
		if [ $scope = patch ]; then
			git -C "$src" diff --name-only "$c^" "$c" -- '*.c' | grep -Fxf "$o/objects" >"$o/objs-$k" || true
		else
			cp "$o/objects" "$o/objs-$k"
		fi
		objs=$(while read -r f; do if [ -f "$src/$f" ]; then printf '%s ' "${f%.c}.o"; fi; done <"$o/objs-$k")
		echo "$objs" >"$o/objs-$k"
		for f in $objs; do rm -f "$o/$f"; done
		serial= parallel=
		for f in $objs; do
			if grep -qFx "${f%.o}.c" "$o/objects-serial" 2>/dev/null; then
				serial="$serial $f"
			else
				parallel="$parallel $f"
			fi
		done
		built=ok
		if ! make_in "$o" "$log" prepare; then
			built=
		else
			[ -z "$parallel" ] || make_in "$o" "$log" -k $parallel || built=
			[ -z "$serial" ] || make_in "$o" "$log" -k -j1 $serial || built=
		fi
		if [ -n "$built" ]; then
			warnings "$log" >"$o/warn-$k"
			echo ok >"$o/cell-$k"
		else
			warnings "$log" >"$o/warn-$k"
			echo error >"$o/cell-$k"
		fi
		if [ -n "$link" ] && [ "$k" = "$k_top" ] && [ "$(cat "$o/cell-$k")" = ok ]; then
			make_in "$o" "$log" $link || echo error >"$o/cell-$k"
			warnings "$log" >"$o/warn-$k"
		fi
	done
	# Verdicts, against the base of the same configuration.
	row=$o/row.new
	printf '%-12s' "$name" >"$row"
	verdict=ok detail=
	for k in $(seq 0 $k_top); do
		cell=$(cat "$o/cell-$k" 2>/dev/null || echo -)
		if [ "$cell" = ok ] && [ $strict = 1 ] && [ -s "$o/warn-$k" ]; then
			cell="$(wc -l <"$o/warn-$k")-warn" verdict=bad
			detail="$detail$(head -n 20 "$o/warn-$k")
"
		elif [ "$cell" = ok ] && { [ "$k" = 0 ] || [ "$prefixes" = top ]; }; then
			# The base, or a top with no base to compare with: count.
			cell="ok($(wc -l <"$o/warn-$k")w)"
		elif [ "$cell" = ok ] && [ -f "$o/warn-0" ]; then
			new=$(comm -13 "$o/warn-0" "$o/warn-$k" | wc -l)
			[ "$new" = 0 ] || { cell="$new-new-warn" verdict=bad; detail="$detail$(comm -13 "$o/warn-0" "$o/warn-$k" | head -n 10)
"; }
		elif [ "$cell" = error ]; then
			verdict=bad
			detail="$detail$(grep -E 'error' "$o/build-$k.log" | head -n 10)
"
		fi
		printf ' %-14s' "$cell" >>"$row"
		if [ $scope = patch ] && [ "$k" != 0 ]; then patch_verdict "$k" "$cell"; fi
	done
	printf ' %s%s\n' "$(wc -l <"$o/objects" 2>/dev/null || echo 0)" "${link:+ +link}" >>"$row"
	{ echo "$top_tree" && cat "$row"; } >"$o/row" && rm "$row"
	if [ $scope = patch ]; then
		[ $verdict = ok ] || bad=1
	elif [ $verdict = ok ]; then
		if [ "$prefixes" != top ]; then
			echo "PASS: build matrix $name: $(wc -l <"$o/objects") objects${link:+, $link linked}, no new warnings"
		else
			echo "PASS: build matrix $name: $(wc -l <"$o/objects") objects${link:+, $link linked}, $(wc -l <"$o/warn-$k_top") warnings (no base to compare with)"
		fi
	else
		printf '%s' "$detail"
		echo "FAIL: build matrix $name: see $o/build-*.log"
		bad=1
	fi
done
for name in $known; do
	r=$out/$name/row
	if [ -f "$r" ] && [ "$(head -n 1 "$r")" = "$top_tree" ]; then
		tail -n 1 "$r"
	else
		printf '%-12s not run for this series\n' "$name"
	fi
done >>"$table.new"
mv "$table.new" "$table"
cat "$table"
exit $bad
