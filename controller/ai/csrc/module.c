/* controller.ai._abalone: the compiled Abalone core as a CPython extension.
 *
 * A position is a tuple of nine ints: black's board (low and high 64 bits of the rules'
 * 121-bit board), white's board likewise, the colour to move (0 black, 1 white), the marbles
 * each colour has pushed off, the marbles each still has to place.  A move is an int (see
 * core.h: anchor cell, size, line, direction; ``controller.ai.abalone_core`` turns it into
 * the rules' Push or Place).
 *
 * ``search`` and ``perft`` release the interpreter while they run; ``stop`` may be called
 * from another thread.  One search runs at a time per process (the others wait).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <pthread.h>

#include "core.h"

#ifndef SOURCE_HASH
#define SOURCE_HASH "unknown"
#endif

static const char *FEATURE_NAMES[NFEATURES] = {
    "material", "centre", "ring3", "rim", "cohesion", "triples", "isolated", "pushable",
    "can_take", "hanging", "hanging2", "lead_edge",
};

static pthread_mutex_t search_lock = PTHREAD_MUTEX_INITIALIZER;

static int parse_pos(PyObject *obj, pos_t *p) {
    unsigned long long w[4];
    int stm, off0, off1, pl0, pl1;
    if (!PyTuple_Check(obj)) {
        PyErr_SetString(PyExc_TypeError, "a position is a tuple of nine ints");
        return 0;
    }
    if (!PyArg_ParseTuple(obj, "KKKKiiiii;a position is a tuple of nine ints", &w[0], &w[1],
                          &w[2], &w[3], &stm, &off0, &off1, &pl0, &pl1))
        return 0;
    p->b[0] = bb_make(w[0], w[1]);
    p->b[1] = bb_make(w[2], w[3]);
    if (!bb_eq(bb_and(p->b[0], VALID), p->b[0]) || !bb_eq(bb_and(p->b[1], VALID), p->b[1])
        || bb_any(bb_and(p->b[0], p->b[1]))) {
        PyErr_SetString(PyExc_ValueError, "marbles off the board, or two on one cell");
        return 0;
    }
    if ((stm != 0 && stm != 1) || off0 < 0 || off1 < 0 || off0 > 14 || off1 > 14 || pl0 < 0
        || pl1 < 0 || pl0 > 30 || pl1 > 30) {
        PyErr_SetString(PyExc_ValueError, "the side to move is 0 or 1; counts are 0 to 14");
        return 0;
    }
    p->stm = stm;
    p->off[0] = off0;
    p->off[1] = off1;
    p->place[0] = pl0;
    p->place[1] = pl1;
    p->key = pos_key(p);
    return 1;
}

static PyObject *pos_tuple(const pos_t *p) {
    return Py_BuildValue("(KKKKiiiii)", (unsigned long long)p->b[0].lo,
                         (unsigned long long)p->b[0].hi, (unsigned long long)p->b[1].lo,
                         (unsigned long long)p->b[1].hi, p->stm, p->off[0], p->off[1],
                         p->place[0], p->place[1]);
}

static PyObject *move_list(const move_t *moves, int n) {
    PyObject *out = PyList_New(n);
    if (!out) return NULL;
    for (int i = 0; i < n; i++) PyList_SET_ITEM(out, i, PyLong_FromUnsignedLong(moves[i]));
    return out;
}

static PyObject *py_moves(PyObject *self, PyObject *arg) {
    pos_t p;
    move_t moves[MAX_MOVES];
    if (!parse_pos(arg, &p)) return NULL;
    return move_list(moves, gen_moves(&p, moves));
}

static PyObject *py_push_offs(PyObject *self, PyObject *arg) {
    pos_t p;
    move_t moves[MAX_MOVES];
    if (!parse_pos(arg, &p)) return NULL;
    return move_list(moves, gen_push_offs(&p, moves));
}

static PyObject *py_complete(PyObject *self, PyObject *args) {
    PyObject *obj;
    unsigned long m;
    pos_t p;
    if (!PyArg_ParseTuple(args, "Ok", &obj, &m) || !parse_pos(obj, &p)) return NULL;
    return PyLong_FromUnsignedLong(move_complete(&p, (move_t)m));
}

static PyObject *py_play(PyObject *self, PyObject *args) {
    PyObject *obj;
    unsigned long m;
    pos_t p;
    undo_t u;
    if (!PyArg_ParseTuple(args, "Ok", &obj, &m) || !parse_pos(obj, &p)) return NULL;
    move_t full = move_complete(&p, (move_t)m);
    if (full == NO_MOVE) {
        PyErr_Format(PyExc_ValueError, "move %lu is not legal in this position", m);
        return NULL;
    }
    make_move(&p, full, &u);
    if (p.key != pos_key(&p)) {
        PyErr_SetString(PyExc_AssertionError, "incremental key differs from the full key");
        return NULL;
    }
    return pos_tuple(&p);
}

static PyObject *py_unplay(PyObject *self, PyObject *args) {
    /* make then unmake: the position must come back bit for bit (a test's check) */
    PyObject *obj;
    unsigned long m;
    pos_t p, before;
    undo_t u;
    if (!PyArg_ParseTuple(args, "Ok", &obj, &m) || !parse_pos(obj, &p)) return NULL;
    move_t full = move_complete(&p, (move_t)m);
    if (full == NO_MOVE) {
        PyErr_Format(PyExc_ValueError, "move %lu is not legal in this position", m);
        return NULL;
    }
    before = p;
    make_move(&p, full, &u);
    unmake_move(&p, full, &u);
    return PyBool_FromLong(bb_eq(p.b[0], before.b[0]) && bb_eq(p.b[1], before.b[1])
                           && p.stm == before.stm && p.key == before.key
                           && p.off[0] == before.off[0] && p.off[1] == before.off[1]
                           && p.place[0] == before.place[0] && p.place[1] == before.place[1]);
}

