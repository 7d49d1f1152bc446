#include "codegen/address_space.hpp"

#include "ir/result_writes.hpp"

namespace liftcl::codegen {

std::optional<AddressSpace> inferResultSpace(const ir::FunP& f) {
    const auto memory = ir::resultMemory(f);
    if (!memory) return std::nullopt;
    switch (*memory) {
        case ir::Prim::ToGlobal: return AddressSpace::Global;
        case ir::Prim::ToLocal: return AddressSpace::Local;
        default: return AddressSpace::Private;
    }
}

AddressSpace resultSpace(const ir::FunP& f, std::optional<AddressSpace> context) {
    if (auto s = inferResultSpace(f)) return *s;
    return context.value_or(AddressSpace::Global);
}

}  // namespace liftcl::codegen
