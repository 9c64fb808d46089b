/* The board: tables, Zobrist keys, move generation, make and unmake.
 *
 * Move generation follows controller/rules/abalone/movegen.py kind by kind: every kind of
 * move (size, line, direction) is one bitboard of anchor cells computed for all marbles at
 * once with shifts; the inline kinds are split further by what they push (nothing, one
 * marble, two) and whether the last pushed marble falls off, so a move knows its effect
 * without looking again.  A test compares the two generators on thousands of positions.
 */
#include "core.h"

#include <string.h>

bb_t VALID, OFF, RING[5], WITHIN[4], RIM;
int CELL_BITS[NCELLS];
const int STEPS[6] = {1, -1, 12, -12, 11, -11};
const int AXES[3] = {1, 12, 11};
static const int AXIS_FWD[3] = {0, 2, 4};   /* the direction index of +axis */
static const int AXIS_BACK[3] = {1, 3, 5};  /* and of -axis */
uint64_t ZOBRIST[2][128];
uint64_t Z_STM, Z_OFF[2][16], Z_PLACE[2][32];

static int initialised = 0;

static uint64_t splitmix(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static int distance_from_centre(int r, int n) {
    int q = n - 5, s = r - 4, d = q - s;
    int aq = q < 0 ? -q : q, as = s < 0 ? -s : s, ad = d < 0 ? -d : d;
    int m = aq > as ? aq : as;
    return m > ad ? m : ad;
}

void core_init(void) {
    if (initialised) return;
    bb_t box = bb_make(0, 0);
    for (int i = 0; i < BOXBITS; i++) box = bb_or(box, bb_bit(i));
    VALID = bb_make(0, 0);
    for (int k = 0; k < 5; k++) RING[k] = bb_make(0, 0);
    int c = 0;
    for (int r = 0; r < 9; r++) {
        int lo = r - 3 > 1 ? r - 3 : 1, hi = r + 5 < 9 ? r + 5 : 9;
        for (int n = lo; n <= hi; n++) {
            int bit = (r + 1) * 11 + n;
            CELL_BITS[c++] = bit;
            VALID = bb_or(VALID, bb_bit(bit));
            RING[distance_from_centre(r, n)] = bb_or(RING[distance_from_centre(r, n)],
                                                     bb_bit(bit));
        }
    }
    OFF = bb_andnot(box, VALID);
    RIM = RING[4];
    bb_t within = bb_make(0, 0);
    for (int k = 0; k < 4; k++) {
        within = bb_or(within, RING[k]);
        WITHIN[k] = within;
    }
    uint64_t seed = 0xB0A2D1167ULL;
    for (int side = 0; side < 2; side++) {
        for (int i = 0; i < 128; i++) ZOBRIST[side][i] = splitmix(&seed);
        for (int i = 0; i < 16; i++) Z_OFF[side][i] = i ? splitmix(&seed) : 0;
        for (int i = 0; i < 32; i++) Z_PLACE[side][i] = i ? splitmix(&seed) : 0;
    }
    Z_STM = splitmix(&seed);
    initialised = 1;
}

uint64_t pos_key(const pos_t *p) {
    uint64_t k = 0;
    for (int side = 0; side < 2; side++) {
        bb_t m = p->b[side];
        while (bb_any(m)) {
            k ^= ZOBRIST[side][bb_lsb(m)];
            m = bb_clear_lsb(m);
        }
        k ^= Z_OFF[side][p->off[side] & 15] ^ Z_PLACE[side][p->place[side] & 31];
    }
    if (p->stm) k ^= Z_STM;
    return k;
}

bb_t move_group(move_t m) {
    int t = MV_ANCHOR(m), size = MV_SIZE(m);
    bb_t g = bb_bit(t);
    if (size > 1) {
        int a = AXES[MV_AXIS(m)];
        g = bb_or(g, bb_bit(t + a));
        if (size > 2) g = bb_or(g, bb_bit(t + 2 * a));
    }
    return g;
}

/* ---- generation ----------------------------------------------------------------------- */

enum { GEN_ALL, GEN_OFFS, GEN_PUSHES };

static inline int emit(move_t *out, int n, bb_t anchors, int size, int axis, int dir,
                       int pushed, int off) {
    while (bb_any(anchors)) {
        out[n++] = MV_WITH(MV(bb_lsb(anchors), size, axis, dir), pushed, off);
        anchors = bb_clear_lsb(anchors);
    }
    return n;
}

/* Pushes of one or two foes by an inline group: ``p1``/``p2`` are the anchors, ``off1``/
 * ``off2`` the cells where the last pushed marble would land, already lined up with the
 * anchors.  Emitted according to ``mode``. */
static inline int emit_pushes(move_t *out, int n, int mode, bb_t p1, bb_t p2, bb_t off1,
                              bb_t off2, int size, int axis, int dir) {
    bb_t o1 = bb_and(p1, off1), o2 = bb_and(p2, off2);
    n = emit(out, n, o1, size, axis, dir, 1, 1);
    n = emit(out, n, o2, size, axis, dir, 2, 1);
    if (mode != GEN_OFFS) {
        n = emit(out, n, bb_andnot(p1, o1), size, axis, dir, 1, 0);
        n = emit(out, n, bb_andnot(p2, o2), size, axis, dir, 2, 0);
    }
    return n;
}

static int generate(const pos_t *p, move_t *out, int mode) {
    int n = 0;
    bb_t own = p->b[p->stm], foes = p->b[1 - p->stm];
    bb_t empty = bb_andnot(VALID, bb_or(own, foes));
    if (p->place[0] || p->place[1]) {
        if (mode != GEN_ALL) return 0;
        return emit(out, n, empty, 1, 0, PLACE, 0, 0);
    }
    bb_t free_ = bb_or(empty, OFF);  /* where a pushed marble may go */
    if (mode == GEN_ALL) {
        for (int d = 0; d < 6; d++)
            n = emit(out, n, bb_and(own, bb_sh(empty, -STEPS[d])), 1, 0, d, 0, 0);
    }
    for (int ai = 0; ai < 3; ai++) {
        int a = AXES[ai];
        bb_t pairs = bb_and(own, bb_shr(own, a));
        if (!bb_any(pairs)) continue;
        bb_t triples = bb_and(pairs, bb_shr(own, 2 * a));
        int fwd = AXIS_FWD[ai], back = AXIS_BACK[ai];
        /* In line, forward: the pair's leader is t + a, the triple's t + 2a. */
        if (mode == GEN_ALL)
            n = emit(out, n, bb_and(pairs, bb_shr(empty, 2 * a)), 2, ai, fwd, 0, 0);
        bb_t p1 = bb_and(bb_and(pairs, bb_shr(foes, 2 * a)), bb_shr(free_, 3 * a));
        n = emit_pushes(out, n, mode, p1, bb_make(0, 0), bb_shr(OFF, 3 * a), bb_make(0, 0),
                        2, ai, fwd);
        if (bb_any(triples)) {
            if (mode == GEN_ALL)
                n = emit(out, n, bb_and(triples, bb_shr(empty, 3 * a)), 3, ai, fwd, 0, 0);
            bb_t f3 = bb_and(triples, bb_shr(foes, 3 * a));
            bb_t t1 = bb_and(f3, bb_shr(free_, 4 * a));
            bb_t t2 = bb_and(bb_and(f3, bb_shr(foes, 4 * a)), bb_shr(free_, 5 * a));
            n = emit_pushes(out, n, mode, t1, t2, bb_shr(OFF, 4 * a), bb_shr(OFF, 5 * a),
                            3, ai, fwd);
        }
        /* In line, backward: the leader is t itself. */
        if (mode == GEN_ALL)
            n = emit(out, n, bb_and(pairs, bb_shl(empty, a)), 2, ai, back, 0, 0);
        p1 = bb_and(bb_and(pairs, bb_shl(foes, a)), bb_shl(free_, 2 * a));
        n = emit_pushes(out, n, mode, p1, bb_make(0, 0), bb_shl(OFF, 2 * a), bb_make(0, 0),
                        2, ai, back);
        if (bb_any(triples)) {
            if (mode == GEN_ALL)
                n = emit(out, n, bb_and(triples, bb_shl(empty, a)), 3, ai, back, 0, 0);
            bb_t f1 = bb_and(triples, bb_shl(foes, a));
            bb_t t1 = bb_and(f1, bb_shl(free_, 2 * a));
            bb_t t2 = bb_and(bb_and(f1, bb_shl(foes, 2 * a)), bb_shl(free_, 3 * a));
            n = emit_pushes(out, n, mode, t1, t2, bb_shl(OFF, 2 * a), bb_shl(OFF, 3 * a),
                            3, ai, back);
        }
        if (mode != GEN_ALL) continue;
        /* Broadside: every marble's target cell empty; no pushing. */
        for (int d = 0; d < 6; d++) {
            int s = STEPS[d];
            if (s == a || s == -a) continue;
            bb_t m = bb_and(bb_and(pairs, bb_sh(empty, -s)), bb_sh(empty, -(a + s)));
            if (!bb_any(m)) continue;
            n = emit(out, n, m, 2, ai, d, 0, 0);
            bb_t m3 = bb_and(bb_and(m, triples), bb_sh(empty, -(2 * a + s)));
            n = emit(out, n, m3, 3, ai, d, 0, 0);
        }
    }
    return n;
}

int gen_moves(const pos_t *p, move_t *out) { return generate(p, out, GEN_ALL); }
int gen_push_offs(const pos_t *p, move_t *out) { return generate(p, out, GEN_OFFS); }
int gen_pushes(const pos_t *p, move_t *out) { return generate(p, out, GEN_PUSHES); }

/* ---- one move: legality, make, unmake ------------------------------------------------- */

move_t move_complete(const pos_t *p, move_t m) {
    m = MV_ID(m);
    int t = MV_ANCHOR(m), size = MV_SIZE(m), ai = MV_AXIS(m), d = MV_DIR(m);
    if (!bb_has(VALID, t) || size < 1 || ai > 2) return NO_MOVE;
    bb_t own = p->b[p->stm], foes = p->b[1 - p->stm];
    bb_t occupied = bb_or(own, foes);
    if (p->place[0] || p->place[1]) {
        if (d != PLACE || size != 1 || ai != 0 || bb_has(occupied, t)) return NO_MOVE;
        return m;
    }
    if (d > 5 || (size == 1 && ai != 0)) return NO_MOVE;
    bb_t g = move_group(m);
    if (!bb_eq(bb_and(g, own), g) || !bb_eq(bb_and(g, VALID), g)) return NO_MOVE;
    int s = STEPS[d], a = size > 1 ? AXES[ai] : 0;
    if (size == 1 || s == a || s == -a) {
        int leader = s > 0 ? t + (size - 1) * a : t;
        int next = leader + s;
        if (bb_has(VALID, next) && !bb_has(occupied, next)) return m;
        if (!bb_has(foes, next) || size == 1) return NO_MOVE;
        int k = 0, c = next;
        while (k < 3 && bb_has(foes, c)) { k++; c += s; }
        if (k >= size || bb_has(own, c)) return NO_MOVE;   /* c: empty, or off the board */
        if (bb_has(foes, c)) return NO_MOVE;
        return MV_WITH(m, k, bb_has(VALID, c) ? 0 : 1);
    }
    bb_t to = bb_sh(g, s);
    if (!bb_eq(bb_and(to, bb_andnot(VALID, occupied)), to)) return NO_MOVE;
    return m;
}

int move_legal(const pos_t *p, move_t m) { return move_complete(p, m) != NO_MOVE; }

static inline uint64_t toggle_keys(uint64_t key, const uint64_t *z, bb_t m) {
    while (bb_any(m)) {
        key ^= z[bb_lsb(m)];
        m = bb_clear_lsb(m);
    }
    return key;
}

void make_move(pos_t *p, move_t m, undo_t *u) {
    int me = p->stm, op = 1 - me;
    int t = MV_ANCHOR(m), d = MV_DIR(m);
    uint64_t key = p->key;
    u->key = key;
    u->off = 0;
    u->theirs = bb_make(0, 0);
    if (d == PLACE) {
        u->mine = bb_bit(t);
        p->b[me] = bb_or(p->b[me], u->mine);
        key ^= ZOBRIST[me][t] ^ Z_PLACE[me][p->place[me] & 31];
        p->place[me]--;
        key ^= Z_PLACE[me][p->place[me] & 31];
    } else {
        int s = STEPS[d], size = MV_SIZE(m);
        bb_t g = move_group(m);
        u->mine = bb_xor(g, bb_sh(g, s));
        p->b[me] = bb_xor(p->b[me], u->mine);
        key = toggle_keys(key, ZOBRIST[me], u->mine);
        int pushed = MV_PUSHED(m);
        if (pushed) {
            int a = AXES[MV_AXIS(m)];
            int leader = s > 0 ? t + (size - 1) * a : t;
            int first = leader + s;
            bb_t run = bb_bit(first);
            if (pushed == 2) run = bb_or(run, bb_bit(first + s));
            bb_t landed = bb_and(bb_sh(run, s), VALID);
            u->theirs = bb_xor(run, landed);
            p->b[op] = bb_xor(p->b[op], u->theirs);
            key = toggle_keys(key, ZOBRIST[op], u->theirs);
            u->off = pushed - bb_count(landed);
            if (u->off) {
                key ^= Z_OFF[me][p->off[me] & 15];
                p->off[me] += u->off;
                key ^= Z_OFF[me][p->off[me] & 15];
            }
        }
    }
    p->stm = op;
    p->key = key ^ Z_STM;
}

void unmake_move(pos_t *p, move_t m, const undo_t *u) {
    int me = 1 - p->stm, op = p->stm;
    p->stm = me;
    p->b[me] = bb_xor(p->b[me], u->mine);
    p->b[op] = bb_xor(p->b[op], u->theirs);
    p->off[me] -= u->off;
    if (MV_DIR(m) == PLACE) p->place[me]++;
    p->key = u->key;
}

void make_null(pos_t *p) { p->stm = 1 - p->stm; p->key ^= Z_STM; }
void unmake_null(pos_t *p) { p->stm = 1 - p->stm; p->key ^= Z_STM; }

uint64_t perft(pos_t *p, int depth) {
    move_t moves[MAX_MOVES];
    int n = gen_moves(p, moves);
    if (depth <= 1) return depth == 1 ? (uint64_t)n : 1;
    uint64_t total = 0;
    undo_t u;
    for (int i = 0; i < n; i++) {
        make_move(p, moves[i], &u);
        total += perft(p, depth - 1);
        unmake_move(p, moves[i], &u);
    }
    return total;
}

/* ---- threats -------------------------------------------------------------------------- */

bb_t threats(bb_t me, bb_t foes) {
    bb_t out = bb_make(0, 0);
    if (!bb_any(bb_and(foes, RIM))) return out;
    for (int ai = 0; ai < 3; ai++) {
        int s = AXES[ai];
        bb_t two = bb_and(me, bb_shr(me, s));   /* X and X + s own: pushing towards +s */
        if (bb_any(two)) {
            out = bb_or(out, bb_shl(bb_and(bb_and(two, bb_shr(foes, 2 * s)),
                                           bb_shr(OFF, 3 * s)), 2 * s));
            bb_t o3 = bb_and(bb_and(two, bb_shr(me, 2 * s)), bb_shr(foes, 3 * s));
            if (bb_any(o3)) {
                out = bb_or(out, bb_shl(bb_and(o3, bb_shr(OFF, 4 * s)), 3 * s));
                out = bb_or(out, bb_shl(bb_and(bb_and(o3, bb_shr(foes, 4 * s)),
                                               bb_shr(OFF, 5 * s)), 4 * s));
            }
        }
        two = bb_and(me, bb_shl(me, s));        /* X and X - s own: pushing towards -s */
        if (bb_any(two)) {
            out = bb_or(out, bb_shr(bb_and(bb_and(two, bb_shl(foes, 2 * s)),
                                           bb_shl(OFF, 3 * s)), 2 * s));
            bb_t o3 = bb_and(bb_and(two, bb_shl(me, 2 * s)), bb_shl(foes, 3 * s));
            if (bb_any(o3)) {
                out = bb_or(out, bb_shr(bb_and(o3, bb_shl(OFF, 4 * s)), 3 * s));
                out = bb_or(out, bb_shr(bb_and(bb_and(o3, bb_shl(foes, 4 * s)),
                                               bb_shl(OFF, 5 * s)), 4 * s));
            }
        }
    }
    return bb_and(out, foes);
}

bb_t pushable(bb_t me, bb_t foes) {
    bb_t out = bb_make(0, 0);
    bb_t free_ = bb_or(bb_andnot(VALID, bb_or(me, foes)), OFF);
    for (int ai = 0; ai < 3; ai++) {
        int s = AXES[ai];
        bb_t two = bb_and(me, bb_shr(me, s));
        if (bb_any(two)) {
            /* a pair (or the front of a triple) pushes one foe at X + 2s */
            out = bb_or(out, bb_shl(bb_and(bb_and(two, bb_shr(foes, 2 * s)),
                                           bb_shr(free_, 3 * s)), 2 * s));
            bb_t o3 = bb_and(bb_and(bb_and(two, bb_shr(me, 2 * s)), bb_shr(foes, 3 * s)),
                             bb_and(bb_shr(foes, 4 * s), bb_shr(free_, 5 * s)));
            out = bb_or(out, bb_or(bb_shl(o3, 3 * s), bb_shl(o3, 4 * s)));
        }
        two = bb_and(me, bb_shl(me, s));
        if (bb_any(two)) {
            out = bb_or(out, bb_shr(bb_and(bb_and(two, bb_shl(foes, 2 * s)),
                                           bb_shl(free_, 3 * s)), 2 * s));
            bb_t o3 = bb_and(bb_and(bb_and(two, bb_shl(me, 2 * s)), bb_shl(foes, 3 * s)),
                             bb_and(bb_shl(foes, 4 * s), bb_shl(free_, 5 * s)));
            out = bb_or(out, bb_or(bb_shr(o3, 3 * s), bb_shr(o3, 4 * s)));
        }
    }
    return bb_and(out, foes);
}
