/*
 * matching.c - maximum-weight matching, solved again after small changes (see matching.h).
 *
 * The method is Edmonds' primal-dual blossom algorithm as Galil describes it ("Efficient
 * algorithms for finding maximum matching in graphs", 1986). Every vertex has a dual y, every
 * blossom (an odd cycle shrunk to a point) a dual z; the slack of an edge is
 * y(u) + y(v) - w(u,v) plus the z of each blossom holding both ends. The invariants: no slack
 * is negative, every matched edge and every edge on a blossom's cycle is tight (slack 0), and
 * z >= 0. The matching is of maximum weight when besides every unmatched vertex has y = 0.
 *
 * A stage grows alternating trees from every unmatched vertex whose dual is still positive:
 * tight edges label blossoms S (outer) or T (inner), a tight edge between two S-blossoms of
 * one tree shrinks the cycle into a new blossom, and between two trees gives an augmenting
 * path. When nothing is tight, the duals move by the largest step that keeps the invariants:
 * S-vertices go down, T-vertices up, until an edge becomes tight, a T-blossom's z reaches 0
 * (it is expanded) or an S-vertex's dual reaches 0. In the last case the path from the root
 * to that vertex is flipped: the root is matched and the vertex, now unmatched, has y = 0. So
 * every stage ends with one or two fewer unmatched vertices of positive dual.
 *
 * Solving again. The classical algorithm starts every unmatched vertex at the same dual and
 * needs all of its O(n) stages. Here a solution is kept and repaired. Before the edges at a
 * vertex v change, every blossom holding v is dissolved: its z is handed to its vertices
 * (z/2 to each, which leaves the slack of every edge inside unchanged and only raises that
 * of the edges leaving it), and the one matched edge leaving it, no longer tight, is
 * unmatched. With v alone, the new weights are set and y(v) raised as far as needed for no
 * slack to be negative; v's matched edge is unmatched if it is no longer tight. The next
 * solve then runs only a stage for each vertex so set free: a few per change, each O(n^2).
 *
 * Integers. Weights are stored doubled, so that the S-S edges of a stage have even slacks
 * and half of one is a whole step: within a stage every labelled vertex has the parity of the
 * roots, as tight edges with even weights carry it. The roots of different stages may differ
 * in parity after repairs, so a stage starts by raising each odd root dual by one (with the
 * whole blossom of the root and its z lowered by two, which keeps the blossom's edges tight).
 *
 * The graph is dense (a complete graph of players), so edges are scanned by vertex from a
 * weight matrix, and for each vertex the S-vertex at the least slack is remembered (refound
 * only when a blossom swallowed it).
 */
#include "matching.h"

#include <stdlib.h>
#include <string.h>

enum { LABEL_NONE = 0, LABEL_S = 1, LABEL_T = 2, LABEL_MARK = 4 };

struct Matching {
    int n, limbs;
    Limb *w;              /* n*n weights, doubled */
    unsigned char *has;   /* n*n: the edge exists (weight not 0) */
    Limb *y;              /* 2n duals: vertices 0..n-1, blossoms n..2n-1 */
    int *mate;            /* n: partner or -1 */
    int *inb;             /* n: the top-level blossom holding the vertex */
    int *parent;          /* 2n: the blossom holding this one, or -1 */
    int *base;            /* 2n: the base vertex */
    int *label;           /* 2n: of top-level blossoms (a vertex alone is its own blossom) */
    int *lfrom, *lto;     /* 2n: the edge that gave the label: the far end, the end inside */
    int *reach;           /* n: an S-vertex with a tight edge to this vertex inside a T-blossom */
    int *nchild;          /* 2n */
    int *child, *ea, *eb; /* blossom b's cycle at (b - n) * n: children; the edge from child i
                             to child i+1 is (ea[i] in child i, eb[i] in child i+1) */
    unsigned char *used;  /* 2n: blossom id in use */
    int *free_ids, nfree;
    int *queue, qhead, qtail;
    int *best;            /* n: the S-vertex at least slack, or -1 */
    Limb *bslack;         /* n: that slack, kept up to date through the dual steps */
    unsigned char *dirty;
    int *dirty_list, ndirty;
    int *stack, *buf1, *buf2, *buf3, *buf4; /* scratch, 2n each */
    Limb *t1, *t2, *t3, *t4;
};

