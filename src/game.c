/*
 * game.c - a game of Russian checkers and its arbiter.
 *
 * The game is an array of plies: the start position, then the position after each move, and
 * with each position the arbiter's counters and the state of the draw offers as they stood
 * there. Playing a move appends a ply computed from the one before; taking a move back drops
 * the last ply. So undo is exact by construction, and every position ever reached is at hand
 * (repetition, and any program that wants to show the game move by move).
 *
 * The draw rules all count plies "from the moment the condition first holds" (rules-notes.md:
 * a rule of N moves is 2N plies, as lidraughts counts them). The balance rules and the rule of
 * three kings against one count from the moment "the balance of forces" was established, and
 * the seeds define a change of balance as a capture or a man crowned (1.9.1). Material changes
 * only by those two, so one counter - plies since the material last changed - serves these
 * rules: when such a condition holds now, it has held since the last change. The main-road
 * rule's condition is only "three pieces, one at least a king, against a lone king on the main
 * road": its count runs while that holds and starts again when the lone king comes back to the
 * road; a man of the three crowned does not stop it (lidraughts agrees). The kings-only counter
 * counts king moves without a capture in a row; a man move or a capture resets it. It is also
 * the span in which a position can repeat: a man move or a capture can never be undone, so
 * repetitions are searched only that far back.
 *
 * After every move the arbiter checks, in this order: the side to move has no pieces or no
 * move (it loses); repetition (when automatic); three kings against one; three against a lone
 * king on the main road; the balance counts; kings only. The first that applies ends the game,
 * unless the game is a replayed record (options.replay), where the rules only advise.
 *
 * Nothing here prints or reads the system clock: the clock reads the time source it is given.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "error.h"
#include "game.h"
#include "drawrules.h"
#include "position.h"


static const char *const COLOR_NAME[2] = {"White", "Black"};


/* ---- the arbiter: the counts are each variant's data (drawrules.c) ---- */

static ShResult win_for(int color)
{
    return color == SH_WHITE ? SH_RESULT_WHITE_WINS : SH_RESULT_BLACK_WINS;
}

/* The value of a rule's counter in a ply. */
static int counter_of(const Ply *p, int counter)
{
    return counter == COUNT_QUIET ? p->arb.quiet
         : counter == COUNT_BALANCE ? p->arb.balance
                                    : p->arb.main_road;
}

/* The rules whose condition holds in the ply (counts that run), claimed ones included. */
static int rules_running(const Ply *p, const DrawRule *run[DRAWRULES_MAX])
{
    const DrawRule *rules;
    int n = drawrules_of(p->pos.variant, &rules), k = 0;
    for (int i = 0; i < n; i++) {
        if (rules[i].counter == COUNT_ROAD ? p->arb.main_road >= 0
                                           : drawrules_material(&p->pos, rules[i].material))
            run[k++] = &rules[i];
    }
    return k;
}

static int draw_counts(const Ply *p, ShDrawCount out[4])
{
    const DrawRule *run[DRAWRULES_MAX];
    int n = rules_running(p, run), k = 0;
    for (int i = 0; i < n && k < 4; i++)
        out[k++] = (ShDrawCount){run[i]->reason, counter_of(p, run[i]->counter), run[i]->limit};
    return k;
}

ShResult sh_position_result(const ShPosition *pos, ShReason *reason)
{
    int us = pos->side, them = us ^ 1;
    ShReason why = SH_REASON_NONE;
    ShResult result = SH_RESULT_NONE;
    const ShRules *rules = sh_rules_get((ShVariant)pos->variant);
    bool giveaway = rules && rules->goal == SH_GOAL_GIVEAWAY;
    bool have_us = pos_wide_pieces(pos, us) != 0, have_them = pos_wide_pieces(pos, them) != 0;
    if (!have_us || !have_them) {
        int empty = have_us ? them : us; /* the side left without pieces */
        why = giveaway ? SH_REASON_GIVEAWAY_NO_PIECES : SH_REASON_NO_PIECES;
        result = win_for(giveaway ? empty : empty ^ 1);
    } else if (sh_moves_count(pos) == 0) {
        why = giveaway ? SH_REASON_GIVEAWAY_NO_MOVES : SH_REASON_NO_MOVES;
        result = win_for(giveaway ? us : them);
    }
    if (reason)
        *reason = why;
    return result;
}

