/*
 * Mark where a measured window of a guest begins and ends, for its KVM
 * host: the line "<NAME" (begin) or ">NAME" (end) and a newline, a byte
 * per CPUID instruction of leaf HOSTMARK_LEAF with the byte as subleaf
 * (ECX).  CPUID always exits to KVM, which traces it with its leaf and
 * subleaf (kvm:kvm_cpuid); scripts/kvm-apic-writes.sh records the marks
 * and reads them back.  The leaf is in the range that Intel and AMD
 * leave to hypervisors (0x40000000-0x4fffffff), at no hypervisor's base:
 * KVM answers it as a leaf it does not have (the highest basic leaf for
 * an Intel guest, zeros for an AMD one), and nothing reads the answer.
 * Without KVM nobody reads the marks.
 * Usage: hostmark begin|end NAME   (NAME: 1 to 64 of a-z 0-9 _ -)
 */
#include <stdio.h>
#include <string.h>

#define HOSTMARK_LEAF 0x484d524b

static void mark(unsigned int c)
{
	unsigned int r[4] = { HOSTMARK_LEAF, 0, c, 0 };

	asm volatile("cpuid" : "+a"(r[0]), "=b"(r[1]), "+c"(r[2]), "=d"(r[3]));
}

int main(int argc, char **argv)
{
	const char *p;
	size_t n;

	if (argc != 3 || (strcmp(argv[1], "begin") && strcmp(argv[1], "end"))) {
		fprintf(stderr, "usage: hostmark begin|end NAME\n");
		return 2;
	}
	n = strlen(argv[2]);
	if (n < 1 || n > 64 || strspn(argv[2], "abcdefghijklmnopqrstuvwxyz0123456789_-") != n) {
		fprintf(stderr, "hostmark: bad NAME '%s': 1 to 64 of a-z 0-9 _ -\n", argv[2]);
		return 2;
	}
	mark(argv[1][0] == 'b' ? '<' : '>');
	for (p = argv[2]; *p; p++)
		mark((unsigned char)*p);
	mark('\n');
	return 0;
}
