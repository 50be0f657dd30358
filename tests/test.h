/* test.h - the test runner's small vocabulary.
 *
 * A suite is a function that runs cases. A case starts with test_case("name ...") and fails if
 * any CHECK inside it fails; the runner counts cases and ends with "N passed, M failed". Data
 * for the tests lives in tests/data (see its README); test_data() gives a file's path. */
#ifndef SHASHKI_TEST_H
#define SHASHKI_TEST_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "shashki.h"

void test_case(const char *format, ...) __attribute__((format(printf, 1, 2)));
void test_fail(const char *file, int line, const char *format, ...)
    __attribute__((format(printf, 3, 4)));
bool test_case_failed(void);

/* The path of a data file; the name may have folders ("games/test.pdn"). */
const char *test_data(const char *name);
/* The shashki program under test. */
const char *test_program(void);
/* True when the run was asked to include slow checks (--slow). */
bool test_slow(void);

/* Read a whole file (NUL-terminated); NULL if it cannot be read. Free it with free(). */
char *test_read_file(const char *path, size_t *size);

/* The next line of a text being read in place (the newline and a CR before it are cut off);
 * NULL at the end. Start with *cursor = text. */
char *test_next_line(char **cursor);

/* A small deterministic random generator for property tests. */
uint64_t test_random(uint64_t *state);

#define CHECK(cond)                                                                          \
    do {                                                                                     \
        if (!(cond))                                                                         \
            test_fail(__FILE__, __LINE__, "%s", #cond);                                      \
    } while (0)

#define CHECK_MSG(cond, ...)                                                                 \
    do {                                                                                     \
        if (!(cond))                                                                         \
            test_fail(__FILE__, __LINE__, __VA_ARGS__);                                      \
    } while (0)

#define CHECK_INT(actual, expected)                                                          \
    do {                                                                                     \
        long long a_ = (long long)(actual), e_ = (long long)(expected);                      \
        if (a_ != e_)                                                                        \
            test_fail(__FILE__, __LINE__, "%s = %lld, expected %lld", #actual, a_, e_);     \
    } while (0)

#define CHECK_STR(actual, expected)                                                          \
    do {                                                                                     \
        const char *a_ = (actual), *e_ = (expected);                                         \
        if (!a_ || !e_ || strcmp(a_, e_) != 0)                                               \
            test_fail(__FILE__, __LINE__, "%s = \"%s\", expected \"%s\"", #actual,          \
                      a_ ? a_ : "(null)", e_ ? e_ : "(null)");                               \
    } while (0)

/* The suites (one file each). */
void suite_board(void);
void suite_rules(void);
void suite_perft(void);
void suite_fen(void);
void suite_notation(void);
void suite_openings(void);
void suite_properties(void);
void suite_columns(void);
void suite_wide(void);
void suite_board80(void);
void suite_other(void); /* the other games: the files of tests/data/other */
void suite_other_engine(void); /* their generic search (engine/other_search.h), self-play */
void suite_other_record(void); /* their PDN-style records */
void suite_play(void);         /* every game through the game interface (shashki_play.h) */
void suite_game(void);
void suite_nnue(void);  /* the learned evaluation (engine/nnue.h) */
void suite_clock(void);
void suite_pdn(void);
void suite_cli(void);
void suite_dxp(void);
void suite_engine(void);
void suite_egdb(void);
/* The plain exhaustive solver (test_egdb_plain.c) against the databases in `dir`: every position
 * of at most three pieces and of three kings against one; counts what it checked, the
 * positions where the two differ in value or distance, and the wins. */
void egdb_plain_check(const char *dir, uint64_t *checked, uint64_t *mismatches, uint64_t *wins);
void suite_solve(void);
void suite_store(void);
void suite_web(void);
void suite_web_pg(void);
void suite_faults_pg(void);
void suite_ops(void);    /* running a site: secrets, nginx (test_ops.c) */
void suite_pool_pg(void); /* serve --db-pool N on PostgreSQL (test_pool.c) */
void suite_ops_pg(void); /* ... on PostgreSQL: libpq's files, shared pacing */
void suite_store_pg(void);
void suite_tournament_store_pg(void);
void suite_tournament(void);
void suite_tournament_store(void);
void suite_rating(void); /* Glicko-2 and the speeds of play (shashki_rating.h) */
void suite_team(void); /* team events, individual-team events, TRF16 team lines */
void suite_tables(void); /* events of three and four players at tables */
void suite_trf(void); /* TRF16 as arbiters write it: every kind of cell, double forfeits */
void suite_contest(void); /* solving and composing contests */
void suite_browser(void);
void suite_book(void);
void suite_load(void); /* only with --slow */

#endif