/* What the rules say of a ply; `claims` counts the claimed rules as ending the game too (they
 * end it when claims are automatic). */
static ShResult verdict_in(const ShGame *g, const Ply *p, bool claims, ShReason *reason)
{
    ShResult result = sh_position_result(&p->pos, reason);
    if (result != SH_RESULT_NONE)
        return result;
    if (claims && p->arb.repetitions >= 3) {
        *reason = SH_REASON_REPETITION;
        return SH_RESULT_DRAW;
    }
    const DrawRule *run[DRAWRULES_MAX];
    int n = rules_running(p, run);
    for (int i = 0; i < n; i++) {
        if ((claims || !run[i]->claimed) && counter_of(p, run[i]->counter) >= run[i]->limit) {
            *reason = run[i]->reason;
            return SH_RESULT_DRAW;
        }
    }
    (void)g;
    return SH_RESULT_NONE;
}

static ShResult verdict_of(const ShGame *g, const Ply *p, ShReason *reason)
{
    return verdict_in(g, p, g->options.repetition == SH_REPETITION_AUTOMATIC, reason);
}

static bool main_road_holds(const ShPosition *pos)
{
    const DrawRule *rules;
    int n = drawrules_of(pos->variant, &rules);
    for (int i = 0; i < n; i++)
        if (rules[i].counter == COUNT_ROAD)
            return drawrules_material(pos, rules[i].material);
    return false;
}

/* The counters of the position after `move`, from those of the position before. */
static void arbiter_next(const ShGame *g, const Ply *prev, const ShMove *move, Ply *next)
{
    bool was_king = pos_king_at(&prev->pos, move->from);
    bool capture = move->captured != 0;
    bool material_changed = capture || move->promotes;
    Arbiter *a = &next->arb;
    a->quiet = was_king && !capture ? prev->arb.quiet + 1 : 0;
    a->balance = material_changed ? 0 : prev->arb.balance + 1;
    a->reversible = drawrules_reversible(&prev->pos, move) ? prev->arb.reversible + 1 : 0;
    /* the main-road count runs while its condition holds: a man of the three crowned does not
     * stop it (it is still three pieces with a king against the lone king) */
    a->main_road = main_road_holds(&next->pos) ? prev->arb.main_road + 1 : -1;
    /* repetitions: back to the last move that cannot be undone */
    int k = (int)(next - g->plies);
    a->repetitions = 1;
    for (int j = k - 1; j >= 0 && j >= k - a->reversible; j--)
        if (g->plies[j].pos.key == next->pos.key && sh_position_equal(&g->plies[j].pos, &next->pos))
            a->repetitions++;
}

static void ply_first(Ply *p, const ShPosition *start)
{
    memset(p, 0, sizeof *p);
    p->pos = *start;
    p->arb.main_road = main_road_holds(start) ? 0 : -1;
    p->arb.repetitions = 1;
    p->offers.pending = -1;
}

/* ---- memory ---- */

static void note_clear(Note *n)
{
    free(n->comment);
    for (int i = 0; i < n->variation_count; i++)
        free(n->variations[i]);
    free(n->variations);
    memset(n, 0, sizeof *n);
}

char *game_text_copy(const char *text)
{
    size_t n = strlen(text) + 1;
    char *copy = malloc(n);
    if (copy)
        memcpy(copy, text, n);
    return copy;
}

ShStatus game_no_memory(ShError *err)
{
    return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
}

static ShStatus grow(ShGame *g, int need, ShError *err)
{
    if (need <= g->capacity)
        return SH_OK;
    int cap = g->capacity ? g->capacity : 64;
    while (cap < need)
        cap *= 2;
    Ply *plies = realloc(g->plies, (size_t)cap * sizeof *plies);
    if (!plies)
        return game_no_memory(err);
    g->plies = plies;
    Note *notes = realloc(g->notes, (size_t)(cap + 1) * sizeof *notes);
    if (!notes)
        return game_no_memory(err);
    memset(notes + g->capacity + (g->capacity ? 1 : 0), 0,
           (size_t)(cap + 1 - g->capacity - (g->capacity ? 1 : 0)) * sizeof *notes);
    g->notes = notes;
    ShClock *before = realloc(g->clock_before, (size_t)cap * sizeof *before);
    if (!before)
        return game_no_memory(err);
    g->clock_before = before;
    int64_t *at = realloc(g->pressed_at, (size_t)cap * sizeof *at);
    if (!at)
        return game_no_memory(err);
    g->pressed_at = at;
    g->capacity = cap;
    return SH_OK;
}

