// SPDX-License-Identifier: GPL-2.0
/*
 * A bystander: count loop iterations on one CPU for a fixed time and
 * record the longest gap between two iterations, i.e. how long the CPU
 * was taken away (IPIs, interrupts, other tasks).
 * Usage: bystander CPU SECONDS
 * Prints: iterations_per_s=N max_gap_us=N
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	double start, end, prev, t, gap, max_gap = 0;
	unsigned long n = 0;
	volatile unsigned long sink = 0;
	cpu_set_t set;
	int i;

	if (argc != 3) {
		fprintf(stderr, "usage: %s CPU SECONDS\n", argv[0]);
		return 2;
	}
	CPU_ZERO(&set);
	CPU_SET(atoi(argv[1]), &set);
	if (sched_setaffinity(0, sizeof(set), &set)) {
		perror("sched_setaffinity");
		return 1;
	}
	start = prev = now();
	end = start + atof(argv[2]);
	do {
		for (i = 0; i < 100; i++)
			sink += i;
		t = now();
		gap = t - prev;
		if (gap > max_gap)
			max_gap = gap;
		prev = t;
		n++;
	} while (t < end);
	printf("iterations_per_s=%.0f max_gap_us=%.0f\n", n / (t - start), max_gap * 1e6);
	return 0;
}