static PyObject *py_key(PyObject *self, PyObject *arg) {
    pos_t p;
    if (!parse_pos(arg, &p)) return NULL;
    return PyLong_FromUnsignedLongLong(p.key);
}

static PyObject *py_evaluate(PyObject *self, PyObject *arg) {
    pos_t p;
    if (!parse_pos(arg, &p)) return NULL;
    return PyLong_FromLong(evaluate(&p));
}

static PyObject *py_features(PyObject *self, PyObject *arg) {
    pos_t p;
    int f[NFEATURES];
    if (!parse_pos(arg, &p)) return NULL;
    eval_features(&p, f);
    PyObject *out = PyTuple_New(NFEATURES);
    if (!out) return NULL;
    for (int i = 0; i < NFEATURES; i++) PyTuple_SET_ITEM(out, i, PyLong_FromLong(f[i]));
    return out;
}

static PyObject *py_threats(PyObject *self, PyObject *arg) {
    pos_t p;
    if (!parse_pos(arg, &p)) return NULL;
    bb_t t = threats(p.b[p.stm], p.b[1 - p.stm]);
    return Py_BuildValue("(KK)", (unsigned long long)t.lo, (unsigned long long)t.hi);
}

static PyObject *py_perft(PyObject *self, PyObject *args) {
    PyObject *obj;
    int depth;
    pos_t p;
    uint64_t n;
    if (!PyArg_ParseTuple(args, "Oi", &obj, &depth) || !parse_pos(obj, &p)) return NULL;
    Py_BEGIN_ALLOW_THREADS
    n = perft(&p, depth);
    Py_END_ALLOW_THREADS
    return PyLong_FromUnsignedLongLong(n);
}

