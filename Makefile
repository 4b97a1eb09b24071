# Entry points; the work is done by the scripts in scripts/.
# B: the build directory; every script reads it as BUILD.
B := build
export BUILD = $(B)
CMD ?= uname -a

.PHONY: help deps base tree export outgoing kernel tools boot check check-full bench bpf bpf-base kvm-nested matrix mutants stress stress-kasan fuzz clean

help:
	@echo "make bench    build a kernel per prefix of the series, boot them, compare (BENCH_V1=1: v1 too)"
	@echo "make check    the tests every change must pass (CI); ends with 'N passed, N failed, N skipped'"
	@echo "make check-full  make check plus the build matrix's CI subset (uniprocessor, i386)"
	@echo "make bpf      every BPF trampoline selftest (test_progs) on the base and the series, compared"
	@echo "make bpf-base record the base's results of tests/bpf-subset (make check's BPF tests) in tests/bpf-base"
	@echo "make kvm-nested  make bench's KVM path, nested in an emulated guest (no PMU; a functional test)"
	@echo "make matrix   build every patch in many configs (MATRIX='x86-up i386' picks)"
	@echo "make stress   perf churn and migrate_disable stress on the test kernel"
	@echo "make mutants  every test must fail on a kernel that lacks its property (MUTANTS='p1-skip-sched-out' picks)"
	@echo "make stress-kasan   the same on a KASAN build of the test kernel"
	@echo "make fuzz     trinity and stress-ng on the test kernel (BASE=1: the base too, FUZZ_KASAN=1: KASAN builds)"
	@echo "make tree     git tree of the base with the series ($(B)/linux)"
	@echo "make export   regenerate patches/ from $(B)/linux"
	@echo "make outgoing copy of patches/ signed with your git identity ($(B)/outgoing)"
	@echo "make kernel   build the test kernel ($(B)/obj-test)"
	@echo "make boot CMD='...'   run one command in a test-kernel guest"
	@echo "Knobs: make TARGET NAME=value (or NAME in the environment; B=dir only here),"
	@echo "  e.g. make bench ROUNDS=1; every NAME, its default and its script: docs/knobs.md"

deps:
	scripts/install-deps.sh

base: deps
	scripts/fetch-base.sh

tree: deps
	scripts/make-tree.sh $(B)/linux patches

export:
	scripts/export-series.sh $(B)/linux patches

outgoing:
	scripts/sign-series.sh patches $(B)/outgoing

# Builds whatever $(B)/linux holds, so edits can be booted before 'make export'.
kernel: deps
	test -d $(B)/linux/.git || scripts/make-tree.sh $(B)/linux patches
	scripts/build-kernel.sh $(B)/linux $(B)/obj-test test

boot: kernel
	scripts/guest-run.sh --tee boot $(B)/obj-test/arch/x86/boot/bzImage "$(CMD)"

check:
	scripts/check.sh

check-full:
	scripts/check.sh --full

bench:
	scripts/bench.sh

bpf: deps
	test -d $(B)/linux/.git || scripts/make-tree.sh $(B)/linux patches
	scripts/bpf.sh full

bpf-base: deps
	test -d $(B)/linux/.git || scripts/make-tree.sh $(B)/linux patches
	scripts/bpf.sh record

kvm-nested: deps
	test -d $(B)/linux/.git || scripts/make-tree.sh $(B)/linux patches
	scripts/kvm-nested.sh

matrix: deps
	test -d $(B)/linux/.git || scripts/make-tree.sh $(B)/linux patches
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

# FUZZ_SECONDS per tool; FUZZ_KERNEL, BASE, FUZZ_KASAN, FUZZ_STRESSORS: see
# scripts/fuzz.sh.
fuzz: tools
	scripts/fuzz.sh $(B)/linux $(B)/obj-test

clean:
	rm -rf $(B)
