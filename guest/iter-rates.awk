# The per-iteration hit rates (M/s) in the output of the BPF selftests'
# bench, one a line, leaving out the first WARMUP iterations.  Usage:
#   awk -v warmup=N -f iter-rates.awk BENCH-OUTPUT | awk -f median.awk
# Not bench's Summary line: it averages the raw count of each iteration
# as if each lasted exactly one second, and under instruction counting
# the timer fires tens of milliseconds early or late (one boot's Summary
# read 7.718 M/s where its rates read 7.770-7.771).
/^Iter +[0-9]+ .*hits +[0-9.]+M\/s/ {
	if ($2 + 0 < warmup)
		next
	r = $0
	sub(/.*hits +/, "", r)
	sub(/M\/s.*/, "", r)
	print r + 0
}