ShStatus game_set_text(char **slot, const char *text, ShError *err)
{
    char *copy = NULL;
    if (text && *text && !(copy = game_text_copy(text)))
        return game_no_memory(err);
    free(*slot);
    *slot = copy;
    return SH_OK;
}

ShStatus game_append_text(char **slot, const char *text, ShError *err)
{
    if (!text || !*text)
        return SH_OK;
    if (!*slot)
        return game_set_text(slot, text, err);
    size_t a = strlen(*slot), b = strlen(text);
    char *joined = realloc(*slot, a + b + 2);
    if (!joined)
        return game_no_memory(err);
    joined[a] = ' ';
    memcpy(joined + a + 1, text, b + 1);
    *slot = joined;
    return SH_OK;
}

/* ---- creating ---- */

static void settle(ShGame *g)
{
    if (g->options.replay || g->result != SH_RESULT_NONE)
        return;
    ShReason reason;
    ShResult r = verdict_of(g, &g->plies[g->count - 1], &reason);
    if (r != SH_RESULT_NONE) {
        g->result = r;
        g->reason = reason;
        if (g->has_clock)
            sh_clock_stop(&g->clock);
    }
}

ShStatus sh_game_new(ShGame **game, const ShPosition *start, const ShGameOptions *options,
                     ShError *err)
{
    if (!game || !start)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "sh_game_new needs a game and a position");
    *game = NULL;
    ShStatus st = sh_position_validate(start, err);
    if (st)
        return st;
    ShGame *g = calloc(1, sizeof *g);
    if (!g)
        return game_no_memory(err);
    if (options)
        g->options = *options;
    if ((st = grow(g, 64, err)) != SH_OK) {
        sh_game_free(g);
        return st;
    }
    ply_first(&g->plies[0], start);
    g->count = 1;
    settle(g);
    *game = g;
    return SH_OK;
}

ShStatus sh_game_new_fen(ShGame **game, const char *fen, const ShGameOptions *options,
                         ShError *err)
{
    ShPosition pos;
    if (!fen)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "no FEN");
    if (strcmp(fen, "start") == 0)
        sh_position_start(&pos, SH_VARIANT_RUSSIAN);
    else {
        ShStatus st = sh_fen_read(fen, &pos, err);
        if (st)
            return st;
    }
    return sh_game_new(game, &pos, options, err);
}

ShStatus sh_game_new_opening(ShGame **game, const char *code, const ShGameOptions *options,
                             ShError *err)
{
    ShOpening o;
    ShPosition start;
    ShMove moves[SH_OPENING_MAX_PLIES];
    int count;
    ShStatus st = sh_opening_find(code, &o, err);
    if (st == SH_OK)
        st = sh_opening_line(&o, &start, moves, &count, err);
    if (st == SH_OK)
        st = sh_game_new(game, &start, options, err);
    if (st)
        return st;
    for (int i = 0; i < count; i++) {
        if ((st = sh_game_play(*game, &moves[i], err)) != SH_OK) {
            sh_game_free(*game);
            *game = NULL;
            return st;
        }
    }
    (*game)->opening_plies = count;
    char name[40];
    snprintf(name, sizeof name, "%s %s", o.table, o.code);
    st = sh_game_set_tag(*game, "Opening", name, err);
    if (st) {
        sh_game_free(*game);
        *game = NULL;
    }
    return st;
}

void sh_game_free(ShGame *g)
{
    if (!g)
        return;
    if (g->notes)
        for (int i = 0; i <= g->capacity; i++)
            note_clear(&g->notes[i]);
    free(g->notes);
    free(g->plies);
    free(g->clock_before);
    free(g->pressed_at);
    for (int i = 0; i < g->tag_count; i++) {
        free(g->tags[i].name);
        free(g->tags[i].value);
    }
    free(g->tags);
    free(g->preamble);
    free(g);
}

static bool note_copy(Note *dst, const Note *src)
{
    *dst = *src;
    dst->comment = NULL;
    dst->variations = NULL;
    dst->variation_count = 0;
    if (src->comment && !(dst->comment = game_text_copy(src->comment)))
        return false;
    if (src->variation_count) {
        dst->variations = calloc((size_t)src->variation_count, sizeof *dst->variations);
        if (!dst->variations)
            return false;
        for (int i = 0; i < src->variation_count; i++) {
            if (!(dst->variations[i] = game_text_copy(src->variations[i])))
                return false;
            dst->variation_count++;
        }
    }
    return true;
}

