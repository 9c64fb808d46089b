/* The search: iterative deepening, principal variation search with aspiration windows, a
 * shared transposition table, null-move pruning, late-move reductions, quiescence, and
 * lazy SMP over several threads.
 *
 * Move ordering: the table's move (checked legal first: a key can collide, and another
 * thread may have written the entry), then push-offs, then other pushes, then the two killer
 * moves of the ply, then the history heuristic.  Within three plies of the horizon, at
 * null-window nodes, reverse futility, futility and late-move pruning leave out quiet moves
 * that cannot matter (never a push); in 100 games at 20,000 nodes a move they added 2.6 plies
 * and scored 74% against the same search without them.  Quiescence follows push-offs, and on its
 * first ply also pushes that leave an opponent marble one push from the edge.  A position
 * met before, in the game or on the path, is a draw (score 0): the engine never walks into
 * a repetition while ahead, and gladly does while behind.  A win is scored WIN minus the
 * plies to it, so the quickest push-off that wins is preferred.
 *
 * Lazy SMP: every thread runs its own iterative deepening over the same root and shares only
 * the table (entries written as key ^ data, data, so a torn entry is never believed); helper
 * threads skip some depths so that they run ahead of the main thread and fill the table.
 * The main thread keeps the time; with a node limit there is one thread, so a search is
 * exactly reproducible.
 */
#include "core.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define INF (WIN + 1)
#define QMAX 8
#define ASPIRATION 150
#define DEFAULT_TT_MB 32
#define MAX_THREADS 64

double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- transposition table -------------------------------------------------------------- */

enum { BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3 };
#define BUCKET 4

typedef struct { volatile uint64_t keyx, data; } tt_entry_t;

static tt_entry_t *tt = NULL;
static size_t tt_buckets = 0;
static unsigned tt_age = 0;
static pthread_mutex_t tt_lock = PTHREAD_MUTEX_INITIALIZER;  /* resize and clear only */

int tt_resize(size_t megabytes) {
    size_t bytes = megabytes << 20, buckets = 1;
    while (buckets * 2 * BUCKET * sizeof(tt_entry_t) <= bytes) buckets *= 2;
    tt_entry_t *fresh = calloc(buckets * BUCKET, sizeof(tt_entry_t));
    if (!fresh) return -1;
    pthread_mutex_lock(&tt_lock);
    free(tt);
    tt = fresh;
    tt_buckets = buckets;
    pthread_mutex_unlock(&tt_lock);
    return 0;
}

void tt_clear(void) {
    pthread_mutex_lock(&tt_lock);
    if (tt) memset(tt, 0, tt_buckets * BUCKET * sizeof(tt_entry_t));
    pthread_mutex_unlock(&tt_lock);
}

typedef struct { int score, depth, bound; move_t move; } tt_hit_t;

static inline uint64_t tt_pack(int score, move_t move, int depth, int bound) {
    return (uint64_t)(uint32_t)score | ((uint64_t)(move & 0x1FFFF) << 32)
         | ((uint64_t)(depth & 127) << 49) | ((uint64_t)bound << 56)
         | ((uint64_t)(tt_age & 63) << 58);
}

static inline int tt_probe(uint64_t key, tt_hit_t *h) {
    tt_entry_t *b = &tt[(key & (tt_buckets - 1)) * BUCKET];
    for (int i = 0; i < BUCKET; i++) {
        uint64_t data = b[i].data, keyx = b[i].keyx;
        if ((keyx ^ data) == key && data) {
            h->score = (int)(int32_t)(uint32_t)data;
            h->move = (move_t)((data >> 32) & 0x1FFFF);
            h->depth = (int)((data >> 49) & 127);
            h->bound = (int)((data >> 56) & 3);
            return 1;
        }
    }
    return 0;
}

static inline void tt_store(uint64_t key, int score, move_t move, int depth, int bound) {
    tt_entry_t *b = &tt[(key & (tt_buckets - 1)) * BUCKET];
    int pick = 0, worst = 1 << 30;
    for (int i = 0; i < BUCKET; i++) {
        uint64_t data = b[i].data, keyx = b[i].keyx;
        if ((keyx ^ data) == key) {
            if (move == NO_MOVE) move = (move_t)((data >> 32) & 0x1FFFF);
            if (bound != BOUND_EXACT && depth + 2 < (int)((data >> 49) & 127)
                && ((data >> 58) & 63) == (tt_age & 63))
                return;   /* keep a much deeper entry of this search */
            pick = i;
            break;
        }
        int age = (int)((tt_age - (data >> 58)) & 63);
        int value = data ? (int)((data >> 49) & 127) - 8 * age : -1000;
        if (value < worst) { worst = value; pick = i; }
    }
    uint64_t data = tt_pack(score, move, depth, bound);
    b[pick].data = data;
    b[pick].keyx = key ^ data;
}

