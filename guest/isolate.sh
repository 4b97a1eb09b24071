#!/bin/sh
# Run a command where it cannot write to the host: the guest's root is
# the host's, exported read-only by QEMU; the results directory is the
# one host directory exported writable, and this hides it.  Usage:
#   isolate.sh USER COMMAND...      (as root)
# In a mount namespace of its own (it starts itself under 'unshare -m',
# so it never changes the caller's mounts), it unmounts /tmp/results,
# puts a new tmpfs on /tmp as the working directory, checks that no host
# export but the root ('hostroot') is left, and runs COMMAND as USER:
# root, or an unprivileged user with no capabilities and no way to gain
# any (no_new_privs), who cannot reach the mounts of other namespaces
# either (/proc/PID/root needs ptrace rights over a root process); the
# test kernel has no user namespaces to gain them in.  The exit status
# is COMMAND's; 125 if the isolation failed.
set -u
if [ "${1:-}" != --in-namespace ]; then
	exec unshare -m --propagation private sh "$0" --in-namespace "$@"
	exit 125
fi
shift
[ $# -ge 2 ] || { echo "usage: isolate.sh USER COMMAND..." >&2; exit 125; }
user=$1
shift
if [ "$(readlink /proc/self/ns/mnt)" = "$(readlink /proc/$PPID/ns/mnt)" ]; then
	echo "isolate.sh: not in a mount namespace of its own" >&2
	exit 125
fi
! mountpoint -q /tmp/results || umount /tmp/results || exit 125
mount -t tmpfs -o mode=1777 isolated /tmp || exit 125
# mountinfo: ... MOUNT-POINT OPTIONS [OPTIONAL...] - TYPE SOURCE SUPER-OPTIONS
left=$(awk '{ for (i = 7; $i != "-"; i++); if ($(i + 1) == "9p" && $(i + 2) != "hostroot") print $5 }' /proc/self/mountinfo)
if [ -n "$left" ]; then
	echo "isolate.sh: host exports still mounted here:" $left >&2
	exit 125
fi
cd /tmp || exit 125
[ "$user" = root ] && exec "$@"
HOME=/tmp exec setpriv --reuid="$user" --regid="$(id -g "$user")" --clear-groups \
	--inh-caps=-all --bounding-set=-all --no-new-privs "$@"
