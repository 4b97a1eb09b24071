# test_progs' result lines as KTAP, read by ktap-results.sh on the host.
# Each test's line, '#N name:OK', ':SKIP', ':FAIL' or ':OK (SKIP: a/b)'
# (test_progs.c, print_test_result()), and each subtest's,
# '#N/M name/sub:OK', ':SKIP' or ':FAIL' (print_subtest_result()),
# becomes one KTAP test, in the order printed: ok, ok # SKIP (all of it
# skipped) or not ok.  So a kernel that skips a subtest the other runs
# differs in that subtest's line.  The logs are left out; they stay in
# the output beside, and so are the failed tests' lines that test_progs
# prints again after 'All error logs:'.  A run without test_progs'
# 'Summary:' line was cut short, and a last 'not ok' says so.
/^All error logs:/ { again = 1 }
!again && /^#[0-9]+(\/[0-9]+)?[ \t]+[A-Za-z0-9_]+(\/.*)?:(OK|SKIP|FAIL)/ {
	s = $0
	sub(/^#[0-9]+(\/[0-9]+)?[ \t]+/, "", s)
	res = s
	sub(/:(OK|SKIP|FAIL)( \(.*\))?[ \t]*$/, "", s)
	res = substr(res, length(s) + 2)
	name[++n] = s
	ok[n] = res ~ /^(OK|SKIP)/ ? "ok" : "not ok"
	dir[n] = res ~ /^SKIP/ ? " # SKIP" : ""
	next
}
/^Summary: / { summary = 1 }
END {
	if (!summary) { name[++n] = "test_progs"; ok[n] = "not ok"; dir[n] = " # no Summary line: the run was cut short" }
	print "KTAP version 1"
	print "1.." n
	for (i = 1; i <= n; i++) printf "%s %d %s%s\n", ok[i], i, name[i], dir[i]
}
