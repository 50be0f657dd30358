/* review.c - a game reviewed by the engine (review.h): its positions searched one after the
 * other with a cleared engine, its moves judged in winning chances, the record annotated. */
#include "review.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "error.h"
#include "other_search.h"

/* ---- scores ---------------------------------------------------------------------------- */

static bool draughts_scores(const ShKind *kind)
{
    return kind->family != SH_FAMILY_OTHER;
}

int review_score_plies(const ShKind *kind, int score, bool *database)
{
    if (database)
        *database = false;
    if (draughts_scores(kind)) {
        if (engine_score_is_db(score)) {
            if (database)
                *database = true;
            return 0;
        }
        int plies = engine_score_plies(score);
        return engine_score_is_loss(score) ? -plies : plies;
    }
    if (!other_search_is_mate(score))
        return 0;
    return score > 0 ? OTHER_SEARCH_WIN - score : -(OTHER_SEARCH_WIN + score);
}

/* A win (> 0), a loss (< 0) or neither (0) that a score proves. */
static int proven(const ShKind *kind, int score)
{
    if (draughts_scores(kind))
        return engine_score_is_win(score) ? 1 : engine_score_is_loss(score) ? -1 : 0;
    return other_search_is_mate(score) ? (score > 0 ? 1 : -1) : 0;
}

double review_chance(const ShKind *kind, int score)
{
    int p = proven(kind, score);
    if (p)
        return p > 0 ? 1.0 : 0.0;
    return 1.0 / (1.0 + exp(-REVIEW_CURVE * (double)score));
}

void review_score_text(const ShKind *kind, int score, char *out, size_t size)
{
    bool database;
    int plies = review_score_plies(kind, score, &database);
    if (database)
        snprintf(out, size, "%s", score > 0 ? "#db" : "#-db");
    else if (plies)
        snprintf(out, size, "#%d", plies > 0 ? (plies + 1) / 2 : -((-plies + 1) / 2));
    else
        snprintf(out, size, "%+.2f", (double)score / 100.0);
}

/* The score of a position the rules ended, for its player to move. */
static int verdict_score(const ShKind *kind, const ShVerdict *v, int player)
{
    int win = draughts_scores(kind) ? ENGINE_SCORE_WIN : OTHER_SEARCH_WIN;
    if (v->winner < 0)
        return 0;
    return v->winner == player ? win : -win;
}

/* ---- marks ----------------------------------------------------------------------------- */

const char *review_mark_glyph(ReviewMark mark)
{
    static const char *const GLYPH[] = {"", "!", "?!", "?", "??"};
    return mark <= REVIEW_MARK_BLUNDER ? GLYPH[mark] : "";
}

const char *review_mark_name(ReviewMark mark)
{
    static const char *const NAME[] = {"", "only", "inaccuracy", "mistake", "blunder"};
    return mark <= REVIEW_MARK_BLUNDER ? NAME[mark] : "";
}

int review_mark_nag(ReviewMark mark)
{
    static const int NAG[] = {0, 1, 6, 2, 4};
    return mark <= REVIEW_MARK_BLUNDER ? NAG[mark] : 0;
}

/* ---- the review ------------------------------------------------------------------------ */

void review_free(Review *r)
{
    if (!r)
        return;
    sh_play_free(r->start);
    free(r->positions);
    free(r->moves);
    free(r->played);
    free(r);
}

/* The game from its start, as it began (settings, its own position or a ballot), without its
 * clocks, tags or the way it ended. */
static ShPlay *fresh_start(const ShPlay *game, ShError *err)
{
    char start[SH_PLAY_TEXT_SIZE];
    sh_play_position_text(game, 0, start, sizeof start);
    const char *opening = sh_play_opening(game);
    ShPlayOptions options = {
        .settings = sh_play_settings(game),
        .start = sh_play_set_up(game) ? start : NULL,
        .opening = opening && *opening ? opening : NULL,
    };
    ShPlay *play = NULL;
    if (sh_play_new(&play, sh_play_kind(game), &options, err) != SH_OK)
        return NULL;
    return play;
}