static inline int score_to_tt(int s, int ply) {
    return s >= MATE_BOUND ? s + ply : s <= -MATE_BOUND ? s - ply : s;
}
static inline int score_from_tt(int s, int ply) {
    return s >= MATE_BOUND ? s - ply : s <= -MATE_BOUND ? s + ply : s;
}

/* ---- threads -------------------------------------------------------------------------- */

typedef struct {
    search_params_t params;
    double start, hard_end, soft_end;
    atomic_int stop;
} shared_t;

static atomic_int stop_request;

typedef struct {
    shared_t *sh;
    int id;
    int can_stop;
    pos_t pos;
    uint64_t nodes;
    int seldepth;
    uint64_t rng;
    move_t killers[MAX_PLY + 2][2];
    int hist[2][16384];
    uint64_t keys[MAX_HISTORY + MAX_PLY + 8];   /* ancestors of the current position */
    int nkeys, barrier;                          /* a null move hides what lies before it */
    uint16_t filter[4096];
    move_t pv[MAX_PLY + 1][MAX_PLY + 1];
    int pv_len[MAX_PLY + 1];
    move_t root[MAX_MOVES];
    int root_score[MAX_MOVES];
    int nroot;
    move_t partial;          /* a root move that beat the others in an unfinished iteration */
    int partial_score;
    /* the last completed iteration */
    move_t best;
    int best_score, depth_done, pv_done_len;
    move_t pv_done[MAX_PLY];
    int iterations;
    int iter_ms[MAX_PLY];
    pthread_t handle;
} thread_t;

static int LMR[64][64];
static pthread_once_t lmr_once = PTHREAD_ONCE_INIT;

static void lmr_init(void) {
    for (int d = 1; d < 64; d++)
        for (int i = 1; i < 64; i++)
            LMR[d][i] = (int)(0.5 + log((double)d) * log((double)i) / 2.0);
}

void search_stop(void) { atomic_store(&stop_request, 1); }
void search_arm(void) { atomic_store(&stop_request, 0); }

static inline int stopped(const thread_t *t) {
    return t->can_stop && atomic_load_explicit(&t->sh->stop, memory_order_relaxed);
}

static inline void tick(thread_t *t) {
    t->nodes++;
    if (!t->can_stop) return;
    shared_t *sh = t->sh;
    if (sh->params.nodes && t->nodes >= sh->params.nodes) {
        atomic_store(&sh->stop, 1);
        return;
    }
    if ((t->nodes & 1023) == 0) {
        if (atomic_load_explicit(&stop_request, memory_order_relaxed)
            || (t->id == 0 && now_seconds() >= sh->hard_end))
            atomic_store(&sh->stop, 1);
    }
}

static inline void push_key(thread_t *t, uint64_t k) {
    t->keys[t->nkeys++] = k;
    t->filter[k & 4095]++;
}
static inline void pop_key(thread_t *t) {
    uint64_t k = t->keys[--t->nkeys];
    t->filter[k & 4095]--;
}
static inline int repeated(const thread_t *t, uint64_t k) {
    if (!t->filter[k & 4095]) return 0;
    for (int i = t->nkeys - 1; i >= t->barrier; i--)
        if (t->keys[i] == k) return 1;
    return 0;
}

/* ---- quiescence ----------------------------------------------------------------------- */

