/* dbsearch.c - the endgame databases as the search uses them (see dbsearch.h). */
#include "dbsearch.h"

#include "drawrules.h"
#include "egdb/dbfile.h"

/* Material ahead of the side to move, in men (a king is three). */
static int material_ahead(const ShPosition *pos)
{
    int us = pos->side, them = us ^ 1;
    int m = 3 * bb_count(pos_kings(pos, us)) + bb_count(pos_men(pos, us)) -
            3 * bb_count(pos_kings(pos, them)) - bb_count(pos_men(pos, them));
    return m > 10 ? 10 : m < -10 ? -10 : m;
}

/* Whether the value's win or loss holds under counts that leave `left` plies. */
static bool fits_counts(const ShPosition *pos, const DbValue *v, int left)
{
    if (drawrules_material(pos, MAT_MAIN_ROAD))
        return false;
    return v->dtc >= 0 ? v->dtc <= left : left >= DBSEARCH_WDL_MARGIN;
}

int dbsearch_score(Db *db, const ShPosition *pos, int ply, int left)
{
    DbValue v;
    if (!dbprobe_value(db, pos, &v))
        return DBSEARCH_NONE;
    if (v.result == DB_DRAW)
        return 0;
    if (!fits_counts(pos, &v, left))
        return DBSEARCH_NONE;
    int dtc = v.dtc < 0 || v.dtc > 100 ? 100 : v.dtc;
    if (v.result == DB_WIN)
        return ENGINE_SCORE_DB_BASE + 20 * material_ahead(pos) - dtc - ply;
    return -(ENGINE_SCORE_DB_BASE - 20 * material_ahead(pos) - dtc - ply);
}

int dbsearch_root_moves(Db *db, const ShPosition *root, int left, const ShMove *moves, int count,
                        bool *keep)
{
    DbValue rv;
    if (count == 0 || !dbprobe_value(db, root, &rv) || rv.result == DB_LOSS)
        return 0;
    bool quickest = rv.result == DB_WIN && rv.dtc >= 0 && fits_counts(root, &rv, left);
    int kept = 0;
    for (int i = 0; i < count; i++) {
        ShPosition child;
        sh_position_play(root, &moves[i], &child);
        DbValue cv = {DB_LOSS, 0};
        if (child.pieces[child.side] && !dbprobe_value(db, &child, &cv))
            return 0;
        bool converts = moves[i].captured || moves[i].promotes;
        if (rv.result == DB_WIN)
            keep[i] = cv.result == DB_LOSS &&
                      (!quickest || (converts ? 1 : cv.dtc + 1) == rv.dtc);
        else
            keep[i] = cv.result == DB_DRAW;
        kept += keep[i];
    }
    return kept;
}

bool dbsearch_verdict(Db *db, const ShPosition *pos, EngineEgdbValue *value)
{
    DbValue v;
    if (!dbprobe_value(db, pos, &v))
        return false;
    value->result = v.result == DB_WIN ? 1 : v.result == DB_LOSS ? -1 : 0;
    value->dtc = v.result == DB_DRAW ? -1 : v.dtc;
    value->pieces = bb_count(pos_occupied(pos));
    return true;
}
