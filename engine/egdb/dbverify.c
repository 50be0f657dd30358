/* dbverify.c - the consistency pass and the sampled search (see dbverify.h). */
#include "egdb/dbverify.h"

#include <stdlib.h>
#include <string.h>

#include "egdb/dbbuild.h"
#include "egdb/dbfile.h"
#include "egdb/dbprobe.h"
#include "error.h"
#include "thread.h"

typedef struct Check {
    const DbVerifyOptions *o;
    Db *db;
    DbSlice *slices;
    int count, next;
    pthread_mutex_t lock;
    DbVerifyResult *r;
    bool failed;
    ShError err;
} Check;

static const char *RESULT[4] = {"draw", "win", "loss", "?"};

static void report(Check *c, const char *what, const ShPosition *p, int stored, int sd,
                   int want, int wd)
{
    if (!c->o->log)
        return;
    char fen[SH_FEN_SIZE];
    sh_fen_write(p, false, fen);
    pthread_mutex_lock(&c->lock);
    fprintf(c->o->log, "MISMATCH (%s) %s: stored %s dtc %d, successors say %s dtc %d\n", what,
            fen, RESULT[stored & 3], sd, RESULT[want & 3], wd);
    pthread_mutex_unlock(&c->lock);
}

/* The value the successors give (and its distance, -1 when not kept); false when a
 * successor is not in the databases. */
static bool from_successors(Db *db, const ShPosition *p, int *res, int *dtc)
{
    ShMoveList list;
    sh_moves_generate(p, &list);
    if (list.count == 0) {
        *res = DB_LOSS;
        *dtc = 0;
        return true;
    }
    int wmin = 1 << 20, lmax = 0;
    bool draw = false, all_win = true, have_dtc = true;
    for (int i = 0; i < list.count; i++) {
        ShPosition child;
        sh_position_play(p, &list.moves[i], &child);
        DbValue v = {DB_LOSS, 0};
        if (child.pieces[child.side] && !dbprobe_value(db, &child, &v))
            return false;
        bool conv = list.moves[i].captured || list.moves[i].promotes;
        if (v.dtc < 0 && !conv)
            have_dtc = false;
        int plies = conv ? 1 : v.dtc + 1;
        if (v.result == DB_LOSS) {
            all_win = false;
            if (plies < wmin)
                wmin = plies;
        } else if (v.result == DB_WIN) {
            if (plies > lmax)
                lmax = plies;
        } else {
            draw = true;
            all_win = false;
        }
    }
    (void)draw;
    if (wmin < (1 << 20)) {
        *res = DB_WIN;
        *dtc = have_dtc ? wmin : -1;
    } else if (all_win) {
        *res = DB_LOSS;
        *dtc = have_dtc ? lmax : -1;
    } else {
        *res = DB_DRAW;
        *dtc = have_dtc ? 0 : -1;
    }
    return true;
}

static void check_slice(Check *c, const DbSlice *s, uint64_t *checked, uint64_t *bad)
{
    bool dtc = dbindex_pieces(&s->t[0]) <= DB_DTC_PIECES;
    for (int t = 0; t < s->ntables; t++) {
        uint64_t size = dbindex_size(&s->t[t]);
        for (uint64_t i = 0; i < size; i++) {
            ShPosition p;
            if (!dbindex_unrank(&s->t[t], i, SH_VARIANT_RUSSIAN, &p))
                continue;
            p.key = sh_position_hash(&p);
            DbValue v;
            int res, d;
            if (!dbprobe_value(c->db, &p, &v) || !from_successors(c->db, &p, &res, &d)) {
                report(c, "missing", &p, 3, -1, 3, -1);
                (*bad)++;
                continue;
            }
            (*checked)++;
            bool ok = v.result == res;
            if (ok && dtc && (v.dtc != d || d < 0))
                ok = false;
            if (!ok) {
                report(c, "successors", &p, v.result, v.dtc, res, d);
                (*bad)++;
            }
        }
    }
}

static void *check_worker(void *arg)
{
    Check *c = arg;
    for (;;) {
        pthread_mutex_lock(&c->lock);
        int i = c->next++;
        pthread_mutex_unlock(&c->lock);
        if (i >= c->count)
            break;
        uint64_t checked = 0, bad = 0;
        check_slice(c, &c->slices[i], &checked, &bad);
        pthread_mutex_lock(&c->lock);
        c->r->positions += checked;
        c->r->mismatches += bad;
        c->r->slices++;
        pthread_mutex_unlock(&c->lock);
    }
    return NULL;
}

/* ---- the plain search ---- */

enum { UNKNOWN = -1 };

