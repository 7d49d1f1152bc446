// Memory allocation for computed values that have no destination yet. Sizes are Arith expressions
// of the nat parameters. A value computed inside loops gets one slot per iteration of the loops
// that share its memory: global temporaries (extra kernel arguments) per iteration of every
// enclosing loop, __local arrays (declared at kernel scope, constant size) per iteration of the
// loops inside the work-group, private variables where they are used.
#include <fmt/format.h>

#include "codegen/kernel_builder.hpp"
#include "ir/userfun.hpp"
#include "codegen/twiddle_table.hpp"

namespace liftcl::codegen {

using ir::Arith;

ViewP KernelBuilder::allocate(const ir::TypeP& type, AddressSpace space, const std::string& hint,
                              const ir::Expr& node) {
    const Arith count = flatCount(type);
    const ir::TypeP elem = innermostType(type);
    const std::string cType = types_.name(elem);
    switch (space) {
        case AddressSpace::Private: {
            const c::SymbolP name = freshSymbol("p" + hint);
            if (!type->isArray()) {
                emit(c::declare(cType, name));
                return memoryView(name, type, Arith(0), true, space, true);
            }
            auto c = count.tryConstant();
            if (!c)
                fail(node, "needs a private array of symbolic size " + count.toString() +
                               " (private arrays need a constant size; use --set)");
            emit(c::declare(cType, name, nullptr, {*c}));
            return memoryView(name, type, Arith(0), true, space);
        }
        case AddressSpace::Local:
        case AddressSpace::Global: {
            // Slots for the enclosing loops whose iterations must not share the memory.
            Arith slots = 1, slot = 0;
            for (const auto& l : loops_) {
                if (space == AddressSpace::Local && l.kind == ir::Prim::MapWrg) continue;
                slot = slot * l.extent + l.var;
                slots = slots * l.extent;
            }
            const Arith total = count * slots;
            if (space == AddressSpace::Local) {
                if (!insideLoopOf(ir::Prim::MapWrg))
                    fail(node, "allocates local memory outside a mapWrg");
                const c::SymbolP name = freshSymbol("l" + hint);
                auto c = total.tryConstant();
                if (!c)
                    fail(node, "needs a local array of symbolic size " + total.toString() +
                                   " (local arrays need a constant size; use --set)");
                const std::int64_t pad = options_.localPaddingEvery;
                const std::int64_t padded = pad > 0 && *c > 0 ? *c + (*c - 1) / pad : *c;
                locals_.push_back({name, cType, padded, padded * valueBytes(elem)});
                return memoryView(name, type, slot * count, true, space, false, pad);
            }
            const c::SymbolP name = freshSymbol("g" + hint);
            temporaries_.push_back({name, ir::typeToString(ir::Type::arrayOf(elem, total)),
                                    total * Arith(valueBytes(elem)), cType});
            return memoryView(name, type, slot * count, true, space);
        }
        case AddressSpace::Constant: break;
    }
    fail(node, "cannot allocate constant memory for a computed value");
}

}  // namespace liftcl::codegen
