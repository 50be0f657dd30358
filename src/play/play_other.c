/* play_other.c - the other games behind the game interface (play_impl.h). The game's record
 * (ShOtherRecord: the start, the moves, the tags) and its module's rules give the moves and the
 * rules' own end; what a game between people needs besides is kept here: an end the rules do
 * not decide (a resignation, a draw agreed, a flag, the arbiter's word, a record's result), the
 * draw offer, and a clock for every player.
 *
 * Positions before the current one are rebuilt by replaying the record from its start (a move
 * is a few microseconds); the moves as played are kept with their texts, so a whole game's
 * history is written without replaying it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "error.h"
#include "play_impl.h"

typedef struct OtherPlay {
    ShOtherRecord rec;
    ShPlayMove *played;    /* each move as played, rec.move_count of them */
    int played_capacity;
    bool replay;
    /* an end the rules did not decide */
    bool ended;
    char result[SH_PLAY_RESULT_SIZE];
    char reason_code[32];
    char reason[160];
    int offer;             /* the player whose draw offer waits, -1 */
    /* the clock, and each move's clock before it was pressed (for undo) */
    bool has_clock;
    ShClock clock;
    ShClock *clock_before;
    int clock_capacity;
} OtherPlay;

static const ShOtherGame *game_of(const ShPlay *p)
{
    return p->kind->other;
}

/* ---- small helpers ----------------------------------------------------------------------- */

static void fill_move(const ShOtherGame *g, const ShOtherState *st, const ShOtherMove *m,
                      ShPlayMove *out)
{
    memset(out, 0, sizeof *out);
    g->move_text(st, m, out->text, sizeof out->text);
    snprintf(out->full, sizeof out->full, "%s", out->text);
    out->kind = m->kind;
    out->player = (uint8_t)g->to_move(st);
    out->promotes = m->promotes;
    out->length = m->length <= SH_PLAY_MAX_PATH ? m->length : SH_PLAY_MAX_PATH;
    memcpy(out->path, m->path, out->length);
    out->captured_count = m->captured_count <= SH_PLAY_MAX_PATH ? m->captured_count
                                                                 : SH_PLAY_MAX_PATH;
    memcpy(out->captured, m->captured, out->captured_count);
}

/* The position after `ply` moves: the current one, or the start replayed. */
static const ShOtherState *state_at(const ShPlay *p, int ply, ShOtherState *scratch)
{
    const OtherPlay *o = p->other;
    if (ply >= o->rec.move_count)
        return &o->rec.current;
    *scratch = o->rec.start;
    for (int i = 0; i < ply; i++)
        game_of(p)->make(scratch, &o->rec.moves[i]);
    return scratch;
}

static bool rules_over(const ShPlay *p, ShOtherResult *res)
{
    game_of(p)->result(&p->other->rec.current, res);
    return res->over;
}

static bool over(const ShPlay *p)
{
    ShOtherResult res;
    return p->other->ended || rules_over(p, &res);
}

static bool grow_played(OtherPlay *o)
{
    if (o->rec.move_count < o->played_capacity)
        return true;
    int cap = o->played_capacity ? o->played_capacity * 2 : 64;
    ShPlayMove *grown = realloc(o->played, (size_t)cap * sizeof *grown);
    ShClock *clocks = realloc(o->clock_before, (size_t)cap * sizeof *clocks);
    if (grown)
        o->played = grown;
    if (clocks)
        o->clock_before = clocks;
    if (!grown || !clocks)
        return false;
    o->played_capacity = o->clock_capacity = cap;
    return true;
}

/* End the game outside the rules. */
static void end_with(OtherPlay *o, const char *result, const char *code, const char *reason)
{
    o->ended = true;
    snprintf(o->result, sizeof o->result, "%s", result);
    snprintf(o->reason_code, sizeof o->reason_code, "%s", code);
    snprintf(o->reason, sizeof o->reason, "%s", reason);
    snprintf(o->rec.result, sizeof o->rec.result, "%s", result);
    o->offer = -1;
    if (o->has_clock)
        sh_clock_stop(&o->clock);
}

/* The result in which `loser` loses: with two players the other wins; with more the others
 * share the point. */
