/* Shared by the guest helper programs in bench/. */
#ifndef BENCH_HELPERS_H
#define BENCH_HELPERS_H

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/*
 * The integer argument S of program PROG, named NAME in messages: DEF when
 * S is NULL; exit 2 with a message unless it is a number from MIN to MAX.
 */
static inline long arg_long(const char *prog, const char *s, const char *name,
			    long def, long min, long max)
{
	char *end;
	long v;

	if (!s)
		return def;
	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || *end || end == s || v < min || v > max) {
		fprintf(stderr, "%s: bad %s '%s': need an integer from %ld to %ld\n",
			prog, name, s, min, max);
		exit(2);
	}
	return v;
}

/* CLOCK_MONOTONIC in nanoseconds. */
static inline double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

#endif
