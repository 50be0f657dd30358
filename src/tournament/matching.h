/*
 * matching.h - maximum-weight matching on a general graph, re-solved after small changes
 * (private to the tournament module).
 *
 * The graph is complete on n vertices with a weight per edge; weight 0 means no edge. The
 * solver finds a matching of the greatest total weight (not necessarily of the most edges).
 * Weights are wide integers (wide.h) of the limb count given at creation, below 2^(64*limbs-3).
 * Changing the weights of the edges at one vertex and solving again costs about n^2 steps
 * per vertex changed, not a fresh solve: the Dutch pairing engine asks hundreds of small
 * questions of one graph.
 */
#ifndef SHASHKI_TOURNAMENT_MATCHING_H
#define SHASHKI_TOURNAMENT_MATCHING_H

#include "wide.h"

typedef struct Matching Matching;

/* A graph of n vertices with no edges; NULL if out of memory. */
Matching *matching_new(int n, int limbs);
void matching_free(Matching *m);
int matching_limbs(const Matching *m);

/* Set the weight of the edge between v and u (v != u). `v` is the vertex whose edges are
 * being changed; changing many edges at few vertices is what is cheap. */
void matching_set(Matching *m, int v, int u, const Limb *weight);
/* The weight now on the edge (the caller's scale). */
void matching_get(const Matching *m, int v, int u, Limb *weight);

/* Solve (again). Returns false if out of memory. */
bool matching_solve(Matching *m);
/* v's partner in the last solution, or -1. */
int matching_mate(const Matching *m, int v);

#endif
