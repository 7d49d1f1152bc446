// The public API of the OpenCL code generator: a lowered program in, OpenCL C and its kernel
// metadata (docs/kernel-metadata.md) out.
//
// How a kernel is made (one concern per file):
//   address_space   where every computed value lives (toGlobal/toLocal/toPrivate, defaults)
//   memory          allocation of temporaries (global kernel arguments, __local arrays, private)
//   view            input and output views: data-layout primitives become index expressions
//   twiddle_table   carray/array tables computed on the host, printed as __constant arrays
//   emit_*          the walk over the program that builds the OpenCL C tree (c_tree.hpp): loops,
//                   declarations, assignments, calls, barriers; twiddles read at constant indices
//                   are emitted as literals (constant_folding.cpp, tableLiteral)
// then the passes over the tree, in order (emit_kernel.cpp, KernelBuilder::build):
//   barrier_elimination  a barrier after one (or after a work-group loop ending with one) dropped
//   constant_folding  products by those literals (1, -1, i, -i, (+-1 +- i)/sqrt(2)) become
//                   copies, negations, swaps or two additions; definitions left unused dropped
//   local_split_exchange  mapLcl nests handing complex values through one __local array of
//                   components, x then y (option localSplitExchange), or
//   local_in_place  mapLcl nests writing over the __local array they read (option localInPlace)
//   local_sharing   __local arrays whose lifetimes a barrier separates share memory
// and last the printer (c_printer.cpp) writes the tree as OpenCL C;
//   kernel_metadata_writer   the JSON beside the .cl file
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "ir/expr.hpp"