static void loser_result(const ShPlay *p, int loser, char *out, size_t size, int *winner)
{
    int n = p->kind->players;
    double points[SH_MAX_PLAYERS] = {0};
    for (int q = 0; q < n; q++)
        if (q != loser)
            points[q] = 1.0 / (n - 1);
    play_result_text(points, n, out, size);
    *winner = n == 2 ? loser ^ 1 : -1;
}

static const char *player_name(const ShPlay *p, int player)
{
    return player >= 0 && player < p->kind->players ? p->kind->player_names[player] : "?";
}

/* The rules' end after a move: the clock stops. */
static void after_move(OtherPlay *o, const ShPlay *p)
{
    ShOtherResult res;
    if (rules_over(p, &res) && o->has_clock)
        sh_clock_stop(&o->clock);
}

/* ---- life -------------------------------------------------------------------------------- */

static ShStatus o_create(ShPlay *p, const ShPlayOptions *opt, ShError *err)
{
    const ShOtherGame *g = game_of(p);
    OtherPlay *o = calloc(1, sizeof *o);
    if (!o)
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    o->offer = -1;
    o->replay = opt->replay;
    const char *start = opt->start && *opt->start ? opt->start : NULL;
    if (start && opt->settings && *opt->settings) {
        free(o);
        return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                         "a position's text keeps its own settings: give one or the other");
    }
    ShStatus s = sh_other_record_init(&o->rec, g, opt->settings, start, err);
    if (s == SH_OK && start && !opt->replay) {
        ShOtherResult res;
        g->result(&o->rec.current, &res);
        if (res.over)
            s = error_set(err, SH_ERR_INVALID_POSITION, 0, 0,
                          "the game is over in that position: nothing to play");
    }
    if (s != SH_OK) {
        sh_other_record_free(&o->rec);
        free(o);
        return s;
    }
    p->other = o;
    return SH_OK;
}

static ShStatus o_clone(ShPlay *dst, const ShPlay *src)
{
    const OtherPlay *s = src->other;
    OtherPlay *o = malloc(sizeof *o);
    if (!o)
        return SH_ERR_NO_MEMORY;
    *o = *s;
    o->rec.moves = NULL;
    o->played = NULL;
    o->clock_before = NULL;
    int cap = s->played_capacity > s->rec.move_capacity ? s->played_capacity : s->rec.move_capacity;
    if (cap > 0) {
        o->rec.moves = malloc((size_t)cap * sizeof *o->rec.moves);
        o->played = malloc((size_t)cap * sizeof *o->played);
        o->clock_before = malloc((size_t)cap * sizeof *o->clock_before);
        if (!o->rec.moves || !o->played || !o->clock_before) {
            free(o->rec.moves);
            free(o->played);
            free(o->clock_before);
            free(o);
            return SH_ERR_NO_MEMORY;
        }
        memcpy(o->rec.moves, s->rec.moves, (size_t)s->rec.move_count * sizeof *o->rec.moves);
        memcpy(o->played, s->played, (size_t)s->rec.move_count * sizeof *o->played);
        memcpy(o->clock_before, s->clock_before, (size_t)s->rec.move_count * sizeof *o->clock_before);
    }
    o->rec.move_capacity = o->played_capacity = o->clock_capacity = cap;
    if (!sh_other_record_copy_notes(&o->rec, &s->rec)) {
        free(o->rec.moves);
        free(o->played);
        free(o->clock_before);
        free(o);
        return SH_ERR_NO_MEMORY;
    }
    dst->other = o;
    return SH_OK;
}

static void o_destroy(ShPlay *p)
{
    OtherPlay *o = p->other;
    if (!o)
        return;
    sh_other_record_free(&o->rec);
    free(o->played);
    free(o->clock_before);
    free(o);
}

/* ---- positions and moves ----------------------------------------------------------------- */

static int o_ply_count(const ShPlay *p)
{
    return p->other->rec.move_count;
}

static int o_opening_plies(const ShPlay *p)
{
    (void)p;
    return 0;
}

static bool o_set_up(const ShPlay *p)
{
    return p->other->rec.setup;
}

static int o_to_move(const ShPlay *p, int ply)
{
    ShOtherState *scratch = malloc(sizeof *scratch);
    ShOtherState fallback;
    const ShOtherState *st = state_at(p, ply, scratch ? scratch : &fallback);
    int who = game_of(p)->to_move(st);
    free(scratch);
    return who;
}

static bool o_second_move(const ShPlay *p, int ply)
{
    (void)p;
    (void)ply;
    return false;
}