#define W(m, u, v) ((m)->w + ((size_t)(u) * (size_t)(m)->n + (size_t)(v)) * (size_t)(m)->limbs)
#define Y(m, i) ((m)->y + (size_t)(i) * (size_t)(m)->limbs)
#define BS(m, i) ((m)->bslack + (size_t)(i) * (size_t)(m)->limbs)
#define CHILD(m, b) ((m)->child + (size_t)((b) - (m)->n) * (size_t)(m)->n)
#define EA(m, b) ((m)->ea + (size_t)((b) - (m)->n) * (size_t)(m)->n)
#define EB(m, b) ((m)->eb + (size_t)((b) - (m)->n) * (size_t)(m)->n)

Matching *matching_new(int n, int limbs)
{
    Matching *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->n = n;
    m->limbs = limbs;
    size_t nn = (size_t)n * (size_t)n, n2 = 2 * (size_t)n + 2, L = (size_t)limbs;
    m->w = calloc(nn * L + 1, sizeof(Limb));
    m->has = calloc(nn + 1, 1);
    m->y = calloc(n2 * L, sizeof(Limb));
    m->mate = malloc(sizeof(int) * n2);
    m->inb = malloc(sizeof(int) * n2);
    m->parent = malloc(sizeof(int) * n2);
    m->base = malloc(sizeof(int) * n2);
    m->label = calloc(n2, sizeof(int));
    m->lfrom = malloc(sizeof(int) * n2);
    m->lto = malloc(sizeof(int) * n2);
    m->reach = malloc(sizeof(int) * n2);
    m->nchild = calloc(n2, sizeof(int));
    m->child = malloc(sizeof(int) * (nn + 1));
    m->ea = malloc(sizeof(int) * (nn + 1));
    m->eb = malloc(sizeof(int) * (nn + 1));
    m->used = calloc(n2, 1);
    m->free_ids = malloc(sizeof(int) * n2);
    m->queue = malloc(sizeof(int) * n2);
    m->best = malloc(sizeof(int) * n2);
    m->bslack = calloc(n2 * L, sizeof(Limb));
    m->dirty = calloc(n2, 1);
    m->dirty_list = malloc(sizeof(int) * n2);
    m->stack = malloc(sizeof(int) * n2);
    m->buf1 = malloc(sizeof(int) * n2);
    m->buf2 = malloc(sizeof(int) * n2);
    m->buf3 = malloc(sizeof(int) * n2);
    m->buf4 = malloc(sizeof(int) * n2);
    m->t1 = calloc(4 * L, sizeof(Limb));
    if (!m->w || !m->has || !m->y || !m->mate || !m->inb || !m->parent || !m->base ||
        !m->label || !m->lfrom || !m->lto || !m->reach || !m->nchild || !m->child || !m->ea ||
        !m->eb || !m->used || !m->free_ids || !m->queue || !m->best || !m->bslack || !m->dirty ||
        !m->dirty_list || !m->stack || !m->buf1 || !m->buf2 || !m->buf3 || !m->buf4 || !m->t1) {
        matching_free(m);
        return NULL;
    }
    m->t2 = m->t1 + L;
    m->t3 = m->t2 + L;
    m->t4 = m->t3 + L;
    for (int v = 0; v < n; v++) {
        m->mate[v] = -1;
        m->inb[v] = v;
        m->parent[v] = -1;
        m->base[v] = v;
    }
    for (int b = 2 * n - 1; b >= n; b--) {
        m->parent[b] = -1;
        m->base[b] = -1;
        m->free_ids[m->nfree++] = b;
    }
    return m;
}

void matching_free(Matching *m)
{
    if (!m)
        return;
    free(m->w);
    free(m->has);
    free(m->y);
    free(m->mate);
    free(m->inb);
    free(m->parent);
    free(m->base);
    free(m->label);
    free(m->lfrom);
    free(m->lto);
    free(m->reach);
    free(m->nchild);
    free(m->child);
    free(m->ea);
    free(m->eb);
    free(m->used);
    free(m->free_ids);
    free(m->queue);
    free(m->best);
    free(m->bslack);
    free(m->dirty);
    free(m->dirty_list);
    free(m->stack);
    free(m->buf1);
    free(m->buf2);
    free(m->buf3);
    free(m->buf4);
    free(m->t1);
    free(m);
}

int matching_limbs(const Matching *m)
{
    return m->limbs;
}

int matching_mate(const Matching *m, int v)
{
    return m->mate[v];
}

/* ---- small helpers ---- */