/* The ballot in another game played on the Russian board from the Russian start (giveaway,
 * northern ...): its start read in that game's squares, its moves played by their notation. */
ShStatus sh_game_new_opening_variant(ShGame **game, const char *code, ShVariant variant,
                                     const ShGameOptions *options, ShError *err)
{
    if (variant == SH_VARIANT_RUSSIAN)
        return sh_game_new_opening(game, code, options, err);
    const ShRules *rules = sh_rules_get(variant);
    if (!game)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "sh_game_new_opening_variant needs a game");
    *game = NULL;
    if (!rules || rules->board != SH_BOARD_DIAGONAL || !rules->a1_playable ||
        rules->first != SH_WHITE || rules->moves_per_turn != 1 || rules->start_drawn ||
        strcmp(rules->start_fen, "W:W21-32:B1-12") != 0)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                         "the ballots are openings of Russian checkers: %s starts otherwise",
                         rules ? rules->name : "this game");
    ShGame *russian = NULL;
    ShStatus st = sh_game_new_opening(&russian, code, NULL, err);
    if (st)
        return st;
    char fen[SH_FEN_SIZE];
    ShPosition start;
    sh_fen_write(sh_game_start(russian), false, fen);
    st = sh_fen_read_variant(fen, variant, &start, err);
    if (st == SH_OK)
        st = sh_game_new(game, &start, options, err);
    int count = russian->opening_plies;
    for (int i = 0; st == SH_OK && i < count; i++) {
        char text[SH_MOVE_TEXT_SIZE];
        st = sh_move_write(sh_game_position_at(russian, i), sh_game_move_at(russian, i),
                           SH_NOTATION_FULL, text, err);
        if (st == SH_OK)
            st = sh_game_play_text(*game, text, NULL, err);
    }
    if (st == SH_OK) {
        (*game)->opening_plies = count;
        st = sh_game_set_tag(*game, "Opening", sh_game_tag(russian, "Opening"), err);
    }
    sh_game_free(russian);
    if (st) {
        sh_game_free(*game);
        *game = NULL;
    }
    return st;
}

ShGame *sh_game_copy(const ShGame *src)
{
    if (!src)
        return NULL;
    ShGame *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->options = src->options;
    if (grow(g, src->capacity, NULL) != SH_OK)
        goto fail;
    memcpy(g->plies, src->plies, (size_t)src->count * sizeof *g->plies);
    memcpy(g->clock_before, src->clock_before, (size_t)src->count * sizeof *g->clock_before);
    memcpy(g->pressed_at, src->pressed_at, (size_t)src->count * sizeof *g->pressed_at);
    g->count = src->count;
    for (int i = 0; i <= src->count; i++)
        if (!note_copy(&g->notes[i], &src->notes[i]))
            goto fail;
    g->clock = src->clock;
    g->has_clock = src->has_clock;
    g->result = src->result;
    g->reason = src->reason;
    g->opening_plies = src->opening_plies;
    g->russian_scoring = src->russian_scoring;
    if (src->preamble && !(g->preamble = game_text_copy(src->preamble)))
        goto fail;
    for (int i = 0; i < src->tag_count; i++)
        if (game_add_tag(g, src->tags[i].name, src->tags[i].value, NULL) != SH_OK)
            goto fail;
    return g;
fail:
    sh_game_free(g);
    return NULL;
}

void sh_game_options(const ShGame *g, ShGameOptions *options)
{
    *options = g->options;
}

void sh_game_set_options(ShGame *g, const ShGameOptions *options)
{
    ShGameOptions none = {SH_REPETITION_CLAIMED, false};
    g->options = options ? *options : none;
    settle(g);
}

/* ---- reading the game ---- */

int sh_game_ply_count(const ShGame *g)
{
    return g->count - 1;
}

const ShPosition *sh_game_start(const ShGame *g)
{
    return &g->plies[0].pos;
}

const ShPosition *sh_game_position(const ShGame *g)
{
    return &g->plies[g->count - 1].pos;
}

const ShPosition *sh_game_position_at(const ShGame *g, int index)
{
    return index >= 0 && index < g->count ? &g->plies[index].pos : NULL;
}