Review *review_new(const ShPlay *game, ShError *err)
{
    const ShKind *kind = sh_play_kind(game);
    if (!kind->engine) {
        error_set(err, SH_ERR_ARGUMENT, 0, 0, "the engine does not play %s", kind->name);
        return NULL;
    }
    int plies = sh_play_ply_count(game);
    Review *r = calloc(1, sizeof *r);
    if (r) {
        r->positions = calloc((size_t)plies + 1, sizeof *r->positions);
        r->moves = calloc((size_t)plies + 1, sizeof *r->moves);
        r->played = calloc((size_t)plies + 1, sizeof *r->played);
    }
    if (!r || !r->positions || !r->moves || !r->played) {
        review_free(r);
        error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
        return NULL;
    }
    r->kind = kind;
    r->players = kind->players;
    r->start = fresh_start(game, err);
    if (!r->start) {
        review_free(r);
        return NULL;
    }
    r->first = sh_play_opening_plies(r->start);
    /* walk the game's moves to its last, or to where the rules ended it */
    ShPlay *walk = sh_play_copy(r->start);
    r->plies = r->first;
    for (int k = r->first; walk && k < plies; k++) {
        ShPlayMove m;
        if (sh_play_move_at(game, k, &m, NULL) != SH_OK ||
            sh_play_move(walk, m.full, NULL, NULL) != SH_OK)
            break;
        snprintf(r->played[k], sizeof r->played[k], "%s", m.full);
        r->plies = k + 1;
    }
    for (int k = 0; walk && k <= r->plies; k++) {
        r->positions[k].player = sh_play_to_move(walk, k);
        r->positions[k].state = k < r->first ? REVIEW_BALLOT : REVIEW_OPEN;
        r->moves[k].player = r->positions[k].player;
    }
    if (!walk) {
        review_free(r);
        error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
        return NULL;
    }
    sh_play_free(walk);
    return r;
}

/* Search (or decide) position k of `walk`, the game at that position. */
static ShStatus review_position(Review *r, int k, const ShPlay *walk, PlayEngine *engine,
                                const ReviewLimits *limits, ShError *err)
{
    ReviewPosition *p = &r->positions[k];
    ShVerdict v;
    sh_play_verdict(walk, &v);
    if (v.over) {
        p->state = REVIEW_OVER;
        p->score = verdict_score(r->kind, &v, p->player);
        return SH_OK;
    }
    PlayLimits l = {.level = 10, .time_left = -1, .lines = 2, .two_depths = true};
    l.nodes = limits ? limits->nodes : 0;
    l.depth = limits ? limits->depth : 0;
    l.move_time = limits ? limits->seconds : 0;
    if (!l.nodes && !l.depth && l.move_time <= 0)
        l.nodes = REVIEW_DEFAULT_NODES;
    if (r->players > 2 && k < r->plies)
        l.judge = r->played[k];
    PlayChoice *c = malloc(sizeof *c);
    if (!c)
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    ShStatus st = play_engine_search(engine, walk, &l, c, err);
    if (st == SH_OK && !(limits && limits->stop && atomic_load(limits->stop))) {
        p->state = REVIEW_SEARCHED;
        p->score = c->score;
        p->depth = c->depth;
        p->nodes = c->nodes;
        snprintf(p->best, sizeof p->best, "%s", c->has_move ? c->move : "");
        snprintf(p->pv, sizeof p->pv, "%s", c->pv);
        p->has_second = c->has_second;
        snprintf(p->second, sizeof p->second, "%s", c->has_second ? c->second : "");
        p->second_score = c->second_score;
        p->has_judged = c->has_judged;
        p->judged_score = c->judged_score;
    }
    free(c);
    return st;
}

ShStatus review_run(Review *r, PlayEngine *engine, const ReviewLimits *limits,
                    ReviewProgress progress, void *user, ShError *err)
{
    ShPlay *walk = sh_play_copy(r->start);
    if (!walk)
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    play_engine_clear(engine);
    ShStatus st = SH_OK;
    for (int k = r->first; k <= r->plies; k++) {
        if (k > r->first && sh_play_move(walk, r->played[k - 1], NULL, err) != SH_OK) {
            st = err ? err->code : SH_ERR_ILLEGAL_MOVE;
            break;
        }
        if (r->positions[k].state != REVIEW_OPEN)
            continue;
        if (limits && limits->stop && atomic_load(limits->stop))
            break;
        st = review_position(r, k, walk, engine, limits, err);
        if (st != SH_OK || r->positions[k].state == REVIEW_OPEN) /* failed, or stopped */
            break;
        r->done++;
        if (progress && !progress(r, k, user))
            break;
    }
    sh_play_free(walk);
    review_judge(r);
    return st;
}