namespace liftcl::codegen {

// How twiddle-like generator arrays (array_m, carray_m) reach the kernel.
enum class TwiddleMode {
    Table,   // every element precomputed on the host: one __constant table per array
    Digits,  // carray: its digit table in __constant, combined on the device (thesis 4.3);
             // array_m: computed on the fly
    Sincos,  // computed on the fly with cospi/sinpi (carray of gentwfrarr: omega(j*k, n))
    Local,   // array_m at constant indices folded to literals; read at work-item-dependent indices
             // inside a work-group, computed once per work-group into a __local table (up to
             // localGeneratorTableBytes, the rest on the fly); carray as Table
};
TwiddleMode twiddleModeFromName(const std::string& name);  // "table" | "digits" | "sincos" | "local"
std::string twiddleModeName(TwiddleMode mode);

struct CodegenOptions {
    ir::ScalarKind precision = ir::ScalarKind::Double;  // what `real`/`complex` are typedef'd to
    TwiddleMode twiddles = TwiddleMode::Table;
    // Budget for all __constant tables of one kernel; a table that does not fit falls back to
    // the next cheaper variant (Table -> Digits -> on the fly).
    std::int64_t constantMemoryBytes = 65536;
    // Table mode, array_m generators: fold the elements read at constant indices to literals and
    // compute the others on the fly (cospi/sinpi) instead of reading a __constant table, which
    // NVIDIA serializes when the work-items of a warp read different addresses (the twiddles
    // between the passes of a local-memory FFT, indexed by the work-item).
    bool tablesAtConstantIndicesOnly = false;
    // Local mode: bytes of __local memory the generator tables of one kernel may take; a table
    // that does not fit (in order of first use) is computed on the fly.
    std::int64_t localGeneratorTableBytes = 0;
    // Local mode: fill the __local tables from a kernel argument of kind "table" whose elements the
    // host computed (the generator's host implementation: omega in long double) and the metadata
    // carries, instead of calling the generator for every element in every work-group (a coalesced
    // read where cospi/sinpi cost up to 12% of a local FFT kernel: bench/results/h100-2026-11-27-wave7).
    bool localTablesFromHost = false;
    // With localTablesFromHost (ignored without it): read the host's table argument (global memory, through the caches)
    // where the twiddles are needed rather than copying it to __local first. A work-group that
    // computes one transform copies as many table elements as it has points (Rader's one kernel:
    // 800 for 640 points), and the copy's __local memory takes work-groups off a multiprocessor.
    bool generatorTablesInGlobal = false;
    // carray_m's table (thesis 4.3: a digit table combined on the device) passed as a kernel argument
    // of kind "table" whose elements the host computed, read in global memory through the caches,
    // instead of a __constant array: its reads at work-item-dependent indices are not serialized as
    // __constant's are on NVIDIA, and the table may exceed constantMemoryBytes. User functions then
    // take their array parameters as `const global` pointers.
    bool carrayTablesInGlobal = false;
    // __local arrays padded with one element after every k (0: none): strided accesses by the
    // work-items of a warp (a butterfly writing its p results p apart) then fall into different
    // banks. k = 128 bytes / element size spreads strides 1, 2, 4 and 8 over all banks.
    std::int64_t localPaddingEvery = 0;
    // Registers per work-item the driver should compile the kernel with (0: its own choice), a hint
    // in the metadata ("max_registers") that rt::LaunchableKernel passes on where the driver takes
    // one (NVIDIA: -cl-nv-maxrregcount). NVIDIA's compiler gave some kernels 48 registers and
    // serialized their loads; a limit of 64 let it keep them in flight (bench/results/h200-2026-11-29-wave19).
    std::int64_t maxRegistersPerItem = 0;
    // Default local size suggested in the metadata for mapLcl loops with a larger extent.
    std::int64_t maxLocalSize = 256;
    // Per NDRange dimension, the largest local size where given (non-zero), else maxLocalSize: a
    // work-group of T columns by a few work-items per column, each taking several butterflies.
    std::vector<std::int64_t> maxLocalSizes;
    std::int64_t maxLocalSizeOf(int dim) const {
        const auto d = static_cast<std::size_t>(dim);
        return d < maxLocalSizes.size() && maxLocalSizes[d] > 0 ? maxLocalSizes[d] : maxLocalSize;
    }
    // Write a mapLcl nest's __local result over its __local input when the nest reads all of that
    // input into private variables first (reads, barrier, writes; codegen/local_in_place.cpp): a
    // chain of passes then needs one __local array, not two. The kernel then runs with exactly the
    // local size of its metadata (local_fixed, reqd_work_group_size): a work-item runs a mapLcl loop
    // ceil(extent / local size) times, at most localInPlaceMaxCopies times per nest.
    bool localInPlace = false;
    std::int64_t localInPlaceMaxCopies = 16;  // 5040 = 16,7,5,3,3 on 158 work-items: 11 radix-3 shares
    // A chain of mapLcl nests handing two-component values (complex) to the next through __local
    // arrays exchanges them through ONE __local array of components, x then y, every nest keeping
    // its results in private memory meanwhile (codegen/local_split_exchange.cpp): half the __local
    // memory of localInPlace, four barriers per exchange instead of two. Codegen fails when the
    // nests do not have that shape. Takes precedence over localInPlace; fixes the local size too.
    bool localSplitExchange = false;
    // Shares of one nest at most under localSplitExchange (its values are private meanwhile: the
    // conjugation of an inverse 8192-point FFT on 256 work-items has 32 shares of one point).
    std::int64_t localSplitExchangeMaxShares = 64;
    // Under localSplitExchange, the buffer holds 1/localSplitExchangeRanges of the indices and each
    // component goes over in that many rounds, lowest indices first (where the points' components
    // do not fit either: 8192 fp64, 16384 fp32 as 32 KiB rounds). A write or read is placed in its
    // index's round where the work-items of its share all fall in one (the rest are tested).
    std::int64_t localSplitExchangeRanges = 1;
    // Under localInPlace / localSplitExchange each share of a nest tests its index against the
    // extent even where the extent is a multiple of the local size (every share runs): the test
    // keeps the compiler from interleaving the shares' bodies, which takes registers. Without it
    // kernels of small butterflies ran faster, kernels of large fp64 ones and exchanges by
    // components slower (H100; the FFT planners choose: fft/local_method.hpp, keepShareTests).
    bool localShareTests = false;
    // Each mapWrg iteration runs on a work-group of its own: the loop over the iterations becomes
    // one trip (`wg = get_group_id(); wg < n; wg = n`), and the launch must cover them (the
    // metadata's NDRange does; its work-groups are then never capped: persistent_groups false).
    // A real loop lets the compiler hoist what its body computes from the work-item's index alone
    // (the __local addresses of every share of every pass) out of it, into registers held across
    // the whole kernel: 228 registers in the local kernel of 3000 fp32 (H100, PTX of the driver).
    bool workGroupPerIteration = false;
    // Loop indices as `long` (64-bit index arithmetic). Codegen also widens on its own when an
    // input or the result has more than 2^31 - 1 elements at constant sizes; forced here for tests.
    bool wideIndices = false;
    // The buffer inputs without `restrict`: the kernel may be launched with an input that is its
    // output (an in-place plan), so the compiler must not assume they never alias (NVIDIA would read
    // them through its non-coherent path and may reload them after the kernel's own stores).
    bool inputsMayAliasOutput = false;
    // Keep the kernel body after each codegen pass (GeneratedKernel::stages; --print-stages).
    bool recordStages = false;
    std::string kernelName;  // default: the program's name
    std::string sourceFile;  // "source" in the metadata; default: kernelName + ".cl"
};

struct GeneratedKernel {
    std::string name;      // the OpenCL kernel function name
    std::string source;    // OpenCL C
    std::string metadata;  // JSON text (docs/kernel-metadata.md)
    // With CodegenOptions::recordStages: each codegen pass's name and the kernel's __local arrays
    // and body after it ("emitted": as the walk over the program built it).
    std::vector<std::pair<std::string, std::string>> stages;
};

// Throws liftcl::Error naming the node (with its source location when known) for programs that
// cannot be generated: unlowered maps, local arrays of symbolic size, barriers in divergent code...
GeneratedKernel generateKernel(const ir::Program& lowered, const CodegenOptions& options = {});

// A program of several kernels (rewrite/kernel_sequence.hpp splits it): the kernels in execution
// order and the sequence description (docs/kernel-metadata.md, "Kernel sequences") that says which
// buffer each kernel reads and writes. `metadata` is empty for a single kernel.
struct GeneratedSequence {
    std::string name;
    std::vector<GeneratedKernel> kernels;
    std::vector<std::vector<std::string>> reads;  // per kernel: the buffers of its inputs and scalars, in order
    std::vector<std::string> writes;              // per kernel: its output buffer (the last: "out")
    std::string metadata;
};

// Each stage gets its name as kernel name and NAME.cl as source file (options.kernelName and
// sourceFile apply to a single stage only).
GeneratedSequence generateKernelSequence(const std::string& name, const std::vector<ir::Program>& stages,
                                         const CodegenOptions& options = {});

}  // namespace liftcl::codegen
