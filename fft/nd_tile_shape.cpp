// The shape facts of multidimensional and real FFT programs (see nd_tile_shape.hpp) and the
// public ones of nd_tile_program.hpp (axis order, radices, transform lengths, element counts).
#include "fft/nd_tile_shape.hpp"

#include <algorithm>

#include "fft/local_method.hpp"
#include "fft/radix_factorization.hpp"

namespace liftcl::fft {

namespace nd {

std::int64_t product(const std::vector<std::int64_t>& v, std::size_t from, std::size_t to) {
    std::int64_t p = 1;
    for (std::size_t i = from; i < to; ++i) p *= v[i];
    return p;
}

std::vector<std::size_t> axesOf(const NdTileProgram& p) {
    return p.axes.empty() ? ndAxisOrder(p.shape.size(), p.domain) : p.axes;
}

bool hasLastAxis(const NdTileProgram& p) {
    const auto axes = axesOf(p);
    return std::find(axes.begin(), axes.end(), p.shape.size() - 1) != axes.end();
}

std::int64_t halfLength(std::int64_t w) { return w / 2 + 1; }

bool packedRealAxis(const NdTileProgram& p) {
    const std::int64_t W = p.shape.back();
    return p.domain != NdDomain::Complex && hasLastAxis(p) && W % 2 == 0 && W >= 4;
}

bool packedRealOutput(const NdTileProgram& p) { return p.domain == NdDomain::RealInverse && packedRealAxis(p); }

std::int64_t localPoints(const NdTileProgram& p) {
    const std::int64_t all = product(p.shape, 0, p.shape.size());
    return packedRealAxis(p) ? all / p.shape.back() * halfLength(p.shape.back()) : all;
}

std::vector<std::int64_t> inputShape(const NdTileProgram& p) {
    std::vector<std::int64_t> s = p.shape;
    const bool half = (p.domain == NdDomain::RealForward && !hasLastAxis(p)) || p.domain == NdDomain::RealInverse;
    if (half) s.back() = halfLength(s.back());
    return s;
}

std::size_t firstTransformedAxis(const NdTileProgram& p) {
    for (std::size_t k : axesOf(p))
        if (p.shape[k] > 1) return k;
    return axesOf(p).front();
}

std::size_t computingSteps(const NdTileProgram& p) {
    if (p.passRadix > 0) return ndAxisRadices(p.passRadix).size();
    std::size_t steps = 0;
    for (std::size_t k : axesOf(p)) {
        steps += ndAxisRadices(ndTransformLength(p, k)).size();
        if (k + 1 == p.shape.size() && p.domain == NdDomain::RealForward) ++steps;
    }
    return steps;
}

}  // namespace nd

using namespace nd;

std::int64_t ndTransformLength(const NdTileProgram& p, std::size_t k) {
    return k + 1 == p.shape.size() && packedRealAxis(p) ? p.shape.back() / 2 : p.shape[k];
}

std::vector<std::size_t> ndAxisOrder(std::size_t rank, NdDomain domain) {
    std::vector<std::size_t> axes;
    if (domain == NdDomain::RealInverse) {
        for (std::size_t k = 0; k < rank; ++k) axes.push_back(k);
    } else {
        for (std::size_t k = rank; k-- > 0;) axes.push_back(k);
    }
    return axes;
}

std::vector<std::int64_t> ndAxisRadices(std::int64_t R) {
    if (R < 2) return {};
    if ((R & (R - 1)) == 0) return chooseLocalRadices(R);
    return chooseRadices(R);
}

std::int64_t ndInputElements(const NdTileProgram& p) { return product(inputShape(p), 0, p.shape.size()); }

std::int64_t ndOutputElements(const NdTileProgram& p) {
    std::vector<std::int64_t> s = p.shape;
    const bool half = p.domain == NdDomain::RealForward || (p.domain == NdDomain::RealInverse && !hasLastAxis(p));
    if (half) s.back() = halfLength(s.back());
    return product(s, 0, s.size());
}

}  // namespace liftcl::fft