static bool known(const ReviewPosition *p)
{
    return p->state == REVIEW_SEARCHED || p->state == REVIEW_OVER;
}

/* The mover's expected score after move k, or a negative value when it is not known. */
static double after_move(const Review *r, int k)
{
    const ReviewPosition *p = &r->positions[k], *q = &r->positions[k + 1];
    int mover = p->player;
    if (r->players > 2) {
        if (p->has_judged)
            return review_chance(r->kind, p->judged_score);
        if (strcmp(p->best, r->played[k]) == 0) /* the search's best: its score */
            return review_chance(r->kind, p->score);
        if (q->state == REVIEW_OVER) /* the move ended the game */
            return q->score == 0 ? 0.5 : review_chance(r->kind, q->player == mover ? q->score
                                                                                   : -q->score);
        return -1;
    }
    double chance = review_chance(r->kind, q->score);
    return q->player == mover ? chance : 1.0 - chance;
}

void review_judge(Review *r)
{
    memset(r->summary, 0, sizeof r->summary);
    double total[SH_MAX_PLAYERS] = {0};
    r->done = 0;
    for (int k = r->first; k <= r->plies; k++)
        r->done += known(&r->positions[k]);
    for (int k = r->first; k < r->plies; k++) {
        ReviewMove *m = &r->moves[k];
        const ReviewPosition *p = &r->positions[k];
        memset(m, 0, sizeof *m);
        m->player = p->player;
        if (p->state != REVIEW_SEARCHED || !known(&r->positions[k + 1]))
            continue;
        double after = after_move(r, k);
        if (after < 0)
            continue;
        m->judged = true;
        m->before = review_chance(r->kind, p->score);
        m->after = after;
        m->best = strcmp(p->best, r->played[k]) == 0;
        /* the engine's own best costs nothing: where the next position's search scores it
         * lower, that is the search's horizon, not the player's error */
        m->loss = m->before > m->after && !m->best ? m->before - m->after : 0;
        if (m->loss >= REVIEW_BLUNDER)
            m->mark = REVIEW_MARK_BLUNDER;
        else if (m->loss >= REVIEW_MISTAKE)
            m->mark = REVIEW_MARK_MISTAKE;
        else if (m->loss >= REVIEW_INACCURACY)
            m->mark = REVIEW_MARK_INACCURACY;
        else if (m->best && p->has_second &&
                 m->before - review_chance(r->kind, p->second_score) >= REVIEW_ONLY)
            m->mark = REVIEW_MARK_ONLY;
        ReviewSummary *s = &r->summary[m->player];
        s->moves++;
        total[m->player] += m->loss;
        s->inaccuracies += m->mark == REVIEW_MARK_INACCURACY;
        s->mistakes += m->mark == REVIEW_MARK_MISTAKE;
        s->blunders += m->mark == REVIEW_MARK_BLUNDER;
        s->only += m->mark == REVIEW_MARK_ONLY;
    }
    for (int p = 0; p < SH_MAX_PLAYERS; p++)
        r->summary[p].average_loss = r->summary[p].moves ? total[p] / r->summary[p].moves : 0;
}

/* ---- the record ------------------------------------------------------------------------ */

/* The plies of a line a comment shows. */
#define COMMENT_LINE_PLIES 10

/* A line of full texts in the game's usual notation, from the position `at`, at most
 * COMMENT_LINE_PLIES of it (moves that do not play stop it). */
