# Cycles per run of a BPF benchmark (guest/bench.sh's trig_cycles), from
# its 'perf stat -x, -e cycles,task-clock' file and its median rate in
# M/s (-v rate=R): cycles per second of CPU time over runs per second.
# Prints nothing if a count is missing ('<not supported>', '<not
# counted>') or the rate is empty or 0.
BEGIN { FS = "," }
$3 == "cycles" && $1 ~ /^[0-9]+$/ { cyc = $1 }
$3 == "task-clock" && $1 ~ /^[0-9]+([.][0-9]*)?$/ { ms = $1 }
END {
	if (cyc > 0 && ms > 0 && rate + 0 > 0)
		printf "%.2f\n", cyc / (ms / 1000) / (rate * 1e6)
}