/* The vertices of blossom b into out; returns how many. */
static int leaves(Matching *m, int b, int *out)
{
    if (b < m->n) {
        out[0] = b;
        return 1;
    }
    int sp = 0, k = 0;
    m->stack[sp++] = b;
    while (sp) {
        int x = m->stack[--sp];
        if (x < m->n) {
            out[k++] = x;
            continue;
        }
        const int *c = CHILD(m, x);
        for (int i = m->nchild[x] - 1; i >= 0; i--)
            m->stack[sp++] = c[i];
    }
    return k;
}

/* The slack of the edge u-v, whose ends are in different top-level blossoms. */
static inline void slack(const Matching *m, int u, int v, Limb *out)
{
    const Limb *a = Y(m, u), *b = Y(m, v), *w = W(m, u, v);
    Limb carry = 0, borrow = 0;
    for (int i = 0; i < m->limbs; i++) {
        Limb s = a[i] + carry;
        carry = s < carry;
        Limb t = s + b[i];
        carry += t < s;
        Limb d = t - w[i];
        Limb b1 = t < w[i];
        out[i] = d - borrow;
        borrow = b1 | (d < borrow);
    }
}

static void set_inb(Matching *m, int b)
{
    int k = leaves(m, b, m->buf4);
    for (int i = 0; i < k; i++)
        m->inb[m->buf4[i]] = b;
}

/* Make b's children top-level blossoms; b is freed. */
static void release_children(Matching *m, int b)
{
    const int *c = CHILD(m, b);
    for (int i = 0; i < m->nchild[b]; i++) {
        m->parent[c[i]] = -1;
        set_inb(m, c[i]);
    }
    m->used[b] = 0;
    m->nchild[b] = 0;
    m->base[b] = -1;
    m->label[b] = LABEL_NONE;
    wide_zero(Y(m, b), m->limbs);
    m->free_ids[m->nfree++] = b;
}

/* Dissolve the top-level blossom b, handing its dual to its vertices (see the essay). */
static void dissolve(Matching *m, int b)
{
    int L = m->limbs;
    if (!wide_is_zero(Y(m, b), L)) {
        wide_copy(m->t1, Y(m, b), L);
        wide_half(m->t1, L);
        int k = leaves(m, b, m->buf3);
        for (int i = 0; i < k; i++)
            wide_add(Y(m, m->buf3[i]), Y(m, m->buf3[i]), m->t1, L);
        wide_zero(Y(m, b), L);
        int r = m->base[b];
        if (m->mate[r] >= 0) {
            m->mate[m->mate[r]] = -1;
            m->mate[r] = -1;
        }
    }
    release_children(m, b);
}

void matching_set(Matching *m, int v, int u, const Limb *weight)
{
    while (m->inb[v] != v)
        dissolve(m, m->inb[v]);
    if (!m->dirty[v]) {
        m->dirty[v] = 1;
        m->dirty_list[m->ndirty++] = v;
    }
    int L = m->limbs;
    Limb *a = W(m, v, u), *b = W(m, u, v);
    wide_copy(a, weight, L);
    wide_double(a, L);
    wide_copy(b, a, L);
    unsigned char e = !wide_is_zero(a, L);
    m->has[(size_t)v * (size_t)m->n + (size_t)u] = e;
    m->has[(size_t)u * (size_t)m->n + (size_t)v] = e;
}

void matching_get(const Matching *m, int v, int u, Limb *weight)
{
    wide_copy(weight, W(m, v, u), m->limbs);
    wide_half(weight, m->limbs);
}

/* After edges changed at the dirty vertices: no negative slack, no loose matched edge. */
static void repair(Matching *m)
{
    int L = m->limbs, n = m->n;
    for (int i = 0; i < m->ndirty; i++) {
        int v = m->dirty_list[i];
        m->dirty[v] = 0;
        Limb *need = m->t1, *d = m->t2;
        wide_copy(need, Y(m, v), L);
        const unsigned char *has = m->has + (size_t)v * (size_t)n;
        for (int u = 0; u < n; u++) {
            if (!has[u] || wide_cmp(W(m, v, u), Y(m, u), L) <= 0)
                continue;
            wide_sub(d, W(m, v, u), Y(m, u), L);
            if (wide_cmp(d, need, L) > 0)
                wide_copy(need, d, L);
        }
        wide_copy(Y(m, v), need, L);
        int q = m->mate[v];
        if (q >= 0) {
            slack(m, v, q, d);
            if (!has[q] || !wide_is_zero(d, L)) {
                m->mate[q] = -1;
                m->mate[v] = -1;
            }
        }
    }
    m->ndirty = 0;
}

