/* The compiled Abalone core: bitboards, moves, evaluation and search.
 *
 * The board is the rules core's own (controller/rules/abalone/board.py): cell (row r, column
 * n) is bit (r + 1) * 11 + n of an 11 x 11 box, so a shift by a direction's step moves every
 * marble one cell and a move's cells are the same bit numbers in C and in Python.  The box
 * has 121 bits: two 64-bit words (no 128-bit integer type is needed, so the core builds on a
 * 32-bit Raspberry Pi OS as well as on a 64-bit one).
 *
 * Nothing here knows about Python: module.c is the only file that includes Python.h.
 */
#ifndef BOARDLIGHT_ABALONE_CORE_H
#define BOARDLIGHT_ABALONE_CORE_H

#include <stdint.h>
#include <stddef.h>

/* ---- 121-bit boards ------------------------------------------------------------------- */

typedef struct { uint64_t lo, hi; } bb_t;

static inline bb_t bb_make(uint64_t lo, uint64_t hi) { bb_t r = {lo, hi}; return r; }
static inline bb_t bb_and(bb_t a, bb_t b) { return bb_make(a.lo & b.lo, a.hi & b.hi); }
static inline bb_t bb_or(bb_t a, bb_t b) { return bb_make(a.lo | b.lo, a.hi | b.hi); }
static inline bb_t bb_xor(bb_t a, bb_t b) { return bb_make(a.lo ^ b.lo, a.hi ^ b.hi); }
static inline bb_t bb_andnot(bb_t a, bb_t b) { return bb_make(a.lo & ~b.lo, a.hi & ~b.hi); }
static inline int bb_any(bb_t a) { return (a.lo | a.hi) != 0; }
static inline int bb_eq(bb_t a, bb_t b) { return a.lo == b.lo && a.hi == b.hi; }

static inline int popcount64(uint64_t x) {
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_popcountll(x);
#else
    int n = 0;
    while (x) { x &= x - 1; n++; }
    return n;
#endif
}

static inline int ctz64(uint64_t x) {
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctzll(x);
#else
    int n = 0;
    while (!(x & 1)) { x >>= 1; n++; }
    return n;
#endif
}

static inline int bb_count(bb_t a) { return popcount64(a.lo) + popcount64(a.hi); }

/* Shifts by 1..63 places: towards higher bits (shl) or lower bits (shr). */
static inline bb_t bb_shl(bb_t a, int k) {
    return bb_make(a.lo << k, (a.hi << k) | (a.lo >> (64 - k)));
}
static inline bb_t bb_shr(bb_t a, int k) {
    return bb_make((a.lo >> k) | (a.hi << (64 - k)), a.hi >> k);
}
/* ``shift`` of board.py: a positive step moves towards higher bits. */
static inline bb_t bb_sh(bb_t a, int step) {
    return step > 0 ? bb_shl(a, step) : bb_shr(a, -step);
}
static inline bb_t bb_bit(int i) {
    return i < 64 ? bb_make((uint64_t)1 << i, 0) : bb_make(0, (uint64_t)1 << (i - 64));
}
static inline int bb_has(bb_t a, int i) {
    return i < 64 ? (int)((a.lo >> i) & 1) : (int)((a.hi >> (i - 64)) & 1);
}
/* The lowest set bit's index (the board must not be empty). */
static inline int bb_lsb(bb_t a) { return a.lo ? ctz64(a.lo) : 64 + ctz64(a.hi); }
static inline bb_t bb_clear_lsb(bb_t a) {
    if (a.lo) a.lo &= a.lo - 1; else a.hi &= a.hi - 1;
    return a;
}

/* ---- the board ------------------------------------------------------------------------ */

#define NCELLS 61
#define BOXBITS 121
extern bb_t VALID, OFF, RING[5], WITHIN[4], RIM;
extern int CELL_BITS[NCELLS];          /* A1..I9 order */
extern const int STEPS[6];             /* E, W, NE, SW, NW, SE: opposite directions d ^ 1 */
extern const int AXES[3];              /* the positive step of each line direction */
extern uint64_t ZOBRIST[2][128];
extern uint64_t Z_STM, Z_OFF[2][16], Z_PLACE[2][32];

/* ---- positions ------------------------------------------------------------------------ */

/* Colours are absolute: 0 black (the first seat), 1 white.  ``off[c]``: marbles colour c has
 * pushed off (the other colour lost them); ``place[c]``: marbles c still has to place (free
 * placement). */
typedef struct {
    bb_t b[2];
    int stm;
    int off[2];
    int place[2];
    uint64_t key;
} pos_t;

void core_init(void);
uint64_t pos_key(const pos_t *p);   /* the Zobrist key from scratch */

/* ---- moves ---------------------------------------------------------------------------- */