const ShMove *sh_game_move_at(const ShGame *g, int index)
{
    return index >= 0 && index + 1 < g->count ? &g->plies[index + 1].move : NULL;
}

int sh_game_opening_plies(const ShGame *g)
{
    return g->opening_plies;
}

static const Ply *current(const ShGame *g)
{
    return &g->plies[g->count - 1];
}

ShResult sh_game_result(const ShGame *g, ShReason *reason)
{
    if (reason)
        *reason = g->reason;
    return g->result;
}

int sh_game_result_text(const ShGame *g, char *out, size_t size)
{
    return sh_result_describe(g->result, g->reason, out, size);
}

ShResult sh_game_verdict(const ShGame *g, ShReason *reason)
{
    ShReason r;
    ShResult result = verdict_of(g, current(g), &r);
    if (reason)
        *reason = r;
    return result;
}

int sh_game_repetitions(const ShGame *g)
{
    return current(g)->arb.repetitions;
}

bool sh_game_may_claim(const ShGame *g, ShReason *reason)
{
    ShReason why = SH_REASON_NONE, claimed = SH_REASON_NONE;
    bool may = g->result == SH_RESULT_NONE && verdict_of(g, current(g), &why) == SH_RESULT_NONE &&
               g->options.repetition == SH_REPETITION_CLAIMED &&
               verdict_in(g, current(g), true, &claimed) == SH_RESULT_DRAW;
    if (reason)
        *reason = may ? claimed : SH_REASON_NONE;
    return may;
}

int sh_game_draw_counts(const ShGame *g, ShDrawCount out[4])
{
    return draw_counts(current(g), out);
}

/* ---- playing ---- */

static ShStatus game_over(const ShGame *g, ShError *err)
{
    char text[160];
    sh_result_describe(g->result, g->reason, text, sizeof text);
    return error_set(err, SH_ERR_ILLEGAL_MOVE, 0, 0, "the game is over (%s)", text);
}

void game_set_result(ShGame *g, ShResult result, ShReason reason)
{
    g->result = result;
    g->reason = result == SH_RESULT_NONE ? SH_REASON_NONE : reason;
    if (result != SH_RESULT_NONE && g->has_clock)
        sh_clock_stop(&g->clock);
}

/* `loser`'s flag is down: it loses, or it is a draw if the other flag is down too. */
static void end_on_time(ShGame *g, int loser)
{
    if (sh_clock_flag(&g->clock, loser ^ 1))
        game_set_result(g, SH_RESULT_DRAW, SH_REASON_BOTH_FLAGS);
    else
        game_set_result(g, win_for(loser ^ 1), SH_REASON_TIME);
}

ShStatus sh_game_play(ShGame *g, const ShMove *move, ShError *err)
{
    if (!g || !move)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "sh_game_play needs a game and a move");
    if (g->result != SH_RESULT_NONE && !g->options.replay)
        return game_over(g, err);
    const Ply *prev = current(g);
    ShMoveList legal;
    sh_moves_generate(&prev->pos, &legal);
    bool found = false;
    for (int i = 0; i < legal.count && !found; i++)
        found = sh_move_equal(&legal.moves[i], move);
    if (!found)
        return error_set(err, SH_ERR_ILLEGAL_MOVE, 0, 0, "the move is not legal in this position");
    ShStatus st = grow(g, g->count + 1, err);
    if (st)
        return st;
    prev = current(g); /* grow may have moved the plies */
    int k = g->count;
    g->pressed_at[k] = INT64_MIN;
    if (g->has_clock && g->clock.running >= 0 && g->result == SH_RESULT_NONE) {
        if (g->clock.paused)
            return error_set(err, SH_ERR_ARGUMENT, 0, 0, "the clock is paused: resume it to play");
        if (g->clock.running != prev->pos.side) /* started for the wrong side: put it right */
            sh_clock_start(&g->clock, prev->pos.side);
        g->clock_before[k] = g->clock;
        g->pressed_at[k] = g->clock.source.now(g->clock.source.context);
        int mover = g->clock.running;
        if (!sh_clock_press(&g->clock)) {
            end_on_time(g, mover);
            return game_over(g, err);
        }
    }
    Ply *next = &g->plies[k];
    next->move = *move;
    sh_position_play(&prev->pos, move, &next->pos);
    next->offers = prev->offers;
    int mover = prev->pos.side;
    if (next->offers.pending == (mover ^ 1))
        next->offers.blocked[mover ^ 1] = true; /* declined by moving (1.9.3) */
    next->offers.pending = -1;
    arbiter_next(g, prev, move, next);
    g->count++;
    note_clear(&g->notes[k]); /* the notes of move index k - 1 */
    settle(g);
    return SH_OK;
}