/* ---- labels, blossoms, augmentation ---- */

static void push_leaves(Matching *m, int b)
{
    int k = leaves(m, b, m->buf4);
    for (int i = 0; i < k && m->qtail < 2 * m->n; i++)
        m->queue[m->qtail++] = m->buf4[i];
}

/* Label the top-level blossom of w with t, reached over the edge from `from` (-1: a root). */
static void assign_label(Matching *m, int w, int t, int from)
{
    int b = m->inb[w];
    m->label[b] = t;
    m->lfrom[b] = from;
    m->lto[b] = w;
    if (t == LABEL_S) {
        push_leaves(m, b);
    } else {
        int base = m->base[b];
        assign_label(m, m->mate[base], LABEL_S, base);
    }
}

/* Trace the trees of S-vertices v and w back towards their roots; the base of their first
 * common blossom, or -1 when they are in different trees. */
static int find_base(Matching *m, int v, int w)
{
    int np = 0, base = -1;
    int *path = m->buf1;
    while (v != -1 || w != -1) {
        int b = m->inb[v];
        if (m->label[b] & LABEL_MARK) {
            base = m->base[b];
            break;
        }
        path[np++] = b;
        m->label[b] = LABEL_S | LABEL_MARK;
        if (m->lfrom[b] == -1) {
            v = -1;
        } else {
            int t = m->inb[m->lfrom[b]];
            v = m->lfrom[t];
        }
        if (w != -1) {
            int x = v;
            v = w;
            w = x;
        }
    }
    for (int i = 0; i < np; i++)
        m->label[path[i]] = LABEL_S;
    return base;
}

/* Shrink the cycle through the tight edge v-w (S-vertices of one tree) into a blossom. */
static void add_blossom(Matching *m, int basev, int v, int w)
{
    int bb = m->inb[basev], bv = m->inb[v], bw = m->inb[w];
    int b = m->free_ids[--m->nfree];
    m->used[b] = 1;
    m->base[b] = basev;
    m->parent[b] = -1;
    m->parent[bb] = b;
    int *c = CHILD(m, b), *a = EA(m, b), *e = EB(m, b);
    int *tc = m->buf1, *ta = m->buf2, *te = m->buf3, nv = 0, k = 0;
    while (bv != bb) {
        m->parent[bv] = b;
        tc[nv] = bv;
        ta[nv] = m->lfrom[bv];
        te[nv] = m->lto[bv];
        nv++;
        bv = m->inb[m->lfrom[bv]];
    }
    c[k++] = bb;
    for (int i = nv - 1; i >= 0; i--) {
        a[k - 1] = ta[i];
        e[k - 1] = te[i];
        c[k++] = tc[i];
    }
    a[k - 1] = v;
    e[k - 1] = w;
    while (bw != bb) {
        m->parent[bw] = b;
        c[k] = bw;
        a[k] = m->lto[bw];
        e[k] = m->lfrom[bw];
        k++;
        bw = m->inb[m->lfrom[bw]];
    }
    m->nchild[b] = k;
    m->label[b] = LABEL_S;
    m->lfrom[b] = m->lfrom[bb];
    m->lto[b] = m->lto[bb];
    wide_zero(Y(m, b), m->limbs);
    int nl = leaves(m, b, m->buf4);
    for (int i = 0; i < nl; i++) {
        int x = m->buf4[i];
        if (m->label[m->inb[x]] == LABEL_T && m->qtail < 2 * m->n)
            m->queue[m->qtail++] = x;
        m->inb[x] = b;
    }
    for (int i = 0; i < k; i++)
        m->label[c[i]] = LABEL_NONE;
}

static void augment_blossom(Matching *m, int b, int v);

/* Match the cycle edge j of blossom b, each end made the base of its child. */
static void match_cycle_edge(Matching *m, int b, int j)
{
    int k = m->nchild[b];
    int *c = CHILD(m, b);
    int x = EA(m, b)[j], z = EB(m, b)[j];
    int cx = c[j], cz = c[(j + 1) % k];
    if (cx >= m->n)
        augment_blossom(m, cx, x);
    if (cz >= m->n)
        augment_blossom(m, cz, z);
    m->mate[x] = z;
    m->mate[z] = x;
}

