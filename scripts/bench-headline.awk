# The cover letter's compact table: the rows of bench-report.sh's
# per-patch table (patches.txt) whose figure bench/headline names, with
# the ceiling and variant kernels' medians that the base-vs-series table
# (table.txt) gives for them, on the rows of the kernel that table
# compares with the base.  Input: bench/headline, then for each run its
# meta, table.txt and patches.txt (in that order: FILENAME tells them
# apart).
function short(n) { return n + 0 == n ? sprintf("%.6g", n) : n }
FILENAME ~ /headline$/ { if ($0 !~ /^#/ && NF >= 2) want[$1 " " $2] = 1; next }
FILENAME ~ /meta$/ { if (FNR == 1) nrun++; if (sub(/^series_kernel=/, "")) series[nrun] = $0; next }
FILENAME ~ /table\.txt$/ {
	if ($1 ~ /^(icount|wall|traced)$/) { key = $2 " " $3; clock = $1; next }
	if (clock == "icount" && $0 ~ /^ +(v1|v2) kernel; ratio=/ && (key in want)) {
		split($0, w, ";"); sub(/^ +/, "", w[1]); sub(/ kernel$/, "", w[1])
		# fields after the label: unit, median, ratio, spread, runs
		n = split(w[2], f, " ")
		if (f[n - 2] == "-") next	# no ratio: a count of 0 on both
		var[nrun, key] = var[nrun, key] sprintf("  %-24s %-22s %9s    %-9s %s/after %s (%s)\n", "", w[1] " kernel", "",
			short(f[n - 3]), w[1], f[n - 2], f[n - 1])
	}
	next
}
FILENAME ~ /patches\.txt$/ {
	if ($1 == "patch" && $2 ~ /^[0-9]+:$/) {
		head = $0; sub(/^patch [0-9]+: /, "", head)
		after = head; sub(/^.* \(kernel /, "", after); sub(/ .*$/, "", after)
		sub(/ \(kernel .*\)$/, "", head)
		printed = 0; next
	}
	if ($1 ~ /^[0-9]+$/ && NF >= 9 && $0 !~ /no figures/) {
		key = $2 " " $3
		if (!(key in want)) { last = ""; next }
		i = 7; ratio = $i; if ($(i + 1) == "(worse)") i++
		spread = $(i + 1)
		if (!printed) { printf "%s\n", head; printed = 1 }
		printf "  %-24s %-22s %9s -> %-9s %-7s %s\n", $2, ($3 == "latency" || $3 == "throughput") ? $4 : $3 "/run",
			short($5), short($6), ratio, spread
		if (after == series[nrun]) printf "%s", var[nrun, key]
		last = key
		next
	}
	if ($0 ~ /^ +ceiling kernel; ratio=after\/ceiling/ && last != "") {
		n = split($0, f, " ")
		printf "  %-24s %-22s %9s    %-9s after/ceiling %s\n", "", "ceiling kernel", "", short(f[n - 3]), f[n - 2]
	}
}