static PyObject *py_search(PyObject *self, PyObject *args, PyObject *kw) {
    static char *names[] = {"position", "target", "seconds", "nodes", "threads", "history",
                            "seed", "max_depth", "clear", "arm", NULL};
    PyObject *obj, *history = NULL;
    int target, threads = 1, max_depth = 0, clear = 0, arm = 1;
    double seconds;
    unsigned long long nodes = 0, seed = 0;
    pos_t p;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "Oid|KiOKipp", names, &obj, &target, &seconds,
                                     &nodes, &threads, &history, &seed, &max_depth, &clear,
                                     &arm))
        return NULL;
    if (!parse_pos(obj, &p)) return NULL;
    if (target < 1 || !(seconds >= 0)) {
        PyErr_SetString(PyExc_ValueError, "target >= 1 marble, seconds >= 0");
        return NULL;
    }
    uint64_t *keys = NULL;
    Py_ssize_t nkeys = 0;
    if (history && history != Py_None) {
        PyObject *seq = PySequence_Fast(history, "history is a sequence of position keys");
        if (!seq) return NULL;
        nkeys = PySequence_Fast_GET_SIZE(seq);
        keys = PyMem_Malloc((size_t)(nkeys ? nkeys : 1) * sizeof(uint64_t));
        if (!keys) { Py_DECREF(seq); return PyErr_NoMemory(); }
        for (Py_ssize_t i = 0; i < nkeys; i++) {
            keys[i] = PyLong_AsUnsignedLongLongMask(PySequence_Fast_GET_ITEM(seq, i));
            if (PyErr_Occurred()) { PyMem_Free(keys); Py_DECREF(seq); return NULL; }
        }
        Py_DECREF(seq);
    }
    search_params_t prm = {0};
    prm.threads = threads;
    prm.seconds = seconds;
    prm.nodes = nodes;
    prm.target = target;
    prm.seed = seed;
    prm.max_depth = max_depth;
    prm.history = keys;
    prm.history_len = (int)nkeys;
    prm.clear = clear;
    search_result_t *r = PyMem_Malloc(sizeof(search_result_t));
    if (!r) { PyMem_Free(keys); return PyErr_NoMemory(); }
    int ok;
    Py_BEGIN_ALLOW_THREADS
    pthread_mutex_lock(&search_lock);
    if (arm) search_arm();
    ok = search_run(&p, &prm, r);
    pthread_mutex_unlock(&search_lock);
    Py_END_ALLOW_THREADS
    PyMem_Free(keys);
    if (ok < 0) { PyMem_Free(r); return PyErr_NoMemory(); }
    if (ok == 0) {
        PyMem_Free(r);
        PyErr_SetString(PyExc_ValueError, "no legal move in this position");
        return NULL;
    }
    PyObject *pv = move_list(r->pv, r->pv_len);
    PyObject *iters = PyList_New(r->iterations);
    PyObject *depths = PyList_New(r->nthreads);
    if (!pv || !iters || !depths) {
        Py_XDECREF(pv); Py_XDECREF(iters); Py_XDECREF(depths); PyMem_Free(r);
        return NULL;
    }
    for (int i = 0; i < r->iterations; i++)
        PyList_SET_ITEM(iters, i, PyLong_FromLong(r->iter_ms[i]));
    for (int i = 0; i < r->nthreads; i++)
        PyList_SET_ITEM(depths, i, PyLong_FromLong(i < 64 ? r->thread_depth[i] : 0));
    PyObject *out = Py_BuildValue(
        "{s:k,s:i,s:i,s:i,s:K,s:d,s:N,s:N,s:N}", "move", (unsigned long)r->move, "score",
        r->score, "depth", r->depth, "seldepth", r->seldepth, "nodes",
        (unsigned long long)r->nodes, "seconds", r->seconds, "pv", pv, "iterations_ms", iters,
        "thread_depths", depths);
    PyMem_Free(r);
    return out;
}

static PyObject *py_stop(PyObject *self, PyObject *noargs) {
    search_stop();
    Py_RETURN_NONE;
}

static PyObject *py_arm(PyObject *self, PyObject *noargs) {
    search_arm();
    Py_RETURN_NONE;
}

static PyObject *py_weights(PyObject *self, PyObject *noargs) {
    PyObject *out = PyTuple_New(NFEATURES);
    if (!out) return NULL;
    for (int i = 0; i < NFEATURES; i++) PyTuple_SET_ITEM(out, i, PyLong_FromLong(WEIGHTS[i]));
    return out;
}