/* Flip the even path inside blossom b from its base to v: v becomes the base. */
static void augment_blossom(Matching *m, int b, int v)
{
    int t = v;
    while (m->parent[t] != b)
        t = m->parent[t];
    if (t >= m->n)
        augment_blossom(m, t, v);
    int k = m->nchild[b];
    int *c = CHILD(m, b), *a = EA(m, b), *e = EB(m, b);
    int i = 0;
    while (c[i] != t)
        i++;
    if (i % 2 == 0) {
        for (int j = 0; j < i; j += 2)
            match_cycle_edge(m, b, j);
    } else {
        for (int j = i + 1; j < k; j += 2)
            match_cycle_edge(m, b, j);
    }
    if (i) {
        int *tc = m->stack, *ta = m->buf2, *te = m->buf3;
        for (int j = 0; j < k; j++) {
            tc[j] = c[(i + j) % k];
            ta[j] = a[(i + j) % k];
            te[j] = e[(i + j) % k];
        }
        for (int j = 0; j < k; j++) {
            c[j] = tc[j];
            a[j] = ta[j];
            e[j] = te[j];
        }
    }
    m->base[b] = v;
}

/* Match the S-vertex s to j (-1: leave it unmatched) and flip the tree path to its root. */
static void augment_path(Matching *m, int s, int j)
{
    for (;;) {
        int bs = m->inb[s];
        if (bs >= m->n)
            augment_blossom(m, bs, s);
        m->mate[s] = j;
        if (m->lfrom[bs] == -1)
            break;
        int bt = m->inb[m->lfrom[bs]];
        s = m->lfrom[bt];
        j = m->lto[bt];
        if (bt >= m->n)
            augment_blossom(m, bt, j);
        m->mate[j] = s;
    }
}

/* Expand the top-level T-blossom b (z = 0) in the middle of a stage. */
static void expand_t(Matching *m, int b)
{
    int k = m->nchild[b];
    int *c = m->buf1, *a = m->buf2, *e = m->buf3;
    for (int i = 0; i < k; i++) {
        c[i] = CHILD(m, b)[i];
        a[i] = EA(m, b)[i];
        e[i] = EB(m, b)[i];
    }
    int from = m->lfrom[b], to = m->lto[b];
    int x = to;
    while (m->parent[x] != b)
        x = m->parent[x];
    int entry = 0;
    while (c[entry] != x)
        entry++;
    release_children(m, b);
    for (int i = 0; i < k; i++)
        m->label[c[i]] = LABEL_NONE;
    int dir = entry % 2 == 0 ? -1 : 1;
    m->label[c[entry]] = LABEL_T;
    m->lfrom[c[entry]] = from;
    m->lto[c[entry]] = to;
    int j = entry;
    while (j % k != 0) {
        int j1 = (j + dir + k) % k, j2 = (j1 + dir + k) % k;
        int sin, sout, tin, tout; /* ends in the S child and in its T neighbours */
        if (dir < 0) {
            sin = a[j1];  /* edge j1 joins c[j1] and c[j] */
            sout = e[j1];
            tin = a[j2];  /* edge j2 joins c[j2] and c[j1] */
            tout = e[j2];
        } else {
            sout = a[j];  /* edge j joins c[j] and c[j1] */
            sin = e[j];
            tout = a[j1]; /* edge j1 joins c[j1] and c[j2] */
            tin = e[j1];
        }
        m->label[c[j1]] = LABEL_S;
        m->lfrom[c[j1]] = sout;
        m->lto[c[j1]] = sin;
        push_leaves(m, c[j1]);
        m->label[c[j2]] = LABEL_T;
        m->lfrom[c[j2]] = tout;
        m->lto[c[j2]] = tin;
        j = j2;
    }
    /* The children off that path: those reached from outside become T (their mates S). */
    for (int s = 1; s < k; s++) {
        int i = (entry + (dir < 0 ? s : -s) + k) % k;
        bool on_path = dir < 0 ? (i <= entry) : (i >= entry || i == 0);
        if (on_path || m->label[c[i]] != LABEL_NONE)
            continue;
        int nl = leaves(m, c[i], m->buf4);
        for (int l = 0; l < nl; l++) {
            int v = m->buf4[l];
            if (m->reach[v] >= 0) {
                assign_label(m, v, LABEL_T, m->reach[v]);
                break;
            }
        }
    }
}

