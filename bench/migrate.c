/*
 * Migration cost: the thread moves itself between two CPUs with
 * sched_setaffinity(), which returns once it runs on the new CPU; COUNT
 * moves.  Prints "migrate_ns=<ns per move>".
 * Usage: migrate [COUNT [CPU_A CPU_B]]   (defaults 20000, 0 and 1)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "helpers.h"

static int pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set);
}

int main(int argc, char **argv)
{
	long count = arg_long("migrate", argc > 1 ? argv[1] : NULL, "COUNT", 20000, 1, 1000000000L);
	int cpu[2], i;
	double t0;
	long n;

	if (argc != 1 && argc != 2 && argc != 4) {
		fprintf(stderr, "usage: migrate [COUNT [CPU_A CPU_B]]\n");
		return 2;
	}
	cpu[0] = arg_long("migrate", argc > 2 ? argv[2] : NULL, "CPU_A", 0, 0, CPU_SETSIZE - 1);
	cpu[1] = arg_long("migrate", argc > 3 ? argv[3] : NULL, "CPU_B", 1, 0, CPU_SETSIZE - 1);
	if (cpu[0] == cpu[1]) {
		fprintf(stderr, "migrate: CPU_A and CPU_B must differ\n");
		return 2;
	}
	for (i = 0; i < 2; i++) {
		if (pin(cpu[i])) {
			fprintf(stderr, "migrate: cannot run on CPU %d: %s\n",
				cpu[i], strerror(errno));
			return 1;
		}
	}
	t0 = now_ns();
	for (n = 0; n < count; n++) {
		if (pin(cpu[n & 1])) {
			fprintf(stderr, "migrate: sched_setaffinity: %s\n",
				strerror(errno));
			return 1;
		}
	}
	printf("migrate_ns=%.3f\n", (now_ns() - t0) / count);
	return 0;
}