static void line_text(const ShPlay *at, const char *line, char *out, size_t size)
{
    out[0] = '\0';
    ShPlay *walk = sh_play_copy(at);
    char copy[PLAY_PV_SIZE];
    snprintf(copy, sizeof copy, "%s", line);
    size_t n = 0;
    char *save = NULL;
    int plies = 0;
    for (char *tok = strtok_r(copy, " ", &save); walk && tok && plies++ < COMMENT_LINE_PLIES;
         tok = strtok_r(NULL, " ", &save)) {
        ShPlayMove m;
        if (sh_play_move(walk, tok, &m, NULL) != SH_OK)
            break;
        int w = snprintf(out + n, size - n, "%s%s", n ? " " : "", m.text);
        if (w < 0 || (size_t)w >= size - n) {
            out[n] = '\0';
            break;
        }
        n += (size_t)w;
    }
    sh_play_free(walk);
}

/* A score for the player to move in position p, in White's view (player 0). */
static int white_score(const ReviewPosition *p)
{
    return p->player == 0 ? p->score : -p->score;
}

/* The comment after move k (the game `at` at position k). */
static void move_comment(const Review *r, int k, const ShPlay *at, char *out, size_t size)
{
    const ReviewPosition *p = &r->positions[k], *q = &r->positions[k + 1];
    const ReviewMove *m = &r->moves[k];
    size_t n = 0;
    char score[32], line[PLAY_PV_SIZE];
    out[0] = '\0';
    if (q->state == REVIEW_SEARCHED) {
        review_score_text(r->kind, white_score(q), score, sizeof score);
        n += (size_t)snprintf(out + n, size - n, "[%%eval %s,%d]", score, q->depth);
    }
    if (m->mark == REVIEW_MARK_ONLY && n < size) {
        ShPlayMove second;
        char text[SH_PLAY_MOVE_TEXT_SIZE] = "";
        if (sh_play_parse_move(at, p->second, &second, NULL) == SH_OK)
            snprintf(text, sizeof text, "%s", second.text);
        n += (size_t)snprintf(out + n, size - n, "%sOnly move: the next best, %s, loses %d%%.",
                              n ? " " : "", text,
                              (int)(100 * (m->before - review_chance(r->kind, p->second_score))));
    } else if (m->mark != REVIEW_MARK_NONE && n < size) {
        const char *name = review_mark_name(m->mark);
        line_text(at, p->pv, line, sizeof line);
        ShPlayMove best;
        char first[SH_PLAY_MOVE_TEXT_SIZE] = "";
        if (sh_play_parse_move(at, p->best, &best, NULL) == SH_OK)
            snprintf(first, sizeof first, "%s", best.text);
        review_score_text(r->kind, white_score(p), score, sizeof score);
        n += (size_t)snprintf(out + n, size - n, "%s%c%s (-%d%%): best %s %s (%s).",
                              n ? " " : "", name[0] - 'a' + 'A', name + 1, (int)(100 * m->loss),
                              first, score, line);
    }
    if (q->state == REVIEW_SEARCHED && q->pv[0] && n < size) {
        ShPlay *next = sh_play_copy(at);
        if (next && sh_play_move(next, r->played[k], NULL, NULL) == SH_OK) {
            line_text(next, q->pv, line, sizeof line);
            if (line[0])
                snprintf(out + n, size - n, "%sLine: %s", n ? " " : "", line);
        }
        sh_play_free(next);
    }
}

ShStatus review_annotate(const Review *r, ShPlay *game, ShError *err)
{
    ShPlay *walk = sh_play_copy(r->start);
    size_t size = 4 * PLAY_PV_SIZE;
    char *comment = malloc(size);
    if (!walk || !comment) {
        sh_play_free(walk);
        free(comment);
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    }
    ShStatus st = SH_OK;
    for (int k = r->first; k < r->plies && st == SH_OK; k++) {
        const ReviewMove *m = &r->moves[k];
        if (m->judged || r->positions[k + 1].state == REVIEW_SEARCHED) {
            move_comment(r, k, walk, comment, size);
            if (comment[0])
                st = sh_play_set_comment(game, k, comment, err);
            if (st == SH_OK && m->judged && m->mark != REVIEW_MARK_NONE)
                st = sh_play_add_nag(game, k, review_mark_nag(m->mark), err);
        }
        if (st == SH_OK && sh_play_move(walk, r->played[k], NULL, err) != SH_OK)
            st = err ? err->code : SH_ERR_ILLEGAL_MOVE;
    }
    free(comment);
    sh_play_free(walk);
    return st;
}
