# Entry points; the work is done by the scripts in scripts/.
# B: the build directory; every script reads it as BUILD.
B := build
export BUILD = $(B)
CMD ?= uname -a

.PHONY: help deps base tree export outgoing kernel tools boot tree-7.3 export-7.3 kernel-7.3 tools-7.3 mutants-7.3 check check-full bench bpf bpf-base kvm-nested matrix mutants stress stress-kasan fuzz clean

help:
	@echo "make help         -                    this list"
	@echo "make deps         install-deps.sh      install the Debian packages the harness needs (as root)"
	@echo "make base         fetch-base.sh        the pinned base package (BASE) into the cache, its sha256 checked"
	@echo "make tree         make-tree.sh         git tree of the base with the series ($(B)/linux; FORCE=1 resets it)"
	@echo "make export       export-series.sh     regenerate patches/ from $(B)/linux"
	@echo "make outgoing     sign-series.sh       copy of patches/ signed with your git identity ($(B)/outgoing)"
	@echo "make kernel       build-kernel.sh      build the test kernel ($(B)/obj-test) from $(B)/linux"
	@echo "make tools        build-guest-tools.sh the guests' tools, against the test kernel ($(B)/obj-test/guest-tools)"
	@echo "make boot         guest-run.sh         run one command in a test-kernel guest (CMD='...', default: uname -a)"
	@echo "make tree-7.3     make-tree.sh         the mainline edition: BASE-7.3 with patches-7.3 ($(B)/linux-7.3)"
	@echo "make export-7.3   export-series.sh     regenerate patches-7.3/ from $(B)/linux-7.3"
	@echo "make kernel-7.3   build-kernel.sh      its test kernel ($(B)/obj-test-7.3)"
	@echo "make tools-7.3    build-guest-tools.sh its guests' tools ($(B)/obj-test-7.3/guest-tools)"
	@echo "make mutants-7.3  mutants.sh           its tests fail without their property (tests/mutants-7.3)"
	@echo "make check        check.sh             the tests every change must pass (CI); ends 'N passed, N failed, N skipped'"
	@echo "make check-full   check.sh --full      make check plus the build matrix's CI subset (uniprocessor, i386) and the BPF selftests"
	@echo "make bench        bench.sh             a kernel per prefix of the series and the ceiling, booted in turn, compared"
	@echo "make bpf          bpf.sh full          every BPF trampoline selftest (test_progs) on the base and the series, compared"
	@echo "make bpf-base     bpf.sh record        tests/bpf-subset on the base: make check-full's record, tests/bpf-base"
	@echo "make kvm-nested   kvm-nested.sh        make bench's KVM path in an emulated guest (a functional test)"
	@echo "make matrix       build-matrix.sh      build every patch in many configs (MATRIX='x86-up i386' picks)"
	@echo "make mutants      mutants.sh           each test fails on a kernel without its property (MUTANTS='p1-skip-sched-out' picks)"
	@echo "make stress       stress.sh            perf churn and migrate_disable stress on the test kernel"
	@echo "make stress-kasan stress.sh            the same on a KASAN build of the test kernel ($(B)/obj-kasan)"
	@echo "make fuzz         fuzz.sh              trinity and stress-ng on the test kernel (BASE=1: the base too; FUZZ_KASAN=1: KASAN)"
	@echo "make clean        -                    remove $(B)"
	@echo "Knobs: make TARGET NAME=value (or NAME in the environment; B=dir only here),"
	@echo "  e.g. make bench ROUNDS=1; every NAME, its default and its script: docs/knobs.md;"
	@echo "  a script's own, with its arguments: scripts/SCRIPT -h (e.g. scripts/bench.sh -h)"

deps:
	scripts/install-deps.sh

base: deps
	scripts/fetch-base.sh

# The kernel tree, $(B)/linux.  'make tree' makes it, or checks that it
# holds patches/; the targets that build from it depend on $(linux_git),
# which makes it only where there is none, so that edits in it can be
# built and booted before 'make export'.
make_tree = scripts/make-tree.sh $(B)/linux patches
linux_git = $(B)/linux/.git

tree: deps
	$(make_tree)

$(linux_git): | deps
	$(make_tree)

export:
	scripts/export-series.sh $(B)/linux patches

outgoing:
	scripts/sign-series.sh patches $(B)/outgoing

kernel: deps $(linux_git)
	scripts/build-kernel.sh $(B)/linux $(B)/obj-test test

boot: kernel
	scripts/guest-run.sh --tee boot $(B)/obj-test/arch/x86/boot/bzImage "$(CMD)"

# The mainline edition: the same steps for BASE-7.3 and patches-7.3.
make_tree73 = scripts/make-tree.sh $(B)/linux-7.3 patches-7.3 BASE-7.3
linux73_git = $(B)/linux-7.3/.git

tree-7.3: deps
	$(make_tree73)

$(linux73_git): | deps
	$(make_tree73)

export-7.3:
	scripts/export-series.sh $(B)/linux-7.3 patches-7.3

kernel-7.3: deps $(linux73_git)
	scripts/build-kernel.sh $(B)/linux-7.3 $(B)/obj-test-7.3 test

tools-7.3: kernel-7.3
	scripts/build-guest-tools.sh --no-bpf-bench $(B)/linux-7.3 $(B)/obj-test-7.3

mutants-7.3: tools-7.3
	MUTANTS_DIR=tests/mutants-7.3 scripts/mutants.sh $(B)/linux-7.3 $(B)/obj-test-7.3 $(MUTANTS)

check:
	scripts/check.sh

check-full:
	scripts/check.sh --full

bench:
	scripts/bench.sh

bpf: deps $(linux_git)
	scripts/bpf.sh full

bpf-base: deps $(linux_git)
	scripts/bpf.sh record

kvm-nested: deps $(linux_git)
	scripts/kvm-nested.sh

matrix: deps $(linux_git)
	scripts/build-matrix.sh $(B)/linux $(MATRIX)

tools: kernel
	scripts/build-guest-tools.sh $(B)/linux $(B)/obj-test

mutants: tools
	scripts/mutants.sh $(B)/linux $(B)/obj-test $(MUTANTS)

stress: tools
	scripts/stress.sh $(B)/obj-test

stress-kasan: tools
	scripts/build-kernel.sh $(B)/linux $(B)/obj-kasan test configs/kasan.config
	scripts/stress.sh $(B)/obj-kasan $(B)/obj-test

# FUZZ_SECONDS per tool; FUZZ_KERNEL, FUZZ_BASE, FUZZ_KASAN, FUZZ_STRESSORS: see
# scripts/fuzz.sh -h.
fuzz: tools
	scripts/fuzz.sh $(B)/linux $(B)/obj-test

clean:
	rm -rf $(B)
