"""liftcl fft --input/--output against numpy.fft for every n in a range (default 2..1024).

usage: numpy_fft_sweep.py LIFTCL WORKDIR [--from N] [--to N] [--jobs J]

For each n one case of shape (n,), complex128 forward for even n and complex64 scaled inverse for
odd n, and for every third n the other precision and direction of shape (3, n) (so both precisions
and directions meet every residue of n mod 6; numpy_fft_check.check: random data
written with numpy, transformed by the CLI, compared with numpy.fft; f32 within 1e-5, f64 within
1e-12). Primes above 128 whose n-1 is a local size run Rader's one kernel, other sizes with prime
factors above 23 Bluestein's plan. Too slow for ctest (a plan per size); run by hand or in a nightly
job. Prints one line per case and a summary; exits 1 on a failure or a case that timed out (a
starved run on a loaded machine: rerun it).
"""
import argparse
import concurrent.futures
import os
import subprocess
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from numpy_fft_check import check  # noqa: E402


def cases_of(n):
    even = n % 2 == 0
    yield ("f64" if even else "f32"), (n,), not even
    if n % 3 == 0:
        yield ("f32" if even else "f64"), (3, n), even


def run_size(liftcl, workdir, n):
    rng = np.random.default_rng(1000 + n)
    results = []
    for precision, shape, inverse in cases_of(n):
        try:
            results.append(check(liftcl, workdir, precision, shape, inverse, rng))
        except subprocess.TimeoutExpired:  # a starved run (a loaded machine, nice 19): retried by hand
            print("timeout n=%d %s %s" % (n, precision, shape), flush=True)
            results.append(None)
    return results


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("liftcl")
    parser.add_argument("workdir")
    parser.add_argument("--from", dest="first", type=int, default=2)
    parser.add_argument("--to", dest="last", type=int, default=1024)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    sizes = range(args.first, args.last + 1)
    passed = failed = timeouts = 0
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for results in pool.map(lambda n: run_size(args.liftcl, args.workdir, n), sizes):
            passed += sum(r is True for r in results)
            failed += sum(r is False for r in results)
            timeouts += sum(r is None for r in results)
    print("sizes %d..%d: %d cases ok, %d failed, %d timed out" % (args.first, args.last, passed, failed, timeouts))
    return 0 if failed == 0 and timeouts == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