/* Minimax over the rules to `depth` plies; a capture or crowning ends the line with the
 * databases' value of the position it leads to. Returns DB_WIN, DB_LOSS, DB_DRAW (proven) or
 * UNKNOWN. */
static int plain(Db *db, const ShPosition *p, int depth)
{
    ShMoveList list;
    sh_moves_generate(p, &list);
    if (list.count == 0)
        return DB_LOSS;
    if (depth == 0)
        return UNKNOWN;
    bool unknown = false, draw = false;
    for (int i = 0; i < list.count; i++) {
        ShPosition child;
        sh_position_play(p, &list.moves[i], &child);
        int v;
        if (!child.pieces[child.side]) {
            v = DB_LOSS;
        } else if (list.moves[i].captured || list.moves[i].promotes) {
            DbValue dv;
            v = dbprobe_value(db, &child, &dv) ? dv.result : UNKNOWN;
        } else {
            v = plain(db, &child, depth - 1);
        }
        if (v == DB_LOSS)
            return DB_WIN;
        if (v == UNKNOWN)
            unknown = true;
        else if (v == DB_DRAW)
            draw = true;
    }
    if (unknown)
        return UNKNOWN;
    return draw ? DB_DRAW : DB_LOSS;
}

static void sample(Check *c, uint64_t *seed)
{
    int n = c->o->sample;
    for (int k = 0; k < n && c->count > 0; k++) {
        *seed = *seed * 6364136223846793005ULL + 1442695040888963407ULL;
        const DbSlice *s = &c->slices[(*seed >> 33) % (uint64_t)c->count];
        *seed = *seed * 6364136223846793005ULL + 1442695040888963407ULL;
        int t = (int)((*seed >> 40) % (uint64_t)s->ntables);
        uint64_t size = dbindex_size(&s->t[t]);
        *seed = *seed * 6364136223846793005ULL + 1442695040888963407ULL;
        uint64_t i = (*seed >> 11) % size;
        ShPosition p;
        if (!dbindex_unrank(&s->t[t], i, SH_VARIANT_RUSSIAN, &p))
            continue;
        p.key = sh_position_hash(&p);
        DbValue v;
        if (!dbprobe_value(c->db, &p, &v))
            continue;
        c->r->sampled++;
        /* With a distance: the search to that depth proves the value, one ply less does not
         * find the win. Without: whatever a shallow search proves must agree. */
        int depth = v.dtc > 0 && v.dtc <= 7 ? v.dtc : 3;
        int got = plain(c->db, &p, depth);
        bool bad = false;
        if (got != UNKNOWN) {
            c->r->proven++;
            bad = got != v.result;
        } else if (v.dtc > 0 && v.dtc <= 7 && v.result != DB_DRAW) {
            bad = true;
        }
        if (!bad && v.result == DB_WIN && v.dtc > 1 && v.dtc <= 7 &&
            plain(c->db, &p, v.dtc - 1) == DB_WIN)
            bad = true;
        if (bad) {
            c->r->sample_mismatches++;
            report(c, "search", &p, v.result, v.dtc, got < 0 ? 3 : got, depth);
        }
    }
}

ShStatus dbverify_run(const DbVerifyOptions *o, DbVerifyResult *r, ShError *err)
{
    memset(r, 0, sizeof *r);
    Check c;
    memset(&c, 0, sizeof c);
    c.o = o;
    c.r = r;
    c.db = dbprobe_open(o->dir, 256, err);
    if (!c.db)
        return err ? err->code : SH_ERR_IO;
    /* The slices in the folder, of up to o->pieces pieces. */
    DbSlice *all;
    int n = dbbuild_slices(o->pieces > 0 ? o->pieces : dbprobe_max_pieces(c.db), &all);
    if (n < 0) {
        dbprobe_close(c.db);
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    }
    c.slices = all;
    for (int i = 0; i < n; i++)
        if (dbprobe_has_table(c.db, &all[i].t[0]))
            all[c.count++] = all[i];
    pthread_mutex_init(&c.lock, NULL);
    int threads = o->threads < 1 ? 1 : o->threads > 64 ? 64 : o->threads;
    pthread_t tid[64];
    int started = 0;
    for (int i = 1; i < threads; i++)
        if (pthread_create(&tid[started], NULL, check_worker, &c) == 0)
            started++;
    check_worker(&c);
    for (int i = 0; i < started; i++)
        pthread_join(tid[i], NULL);
    uint64_t seed = 12345;
    sample(&c, &seed);
    pthread_mutex_destroy(&c.lock);
    free(all);
    dbprobe_close(c.db);
    return SH_OK;
}
