// `liftcl compile --emit header`: a C++ header that embeds a generated kernel in an application.
// It holds the OpenCL C source and the metadata JSON as raw string literals and a small launcher
// class over liftcl::rt (runtime/launchable_kernel.hpp):
//
//   namespace liftcl_kernels {
//   class matrixVector {
//   public:
//       using real = float;                                   // the kernel's precision
//       static std::string source();  static std::string_view metadataJson();
//       matrixVector(liftcl::rt::ProgramCache&, const liftcl::rt::Context&);   // builds (cached)
//       std::size_t MBytes(std::int64_t m, std::int64_t n) const;           // per input/output
//       liftcl::rt::Event operator()(const liftcl::rt::Queue&, const liftcl::rt::Buffer& M,
//                                    const liftcl::rt::Buffer& x, const liftcl::rt::Buffer& out,
//                                    std::int64_t m, std::int64_t n, overrides = {});
//       liftcl::rt::LaunchableKernel& kernel();
//   };
//   }
//
// Buffers are parameters in the kernel's argument order (inputs and outputs; temporaries are the
// runtime's), then the nat parameters in metadata order. The header needs only the runtime.
#pragma once

#include <string>

namespace liftcl::cli {

struct HeaderSpec {
    std::string className;        // a C++ identifier
    std::string namespaceName = "liftcl_kernels";
    std::string origin;           // one line for the header's comment: file, definition, options
    std::string source;           // OpenCL C
    std::string metadata;         // KERNEL.json text
};

// Throws liftcl::Error for a class or namespace name that is not a C++ identifier, or metadata the
// runtime would not accept.
std::string emitKernelHeader(const HeaderSpec& spec);

}  // namespace liftcl::cli
