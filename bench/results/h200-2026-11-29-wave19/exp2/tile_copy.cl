// Experiment (wave 19 exp1), not part of liftcl: the memory pattern of a hierarchical pass without
// its arithmetic. A work-group copies a tile of W adjacent columns x R rows of an n = C*R transform
// (rows C elements apart) through __local memory to the pass's output place: the tile's W*R
// results contiguous, column-major. Built with -D: REAL and COMPLEX (float, float2 or double, double2), C, R, W, LY (work-items
// W x LY), PAD (local row padding), CONTIG (1: the write's lanes on consecutive addresses; 0: as the
// generated pass, lanes over columns, 32 B per column).
typedef REAL real;
typedef COMPLEX complex_t;
#define TILES (C / W)
kernel void tile_copy(const global complex_t* restrict xs, global complex_t* out) {
    local complex_t t[(W + PAD) * R];
    const int wg = get_group_id(0), l0 = get_local_id(0), l1 = get_local_id(1);
    const global complex_t* in = xs + (long)C * R * (wg / TILES) + W * (wg % TILES);
#pragma unroll
    for (int j = 0; j < R / LY; ++j) {
        const int r = l1 + LY * j;
        t[l0 + (W + PAD) * r] = in[l0 + (long)C * r];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    global complex_t* o = out + (long)wg * W * R;
#if CONTIG
    const int item = l0 + W * l1;
#pragma unroll
    for (int j = 0; j < R / LY; ++j) {
        const int idx = item + W * LY * j, c = idx / R, k = idx % R;
        o[idx] = t[c + (W + PAD) * k];
    }
#else
#pragma unroll
    for (int j = 0; j < R / LY; ++j) {
        const int k = l1 + LY * j;
        o[R * l0 + k] = t[l0 + (W + PAD) * k];
    }
#endif
}
