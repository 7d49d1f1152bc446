// Embedded FFT plans created by descriptor (rt::FftPlan::create, runtime/fft/fft_plan_registry.hpp):
// the plan found computes the descriptor's transform (vs FFTW) in its placement, a missing
// descriptor is refused naming it and listing the embedded plans, and the C++ source that
// `liftcl fft --emit-cpp` writes holds every kernel in a raw literal it cannot close early.
#include <doctest/doctest.h>

#include <string>

#include "fft/fft_plan_cpp_emitter.hpp"
#include "fft_test_support.hpp"
#include "runtime/error.hpp"
#include "runtime/fft/fft_plan_registry.hpp"

using namespace liftcl;

namespace {

// Registers each plan once per test process (the registry is global and refuses duplicates).
void registerOnce() {
    static const bool done = [] {
        auto inverse = testing::request(48, 3);  // 2^4 * 3, double, batch 3
        inverse.direction = rt::FftDirection::Inverse;
        inverse.scale = true;
        rt::registerEmbeddedFftPlan(fft::planFft(inverse));
        rt::registerEmbeddedFftPlan(fft::planFft(testing::request(40, 2, /*f64=*/false)));
        return true;
    }();
    (void)done;
}

template <typename Real>
double createdPlanError(const rt::FftDescriptor& d, std::uint64_t seed) {
    auto& dev = testing::DeviceFixture::get();
    rt::FftPlan plan = rt::FftPlan::create(dev.cache, dev.context, d);
    CHECK(plan.description().inPlace == d.inPlace);
    const auto x = testing::randomBatch(d.n, d.batch, seed);
    rt::Buffer data(dev.context, plan.description().bufferBytes());
    data.write(dev.queue, testing::toPrecision<Real>(x));
    rt::Buffer out = d.inPlace ? data : rt::Buffer(dev.context, plan.description().bufferBytes());
    if (!d.inPlace) out.fill(dev.queue, std::complex<Real>(NAN, NAN));  // poison
    plan.execute(dev.queue, data, out);
    std::vector<std::complex<Real>> y(x.size());
    out.readBytes(dev.queue, y.data(), plan.description().bufferBytes());
    return fft::relativeL2Error(y, fft::fftwReference(x, d.n, d.batch, d.inverse ? rt::FftDirection::Inverse
                                                                                   : rt::FftDirection::Forward,
                                                    d.scaled));
}

}  // namespace

TEST_CASE("rt::FftPlan::create finds the embedded plan of a descriptor, in either placement") {
    registerOnce();
    CHECK(createdPlanError<double>({48, 3, rt::Precision::Double, true, false, true}, 3) < 1e-13);
    CHECK(createdPlanError<double>({48, 3, rt::Precision::Double, true, true, true}, 4) < 1e-13);
    CHECK(createdPlanError<float>({40, 2, rt::Precision::Float}, 5) < 1e-5);
    bool listed48 = false, listed40 = false;
    for (const auto& d : rt::embeddedFftPlans()) {
        listed48 |= d.n == 48 && d.batch == 3 && d.inverse && d.scaled;
        listed40 |= d.n == 40 && d.batch == 2 && d.precision == rt::Precision::Float && !d.inverse;
    }
    CHECK(listed48);
    CHECK(listed40);
}

TEST_CASE("rt::FftPlan::create refuses a descriptor without an embedded plan, listing the embedded ones") {
    registerOnce();
    auto& dev = testing::DeviceFixture::get();
    // Another batch, precision, direction or scaling is another plan (the kernels are specialised).
    const rt::FftDescriptor missing[] = {{40, 3, rt::Precision::Float},
                                         {40, 2, rt::Precision::Double},
                                         {40, 2, rt::Precision::Float, true},
                                         {48, 3, rt::Precision::Double, true, false, false}};
    for (const auto& d : missing) {
        INFO(d.text());
        try {
            rt::FftPlan::create(dev.cache, dev.context, d);
            FAIL("no error for " << d.text());
        } catch (const rt::Error& e) {
            const std::string message = e.what();
            CHECK(message.find("no embedded FFT plan for " + d.text()) != std::string::npos);
            CHECK(message.find("n=40 batch=2 f32 forward") != std::string::npos);
            CHECK(message.find("n=48 batch=3 f64 inverse scaled") != std::string::npos);
        }
    }
    // Registering a second plan of the same transform is an error naming it.
    CHECK_THROWS_WITH_AS(rt::registerEmbeddedFftPlan(fft::planFft(testing::request(40, 2, false))),
                         doctest::Contains("two plans for n=40 batch=2 f32 forward"), rt::Error);
}

TEST_CASE("liftcl fft --emit-cpp: every kernel's text in a raw literal whose delimiter it does not contain") {
    rt::FftPlanDescription plan = fft::planFft(testing::request(16, 1));
    plan.kernels.front().source += "\n// )liftcl\" )liftcl_\" end\n";  // would close the naive literals
    const std::string cpp = fft::fftPlanCppSource(plan);
    CHECK(cpp.find("registerEmbeddedFftPlan(embeddedPlan())") != std::string::npos);
    CHECK(cpp.find("R\"liftcl__(" + plan.kernels.front().source + ")liftcl__\"") != std::string::npos);
    for (const auto& k : plan.kernels) CHECK(cpp.find(k.metadata) != std::string::npos);
    CHECK(cpp.find("p.n = 16;") != std::string::npos);
}
