// The FFT lowering strategies that plans name by string (e.g. a hierarchical pass's
// "lower-hierarchical-fft"), added to the rewrite engine's named strategies
// (rewrite::registerStrategy) so that rewrite/ itself names no FFT. Called by the planner before
// it lowers a pass and by the CLI at start-up (so `liftcl rewrite --strategy` knows them too).
#pragma once

namespace liftcl::fft {

// Idempotent and thread-safe.
void registerFftStrategies();

}  // namespace liftcl::fft
