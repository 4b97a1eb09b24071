# Sourced: MUX_EVENTS, twice the generic hardware events, more than any
# x86 PMU has counters, so that perf stat multiplexes them and the PMU
# is disabled and enabled again at every rotation.
MUX_EVENTS=cycles,instructions,branches,branch-misses,cache-references,cache-misses
MUX_EVENTS=$MUX_EVENTS,bus-cycles,ref-cycles
MUX_EVENTS=$MUX_EVENTS,$MUX_EVENTS
