/* The evaluation's weights, in thousandths of a marble, in the order of the features in
 * core.h.  Written by boardlight/bench/abalone_tuning.py (``--write``); see docs/ai.md.
 * Fitted to 3000 self-play games, 452123 positions. */
#define WEIGHTS_INIT {1000, 141, 11, 69, 44, 56, -52, -134, 573, -129, -373, 18}