static size_t o_position_text(const ShPlay *p, int ply, char *out, size_t size)
{
    ShOtherState *scratch = malloc(sizeof *scratch);
    if (!scratch) {
        if (out && size)
            out[0] = '\0';
        return 0;
    }
    size_t n = game_of(p)->format(state_at(p, ply, scratch), out, size);
    free(scratch);
    return n;
}

static void o_geometry(const ShPlay *p, ShGeometry *out)
{
    game_of(p)->board(&p->other->rec.current, out);
}

static int o_units(const ShPlay *p, int ply, int cell, ShUnit *out)
{
    ShOtherState *scratch = malloc(sizeof *scratch);
    if (!scratch)
        return 0;
    ShUnit u = game_of(p)->piece(state_at(p, ply, scratch), cell);
    free(scratch);
    if (u.kind == SH_UNIT_NONE || u.kind > SH_UNIT_PAWN)
        return 0;
    out[0] = u;
    return 1;
}

static ShPlayMove *o_moves(const ShPlay *p, bool paths, int *count)
{
    (void)paths; /* a move of these games has one path */
    if (over(p))
        return NULL;
    const ShOtherGame *g = game_of(p);
    ShOtherMove *list = malloc(SH_OTHER_MAX_MOVES * sizeof *list);
    if (!list)
        return NULL;
    int n = g->moves(&p->other->rec.current, list);
    ShPlayMove *out = n > 0 ? malloc((size_t)n * sizeof *out) : NULL;
    if (out) {
        for (int i = 0; i < n; i++)
            fill_move(g, &p->other->rec.current, &list[i], &out[i]);
        *count = n;
    }
    free(list);
    return out;
}

static ShStatus o_parse_move(const ShPlay *p, const char *text, ShPlayMove *move, ShError *err)
{
    const ShOtherGame *g = game_of(p);
    ShOtherMove m;
    ShStatus s = sh_other_parse_move(g, &p->other->rec.current, text, &m, err);
    if (s == SH_OK)
        fill_move(g, &p->other->rec.current, &m, move);
    return s;
}

static ShStatus o_move(ShPlay *p, const char *text, ShPlayMove *played, ShError *err)
{
    OtherPlay *o = p->other;
    const ShOtherGame *g = game_of(p);
    if (o->ended && !o->replay)
        return error_set(err, SH_ERR_ILLEGAL_MOVE, 0, 0, "the game is over: %s", o->reason);
    ShOtherMove m;
    ShStatus s = sh_other_parse_move(g, &o->rec.current, text, &m, err);
    if (s != SH_OK)
        return s;
    if (!grow_played(o))
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    int mover = g->to_move(&o->rec.current);
    ShPlayMove filled;
    fill_move(g, &o->rec.current, &m, &filled);
    int k = o->rec.move_count;
    ShClock before = o->clock;
    if (o->has_clock && o->clock.running >= 0 && !o->replay) {
        if (o->clock.running != mover)
            sh_clock_start(&o->clock, mover);
        /* charge the time used so far, so that an undo gives the mover the clock as of now */
        sh_clock_set_remaining(&o->clock, mover, sh_clock_remaining(&o->clock, mover));
        before = o->clock;
        ShOtherState next = o->rec.current;
        g->make(&next, &m);
        if (!sh_clock_press_to(&o->clock, g->to_move(&next))) {
            char result[SH_PLAY_RESULT_SIZE], reason[160];
            int winner;
            loser_result(p, mover, result, sizeof result, &winner);
            snprintf(reason, sizeof reason, "%s lost on time", player_name(p, mover));
            end_with(o, result, "time", reason);
            return error_set(err, SH_ERR_ILLEGAL_MOVE, 0, 0, "%s's flag fell before the move",
                             player_name(p, mover));
        }
    }
    s = sh_other_record_play(&o->rec, &m, err);
    if (s != SH_OK) {
        o->clock = before;
        return s;
    }
    if (o->ended) /* a record replayed past its recorded end keeps that end */
        snprintf(o->rec.result, sizeof o->rec.result, "%s", o->result);
    o->played[k] = filled;
    o->clock_before[k] = before;
    if (o->offer >= 0 && o->offer != mover)
        o->offer = -1; /* the player offered a draw answered with a move */
    after_move(o, p);
    *played = filled;
    return SH_OK;
}