static int qsearch(thread_t *t, int alpha, int beta, int ply, int qd) {
    pos_t *p = &t->pos;
    tick(t);
    if (ply > t->seldepth) t->seldepth = ply;
    if (p->off[1 - p->stm] >= t->sh->params.target) return -WIN + ply;
    int stand = evaluate(p);
    if (stand >= beta || qd >= QMAX || ply >= MAX_PLY - 1) return stand;
    int best = stand;
    if (stand > alpha) alpha = stand;
    move_t moves[MAX_MOVES];
    int n = qd == 0 ? gen_pushes(p, moves) : gen_push_offs(p, moves);
    /* push-offs first, those pushing two marbles before those pushing one */
    for (int i = 0; i < n; i++) {
        int bi = i;
        for (int j = i + 1; j < n; j++)
            if ((moves[j] >> 14) > (moves[bi] >> 14)) bi = j;
        move_t m = moves[bi];
        moves[bi] = moves[i];
        int me = p->stm;
        undo_t u;
        make_move(p, m, &u);
        if (!MV_OFF(m) && !bb_any(threats(p->b[me], p->b[1 - me]))) {
            unmake_move(p, m, &u);   /* a push that threatens nothing: not tactical */
            continue;
        }
        int s = -qsearch(t, -beta, -alpha, ply + 1, qd + 1);
        unmake_move(p, m, &u);
        if (stopped(t)) return 0;
        if (s > best) {
            best = s;
            if (s > alpha) {
                alpha = s;
                if (s >= beta) break;
            }
        }
    }
    return best;
}

/* ---- the main search ------------------------------------------------------------------ */

static inline void update_quiet(thread_t *t, int me, int ply, int depth, move_t m,
                                const move_t *quiets, int nquiets) {
    move_t id = MV_ID(m);
    if (t->killers[ply][0] != id) {
        t->killers[ply][1] = t->killers[ply][0];
        t->killers[ply][0] = id;
    }
    int bonus = depth * depth > 400 ? 400 : depth * depth;
    int *h = &t->hist[me][id];
    *h += 32 * bonus - *h * bonus / 512;
    for (int i = 0; i < nquiets; i++) {
        int *q = &t->hist[me][MV_ID(quiets[i])];
        *q -= 32 * bonus + *q * bonus / 512;
    }
}

