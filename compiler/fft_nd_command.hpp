// `liftcl fft` for multidimensional and real transforms (fft/nd_planner.hpp):
//   liftcl fft --n 64x64 --batch 16 --precision f32 --run --verify      (axes, last fastest)
//   liftcl fft --n 16x16x16 --real --run --verify                        (R2C; --inverse: C2R)
//   liftcl fft --input x.npy --output y.npy --dims 2 --real              (numpy.fft.rfftn(x, axes=(-2,-1)))
//   liftcl fft --input y.npy --output x.npy --dims 2 --real --inverse --scale [--last-n N]   (irfftn)
// With a .npy file the last D axes are transformed and the leading ones are the batch; the real
// forward transform takes float32/float64 and writes complex64/complex128 half spectra.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace liftcl::cli {

struct FftNdCommand {
    std::vector<std::int64_t> shape;  // from --n (empty with --input: from the file)
    std::int64_t batch = 1;
    std::string precision = "f64";
    bool precisionGiven = false;
    bool inverse = false, scale = false, inPlace = false, real = false;
    bool run = false, verify = false, profile = false, printStages = false;
    std::string input, output, emit, emitCpp, device;
    int dims = 1;              // --dims: axes of the .npy input transformed
    std::int64_t lastN = 0;    // --last-n: C2R output length of the last axis (0: 2*(m-1))
    std::int64_t localMemoryBytes = 0;  // 0: the device's when one is used, else 48 KiB
    int repeat = 20;
    std::uint64_t seed = 1;
    std::string method = "auto";  // auto or one of fft::ndPlanMethods() (the tuner's variants)
    // The wisdom file (empty: the default one) and whether to consult it: with method auto, a
    // variant `liftcl fft --tune` recorded for this device and descriptor is planned instead.
    std::string wisdom;
    bool noWisdom = false;
};

// "256x128x64" -> {256, 128, 64}; throws liftcl::Error naming --n and the bad item.
std::vector<std::int64_t> parseFftShape(const std::string& text);

// Whether the command is a multidimensional or real transform (else the 1D path runs).
bool isFftNdCommand(const FftNdCommand& c);

void runFftNd(const FftNdCommand& c);

}  // namespace liftcl::cli