/* ---- a stage ---- */

/* Raise an odd root dual to even (see the essay). */
static void make_even(Matching *m, int b)
{
    int L = m->limbs;
    for (;;) {
        int r = m->base[b];
        if (b < m->n) {
            wide_add_at(Y(m, r), 1, 0, L);
            return;
        }
        if (!wide_is_zero(Y(m, b), L)) {
            int k = leaves(m, b, m->buf3);
            for (int i = 0; i < k; i++)
                wide_add_at(Y(m, m->buf3[i]), 1, 0, L);
            wide_sub_small(Y(m, b), 2, L);
            return;
        }
        int x = r;
        while (m->parent[x] != b)
            x = m->parent[x];
        release_children(m, b);
        b = x;
    }
}

/* Handle the tight edge u-v, u an S-vertex. Returns true when the stage has ended. */
static bool tight(Matching *m, int u, int v)
{
    int bu = m->inb[u], bv = m->inb[v];
    if (bu == bv)
        return false;
    int lab = m->label[bv];
    if (lab == LABEL_NONE) {
        if (m->mate[m->base[bv]] < 0) {
            /* an unmatched blossom of dual 0: the path ends there */
            if (bv >= m->n)
                augment_blossom(m, bv, v);
            m->mate[v] = u;
            augment_path(m, u, v);
            return true;
        }
        assign_label(m, v, LABEL_T, u);
    } else if (lab == LABEL_S) {
        int base = find_base(m, u, v);
        if (base >= 0) {
            add_blossom(m, base, u, v);
        } else {
            augment_path(m, u, v);
            augment_path(m, v, u);
            return true;
        }
    } else if (m->reach[v] < 0) {
        m->reach[v] = u;
    }
    return false;
}

/* Scan the edges of the S-vertex u. Returns true when the stage has ended. */
static bool scan(Matching *m, int u)
{
    int n = m->n, L = m->limbs;
    const unsigned char *has = m->has + (size_t)u * (size_t)n;
    Limb *s = m->t1;
    for (int v = 0; v < n; v++) {
        if (!has[v])
            continue;
        int bu = m->inb[u], bv = m->inb[v];
        if (bu == bv)
            continue;
        slack(m, u, v, s);
        if (wide_is_zero(s, L)) {
            if (tight(m, u, v))
                return true;
            continue;
        }
        if (m->best[v] < 0 || m->inb[m->best[v]] == bv || wide_cmp(s, BS(m, v), L) < 0) {
            m->best[v] = u;
            wide_copy(BS(m, v), s, L);
        }
        if (m->label[bv] == LABEL_S &&
            (m->best[u] < 0 || m->inb[m->best[u]] == bu || wide_cmp(s, BS(m, u), L) < 0)) {
            m->best[u] = v;
            wide_copy(BS(m, u), s, L);
        }
    }
    return false;
}

/* The S-vertex nearest to S-vertex v in another blossom, looked for afresh. */
static void refind_best(Matching *m, int v)
{
    int n = m->n, L = m->limbs, bv = m->inb[v];
    const unsigned char *has = m->has + (size_t)v * (size_t)n;
    Limb *s = m->t1, *t = m->t2;
    int best = -1;
    for (int u = 0; u < n; u++) {
        if (!has[u] || m->inb[u] == bv || m->label[m->inb[u]] != LABEL_S)
            continue;
        slack(m, v, u, s);
        if (best < 0 || wide_cmp(s, t, L) < 0) {
            best = u;
            wide_copy(t, s, L);
        }
    }
    m->best[v] = best;
    if (best >= 0)
        wide_copy(BS(m, v), t, L);
}

