# The median of the per-iteration hit rates in the output of the BPF
# selftests' bench, leaving out the first WARMUP iterations.  Usage:
#   awk -v warmup=N -f iter-median.awk BENCH-OUTPUT
# Prints nothing if there is no such iteration.
# Not bench's Summary line: it averages the raw count of each iteration as
# if each lasted exactly one second, and under instruction counting the
# timer fires tens of milliseconds early or late: one boot's Summary read
# 7.718 M/s while its rates (count over measured length) read 7.770-7.771.
/^Iter +[0-9]+ .*hits +[0-9.]+M\/s/ {
	it = $2 + 0
	if (it < warmup)
		next
	r = $0
	sub(/.*hits +/, "", r)
	sub(/M\/s.*/, "", r)
	v[++n] = r + 0
}
END {
	if (n == 0)
		exit
	for (i = 2; i <= n; i++)
		for (j = i; j > 1 && v[j - 1] > v[j]; j--) {
			t = v[j]; v[j] = v[j - 1]; v[j - 1] = t
		}
	printf "%.4f\n", (v[int((n + 1) / 2)] + v[int(n / 2) + 1]) / 2
}
