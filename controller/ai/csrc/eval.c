/* The evaluation: a weighted sum of features, for the side to move.
 *
 * The features are counts over the bitboards (own minus the opponent's unless said): see the
 * enum in core.h.  The weights come from weights.h (fitted to the outcomes of self-play games
 * by boardlight/bench/abalone_tuning.py) and can be replaced at run time (set_weights) for
 * tuning matches.
 */
#include "core.h"
#include "weights.h"

int WEIGHTS[NFEATURES] = WEIGHTS_INIT;

static inline int centrality(bb_t m) {
    return bb_count(bb_and(m, WITHIN[0])) + bb_count(bb_and(m, WITHIN[1]))
         + bb_count(bb_and(m, WITHIN[2])) + bb_count(bb_and(m, WITHIN[3]));
}

static inline int cohesion(bb_t m) {
    return bb_count(bb_and(m, bb_shr(m, 1))) + bb_count(bb_and(m, bb_shr(m, 12)))
         + bb_count(bb_and(m, bb_shr(m, 11)));
}

static inline int lines_of_three(bb_t m) {
    int n = 0;
    for (int ai = 0; ai < 3; ai++) {
        int a = AXES[ai];
        n += bb_count(bb_and(bb_and(m, bb_shr(m, a)), bb_shr(m, 2 * a)));
    }
    return n;
}

static inline int isolated(bb_t m) {
    bb_t near = bb_or(bb_or(bb_shl(m, 1), bb_shr(m, 1)),
                      bb_or(bb_or(bb_shl(m, 12), bb_shr(m, 12)),
                            bb_or(bb_shl(m, 11), bb_shr(m, 11))));
    return bb_count(bb_andnot(m, near));
}

void eval_features(const pos_t *p, int *f) {
    int me = p->stm, op = 1 - me;
    bb_t M = p->b[me], O = p->b[op];
    int rim_m = bb_count(bb_and(M, RIM)), rim_o = bb_count(bb_and(O, RIM));
    int lead = p->off[me] - p->off[op];
    f[F_MATERIAL] = lead;
    f[F_CENTRE] = centrality(M) - centrality(O);
    f[F_RING3] = bb_count(bb_and(M, RING[3])) - bb_count(bb_and(O, RING[3]));
    f[F_RIM] = rim_m - rim_o;
    f[F_COHESION] = cohesion(M) - cohesion(O);
    f[F_TRIPLES] = lines_of_three(M) - lines_of_three(O);
    f[F_ISOLATED] = isolated(M) - isolated(O);
    f[F_PUSHABLE] = bb_count(pushable(O, M)) - bb_count(pushable(M, O));
    f[F_CAN_TAKE] = bb_count(threats(M, O));
    int hanging = bb_count(threats(O, M));
    f[F_HANGING] = hanging;
    f[F_HANGING2] = hanging > 1 ? hanging - 1 : 0;
    f[F_LEAD_EDGE] = lead > 0 ? lead * rim_o : lead < 0 ? lead * rim_m : 0;
}

int evaluate(const pos_t *p) {
    int f[NFEATURES];
    eval_features(p, f);
    int score = 0;
    for (int i = 0; i < NFEATURES; i++) score += WEIGHTS[i] * f[i];
    return score;
}
