// Experiment (wave 19 exp1): the copy bound, one element per work-item. -D REAL=float -D COMPLEX=float2 (or double, double2)
typedef REAL real;
typedef COMPLEX complex_t;
kernel void plain_copy(const global complex_t* restrict xs, global complex_t* out) {
    out[get_global_id(0)] = xs[get_global_id(0)];
}