static int search(thread_t *t, int alpha, int beta, int depth, int ply, int null_ok) {
    pos_t *p = &t->pos;
    const int pv_node = beta - alpha > 1;
    const int target = t->sh->params.target;
    t->pv_len[ply] = ply;
    if (p->off[1 - p->stm] >= target) return -WIN + ply;
    if (repeated(t, p->key)) return 0;
    if (depth <= 0) return qsearch(t, alpha, beta, ply, 0);
    tick(t);
    if (stopped(t)) return 0;
    if (ply >= MAX_PLY - 1) return evaluate(p);
    int lo = -WIN + ply, hi = WIN - ply - 1;   /* nothing beats a win already found nearer */
    if (alpha < lo) alpha = lo;
    if (beta > hi) beta = hi;
    if (alpha >= beta) return alpha;

    move_t tt_move = NO_MOVE;
    tt_hit_t h;
    if (tt_probe(p->key, &h)) {
        tt_move = move_complete(p, h.move);
        int s = score_from_tt(h.score, ply);
        if (!pv_node && h.depth >= depth
            && (h.bound == BOUND_EXACT || (h.bound == BOUND_LOWER && s >= beta)
                || (h.bound == BOUND_UPPER && s <= alpha)))
            return s;
    }
    const int me = p->stm;
    const int placing = p->place[0] || p->place[1];
    int static_eval = 0, near_horizon = 0;
    if (!pv_node && depth <= 3 && !placing) {
        static_eval = evaluate(p);
        near_horizon = 1;
        /* Reverse futility: this far above beta with so little depth left, some move keeps
         * the score above it (a quiet ply seldom moves the score 250, a quarter marble). */
        if (static_eval - 250 * depth >= beta && beta < MATE_BOUND && beta > -MATE_BOUND)
            return static_eval;
    }

    /* Null move: if passing still holds beta, a real move will too (Abalone has no
     * zugzwang); not in the placement phase, not twice in a row, not near a won score. */
    if (!pv_node && null_ok && !placing && depth >= 3 && beta > -MATE_BOUND
        && beta < MATE_BOUND) {
        int ev = evaluate(p);
        if (ev >= beta) {
            int r = 3 + depth / 4 + ((ev - beta) / 400 < 2 ? (ev - beta) / 400 : 2);
            int barrier = t->barrier;
            push_key(t, p->key);
            t->barrier = t->nkeys;
            make_null(p);
            int s = -search(t, -beta, -beta + 1, depth - 1 - r, ply + 1, 0);
            unmake_null(p);
            t->barrier = barrier;
            pop_key(t);
            if (stopped(t)) return 0;
            if (s >= beta) return s >= MATE_BOUND ? beta : s;
        }
    }

    move_t moves[MAX_MOVES];
    int scores[MAX_MOVES];
    int n = 0, next = 0, generated = 0;
    move_t quiets[64];
    int nquiets = 0, tried = 0;
    int best = -INF, old_alpha = alpha;
    move_t best_move = NO_MOVE;
    const move_t k0 = t->killers[ply][0], k1 = t->killers[ply][1];

    for (;;) {
        move_t m;
        if (tried == 0 && tt_move != NO_MOVE && !generated && next == 0) {
            m = tt_move;
            next = -1;   /* the table's move is tried; generate the rest next */
        } else {
            if (!generated) {
                n = gen_moves(p, moves);
                for (int i = 0; i < n; i++) {
                    move_t x = moves[i], id = MV_ID(x);
                    scores[i] = MV_OFF(x) ? (1 << 30) + MV_PUSHED(x)
                              : MV_PUSHED(x) ? (1 << 29) + MV_PUSHED(x)
                              : id == k0 ? (1 << 28) : id == k1 ? (1 << 28) - 1
                              : t->hist[me][id];
                }
                generated = 1;
                next = 0;
            }
            if (next >= n) break;
            int bi = next;
            for (int j = next + 1; j < n; j++)
                if (scores[j] > scores[bi]) bi = j;
            m = moves[bi];
            int sc = scores[bi];
            moves[bi] = moves[next];
            scores[bi] = scores[next];
            moves[next] = m;
            scores[next] = sc;
            next++;
            if (MV_ID(m) == MV_ID(tt_move) && tt_move != NO_MOVE) continue;
        }
        const int quiet = !MV_PUSHED(m);
        const int killer = MV_ID(m) == k0 || MV_ID(m) == k1;
        if (near_horizon && quiet && tried > 0 && best > -MATE_BOUND) {
            /* Near the horizon of a null-window node, quiet moves that cannot lift a hopeless
             * score (futility), and quiet moves late in the order (late-move pruning), are
             * not searched; pushes always are. */
            if (static_eval + 300 * depth <= alpha || tried >= 4 + 2 * depth * depth)
                continue;
        }
        undo_t u;
        push_key(t, p->key);
        make_move(p, m, &u);
        int new_depth = depth - 1, s;
        if (tried == 0) {
            s = -search(t, -beta, -alpha, new_depth, ply + 1, 1);
        } else {
            int r = 0;
            if (depth >= 3 && tried >= 3 && quiet && !killer) {
                r = LMR[depth < 64 ? depth : 63][tried < 64 ? tried : 63] - pv_node;
                if (r < 0) r = 0;
                if (r > new_depth - 1) r = new_depth - 1;
            }
            s = -search(t, -alpha - 1, -alpha, new_depth - r, ply + 1, 1);
            if (r > 0 && s > alpha)
                s = -search(t, -alpha - 1, -alpha, new_depth, ply + 1, 1);
            if (pv_node && s > alpha && s < beta)
                s = -search(t, -beta, -alpha, new_depth, ply + 1, 1);
        }
        unmake_move(p, m, &u);
        pop_key(t);
        if (stopped(t)) return 0;
        tried++;
        if (s > best) {
            best = s;
            best_move = m;
            if (s > alpha) {
                alpha = s;
                t->pv[ply][ply] = m;
                for (int j = ply + 1; j < t->pv_len[ply + 1]; j++) t->pv[ply][j] = t->pv[ply + 1][j];
                t->pv_len[ply] = t->pv_len[ply + 1] > ply + 1 ? t->pv_len[ply + 1] : ply + 1;
                if (s >= beta) {
                    if (quiet) update_quiet(t, me, ply, depth, m, quiets, nquiets);
                    break;
                }
            }
        }
        if (quiet && nquiets < 64) quiets[nquiets++] = m;
    }
    if (tried == 0) return -WIN + ply;   /* no legal move: the side to move loses */
    int bound = best >= beta ? BOUND_LOWER : best > old_alpha ? BOUND_EXACT : BOUND_UPPER;
    tt_store(p->key, score_to_tt(best, ply), best_move, depth, bound);
    return best;
}

/* ---- the root ------------------------------------------------------------------------- */

