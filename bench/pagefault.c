/*
 * Page-fault cost: map PAGES fresh anonymous pages (no huge pages), write
 * once to each (one minor fault per page), unmap; ITERS times.  Only the
 * writes are timed.  Prints "pagefault_ns=<ns per fault>".
 * Usage: pagefault [PAGES [ITERS]]   (defaults 256 and 400)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "helpers.h"

int main(int argc, char **argv)
{
	long pages = arg_long("pagefault", argc > 1 ? argv[1] : NULL, "PAGES", 256, 1, 1L << 20);
	long iters = arg_long("pagefault", argc > 2 ? argv[2] : NULL, "ITERS", 400, 1, 1000000000L);
	long page = sysconf(_SC_PAGESIZE);
	double total = 0, t0;
	long i, it;

	if (argc > 3) {
		fprintf(stderr, "usage: pagefault [PAGES [ITERS]]\n");
		return 2;
	}
	/* Iteration 0 warms up the code and page tables; it is not timed. */
	for (it = 0; it <= iters; it++) {
		volatile char *p = mmap(NULL, pages * page, PROT_READ | PROT_WRITE,
					MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		if (p == MAP_FAILED) {
			fprintf(stderr, "pagefault: mmap of %ld pages: %s\n",
				pages, strerror(errno));
			return 1;
		}
		madvise((void *)p, pages * page, MADV_NOHUGEPAGE);
		t0 = now_ns();
		for (i = 0; i < pages; i++)
			p[i * page] = 1;
		if (it)
			total += now_ns() - t0;
		munmap((void *)p, pages * page);
	}
	printf("pagefault_ns=%.3f\n", total / ((double)pages * iters));
	return 0;
}