static ShStatus o_move_at(const ShPlay *p, int ply, ShPlayMove *out, ShError *err)
{
    (void)err;
    *out = p->other->played[ply];
    return SH_OK;
}

/* Play the record again from its start, without its last move. */
static ShStatus o_undo(ShPlay *p, ShError *err)
{
    OtherPlay *o = p->other;
    int n = o->rec.move_count - 1;
    ShClock restored = o->clock_before[n];
    sh_other_record_clear_notes(&o->rec, n); /* the move taken back takes its notes */
    o->rec.current = o->rec.start;
    o->rec.move_count = 0;
    for (int i = 0; i < n; i++) {
        ShStatus s = sh_other_record_play(&o->rec, &o->rec.moves[i], err);
        if (s != SH_OK)
            return s;
    }
    if (o->ended)
        o->ended = false;
    snprintf(o->rec.result, sizeof o->rec.result, "*");
    ShOtherResult res;
    if (rules_over(p, &res))
        sh_other_result_text(game_of(p), &res, o->rec.result, sizeof o->rec.result);
    o->offer = -1;
    if (o->has_clock && !o->replay) {
        /* the mover's clock as it was when the move was made, running again from now */
        restored.source = o->clock.source;
        restored.since = restored.source.now(restored.source.context);
        o->clock = restored;
        if (!over(p))
            sh_clock_start(&o->clock, game_of(p)->to_move(&o->rec.current));
    }
    return SH_OK;
}

/* ---- the arbiter ------------------------------------------------------------------------- */

static void o_verdict(const ShPlay *p, ShVerdict *v)
{
    const OtherPlay *o = p->other;
    const ShOtherGame *g = game_of(p);
    ShOtherResult res;
    rules_over(p, &res);
    for (int q = 0; q < g->players && q < SH_MAX_PLAYERS; q++)
        v->out[q] = res.out[q];
    if (o->ended) {
        v->over = true;
        play_verdict_from_result(v, o->result, g->players);
        snprintf(v->reason_code, sizeof v->reason_code, "%s", o->reason_code);
        if (v->winner >= 0)
            snprintf(v->reason, sizeof v->reason, "%s wins: %s", player_name(p, v->winner),
                     o->reason);
        else
            snprintf(v->reason, sizeof v->reason, "%s%s", o->reason[0] ? "" : "no winner",
                     o->reason);
        return;
    }
    if (!res.over)
        return;
    v->over = true;
    char result[SH_PLAY_RESULT_SIZE];
    sh_other_result_text(g, &res, result, sizeof result);
    play_verdict_from_result(v, result, g->players);
    snprintf(v->reason_code, sizeof v->reason_code, "rules");
    if (res.winner >= 0)
        snprintf(v->reason, sizeof v->reason, "%s wins: %s", player_name(p, res.winner),
                 res.reason);
    else
        snprintf(v->reason, sizeof v->reason, "no winner: %s", res.reason);
}

static ShStatus o_resign(ShPlay *p, int player, ShError *err)
{
    (void)err;
    char result[SH_PLAY_RESULT_SIZE], reason[160];
    int winner;
    loser_result(p, player, result, sizeof result, &winner);
    snprintf(reason, sizeof reason, "%s resigned", player_name(p, player));
    end_with(p->other, result, "resignation", reason);
    return SH_OK;
}

static bool o_may_offer_draw(const ShPlay *p, int player, ShError *err)
{
    int offer = p->other->offer;
    if (offer == player) {
        error_set(err, SH_ERR_ARGUMENT, 0, 0, "%s's offer is waiting for an answer",
                  player_name(p, player));
        return false;
    }
    if (offer >= 0) {
        error_set(err, SH_ERR_ARGUMENT, 0, 0, "%s has offered a draw: accept or decline it",
                  player_name(p, offer));
        return false;
    }
    return true;
}

static ShStatus o_offer_draw(ShPlay *p, int player, ShError *err)
{
    if (!o_may_offer_draw(p, player, err))
        return err ? err->code : SH_ERR_ARGUMENT;
    p->other->offer = player;
    return SH_OK;
}

static ShStatus o_accept_draw(ShPlay *p, int player, ShError *err)
{
    OtherPlay *o = p->other;
    if (o->offer < 0 || o->offer == player)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "no draw is offered to %s",
                         player_name(p, player));
    end_with(o, "1/2-1/2", "agreement", "draw agreed");
    return SH_OK;
}

