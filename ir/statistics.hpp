// Statistics of repeated measurements: the one median of the project (tuner, exploration,
// benchmarks).
#pragma once

#include <vector>

namespace liftcl::ir {

// The middle value (mean of the middle two for an even count); NaN for none.
double median(std::vector<double> values);

}  // namespace liftcl::ir