static PyObject *py_set_weights(PyObject *self, PyObject *arg) {
    int w[NFEATURES];
    PyObject *seq = PySequence_Fast(arg, "weights are a sequence of ints");
    if (!seq) return NULL;
    if (PySequence_Fast_GET_SIZE(seq) != NFEATURES) {
        Py_DECREF(seq);
        return PyErr_Format(PyExc_ValueError, "%d weights, one per feature", NFEATURES);
    }
    for (int i = 0; i < NFEATURES; i++) {
        w[i] = (int)PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (PyErr_Occurred()) { Py_DECREF(seq); return NULL; }
    }
    Py_DECREF(seq);
    pthread_mutex_lock(&search_lock);   /* never under a running search */
    for (int i = 0; i < NFEATURES; i++) WEIGHTS[i] = w[i];
    pthread_mutex_unlock(&search_lock);
    Py_RETURN_NONE;
}

static PyObject *py_tt_size(PyObject *self, PyObject *arg) {
    long mb = PyLong_AsLong(arg);
    if (mb == -1 && PyErr_Occurred()) return NULL;
    if (mb < 1 || mb > 4096) return PyErr_Format(PyExc_ValueError, "1 to 4096 MB, not %ld", mb);
    int ok;
    Py_BEGIN_ALLOW_THREADS
    pthread_mutex_lock(&search_lock);
    ok = tt_resize((size_t)mb);
    pthread_mutex_unlock(&search_lock);
    Py_END_ALLOW_THREADS
    if (ok != 0) return PyErr_NoMemory();
    Py_RETURN_NONE;
}

static PyMethodDef METHODS[] = {
    {"moves", py_moves, METH_O, "moves(position) -> every legal move (codes)"},
    {"push_offs", py_push_offs, METH_O, "push_offs(position) -> the moves that push off"},
    {"complete", py_complete, METH_VARARGS,
     "complete(position, move) -> the move with what it pushes, or 0 when illegal"},
    {"play", py_play, METH_VARARGS, "play(position, move) -> the position after it"},
    {"unplay", py_unplay, METH_VARARGS, "unplay(position, move) -> make+unmake restores it"},
    {"key", py_key, METH_O, "key(position) -> its Zobrist key"},
    {"evaluate", py_evaluate, METH_O, "evaluate(position) -> the score for the side to move"},
    {"features", py_features, METH_O, "features(position) -> the evaluation's terms"},
    {"threats", py_threats, METH_O,
     "threats(position) -> (lo, hi): marbles the side to move can push off"},
    {"perft", py_perft, METH_VARARGS, "perft(position, depth) -> leaf count"},
    {"search", (PyCFunction)(void (*)(void))py_search, METH_VARARGS | METH_KEYWORDS,
     "search(position, target, seconds, nodes=0, threads=1, history=(), seed=0, "
     "max_depth=0, clear=False, arm=True) -> dict"},
    {"stop", py_stop, METH_NOARGS, "stop the running search"},
    {"arm", py_arm, METH_NOARGS, "clear a stop request (before a search started elsewhere)"},
    {"weights", py_weights, METH_NOARGS, "the evaluation's weights"},
    {"set_weights", py_set_weights, METH_O, "replace the evaluation's weights"},
    {"tt_size", py_tt_size, METH_O, "tt_size(megabytes): resize the transposition table"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef MODULE = {
    PyModuleDef_HEAD_INIT, "_abalone",
    "The compiled Abalone core: move generation, evaluation and search (see core.h).", -1,
    METHODS,
};

PyMODINIT_FUNC PyInit__abalone(void) {
    core_init();
    PyObject *m = PyModule_Create(&MODULE);
    if (!m) return NULL;
    PyObject *names = PyTuple_New(NFEATURES);
    if (!names) return NULL;
    for (int i = 0; i < NFEATURES; i++)
        PyTuple_SET_ITEM(names, i, PyUnicode_FromString(FEATURE_NAMES[i]));
    if (PyModule_AddObject(m, "FEATURES", names) < 0
        || PyModule_AddStringConstant(m, "SOURCE_HASH", SOURCE_HASH) < 0
        || PyModule_AddIntConstant(m, "WIN", WIN) < 0
        || PyModule_AddIntConstant(m, "MATE_BOUND", MATE_BOUND) < 0
        || PyModule_AddIntConstant(m, "PLACE", PLACE) < 0)
        return NULL;
    return m;
}