static ShStatus o_decline_draw(ShPlay *p, int player, ShError *err)
{
    OtherPlay *o = p->other;
    if (o->offer < 0 || o->offer == player)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "no draw is offered to %s",
                         player_name(p, player));
    o->offer = -1;
    return SH_OK;
}

static int o_draw_offer(const ShPlay *p)
{
    return p->other->offer;
}

static bool o_may_claim(const ShPlay *p, char *reason, size_t size)
{
    (void)p;
    (void)reason;
    (void)size;
    return false;
}

static ShStatus o_claim_draw(ShPlay *p, const char *move, bool *granted, ShError *err)
{
    (void)move;
    *granted = false;
    return error_set(err, SH_ERR_ARGUMENT, 0, 0, "%s has no draw to claim", p->kind->name);
}

static int o_repetitions(const ShPlay *p)
{
    (void)p;
    return 1;
}

static ShStatus o_adjudicate(ShPlay *p, const char *result, ShError *err)
{
    (void)err;
    p->other->ended = false; /* a correction replaces the end before it */
    end_with(p->other, result, "adjudication", "by adjudication");
    return SH_OK;
}

/* The words of a recorded reason. */
static const char *reason_words(const char *code)
{
    static const struct {
        const char *code, *words;
    } WORDS[] = {
        {"resignation", "resigned"}, {"time", "on time"}, {"agreement", "draw agreed"},
        {"adjudication", "by adjudication"}, {"recorded", ""},
    };
    for (size_t i = 0; i < sizeof WORDS / sizeof WORDS[0]; i++)
        if (strcmp(WORDS[i].code, code) == 0)
            return WORDS[i].words;
    return "";
}

static ShStatus o_end(ShPlay *p, const char *result, const char *reason_code, ShError *err)
{
    (void)err;
    ShOtherResult res;
    bool adjudicated = strcmp(reason_code, "adjudication") == 0;
    if (rules_over(p, &res) && !adjudicated)
        return SH_OK; /* the rules ended it already */
    const char *code = reason_code;
    if (strcmp(code, "time") && strcmp(code, "resignation") && strcmp(code, "agreement") &&
        !adjudicated)
        code = "recorded";
    char reason[160];
    snprintf(reason, sizeof reason, "%s", reason_words(code));
    double points[SH_MAX_PLAYERS];
    play_result_points(result, p->kind->players, points);
    if (p->kind->players == 2 && (!strcmp(code, "resignation") || !strcmp(code, "time"))) {
        int loser = points[0] > 0.99 ? 1 : 0;
        snprintf(reason, sizeof reason, "%s %s", player_name(p, loser),
                 !strcmp(code, "time") ? "lost on time" : "resigned");
    }
    end_with(p->other, result, code, reason);
    return SH_OK;
}

/* ---- clocks, tags, the record ------------------------------------------------------------ */

static ShStatus o_set_clock(ShPlay *p, const ShTimeControl *control, ShTimeSource source,
                            ShError *err)
{
    OtherPlay *o = p->other;
    if (!control || control->count == 0) {
        o->has_clock = false;
        return SH_OK;
    }
    ShClock c;
    ShStatus s = sh_clock_init_players(&c, control, source, p->kind->players, err);
    if (s != SH_OK)
        return s;
    o->clock = c;
    o->has_clock = true;
    return SH_OK;
}

static const ShClock *o_clock(const ShPlay *p)
{
    return p->other->has_clock ? &p->other->clock : NULL;
}

static void o_start_clock(ShPlay *p)
{
    OtherPlay *o = p->other;
    if (o->has_clock && !over(p))
        sh_clock_start(&o->clock, game_of(p)->to_move(&o->rec.current));
}

static void o_set_remaining(ShPlay *p, int player, int64_t ms)
{
    if (p->other->has_clock)
        sh_clock_set_remaining(&p->other->clock, player, ms);
}

static void o_pause_clock(ShPlay *p, bool pause)
{
    OtherPlay *o = p->other;
    if (o->has_clock && pause)
        sh_clock_pause(&o->clock);
    else if (o->has_clock)
        sh_clock_resume(&o->clock);
}