ShStatus sh_game_play_text(ShGame *g, const char *text, ShMove *played, ShError *err)
{
    if (!g)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "no game");
    if (g->result != SH_RESULT_NONE && !g->options.replay)
        return game_over(g, err);
    ShMove move;
    ShStatus st = sh_move_parse(sh_game_position(g), text, &move, err);
    if (st == SH_OK)
        st = sh_game_play(g, &move, err);
    if (st == SH_OK && played)
        *played = move;
    return st;
}

ShStatus sh_game_undo(ShGame *g, ShError *err)
{
    if (g->count <= 1)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "no move to take back");
    if (g->count - 1 <= g->opening_plies)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                         "the opening ballot's moves cannot be taken back");
    int k = g->count - 1;
    note_clear(&g->notes[k]);
    if (g->has_clock && g->pressed_at[k] != INT64_MIN) {
        ShClock c = g->clock_before[k];
        if (c.running >= 0 && !c.paused) {
            int64_t used = g->pressed_at[k] - c.since;
            if (used > 0) {
                c.remaining_ms[c.running] -= used;
                c.turn_used_ms += used;
            }
        }
        c.since = c.source.now(c.source.context);
        g->clock = c;
    } else if (g->has_clock && g->clock.running >= 0) {
        sh_clock_start(&g->clock, g->plies[k - 1].pos.side);
    }
    g->count--;
    g->result = SH_RESULT_NONE;
    g->reason = SH_REASON_NONE;
    settle(g);
    return SH_OK;
}

ShStatus sh_game_end(ShGame *g, ShResult result, ShReason reason, ShError *err)
{
    if (g->result != SH_RESULT_NONE)
        return game_over(g, err);
    bool win = result == SH_RESULT_WHITE_WINS || result == SH_RESULT_BLACK_WINS;
    bool ok;
    switch (reason) {
    case SH_REASON_RESIGNATION:
    case SH_REASON_TIME: ok = win; break;
    case SH_REASON_AGREEMENT:
    case SH_REASON_BOTH_FLAGS: ok = result == SH_RESULT_DRAW; break;
    case SH_REASON_ADJUDICATION:
    case SH_REASON_RECORDED: ok = result != SH_RESULT_NONE; break;
    default:
        return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                         "the reason '%s' is the arbiter's to find, not an outcome to set",
                         sh_reason_name(reason));
    }
    if (!ok)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "the reason '%s' does not fit the result %s",
                         sh_reason_name(reason), sh_result_pdn(result, false));
    game_set_result(g, result, reason);
    return SH_OK;
}

ShStatus sh_game_adjudicate(ShGame *g, ShResult result, ShError *err)
{
    if (result != SH_RESULT_WHITE_WINS && result != SH_RESULT_BLACK_WINS && result != SH_RESULT_DRAW)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "an adjudicated result must be a win or a draw");
    game_set_result(g, result, SH_REASON_ADJUDICATION);
    return SH_OK;
}

ShStatus sh_game_resign(ShGame *g, ShColor who, ShError *err)
{
    if ((unsigned)who > SH_BLACK)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "no such side");
    if (g->result != SH_RESULT_NONE)
        return game_over(g, err);
    game_set_result(g, win_for((int)who ^ 1), SH_REASON_RESIGNATION);
    return SH_OK;
}

/* ---- draw offers ---- */

bool sh_game_may_offer_draw(const ShGame *g, ShColor who, ShError *err)
{
    const Ply *p = current(g);
    if ((unsigned)who > SH_BLACK) {
        error_set(err, SH_ERR_ARGUMENT, 0, 0, "no such side");
        return false;
    }
    if (g->result != SH_RESULT_NONE) {
        game_over(g, err);
        return false;
    }
    if (p->pos.side == who || g->count == 1) {
        error_set(err, SH_ERR_ARGUMENT, 0, 0,
                  "%s may offer a draw only right after making a move (1.9.3)", COLOR_NAME[who]);
        return false;
    }
    if (p->offers.pending == (int)who) {
        error_set(err, SH_ERR_ARGUMENT, 0, 0, "%s's draw offer is waiting for an answer",
                  COLOR_NAME[who]);
        return false;
    }
    if (p->offers.blocked[who]) {
        error_set(err, SH_ERR_ARGUMENT, 0, 0,
                  "%s's draw offer was declined: %s may offer again only after %s has offered "
                  "a draw (1.9.6)",
                  COLOR_NAME[who], COLOR_NAME[who], COLOR_NAME[who ^ 1]);
        return false;
    }
    return true;
}

