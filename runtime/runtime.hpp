// The liftcl runtime in one include: what an application that embeds generated kernels needs.
// It links only liftcl_runtime (CMake: liftcl::runtime) and the OpenCL ICD loader.
#pragma once

#include "runtime/buffer.hpp"
#include "runtime/cl_error.hpp"
#include "runtime/context.hpp"
#include "runtime/device.hpp"
#include "runtime/device_selection.hpp"
#include "runtime/disk_cache.hpp"
#include "runtime/error.hpp"
#include "runtime/event.hpp"
#include "runtime/fft/fft_descriptor.hpp"
#include "runtime/fft/fft_plan.hpp"
#include "runtime/fft/fft_plan_registry.hpp"
#include "runtime/kernel.hpp"
#include "runtime/kernel_metadata.hpp"
#include "runtime/launch_sizes.hpp"
#include "runtime/launchable_kernel.hpp"
#include "runtime/program.hpp"
#include "runtime/program_cache.hpp"
#include "runtime/queue.hpp"
#include "runtime/size_expr.hpp"
#include "runtime/wisdom.hpp"