static bool o_update(ShPlay *p)
{
    OtherPlay *o = p->other;
    if (!o->has_clock || o->clock.running < 0 || over(p))
        return false;
    int running = o->clock.running;
    if (!sh_clock_flag(&o->clock, running))
        return false;
    char result[SH_PLAY_RESULT_SIZE], reason[160];
    int winner;
    loser_result(p, running, result, sizeof result, &winner);
    snprintf(reason, sizeof reason, "%s lost on time", player_name(p, running));
    end_with(o, result, "time", reason);
    return true;
}

/* The record's field of a tag it keeps apart, NULL for the others. */
static char *tag_field(ShOtherRecord *rec, const char *name, size_t *size)
{
    *size = SH_OTHER_RECORD_TAG_SIZE;
    if (strcasecmp(name, "Event") == 0)
        return rec->event;
    if (strcasecmp(name, "Date") == 0)
        return rec->date;
    for (int q = 0; q < SH_MAX_PLAYERS; q++)
        if (strcasecmp(name, sh_play_player_tag(q)) == 0)
            return rec->player[q];
    return NULL;
}

static const char *o_tag(const ShPlay *p, const char *name)
{
    ShOtherRecord *rec = &p->other->rec;
    size_t size;
    const char *field = tag_field(rec, name, &size);
    if (field)
        return field[0] ? field : NULL;
    for (int i = 0; i < rec->tag_count; i++)
        if (strcasecmp(rec->tag_name[i], name) == 0)
            return rec->tag_value[i];
    return NULL;
}

/* Set (value NULL: remove) a tag of the record's own list. */
static ShStatus record_set_tag(ShOtherRecord *rec, const char *name, const char *value,
                               ShError *err)
{
    int at = -1;
    for (int i = 0; i < rec->tag_count; i++)
        if (strcasecmp(rec->tag_name[i], name) == 0)
            at = i;
    if (!value) {
        if (at >= 0) {
            for (int i = at; i + 1 < rec->tag_count; i++) {
                memcpy(rec->tag_name[i], rec->tag_name[i + 1], sizeof rec->tag_name[i]);
                memcpy(rec->tag_value[i], rec->tag_value[i + 1], sizeof rec->tag_value[i]);
            }
            rec->tag_count--;
        }
        return SH_OK;
    }
    if (at < 0) {
        if (rec->tag_count >= SH_OTHER_RECORD_MAX_TAGS)
            return error_set(err, SH_ERR_LIMIT, 0, 0, "at most %d tags", SH_OTHER_RECORD_MAX_TAGS);
        at = rec->tag_count++;
        snprintf(rec->tag_name[at], sizeof rec->tag_name[at], "%s", name);
    }
    snprintf(rec->tag_value[at], sizeof rec->tag_value[at], "%s", value);
    return SH_OK;
}

static ShStatus o_set_tag(ShPlay *p, const char *name, const char *value, ShError *err)
{
    ShOtherRecord *rec = &p->other->rec;
    static const char *const OWN[] = {"GameType", "Variant", "FEN", "SetUp", "Settings", "Result"};
    for (size_t i = 0; i < sizeof OWN / sizeof OWN[0]; i++)
        if (strcasecmp(name, OWN[i]) == 0)
            return error_set(err, SH_ERR_ARGUMENT, 0, 0, "the %s tag comes from the game", name);
    size_t size;
    char *field = tag_field(rec, name, &size);
    if (field) {
        snprintf(field, size, "%s", value ? value : "");
        return SH_OK;
    }
    return record_set_tag(rec, name, value, err);
}

static ShStatus o_write_pdn(const ShPlay *p, bool numeric, char **text, size_t *size,
                            ShError *err)
{
    (void)numeric;
    OtherPlay *o = p->other;
    /* why the game ended, when the rules did not end it */
    ShOtherRecord rec = o->rec;
    if (o->ended && strcmp(o->reason_code, "recorded") != 0 && !o_tag(p, "Termination"))
        record_set_tag(&rec, "Termination", o->reason_code, NULL);
    size_t need = sh_other_record_write(&rec, NULL, 0);
    char *out = malloc(need + 2);
    if (!out)
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    sh_other_record_write(&rec, out, need + 1);
    /* a blank line after the game, as the draughts games' PDN */
    out[need] = '\n';
    out[need + 1] = '\0';
    *text = out;
    if (size)
        *size = need + 1;
    return SH_OK;
}

