#!/usr/bin/env bash
# Writes exp1's generated kernels (run before command.sh, on this machine, with the tree's liftcl in
# build/): each plan's pass kernels and, beside each, a *_reqd.cl copy declaring its launch's
# work-group size (reqd_work_group_size: the driver then knows get_local_size and the trip counts of
# the mapLcl loops).
set -eu
E=bench/results/h200-2026-11-29-wave19/exp1
em() { rm -rf $E/$4; ./build/liftcl fft --n $1 --batch $2 --precision $3 --emit $E/$4 > /dev/null; }
em 65536 1024 f32 k16f; em 16777216 4 f32 k24f; em 65536 512 f64 k16d; em 1048576 64 f32 k20f
python3 - "$E" <<'PY'
import glob, json, sys
for cl in glob.glob(sys.argv[1] + '/*/hierarchical_pass*.cl'):
    if cl.endswith('_reqd.cl'): continue
    local = json.load(open(cl[:-3] + '.json'))['ndrange']['local'] + ['1', '1']
    s = open(cl).read()
    attr = '__attribute__((reqd_work_group_size(%s, %s, %s))) kernel void' % tuple(local[:3])
    open(cl[:-3] + '_reqd.cl', 'w').write(s.replace('kernel void', attr, 1))
PY