/* One stage. Returns false when there was nothing left to do (the matching is optimal). */
static bool stage(Matching *m)
{
    int n = m->n, L = m->limbs;
    for (int i = 0; i < 2 * n; i++)
        m->label[i] = LABEL_NONE;
    for (int v = 0; v < n; v++) {
        m->reach[v] = -1;
        m->best[v] = -1;
    }
    m->qhead = m->qtail = 0;
    bool any = false;
    for (int v = 0; v < n; v++) {
        int b = m->inb[v];
        if (m->base[b] != v || m->mate[v] >= 0 || wide_is_zero(Y(m, v), L))
            continue;
        if (Y(m, v)[0] & 1) {
            make_even(m, b);
            b = m->inb[v];
        }
        any = true;
        assign_label(m, v, LABEL_S, -1);
    }
    if (!any)
        return false;
    Limb *delta = m->t3, *x = m->t4;
    for (;;) {
        while (m->qhead < m->qtail)
            if (scan(m, m->queue[m->qhead++]))
                return true;
        /* No tight edge left: the dual step. */
        int type = 0, arg = -1;
        for (int v = 0; v < n; v++) {
            int lab = m->label[m->inb[v]];
            if (lab == LABEL_S) {
                if (type == 0 || wide_cmp(Y(m, v), delta, L) < 0) {
                    wide_copy(delta, Y(m, v), L);
                    type = 1;
                    arg = v;
                }
                int p = m->best[v];
                if (p >= 0 && (m->inb[p] == m->inb[v] || m->label[m->inb[p]] != LABEL_S))
                    refind_best(m, v);
                p = m->best[v];
                if (p >= 0) {
                    wide_copy(x, BS(m, v), L);
                    wide_half(x, L);
                    if (wide_cmp(x, delta, L) < 0) {
                        wide_copy(delta, x, L);
                        type = 3;
                        arg = v;
                    }
                }
            } else if (lab == LABEL_NONE && m->best[v] >= 0) {
                if (type == 0 || wide_cmp(BS(m, v), delta, L) < 0) {
                    wide_copy(delta, BS(m, v), L);
                    type = 2;
                    arg = v;
                }
            }
        }
        for (int b = n; b < 2 * n; b++) {
            if (!m->used[b] || m->parent[b] != -1 || m->label[b] != LABEL_T)
                continue;
            wide_copy(x, Y(m, b), L);
            wide_half(x, L);
            if (type == 0 || wide_cmp(x, delta, L) < 0) {
                wide_copy(delta, x, L);
                type = 4;
                arg = b;
            }
        }
        if (type == 0)
            return false; /* cannot happen: a root is an S-vertex */
        wide_copy(x, delta, L);
        wide_double(x, L);
        for (int v = 0; v < n; v++) {
            int lab = m->label[m->inb[v]];
            if (lab == LABEL_S) {
                wide_sub(Y(m, v), Y(m, v), delta, L);
                if (m->best[v] >= 0)
                    wide_sub(BS(m, v), BS(m, v), x, L);
            } else if (lab == LABEL_T) {
                wide_add(Y(m, v), Y(m, v), delta, L);
            } else if (m->best[v] >= 0) {
                wide_sub(BS(m, v), BS(m, v), delta, L);
            }
        }
        for (int b = n; b < 2 * n; b++) {
            if (!m->used[b] || m->parent[b] != -1)
                continue;
            if (m->label[b] == LABEL_S)
                wide_add(Y(m, b), Y(m, b), x, L);
            else if (m->label[b] == LABEL_T)
                wide_sub(Y(m, b), Y(m, b), x, L);
        }
        switch (type) {
        case 1:
            augment_path(m, arg, -1);
            return true;
        case 2:
            if (tight(m, m->best[arg], arg))
                return true;
            break;
        case 3:
            if (tight(m, arg, m->best[arg]))
                return true;
            break;
        default:
            expand_t(m, arg);
            break;
        }
    }
}

/* Release blossom b and, of its children, those whose dual is 0 too. */
static void release_zero(Matching *m, int b)
{
    int k = m->nchild[b];
    int *c = m->buf1;
    for (int i = 0; i < k; i++)
        c[i] = CHILD(m, b)[i];
    release_children(m, b);
    /* the children's ids are safe from buf1 being reused below: copy them first */
    int *mine = malloc(sizeof(int) * (size_t)k);
    if (!mine)
        return;
    memcpy(mine, c, sizeof(int) * (size_t)k);
    for (int i = 0; i < k; i++)
        if (mine[i] >= m->n && wide_is_zero(Y(m, mine[i]), m->limbs))
            release_zero(m, mine[i]);
    free(mine);
}

/* Expand the top-level blossoms whose dual is 0 (they hold nothing up). */
static void tidy(Matching *m)
{
    for (int b = m->n; b < 2 * m->n; b++)
        if (m->used[b] && m->parent[b] == -1 && wide_is_zero(Y(m, b), m->limbs))
            release_zero(m, b);
}

bool matching_solve(Matching *m)
{
    repair(m);
    long limit = 8L * m->n + 64;
    while (stage(m)) {
        tidy(m);
        if (--limit < 0)
            return false;
    }
    tidy(m);
    return true;
}
