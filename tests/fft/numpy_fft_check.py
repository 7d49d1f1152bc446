"""liftcl fft --input/--output against numpy.fft (run by tests/fft/numpy_fft_test.cpp).

usage: numpy_fft_check.py LIFTCL WORKDIR

Writes random data with numpy, transforms it with the liftcl CLI and compares with numpy (relative
L2 error below 1e-5 for float32/complex64, 1e-12 for float64/complex128):
  - 1D complex, complex64 and complex128, shapes (8, 1024) and (1024,), forward and inverse
    (--inverse --scale, as numpy.fft.ifft divides by n), the output dtype the input's;
  - the last D axes (--dims D, the leading axes are the batch): numpy.fft.fftn, rfftn (--real) and
    irfftn (--real --inverse --scale [--last-n N]).
Prints one line per case and exits 1 when any case fails.
"""
import os
import subprocess
import sys

import numpy as np

TOLERANCE = {np.dtype(np.float32): 1e-5, np.dtype(np.complex64): 1e-5,
             np.dtype(np.float64): 1e-12, np.dtype(np.complex128): 1e-12}
DTYPE = {"f32": np.complex64, "f64": np.complex128}


def run(liftcl, workdir, name, x, options, reference, same_dtype=False):
    x_path = os.path.join(workdir, name + "_x.npy")
    y_path = os.path.join(workdir, name + "_y.npy")
    np.save(x_path, x)
    command = [liftcl, "fft", "--input", x_path, "--output", y_path] + options
    result = subprocess.run(command, capture_output=True, text=True, timeout=300)
    if result.returncode != 0:
        print("FAIL %s: liftcl exited %d: %s" % (name, result.returncode, result.stderr.strip()))
        return False
    y = np.load(y_path)
    if y.shape != reference.shape or (same_dtype and y.dtype != x.dtype):
        print("FAIL %s: output %s %s, expected %s %s"
              % (name, y.dtype, y.shape, x.dtype if same_dtype else "", reference.shape))
        return False
    error = np.linalg.norm(y.astype(np.complex128) - reference) / np.linalg.norm(reference)
    tolerance = TOLERANCE[x.dtype]
    ok = bool(error < tolerance)
    print("%s %s: %s %s -> %s %s, relative L2 error %.3g (tolerance %g)"
          % ("ok" if ok else "FAIL", name, x.dtype, x.shape, y.dtype, y.shape, error, tolerance))
    return ok


def check(liftcl, workdir, precision, shape, inverse, rng):
    """One 1D complex case of shape (n,) or (batch, n): forward, or inverse scaled as numpy.fft.ifft
    (also used by numpy_fft_sweep.py for every n of a range)."""
    x = (rng.uniform(-1, 1, shape) + 1j * rng.uniform(-1, 1, shape)).astype(DTYPE[precision])
    name = "%s_%s_%s" % (precision, "x".join(map(str, shape)), "inverse" if inverse else "forward")
    options = ["--n", str(shape[-1]), "--batch", str(shape[0] if len(shape) == 2 else 1),
               "--precision", precision, "--no-wisdom"] + (["--inverse", "--scale"] if inverse else [])
    # numpy.fft computes in double precision for both dtypes.
    reference = np.fft.ifft(x, axis=-1) if inverse else np.fft.fft(x, axis=-1)
    return run(liftcl, workdir, name, x, options, reference, same_dtype=True)


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    liftcl, workdir = sys.argv[1], sys.argv[2]
    results = []
    rng = np.random.default_rng(20261122)
    for precision in ("f32", "f64"):
        for shape in ((8, 1024), (1024,)):
            for inverse in (False, True):
                results.append(check(liftcl, workdir, precision, shape, inverse, rng))
    rng = np.random.default_rng(15)
    # numpy.fft.rfftn(x, axes=(-2, -1)): float32 and float64, even and odd last axes.
    for shape, dtype in (((3, 16, 12), np.float32), ((2, 9, 10), np.float64), ((4, 8, 7), np.float32)):
        x = rng.uniform(-1, 1, shape).astype(dtype)
        results.append(run(liftcl, workdir, "rfftn2_%s_%s" % (np.dtype(dtype).name, "x".join(map(str, shape))), x,
                           ["--dims", "2", "--real"], np.fft.rfftn(x.astype(np.float64), axes=(-2, -1))))
    # numpy.fft.irfftn(y, axes=(-2, -1)) (scaled by 1/n), the last axis even (default) and odd (--last-n).
    for shape, last_n in (((2, 8, 12), 0), ((3, 6, 15), 15)):
        signal = rng.uniform(-1, 1, shape)
        y = np.fft.rfftn(signal, axes=(-2, -1))
        options = ["--dims", "2", "--real", "--inverse", "--scale"] + (["--last-n", str(last_n)] if last_n else [])
        results.append(run(liftcl, workdir, "irfftn2_%d" % shape[-1], y, options,
                           np.fft.irfftn(y, s=shape[-2:], axes=(-2, -1))))
    # numpy.fft.fftn over the last 3 axes of complex64 data, and rfftn over 1 axis (rfft).
    z = (rng.uniform(-1, 1, (2, 4, 8, 6)) + 1j * rng.uniform(-1, 1, (2, 4, 8, 6))).astype(np.complex64)
    results.append(run(liftcl, workdir, "fftn3_complex64", z, ["--dims", "3"],
                       np.fft.fftn(z.astype(np.complex128), axes=(-3, -2, -1))))
    r = rng.uniform(-1, 1, (5, 20))
    results.append(run(liftcl, workdir, "rfft_float64", r, ["--real"], np.fft.rfft(r)))
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
