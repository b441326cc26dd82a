#!/bin/sh
# The stage's sampling gates measured (Budgets: samplesPerWindow, maxSamples, tickStep,
# tickSteps; docs/dev/motion.md): SamplingBench in PieCoreTests, skipped unless PIEC_BENCH=1,
# prints two markdown tables: the worst boundary error (degrees) of linear motion between
# samples against the exact state for sampled-keyframe plans, and which grid tick labels hide
# in motion (gt002) and what Stage.place costs at each tick sweep.
#   bench/sampling.sh            # builds the tests first
#   bench/sampling.sh --no-build # reuses .build (swift build --build-tests done)
set -eu
cd "$(dirname "$0")/.."
if [ "${1:-}" != "--no-build" ]; then swift build --build-tests; fi
PIEC_BENCH=1 swift test --skip-build --filter 'SamplingBench' 2>&1 | grep '^|\|^sampled\|^tick'
