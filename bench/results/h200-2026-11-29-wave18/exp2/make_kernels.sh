#!/usr/bin/env bash
# Writes exp2's kernels (run before command.sh, on this machine, with 7e3588a's liftcl in build/):
# each plan's pass kernels and, beside each one that calls genTwiddle, a *_cheap.cl copy whose
# genTwiddle returns native_cos/native_sin of the same angle (the cost of a cheap twiddle; the copy
# computes other values than the plan, its time is the experiment's answer).
set -eu
E=bench/results/h200-2026-11-29-wave18/exp2
em() { ./build/liftcl fft --n $1 --batch $2 --precision $3 --emit $E/$4 > /dev/null; }
em 65536 1024 f32 k16f; em 16777216 4 f32 k24f; em 4194304 8 f64 k22d; em 1048576 64 f32 k20f
python3 - "$E" <<'PY'
import glob, re, sys
body = """static inline complex genTwiddle(int diag, int exp, int sizeOmegas, int amountOmegas) {
    float x_ = (float)(diag * exp) * (3.14159265f * 2.0f / (float)(sizeOmegas * amountOmegas));
    return (complex)(%s);
}"""
for cl in glob.glob(sys.argv[1] + '/*/hierarchical_pass*.cl'):
    s = open(cl).read()
    parts = '(double)native_cos(x_), -(double)native_sin(x_)' if 'typedef double real' in s else 'native_cos(x_), -native_sin(x_)'
    m = re.search(r'static inline complex genTwiddle\(.*?\n}\n', s, re.S)
    if m and 'genTwiddle(' in s[m.end():]:
        open(cl[:-3] + '_cheap.cl', 'w').write(s[:m.start()] + body % parts + '\n' + s[m.end():])
PY
