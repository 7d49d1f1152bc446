# GPU job 4 of wave 5: register variants of the one-component exchange kernels, then the 1D accuracy table
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
source bench/gpu_machine.sh; gpu_machine_setup
B=.gpu/bin; mkdir -p $OUT/v
for bin in liftcl liftcl-before liftcl-noidx; do
  regsList="0 128 96"; [ $bin = liftcl-before ] && regsList=0  # (liftcl-before has no LIFTCL_BUILD_OPTIONS)
  for regs in $regsList; do
    opt=""; [ $regs != 0 ] && opt="-cl-nv-maxrregcount $regs"
    LIFTCL_BUILD_OPTIONS="$opt" $B/$bin bench --sizes 4096,8192,524288 --precision f32 --no-copy --reps 10 --csv $OUT/v/$bin-$regs-f32.csv > $OUT/v/$bin-$regs-f32.txt 2>&1
    LIFTCL_BUILD_OPTIONS="$opt" $B/$bin bench --sizes 4096,65536,131072 --precision f64 --no-copy --reps 10 --csv $OUT/v/$bin-$regs-f64.csv > $OUT/v/$bin-$regs-f64.txt 2>&1
    LIFTCL_BUILD_OPTIONS="$opt" $B/$bin bench --family 2d,3d,r2c --max-log2 13 --no-copy --reps 10 --csv $OUT/v/$bin-$regs-nd.csv > $OUT/v/$bin-$regs-nd.txt 2>&1
    echo "== $bin maxrregcount=$regs"; grep -hE "^liftcl (fp32|fp64) " $OUT/v/$bin-$regs-f32.txt $OUT/v/$bin-$regs-f64.txt $OUT/v/$bin-$regs-nd.txt | awk '{print $2, $3, $4, $5, $NF, $(NF-1)}'
  done
done
ACC_OUT=$OUT/acc BIN=$B SKIP_SETUP=1 ACC_BUDGET_S=260 bash bench/run_gpu_accuracy.sh > $OUT/acc_run.txt 2>&1; echo "accuracy rc=$?"; tail -5 $OUT/acc/accuracy_log.txt
