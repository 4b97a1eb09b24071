#!/bin/sh
# Merge config fragments with the kernel's merge_config.sh, then check
# that every requested option survived.
# Usage: make-config.sh [--lenient] [--defaults | --allyes] [--base FILE]... SRC OBJ FRAGMENT...
# Fragments are merged on allnoconfig, or with --defaults on alldefconfig
# (so a defconfig given with --base gives what 'make defconfig' gives);
# with --allyes they are 'make allyesconfig's KCONFIG_ALLCONFIG (no --base).
# --base fragments (a defconfig or tiny.config from the tree) are merged
# first and not checked option by option.  ARCH (default x86_64), CROSS_COMPILE and LLVM are
# taken from the environment.  A later fragment overrides an earlier one.
# --lenient only lists options the tree does not offer (a tree from the
# middle of the series lacks the options of later patches).
set -eu
. "$(dirname "$0")/lib.sh"

usage() {
	cat <<'EOF'
Usage: make-config.sh [--lenient] [--defaults | --allyes] [--base FILE]... SRC OBJ FRAGMENT...
Merge config fragments into OBJ/.config, then check that every option asked for is set.
  --lenient      only list the options the tree does not offer
  --defaults     merge on alldefconfig (default: allnoconfig)
  --allyes       the fragments are make allyesconfig's KCONFIG_ALLCONFIG (no --base)
  --base FILE    merge FILE first (a defconfig, tiny.config), its options not checked
  SRC            the kernel tree
  OBJ            the object directory (made if missing)
  FRAGMENT...    the fragments, in order: a later one overrides an earlier one
Environment:
  ARCH           the architecture (x86_64)
  CROSS_COMPILE  the cross toolchain's prefix, as for the kernel's make (none)
  LLVM           as for the kernel's make, e.g. -19 (none)
EOF
}
lenient=0 bases= mode=-n
while :; do
	case ${1:-} in
	-h | --help) usage; exit 0 ;;
	--lenient) lenient=1 && shift ;;
	--defaults) mode= && shift ;;
	--allyes) mode=allyes && shift ;;
	--base)
		[ $# -ge 2 ] || usage_error "--base needs a FILE"
		bases="$bases $(cd "$(dirname "$2")" && pwd)/${2##*/}" && shift 2
		;;
	-?*) usage_error "no option '$1'" ;;
	*) break ;;
	esac
done
[ $# -ge 3 ] || usage_error
src=$1 obj=$2
shift 2
mkdir -p "$obj"
obj=$(cd "$obj" && pwd)
frags=
for f; do frags="$frags $(cd "$(dirname "$f")" && pwd)/${f##*/}"; done
export ARCH="${ARCH:-x86_64}"

if [ "$mode" = allyes ]; then
	[ -z "$bases" ] || die "--allyes takes no --base"
	cat $frags </dev/null >"$obj/allyes.config"
	KCONFIG_ALLCONFIG="$obj/allyes.config" make -C "$src" O="$obj" allyesconfig \
		>"$obj/merge_config.log" 2>&1 ||
		{ tail -n 30 "$obj/merge_config.log" >&2; die "make allyesconfig failed (log: $obj/merge_config.log)"; }
else
	(cd "$src" && scripts/kconfig/merge_config.sh $mode -O "$obj" $bases $frags) \
		>"$obj/merge_config.log" 2>&1 ||
		{ tail -n 30 "$obj/merge_config.log" >&2; die "merge_config.sh failed (log: $obj/merge_config.log)"; }
fi

# merge_config.sh only warns when Kconfig drops an option whose
# dependencies are unmet; a kernel without it would be tested silently
# wrong, so stop here.
wanted=$(cat $frags | sed -n -e 's/^\(CONFIG_[A-Za-z0-9_]*\)=\(.*\)$/\1 \2/p' \
	-e 's/^# \(CONFIG_[A-Za-z0-9_]*\) is not set$/\1 n/p' |
	awk '{ v[$1] = $2; if (!($1 in seen)) { seen[$1] = 1; order[n++] = $1 } }
	     END { for (i = 0; i < n; i++) print order[i], v[order[i]] }')
missing=$(printf '%s\n' "$wanted" | while read -r opt val; do
	[ -n "$opt" ] || continue
	got=$(grep -E "^(# )?$opt[= ]" "$obj/.config" || echo 'not offered')
	if [ "$val" = n ]; then
		case $got in "$opt="*) printf '  # %s is not set (got: %s)\n' "$opt" "$got" ;; esac
	elif [ "$got" != "$opt=$val" ]; then
		printf '  %s=%s (got: %s)\n' "$opt" "$val" "$got"
	fi
done)
if [ -n "$missing" ] && [ $lenient = 1 ]; then
	printf 'not in this tree'"'"'s config (allowed with --lenient):\n%s\n' "$missing"
elif [ -n "$missing" ]; then
	die "options requested by$frags are not in $obj/.config (unmet dependencies?):
$missing"
fi
say "config ok: $obj/.config ($(grep -c '=[ym]' "$obj/.config") options set)"
