# The median of the numbers in the first field of each line (the mean of
# the two middle ones for an even count): as read, or printed with
# -v fmt=FORMAT.  Prints nothing without input.  The one median of the
# guest scripts.
{ v[++n] = $1 }
END {
	if (n == 0)
		exit
	for (i = 2; i <= n; i++)
		for (j = i; j > 1 && v[j - 1] + 0 > v[j] + 0; j--) {
			t = v[j]; v[j] = v[j - 1]; v[j - 1] = t
		}
	m = n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
	if (fmt != "")
		printf fmt "\n", m
	else
		print m
}