static int root_search(thread_t *t, int alpha, int beta, int depth) {
    pos_t *p = &t->pos;
    int best = -INF, best_i = -1;
    t->partial = NO_MOVE;
    for (int i = 0; i < t->nroot; i++) {
        move_t m = t->root[i];
        undo_t u;
        push_key(t, p->key);
        make_move(p, m, &u);
        int s;
        if (i == 0) {
            s = -search(t, -beta, -alpha, depth - 1, 1, 1);
        } else {
            s = -search(t, -alpha - 1, -alpha, depth - 1, 1, 1);
            if (s > alpha && s < beta) s = -search(t, -beta, -alpha, depth - 1, 1, 1);
        }
        unmake_move(p, m, &u);
        pop_key(t);
        if (stopped(t)) break;
        t->root_score[i] = s;
        if (s > best) {
            best = s;
            best_i = i;
            if (s > alpha) {
                alpha = s;
                t->pv[0][0] = m;
                for (int j = 1; j < t->pv_len[1]; j++) t->pv[0][j] = t->pv[1][j];
                t->pv_len[0] = t->pv_len[1] > 1 ? t->pv_len[1] : 1;
                if (s < beta) {
                    t->partial = m;
                    t->partial_score = s;
                }
                if (s >= beta) break;
            }
        }
    }
    if (best_i > 0) {   /* the best move first, the others in their order */
        move_t m = t->root[best_i];
        int s = t->root_score[best_i];
        memmove(&t->root[1], &t->root[0], (size_t)best_i * sizeof(move_t));
        memmove(&t->root_score[1], &t->root_score[0], (size_t)best_i * sizeof(int));
        t->root[0] = m;
        t->root_score[0] = s;
    }
    return best;
}

/* Stockfish's depth-skipping pattern for helper threads (lazy SMP). */
static const int SKIP_SIZE[20] = {1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4};
static const int SKIP_PHASE[20] = {0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7};

static void *thread_main(void *arg) {
    thread_t *t = arg;
    shared_t *sh = t->sh;
    const search_params_t *prm = &sh->params;
    int prev = 0;
    double last_start = now_seconds();
    for (int depth = 1; depth <= prm->max_depth; depth++) {
        if (t->id > 0) {
            int i = (t->id - 1) % 20;
            if (((depth + SKIP_PHASE[i]) / SKIP_SIZE[i]) % 2) continue;
        } else {
            t->can_stop = depth > 1;
        }
        if (stopped(t)) break;
        double started = now_seconds();
        int alpha = -INF, beta = INF, delta = ASPIRATION, score;
        if (depth >= 4 && prev > -MATE_BOUND && prev < MATE_BOUND) {
            alpha = prev - delta;
            beta = prev + delta;
        }
        for (;;) {
            score = root_search(t, alpha, beta, depth);
            if (stopped(t)) break;
            if (score <= alpha) {
                beta = (alpha + beta) / 2;
                alpha = score - delta > -INF ? score - delta : -INF;
            } else if (score >= beta) {
                beta = score + delta < INF ? score + delta : INF;
            } else {
                break;
            }
            delta *= 2;
            if (delta > 4000) { alpha = -INF; beta = INF; }
        }
        if (stopped(t)) {
            /* An unfinished iteration: a move that beat the others inside the window at the
             * new depth (the previous best was searched first) is the better choice. */
            if (t->partial != NO_MOVE && t->depth_done > 0 && t->partial != t->best) {
                t->best = t->partial;
                t->best_score = t->partial_score;
                t->pv_done_len = t->pv_len[0];
                memcpy(t->pv_done, t->pv[0], (size_t)t->pv_len[0] * sizeof(move_t));
            }
            break;
        }
        t->best = t->root[0];
        t->best_score = score;
        t->depth_done = depth;
        t->pv_done_len = t->pv_len[0];
        memcpy(t->pv_done, t->pv[0], (size_t)t->pv_len[0] * sizeof(move_t));
        if (t->pv_done_len == 0 || t->pv_done[0] != t->best) {
            t->pv_done[0] = t->best;
            t->pv_done_len = 1;
        }
        double now = now_seconds();
        t->iter_ms[t->iterations++] = (int)((now - sh->start) * 1000.0 + 0.5);
        prev = score;
        if (t->id == 0) {
            if ((score >= MATE_BOUND || score <= -MATE_BOUND) && WIN - abs(score) <= depth)
                break;   /* a forced result within the horizon: deeper changes nothing */
            if (t->nroot == 1) break;
            double spent = now - sh->start, last = now - started;
            if (!prm->nodes && (now >= sh->soft_end
                                || spent + 2.0 * last > prm->seconds))
                break;
            if (prm->nodes && t->nodes >= prm->nodes) break;
        }
        last_start = started;
    }
    (void)last_start;
    if (t->id == 0) atomic_store(&sh->stop, 1);
    return NULL;
}

