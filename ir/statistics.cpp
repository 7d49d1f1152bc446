#include "ir/statistics.hpp"

#include <algorithm>
#include <cmath>

namespace liftcl::ir {

double median(std::vector<double> values) {
    if (values.empty()) return std::nan("");
    std::sort(values.begin(), values.end());
    const std::size_t mid = values.size() / 2;
    return values.size() % 2 == 1 ? values[mid] : 0.5 * (values[mid - 1] + values[mid]);
}

}  // namespace liftcl::ir
