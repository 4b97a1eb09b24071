# Functions of the bench report's awk programs (bench-table.awk,
# bench-patches.awk): medians and spreads of a list of samples (numbers
# separated by spaces), the targets of bench/targets and their verdicts,
# JSON output.

function median(list, n,   a, i, j, t) {
	split(list, a, " ")
	for (i = 2; i <= n; i++)
		for (j = i; j > 1 && a[j - 1] + 0 > a[j] + 0; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}

# Sets the globals lo and hi.
function minmax(list,   a, i, n) {
	n = split(list, a, " "); lo = hi = a[1]
	for (i = 2; i <= n; i++) { if (a[i] + 0 < lo + 0) lo = a[i]; if (a[i] + 0 > hi + 0) hi = a[i] }
}

# (max - min) / median, or the range where the median is 0.
function spread(list, med) {
	minmax(list)
	return med > 0 ? sprintf("%.2f%%", 100 * (hi - lo) / med) : sprintf("%g-%g", lo, hi)
}

# NEW / OLD, "inf" for a rise from 0.
function ratio_of(new, old) {
	return old > 0 ? new / old : (new == 0 ? 1 : "inf")
}

function fmt_ratio(r) {
	return r == "inf" ? r : sprintf("%.4f", r)
}

# " (worse)" when a figure moved the wrong way: up for latencies and
# counts, down for throughputs and ratios.
function worse(unit, r, old) {
	if (r == "inf" || old <= 0)
		return ""
	return ((unit ~ /^(M\/s|ratio)$/) ? r >= 1 : r <= 1) ? "" : " (worse)"
}

# Reads FILE (bench/targets): 'scenario metric check [patch=N]
# [clock=C] [base=V]' into tgt[scenario " " metric " " N], N empty for the
# base-vs-series table; a check for one clock only is kept as check@C;
# a line for one edition of the series (base=V, e.g. 6.12) is left out
# unless the run's edition (the variable edition) is V.
# Every line with patch=N, and every 'scenario metric shown patch=N'
# (no check: a figure patch N claims, metric '*' for all of the
# scenario's), is also kept in claim[1..nc] as 'N scenario metric'.
# The 'run' lines (which scenarios each boot runs) are not read here.
function load_targets(file,   l, t, nf, p, c, b, i, chk, tk) {
	while ((getline l < file) > 0) {
		if (l ~ /^#/ || l ~ /^[ \t]*$/ || l ~ /^run /) continue
		nf = split(l, t, " ")
		p = c = b = ""
		for (i = 4; i <= nf; i++) {
			if (t[i] ~ /^patch=/) p = substr(t[i], 7)
			if (t[i] ~ /^clock=/) c = substr(t[i], 7)
			if (t[i] ~ /^base=/) b = substr(t[i], 6)
		}
		if (b != "" && b != edition) continue
		if (p != "") claim[++nc] = p " " t[1] " " t[2]
		if (t[3] == "shown") continue
		chk = c == "" ? t[3] : t[3] "@" c
		tk = t[1] " " t[2] " " p
		tgt[tk] = (tk in tgt) ? tgt[tk] " " chk : chk
	}
	close(file)
}

# The verdicts of the targets of KEY (scenario metric patch) for figures
# of CLOCK: RATIO is new/old, NEW the new median, CEIL the ceiling
# kernel's median ("" if none).
function verdicts(key, clock, ratio, new, ceil,   tl, nt, j, c, what, op, lim, x, r, out) {
	out = ""
	nt = (key in tgt) ? split(tgt[key], tl, " ") : 0
	for (j = 1; j <= nt; j++) {
		c = tl[j]
		if (index(c, "@")) {
			if (substr(c, index(c, "@") + 1) != clock) continue
			c = substr(c, 1, index(c, "@") - 1)
		}
		match(c, /[<>]=/); what = substr(c, 1, RSTART - 1); op = substr(c, RSTART, 2); lim = substr(c, RSTART + 2) + 0
		x = what == "ratio" ? ratio : what == "patched" ? new : (ceil > 0 ? new / ceil : "")
		if (x == "inf") x = 1e300
		if (x == "") r = "n/a"
		else r = ((op == ">=" && x >= lim) || (op == "<=" && x <= lim)) ? "pass" : "MISS"
		out = out (out == "" ? "" : ", ") c " " r
	}
	return out
}

function csv(list,   s) { s = list; sub(/^ +/, "", s); gsub(/ +/, ", ", s); return s }

# S as a JSON string (backslashes and quotes escaped; gsub() would need
# a different number of backslashes in each awk).
function jstr(s,   out, i, c) {
	out = ""
	for (i = 1; i <= length(s); i++) {
		c = substr(s, i, 1)
		out = out (c == "\\" || c == "\"" ? "\\" : "") c
	}
	return "\"" out "\""
}
