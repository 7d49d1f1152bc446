// The OpenCL side shared by the clFFT and VkFFT comparison programs: the device (the first GPU, or
// LIFTCL_DEVICE as for liftcl), the input and output buffers of a point, and the stamp-kernel
// timing of `liftcl bench` (bench/lib/bench_timer.hpp), so OpenCL libraries are timed exactly as
// liftcl is. A library implements plan, enqueue and destroy.
#pragma once

#include <optional>

#include "bench/compare/comparison.hpp"
#include "bench/lib/bench_timer.hpp"
#include "runtime/buffer.hpp"
#include "runtime/context.hpp"
#include "runtime/queue.hpp"

namespace liftcl::bench {

class OpenClLibrary : public ComparedLibrary {
public:
    OpenClLibrary();
    std::string device() const override;
    std::int64_t memoryBytes() const override;
    std::int64_t maxBufferBytes() const override;
    std::string prepare(const BenchCase& benchCase) final;
    std::vector<double> time(int repetitions, int warmup) final;
    std::vector<std::complex<double>> readTransform(std::int64_t index) final;
    void release() final;
    std::vector<double> timeCopy(std::int64_t bytes, int repetitions, int warmup) final;

protected:
    // Plans the transform of the point for the buffers below ("" or why not).
    virtual std::string plan(const BenchCase& benchCase) = 0;
    // Enqueues one forward transform on queue() without waiting.
    virtual void enqueue() = 0;
    virtual void destroyPlan() = 0;  // also after a failed plan(); nothing to do when none was made
    // Out-of-place libraries read `input` and write `output`; in-place ones transform `output`,
    // which then holds the input before the first execution.
    virtual bool inPlace() const { return false; }
    // In-place real transforms read their rows padded to 2*(W/2+1) values (uploadPaddedRealInput).
    virtual bool paddedRealInput() const { return false; }

    const rt::Context& context() const { return context_; }
    const rt::Queue& queue() const { return queue_; }
    rt::Buffer& input() { return input_; }
    rt::Buffer& output() { return output_; }
    const BenchCase& benchCase() const { return case_; }

private:
    rt::Context context_;
    rt::Queue queue_;
    StampTimer timer_;
    void upload(const rt::Buffer& buffer);  // the point's input, padded where the library wants it
    BenchCase case_;
    rt::Buffer input_, output_;
};

}  // namespace liftcl::bench
