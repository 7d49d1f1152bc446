// The table of FFT methods.
#include "compiler/fft/fft_method.hpp"

#include "compiler/fft/cooley_tukey_method.hpp"
#include "compiler/fft/stockham_method.hpp"
#include "ir/error.hpp"

namespace liftcl::fft {

const std::vector<const Method*>& methods() {
    static const StockhamMethod stockham;
    static const CooleyTukeyMethod cooleyTukey;
    static const std::vector<const Method*> table = {&stockham, &cooleyTukey};
    return table;
}

const Method& findMethod(const std::string& name) {
    std::string known;
    for (const Method* m : methods()) {
        if (m->name() == name) return *m;
        known += (known.empty() ? "" : ", ") + m->name();
    }
    throw Error("unknown FFT method '" + name + "' (known: " + known + ")");
}

}  // namespace liftcl::fft
