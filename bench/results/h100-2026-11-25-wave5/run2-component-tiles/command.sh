export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
OUT=$OUT BIN=.gpu/bin BEFORE=.gpu/bin/liftcl-before MAX_LOG2=22 STEPS="sweep before" bash bench/run_gpu_checks.sh
mkdir -p /tmp/ptx
for spec in f32:1680 f32:3000 f32:4096 f32:8192 f32:16384 f32:524288 f64:4096 f64:8192 f64:1680 f64:131072; do
  p=${spec%%:*}; n=${spec##*:}
  XDG_CACHE_HOME=/tmp/ptx/$p-$n timeout 60 .gpu/bin/liftcl fft --n $n --batch 64 --precision $p --run > /tmp/ptx/$p-$n.txt 2>&1
done
tar -czf $OUT/ptx.tar.gz -C /tmp ptx
grep -A70 "throughput ratio" /tmp/checks/sweep/bench.txt | tail -62
.gpu/bin/liftcl bench --from-csv /tmp/checks/before/liftcl_before.csv --compare /tmp/checks/sweep/cufft.csv 2>&1 | grep -E "^fp(32|64) +(65536|131072|262144|524288|1048576|2097152|4194304) |geometric"
