// clFFT beside liftcl: the batched 1D complex-to-complex forward transform, interleaved, out of
// place, baked for the queue, timed with the stamp kernels of `liftcl bench`. Options and output:
// bench/compare/comparison.hpp.
#include <clFFT.h>

#include <stdexcept>
#include <string>

#include "bench/compare/opencl_library.hpp"

namespace liftcl::bench {
namespace {

std::string statusText(clfftStatus status) { return "clFFT status " + std::to_string(static_cast<int>(status)); }

class ClFft : public OpenClLibrary {
public:
    ClFft() {
        clfftSetupData setup;
        if (clfftInitSetupData(&setup) != CLFFT_SUCCESS || clfftSetup(&setup) != CLFFT_SUCCESS)
            throw std::runtime_error("clfftSetup failed");
    }
    ~ClFft() override { clfftTeardown(); }
    std::string name() const override { return "clfft"; }
    std::string device() const override {
        cl_uint major = 0, minor = 0, patch = 0;
        clfftGetVersion(&major, &minor, &patch);
        return OpenClLibrary::device() + ", clFFT " + std::to_string(major) + "." + std::to_string(minor) + "." +
               std::to_string(patch);
    }

protected:
    std::string plan(const BenchCase& c) override {
        cl_context context = OpenClLibrary::context().get();
        cl_command_queue queue = OpenClLibrary::queue().get();
        const std::size_t lengths[1] = {static_cast<std::size_t>(c.n)};
        clfftStatus s = clfftCreateDefaultPlan(&plan_, context, CLFFT_1D, lengths);
        if (s != CLFFT_SUCCESS) return "unsupported: clfftCreateDefaultPlan: " + statusText(s);
        created_ = true;
        if ((s = clfftSetPlanPrecision(plan_, c.isDouble ? CLFFT_DOUBLE : CLFFT_SINGLE)) != CLFFT_SUCCESS ||
            (s = clfftSetLayout(plan_, CLFFT_COMPLEX_INTERLEAVED, CLFFT_COMPLEX_INTERLEAVED)) != CLFFT_SUCCESS ||
            (s = clfftSetResultLocation(plan_, CLFFT_OUTOFPLACE)) != CLFFT_SUCCESS ||
            (s = clfftSetPlanBatchSize(plan_, static_cast<std::size_t>(c.batch))) != CLFFT_SUCCESS ||
            (s = clfftSetPlanDistance(plan_, lengths[0], lengths[0])) != CLFFT_SUCCESS)
            return "error: configuring the plan: " + statusText(s);
        if ((s = clfftBakePlan(plan_, 1, &queue, nullptr, nullptr)) != CLFFT_SUCCESS)
            return "unsupported: clfftBakePlan: " + statusText(s);
        std::size_t temporaryBytes = 0;
        clfftGetTmpBufSize(plan_, &temporaryBytes);
        if (temporaryBytes > 0) temporary_ = rt::Buffer(OpenClLibrary::context(), temporaryBytes);
        return "";
    }
    void enqueue() override {
        cl_command_queue queue = OpenClLibrary::queue().get();
        cl_mem in = input().get(), out = output().get();
        const clfftStatus s = clfftEnqueueTransform(plan_, CLFFT_FORWARD, 1, &queue, 0, nullptr, nullptr, &in, &out,
                                                    temporary_ ? temporary_.get() : nullptr);
        if (s != CLFFT_SUCCESS) throw std::runtime_error("clfftEnqueueTransform: " + statusText(s));
    }
    void destroyPlan() override {
        if (created_) clfftDestroyPlan(&plan_);
        created_ = false;
        temporary_ = rt::Buffer();
    }

private:
    clfftPlanHandle plan_ = 0;
    bool created_ = false;
    rt::Buffer temporary_;
};

}  // namespace
}  // namespace liftcl::bench

int main(int argc, char** argv) {
    return liftcl::bench::comparisonMain<liftcl::bench::ClFft>("clfft", argc, argv);
}