ShStatus sh_game_offer_draw(ShGame *g, ShColor who, ShError *err)
{
    if (!sh_game_may_offer_draw(g, who, err))
        return err ? err->code : SH_ERR_ARGUMENT;
    Offers *o = &g->plies[g->count - 1].offers;
    o->pending = (int)who;
    o->blocked[who ^ 1] = false; /* the opponent has used its right (1.9.6) */
    return SH_OK;
}

static ShStatus answerable(const ShGame *g, ShColor who, ShError *err)
{
    if ((unsigned)who > SH_BLACK)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "no such side");
    if (g->result != SH_RESULT_NONE)
        return game_over(g, err);
    if (current(g)->offers.pending != (int)(who ^ 1))
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "%s has no draw offer to answer",
                         COLOR_NAME[who]);
    return SH_OK;
}

ShStatus sh_game_accept_draw(ShGame *g, ShColor who, ShError *err)
{
    ShStatus st = answerable(g, who, err);
    if (st)
        return st;
    g->plies[g->count - 1].offers.pending = -1;
    game_set_result(g, SH_RESULT_DRAW, SH_REASON_AGREEMENT);
    return SH_OK;
}

ShStatus sh_game_decline_draw(ShGame *g, ShColor who, ShError *err)
{
    ShStatus st = answerable(g, who, err);
    if (st)
        return st;
    Offers *o = &g->plies[g->count - 1].offers;
    o->pending = -1;
    o->blocked[who ^ 1] = true;
    return SH_OK;
}

int sh_game_draw_offer(const ShGame *g)
{
    return current(g)->offers.pending;
}

/* ---- repetition claims ---- */

ShStatus sh_game_claim_draw(ShGame *g, const ShMove *move, bool *granted, ShError *err)
{
    ShReason why = SH_REASON_NONE;
    bool ok = false;
    if (granted)
        *granted = false;
    if (g->result != SH_RESULT_NONE)
        return game_over(g, err);
    if (move) {
        ShStatus st = sh_game_play(g, move, err);
        if (st)
            return st;
        ok = g->result == SH_RESULT_NONE && sh_game_may_claim(g, &why);
        if (ok)
            game_set_result(g, SH_RESULT_DRAW, why);
    } else {
        if (!sh_game_may_claim(g, &why)) {
            int n = current(g)->arb.repetitions;
            return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                             "no draw to claim: this position has occurred %d time%s, not three",
                             n, n == 1 ? "" : "s");
        }
        ok = true;
        game_set_result(g, SH_RESULT_DRAW, why);
    }
    if (granted)
        *granted = ok;
    return SH_OK;
}

/* ---- clocks ---- */

ShStatus sh_game_set_clock(ShGame *g, const ShTimeControl *control, ShTimeSource source,
                           ShError *err)
{
    if (!control || control->count == 0) {
        g->has_clock = false;
        return SH_OK;
    }
    ShClock c;
    ShStatus st = sh_clock_init(&c, control, source, err);
    if (st)
        return st;
    g->clock = c;
    g->has_clock = true;
    for (int i = 0; i < g->count; i++)
        g->pressed_at[i] = INT64_MIN;
    return SH_OK;
}

ShClock *sh_game_clock(ShGame *g)
{
    return g->has_clock ? &g->clock : NULL;
}

const ShClock *sh_game_clock_const(const ShGame *g)
{
    return g->has_clock ? &g->clock : NULL;
}

void sh_game_start_clock(ShGame *g)
{
    if (g->has_clock && g->result == SH_RESULT_NONE)
        sh_clock_start(&g->clock, sh_game_position(g)->side);
}

ShResult sh_game_update(ShGame *g)
{
    if (g->has_clock && g->result == SH_RESULT_NONE && g->clock.running >= 0) {
        int side = g->clock.running;
        if (sh_clock_flag(&g->clock, side))
            end_on_time(g, side);
        else if (sh_clock_flag(&g->clock, side ^ 1))
            end_on_time(g, side ^ 1);
    }
    return g->result;
}

