# GPU job 10 of wave 7: the final tree of wave 7 — the 1D sweep 2^4..2^22 + mixed sizes
# (the same job as run1-baseline)
source bench/results/h100-2026-11-27-wave7/run1-baseline/command.sh