/* A move in 17 bits: anchor cell (the group's lowest bit), size 1..3, axis index 0..2 (the
 * line the group lies on; 0 for a single marble), direction 0..5 or PLACE, then what it does:
 * opponent marbles pushed (0..2) and whether one falls off.  The low 14 bits name the move;
 * the rest is derived from the position. */
typedef uint32_t move_t;
#define PLACE 6
#define MV(anchor, size, axis, dir) \
    ((move_t)(anchor) | ((move_t)(size) << 7) | ((move_t)(axis) << 9) | ((move_t)(dir) << 11))
#define MV_ANCHOR(m) ((int)((m) & 127))
#define MV_SIZE(m) ((int)(((m) >> 7) & 3))
#define MV_AXIS(m) ((int)(((m) >> 9) & 3))
#define MV_DIR(m) ((int)(((m) >> 11) & 7))
#define MV_PUSHED(m) ((int)(((m) >> 14) & 3))
#define MV_OFF(m) ((int)(((m) >> 16) & 1))
#define MV_ID(m) ((m) & 0x3FFF)
#define MV_WITH(m, pushed, off) ((m) | ((move_t)(pushed) << 14) | ((move_t)(off) << 16))
#define NO_MOVE 0u   /* anchor 0 is off the board, so no real move has the code 0 */
#define MAX_MOVES 256

typedef struct {
    bb_t mine, theirs;   /* XOR masks applied to the mover's and the opponent's marbles */
    int off;             /* marbles pushed off by the move */
    uint64_t key;        /* the key before the move */
} undo_t;

int gen_moves(const pos_t *p, move_t *out);          /* every legal move */
int gen_push_offs(const pos_t *p, move_t *out);      /* only moves that push a marble off */
int gen_pushes(const pos_t *p, move_t *out);         /* only moves that push a marble */
int move_legal(const pos_t *p, move_t m);            /* m (low 14 bits) legal here; returns
                                                        it with its derived bits, or 0 */
move_t move_complete(const pos_t *p, move_t m);
void make_move(pos_t *p, move_t m, undo_t *u);
void unmake_move(pos_t *p, move_t m, const undo_t *u);
void make_null(pos_t *p);
void unmake_null(pos_t *p);
bb_t move_group(move_t m);
uint64_t perft(pos_t *p, int depth);

/* The marbles of ``foes`` that ``me`` could push off with one move. */
bb_t threats(bb_t me, bb_t foes);
/* The marbles of ``foes`` that ``me`` could push (a sumito) with one move, off or not. */
bb_t pushable(bb_t me, bb_t foes);

/* ---- evaluation ----------------------------------------------------------------------- */

#define WIN 1000000
#define MATE_BOUND (WIN - 1000)

enum {
    F_MATERIAL,     /* marbles pushed off, own minus the opponent's */
    F_CENTRE,       /* sum over marbles of 4 - distance from E5 */
    F_RING3,        /* marbles three steps from the centre */
    F_RIM,          /* marbles on the outermost ring */
    F_COHESION,     /* pairs of own marbles side by side */
    F_TRIPLES,      /* lines of three own marbles (push power) */
    F_ISOLATED,     /* marbles without an own neighbour */
    F_PUSHABLE,     /* own marbles the opponent could push (a sumito), not off */
    F_CAN_TAKE,     /* opponent marbles the side to move can push off now */
    F_HANGING,      /* own marbles the opponent could push off next */
    F_HANGING2,     /* more than one of them: they cannot all be saved */
    F_LEAD_EDGE,    /* the material lead times the loser's rim and hanging marbles */
    NFEATURES
};

extern int WEIGHTS[NFEATURES];
void eval_features(const pos_t *p, int *f);   /* for the side to move, own minus opponent's */
int evaluate(const pos_t *p);

/* ---- search --------------------------------------------------------------------------- */

#define MAX_PLY 96
#define MAX_HISTORY 512

typedef struct {
    int threads;
    double seconds;         /* thinking time (hard limit) */
    uint64_t nodes;         /* 0: no node limit; else stop after this many (one thread) */
    int target;             /* marbles to push off to win */
    uint64_t seed;          /* ties between root moves */
    int max_depth;
    const uint64_t *history;/* keys of the game's earlier positions, oldest first */
    int history_len;
    int clear;              /* clear the transposition table first */
} search_params_t;

typedef struct {
    move_t move;
    int score;
    int depth;              /* last completed iteration */
    int seldepth;
    uint64_t nodes;
    double seconds;
    int pv_len;
    move_t pv[MAX_PLY];
    int iterations;         /* depths completed, with their time (ms) */
    int iter_ms[MAX_PLY];
    int thread_depth[64];
    int nthreads;
} search_result_t;

int search_run(const pos_t *root, const search_params_t *params, search_result_t *out);
void search_stop(void);   /* stop the running search (from any thread) */
void search_arm(void);    /* clear a stop request before the next search */
int tt_resize(size_t megabytes);
void tt_clear(void);

double now_seconds(void);

#endif
