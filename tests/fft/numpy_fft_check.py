"""liftcl fft --input/--output against numpy.fft (run by tests/fft/numpy_fft_test.cpp).

usage: numpy_fft_check.py LIFTCL WORKDIR

For complex64 (f32) and complex128 (f64), shapes (8, 1024) and (1024,), forward and inverse
(--inverse --scale, as numpy.fft.ifft divides by n): writes random data with numpy, transforms it
with the liftcl CLI and compares with numpy.fft (relative L2 error below 1e-5 for f32, 1e-12 for
f64). Prints one line per case and exits 1 when any case fails.
"""
import os
import subprocess
import sys

import numpy as np

TOLERANCE = {"f32": 1e-5, "f64": 1e-12}
DTYPE = {"f32": np.complex64, "f64": np.complex128}


def check(liftcl, workdir, precision, shape, inverse, rng):
    n = shape[-1]
    batch = shape[0] if len(shape) == 2 else 1
    x = (rng.uniform(-1, 1, shape) + 1j * rng.uniform(-1, 1, shape)).astype(DTYPE[precision])
    name = "%s_%s_%s" % (precision, "x".join(map(str, shape)), "inverse" if inverse else "forward")
    x_path = os.path.join(workdir, name + "_x.npy")
    y_path = os.path.join(workdir, name + "_y.npy")
    np.save(x_path, x)
    command = [liftcl, "fft", "--n", str(n), "--batch", str(batch), "--precision", precision,
               "--input", x_path, "--output", y_path, "--no-wisdom"]
    if inverse:
        command += ["--inverse", "--scale"]
    run = subprocess.run(command, capture_output=True, text=True, timeout=300)
    if run.returncode != 0:
        print("FAIL %s: liftcl exited %d: %s" % (name, run.returncode, run.stderr.strip()))
        return False
    y = np.load(y_path)
    # numpy.fft computes in double precision for both dtypes.
    reference = np.fft.ifft(x, axis=-1) if inverse else np.fft.fft(x, axis=-1)
    if y.dtype != x.dtype or y.shape != x.shape:
        print("FAIL %s: output %s %s, expected %s %s" % (name, y.dtype, y.shape, x.dtype, x.shape))
        return False
    error = np.linalg.norm(y.astype(np.complex128) - reference) / np.linalg.norm(reference)
    ok = bool(error < TOLERANCE[precision])
    print("%s %s: relative L2 error %.3g (tolerance %g)" % ("ok" if ok else "FAIL", name, error, TOLERANCE[precision]))
    return ok


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    liftcl, workdir = sys.argv[1], sys.argv[2]
    rng = np.random.default_rng(20261122)
    ok = True
    for precision in ("f32", "f64"):
        for shape in ((8, 1024), (1024,)):
            for inverse in (False, True):
                ok = check(liftcl, workdir, precision, shape, inverse, rng) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
