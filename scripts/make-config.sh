#!/bin/sh
# Merge config fragments on top of allnoconfig with the kernel's
# merge_config.sh, then check that every requested option survived.
# Usage: make-config.sh [--lenient] SRC OBJ FRAGMENT...
# --lenient only lists options the tree does not offer (a tree from the
# middle of the series lacks the options of later patches).
set -eu
. "$(dirname "$0")/lib.sh"

lenient=0
[ "$1" = --lenient ] && lenient=1 && shift
src=$1 obj=$2
shift 2
mkdir -p "$obj"
obj=$(cd "$obj" && pwd)
frags=
for f; do frags="$frags $(cd "$(dirname "$f")" && pwd)/${f##*/}"; done

(cd "$src" && ARCH=x86_64 scripts/kconfig/merge_config.sh -n -O "$obj" $frags) \
	>"$obj/merge_config.log" 2>&1 ||
	{ tail -n 30 "$obj/merge_config.log" >&2; die "merge_config.sh failed (log: $obj/merge_config.log)"; }

# merge_config.sh only warns when Kconfig drops an option whose
# dependencies are unmet; a kernel without it would be tested silently
# wrong, so stop here.
missing=$(cat $frags | sed -n 's/^\(CONFIG_[A-Za-z0-9_]*=.*\)$/\1/p' | while read -r want; do
	grep -qxF "$want" "$obj/.config" || printf '  %s (got: %s)\n' "$want" \
		"$(grep -E "^(# )?${want%%=*}[= ]" "$obj/.config" || echo 'not offered')"
done)
if [ -n "$missing" ] && [ $lenient = 1 ]; then
	printf 'not in this tree'"'"'s config (allowed with --lenient):\n%s\n' "$missing"
elif [ -n "$missing" ]; then
	die "options requested by$frags are not in $obj/.config (unmet dependencies?):
$missing"
fi
say "config ok: $obj/.config ($(grep -c '=y' "$obj/.config") options set)"
