#!/usr/bin/env bash
# wave 16 run 9 (issue 14): primes whose plan changed from Bluestein to Rader's one kernel with its
# FFT written in place (two __local arrays where three do not fit): liftcl-rader (the tree to
# commit) beside liftcl (742a2b9) and cuFFT; liftcl bench's batches.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w16r9
S=2053,2311,2593,1201,1297,1153
timeout 100 $B/cufft_compare --precision both --sizes "$S" --csv $R/cufft.csv > $R/cufft.txt 2>&1
for v in liftcl liftcl-rader; do
    timeout 100 $B/$v bench --precision both --sizes "$S" --csv $R/$v.csv --compare $R/cufft.csv > $R/$v.txt 2>&1
done
tar -czf $OUT/run.tgz -C $R .
