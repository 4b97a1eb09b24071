// SPDX-License-Identifier: GPL-2.0
/*
 * Latency of perf_event_open() for a per-task software event: the first
 * open when no such event exists (the 0->1 transition of the context
 * switch hooks) and an open right after, while the hooks are still on.
 * Usage: open-latency ROUNDS GAP-SECONDS
 * The gap lets a deferred disable of the hooks run between rounds.
 * Prints: first_open_us=MEDIAN later_open_us=MEDIAN
 */
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static double timed_open(void)
{
	struct perf_event_attr attr;
	double t;
	int fd;

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = PERF_TYPE_SOFTWARE;
	attr.config = PERF_COUNT_SW_TASK_CLOCK;
	t = now();
	fd = syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
	t = now() - t;
	if (fd < 0) {
		perror("perf_event_open");
		exit(1);
	}
	close(fd);
	return t;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
	int i, rounds = argc > 1 ? atoi(argv[1]) : 5;
	double gap = argc > 2 ? atof(argv[2]) : 2;
	double *first, *later;

	if (rounds < 1)
		return 2;
	first = calloc(rounds, sizeof(*first));
	later = calloc(rounds, sizeof(*later));
	for (i = 0; i < rounds; i++) {
		usleep(gap * 1e6);
		first[i] = timed_open();
		later[i] = timed_open();
	}
	qsort(first, rounds, sizeof(*first), cmp);
	qsort(later, rounds, sizeof(*later), cmp);
	printf("first_open_us=%.1f later_open_us=%.1f\n", first[rounds / 2], later[rounds / 2]);
	return 0;
}