static uint64_t xorshift(uint64_t *s) {
    uint64_t x = *s;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *s = x;
}

int search_run(const pos_t *root, const search_params_t *prm, search_result_t *out) {
    core_init();
    pthread_once(&lmr_once, lmr_init);
    if (!tt && tt_resize(DEFAULT_TT_MB) != 0) return -1;
    if (prm->clear) tt_clear();
    tt_age++;
    memset(out, 0, sizeof(*out));

    shared_t sh;
    memset(&sh, 0, sizeof(sh));
    sh.params = *prm;
    if (sh.params.max_depth <= 0 || sh.params.max_depth > MAX_PLY - 8)
        sh.params.max_depth = MAX_PLY - 8;
    sh.start = now_seconds();
    sh.hard_end = sh.start + prm->seconds;
    sh.soft_end = sh.start + 0.6 * prm->seconds;
    atomic_store(&sh.stop, 0);
    int nthreads = prm->nodes ? 1 : prm->threads < 1 ? 1
                 : prm->threads > MAX_THREADS ? MAX_THREADS : prm->threads;

    pos_t start = *root;
    start.key = pos_key(&start);
    move_t moves[MAX_MOVES];
    int nroot = gen_moves(&start, moves);
    if (nroot == 0) return 0;
    uint64_t seed = prm->seed * 0x9E3779B97F4A7C15ULL + 0x2545F4914F6CDD1DULL;
    if (!seed) seed = 1;
    for (int i = nroot - 1; i > 0; i--) {   /* equal moves are chosen at random */
        int j = (int)(xorshift(&seed) % (uint64_t)(i + 1));
        move_t x = moves[i];
        moves[i] = moves[j];
        moves[j] = x;
    }
    /* push-offs first at the first iteration, stably */
    int k = 0;
    move_t ordered[MAX_MOVES];
    for (int i = 0; i < nroot; i++) if (MV_OFF(moves[i])) ordered[k++] = moves[i];
    for (int i = 0; i < nroot; i++) if (!MV_OFF(moves[i])) ordered[k++] = moves[i];

    thread_t *threads = calloc((size_t)nthreads, sizeof(thread_t));
    if (!threads) return -1;
    int first = prm->history_len > MAX_HISTORY ? prm->history_len - MAX_HISTORY : 0;
    for (int i = 0; i < nthreads; i++) {
        thread_t *t = &threads[i];
        t->sh = &sh;
        t->id = i;
        t->can_stop = i > 0;
        t->pos = start;
        t->rng = seed + (uint64_t)i;
        for (int j = first; j < prm->history_len; j++) push_key(t, prm->history[j]);
        memcpy(t->root, ordered, (size_t)nroot * sizeof(move_t));
        t->nroot = nroot;
        t->best = ordered[0];
        t->best_score = -INF;
    }
    int started = 1;
    for (int i = 1; i < nthreads; i++) {
        if (pthread_create(&threads[i].handle, NULL, thread_main, &threads[i]) != 0) break;
        started++;
    }
    thread_main(&threads[0]);
    for (int i = 1; i < started; i++) pthread_join(threads[i].handle, NULL);

    thread_t *best = &threads[0];
    for (int i = 1; i < started; i++)
        if (threads[i].depth_done > best->depth_done) best = &threads[i];
    out->move = best->best;
    out->score = best->best_score == -INF ? 0 : best->best_score;
    out->depth = best->depth_done;
    out->pv_len = best->pv_done_len;
    memcpy(out->pv, best->pv_done, (size_t)best->pv_done_len * sizeof(move_t));
    out->iterations = threads[0].iterations;
    memcpy(out->iter_ms, threads[0].iter_ms, (size_t)threads[0].iterations * sizeof(int));
    out->nthreads = started;
    for (int i = 0; i < started; i++) {
        out->nodes += threads[i].nodes;
        if (threads[i].seldepth > out->seldepth) out->seldepth = threads[i].seldepth;
        if (i < 64) out->thread_depth[i] = threads[i].depth_done;
    }
    out->seconds = now_seconds() - sh.start;
    free(threads);
    return 1;
}
