/* fit.h - what the two fitting tools share (tools/tune.c, the evaluation's weights;
 * tools/train.c, the network): the logistic curve their scores are read through and an array
 * that grows as datagen's positions are read. */
#ifndef SHASHKI_TOOLS_FIT_H
#define SHASHKI_TOOLS_FIT_H

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>

static inline double fit_sigmoid(double x)
{
    return 1.0 / (1.0 + exp(-x));
}

/* Make room for `need` elements of `size` bytes in *p (capacity *cap), doubling. */
static inline bool fit_grow(void **p, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return true;
    size_t n = *cap ? *cap * 2 : 1 << 16;
    while (n < need)
        n *= 2;
    void *q = realloc(*p, n * size);
    if (!q)
        return false;
    *p = q;
    *cap = n;
    return true;
}

#endif