static uint64_t count_leaves(const ShOtherGame *g, const ShOtherState *st, int depth,
                             ShOtherMove *stack)
{
    if (depth == 0)
        return 1;
    ShOtherMove *list = stack;
    int n = g->moves(st, list);
    if (depth == 1)
        return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        ShOtherState next = *st;
        g->make(&next, &list[i]);
        total += count_leaves(g, &next, depth - 1, stack + SH_OTHER_MAX_MOVES);
    }
    return total;
}

static uint64_t o_perft(const ShPlay *p, int depth, int threads)
{
    (void)threads;
    if (depth < 0 || depth > 64)
        return 0;
    ShOtherMove *stack = malloc((size_t)(depth + 1) * SH_OTHER_MAX_MOVES * sizeof *stack);
    if (!stack)
        return 0;
    uint64_t n = count_leaves(game_of(p), &p->other->rec.current, depth, stack);
    free(stack);
    return n;
}

const PlayOps PLAY_OTHER_OPS = {
    .create = o_create,
    .clone = o_clone,
    .destroy = o_destroy,
    .ply_count = o_ply_count,
    .opening_plies = o_opening_plies,
    .set_up = o_set_up,
    .to_move = o_to_move,
    .second_move = o_second_move,
    .position_text = o_position_text,
    .geometry = o_geometry,
    .units = o_units,
    .moves = o_moves,
    .parse_move = o_parse_move,
    .move = o_move,
    .move_at = o_move_at,
    .undo = o_undo,
    .verdict = o_verdict,
    .resign = o_resign,
    .offer_draw = o_offer_draw,
    .accept_draw = o_accept_draw,
    .decline_draw = o_decline_draw,
    .draw_offer = o_draw_offer,
    .may_offer_draw = o_may_offer_draw,
    .may_claim = o_may_claim,
    .claim_draw = o_claim_draw,
    .repetitions = o_repetitions,
    .adjudicate = o_adjudicate,
    .end = o_end,
    .set_clock = o_set_clock,
    .clock = o_clock,
    .start_clock = o_start_clock,
    .set_remaining = o_set_remaining,
    .pause_clock = o_pause_clock,
    .update = o_update,
    .tag = o_tag,
    .set_tag = o_set_tag,
    .write_pdn = o_write_pdn,
    .perft = o_perft,
};

ShOtherRecord *play_other_record(ShPlay *p)
{
    return p->other ? &p->other->rec : NULL;
}

const ShOtherRecord *sh_play_record(const ShPlay *p)
{
    return p->other ? &p->other->rec : NULL;
}

/* A record read from text: its moves replayed into a new play (the record is taken), its
 * result kept where the rules did not reach it. */
ShPlay *play_wrap_record(const ShKind *kind, ShOtherRecord *rec, const char *termination)
{
    ShPlay *p = calloc(1, sizeof *p);
    OtherPlay *o = calloc(1, sizeof *o);
    if (!p || !o) {
        free(p);
        free(o);
        sh_other_record_free(rec);
        return NULL;
    }
    p->kind = kind;
    p->ops = &PLAY_OTHER_OPS;
    p->other = o;
    snprintf(p->settings, sizeof p->settings, "%s", rec->settings);
    o->offer = -1;
    o->replay = true;
    o->rec = *rec;
    rec->notes = NULL; /* the notes are taken: the record freed below keeps none */
    rec->note_capacity = 0;
    /* the played moves' texts, from the start */
    o->rec.moves = NULL;
    o->rec.move_count = o->rec.move_capacity = 0;
    o->rec.current = o->rec.start;
    char recorded[SH_OTHER_RECORD_RESULT_SIZE];
    snprintf(recorded, sizeof recorded, "%s", rec->result);
    for (int i = 0; i < rec->move_count; i++) {
        if (!grow_played(o))
            break;
        int k = o->rec.move_count;
        fill_move(kind->other, &o->rec.current, &rec->moves[i], &o->played[k]);
        if (sh_other_record_play(&o->rec, &rec->moves[i], NULL) != SH_OK)
            break;
    }
    sh_other_record_free(rec);
    ShOtherResult res;
    kind->other->result(&o->rec.current, &res);
    char rules[SH_OTHER_RECORD_RESULT_SIZE];
    sh_other_result_text(kind->other, &res, rules, sizeof rules);
    if (strcmp(recorded, "*") != 0 && (!res.over || strcmp(rules, recorded) != 0))
        o_end(p, recorded, termination && *termination ? termination : "recorded", NULL);
    o->replay = false;
    return p;
}
