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
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "error.h"
#include "game.h"
#include "drawrules.h"
#include "position.h"


static const char *const COLOR_NAME[2] = {"White", "Black"};

/* ---- results and reasons ---- */

static const char *const REASON_NAMES[SH_REASON_COUNT] = {
    "none",       "no-pieces",  "no-moves",   "resignation", "time",       "agreement",
    "repetition", "three-kings", "main-road", "balance-3",   "balance-5",  "balance-7",
    "kings-only", "both-flags", "adjudication", "recorded",
    "giveaway-no-pieces", "giveaway-no-moves", "king-moves-20", "king-moves-25", "king-moves-30",
    "fmjd-16", "fmjd-5", "pool-13", "forty-moves", "frisian-7", "frisian-2",
};

const char *sh_reason_name(ShReason reason)
{
    return (unsigned)reason < SH_REASON_COUNT ? REASON_NAMES[reason] : "unknown";
}

bool sh_reason_find(const char *name, ShReason *reason)
{
    for (int i = 0; name && i < SH_REASON_COUNT; i++) {
        if (strcmp(name, REASON_NAMES[i]) == 0) {
            *reason = (ShReason)i;
            return true;
        }
    }
    return false;
}

const char *sh_reason_title(ShReason reason)
{
    static const char *const TITLES[SH_REASON_COUNT] = {
        "",
        "no pieces",
        "no move",
        "resignation",
        "time",
        "agreement",
        "threefold repetition",
        "three kings against one, 15 moves",
        "the main road, 5 moves",
        "balance unchanged, 5 moves",
        "balance unchanged, 30 moves",
        "balance unchanged, 60 moves",
        "kings only, 15 moves",
        "both flags",
        "adjudication",
        "recorded",
        "no pieces left (giveaway)",
        "no move left (giveaway)",
        "20 king moves each",
        "25 king moves each",
        "30 king moves each",
        "16 moves against a lone king",
        "5 moves against a lone king",
        "three kings against one, 13 moves",
        "the 40-move rule",
    };
    return (unsigned)reason < SH_REASON_COUNT ? TITLES[reason] : "unknown";
}

const char *sh_result_pdn(ShResult result, bool russian_scoring)
{
    switch (result) {
    case SH_RESULT_WHITE_WINS: return russian_scoring ? "2-0" : "1-0";
    case SH_RESULT_BLACK_WINS: return russian_scoring ? "0-2" : "0-1";
    case SH_RESULT_DRAW: return russian_scoring ? "1-1" : "1/2-1/2";
    case SH_RESULT_NONE: break;
    }
    return "*";
}

bool sh_result_parse(const char *text, ShResult *result)
{
    static const struct {
        const char *text;
        ShResult result;
    } FORMS[] = {
        {"1-0", SH_RESULT_WHITE_WINS}, {"2-0", SH_RESULT_WHITE_WINS}, {"1:0", SH_RESULT_WHITE_WINS},
        {"0-1", SH_RESULT_BLACK_WINS}, {"0-2", SH_RESULT_BLACK_WINS}, {"0:1", SH_RESULT_BLACK_WINS},
        {"1/2-1/2", SH_RESULT_DRAW},   {"1-1", SH_RESULT_DRAW},       {"1/2:1/2", SH_RESULT_DRAW},
        {"*", SH_RESULT_NONE},
    };
    for (size_t i = 0; text && i < sizeof FORMS / sizeof FORMS[0]; i++) {
        if (strcmp(text, FORMS[i].text) == 0) {
            *result = FORMS[i].result;
            return true;
        }
    }
    return false;
}

int sh_result_describe(ShResult result, ShReason reason, char *out, size_t size)
{
    if (!out || size == 0)
        return 0;
    int n;
    if (result == SH_RESULT_WHITE_WINS || result == SH_RESULT_BLACK_WINS) {
        const char *winner = COLOR_NAME[result == SH_RESULT_BLACK_WINS],
                   *loser = COLOR_NAME[result == SH_RESULT_WHITE_WINS];
        switch (reason) {
        case SH_REASON_NO_PIECES:
            n = snprintf(out, size, "%s wins: %s has no pieces", winner, loser);
            break;
        case SH_REASON_NO_MOVES:
            n = snprintf(out, size, "%s wins: %s has no move", winner, loser);
            break;
        case SH_REASON_RESIGNATION:
            n = snprintf(out, size, "%s wins: %s resigned", winner, loser);
            break;
        case SH_REASON_TIME:
            n = snprintf(out, size, "%s wins: %s lost on time", winner, loser);
            break;
        case SH_REASON_ADJUDICATION:
            n = snprintf(out, size, "%s wins by adjudication", winner);
            break;
        case SH_REASON_GIVEAWAY_NO_PIECES:
            n = snprintf(out, size, "%s wins: it has no pieces left (giveaway)", winner);
            break;
        case SH_REASON_GIVEAWAY_NO_MOVES:
            n = snprintf(out, size, "%s wins: it has no move (giveaway)", winner);
            break;
        default:
            n = snprintf(out, size, "%s wins", winner);
            break;
        }
    } else if (result == SH_RESULT_DRAW) {
        const char *why = NULL;
        switch (reason) {
        case SH_REASON_AGREEMENT: why = "agreed"; break;
        case SH_REASON_REPETITION: why = "the same position three times"; break;
        case SH_REASON_THREE_KINGS: why = "three kings against a lone king, 15 moves"; break;
        case SH_REASON_MAIN_ROAD:
            why = "three pieces against a lone king on the main road, 5 moves";
            break;
        case SH_REASON_BALANCE_3:
            why = "5 moves without a change of balance (2 or 3 pieces, kings on both sides)";
            break;
        case SH_REASON_BALANCE_5:
            why = "30 moves without a change of balance (4 or 5 pieces, kings on both sides)";
            break;
        case SH_REASON_BALANCE_7:
            why = "60 moves without a change of balance (6 or 7 pieces, kings on both sides)";
            break;
        case SH_REASON_KINGS_ONLY: why = "15 moves with kings only"; break;
        case SH_REASON_KING_MOVES_20: why = "20 moves each of kings without a capture"; break;
        case SH_REASON_KING_MOVES_25: why = "25 moves each of kings without a capture"; break;
        case SH_REASON_KING_MOVES_30: why = "30 moves each of kings without a capture"; break;
        case SH_REASON_FMJD_16:
            why = "16 moves of three pieces with a king against a lone king";
            break;
        case SH_REASON_FMJD_5:
            why = "5 moves of one or two pieces with a king against a lone king";
            break;
        case SH_REASON_POOL_13: why = "three kings against one, 13 moves"; break;
        case SH_REASON_FORTY_MOVES:
            why = "40 moves each without a man moved or a piece taken";
            break;
        case SH_REASON_FRISIAN_7: why = "two kings against a lone king, 7 moves"; break;
        case SH_REASON_FRISIAN_2: why = "a king against a lone king, 2 moves"; break;
        case SH_REASON_BOTH_FLAGS: why = "both flags fell"; break;
        case SH_REASON_ADJUDICATION: why = "adjudicated"; break;
        default: break;
        }
        n = why ? snprintf(out, size, "draw: %s", why) : snprintf(out, size, "draw");
    } else {
        n = snprintf(out, size, "the game goes on");
    }
    return n < 0 ? 0 : (n >= (int)size ? (int)size - 1 : n);
}

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

static char *text_copy(const char *text)
{
    size_t n = strlen(text) + 1;
    char *copy = malloc(n);
    if (copy)
        memcpy(copy, text, n);
    return copy;
}

static ShStatus no_memory(ShError *err)
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
        return no_memory(err);
    g->plies = plies;
    Note *notes = realloc(g->notes, (size_t)(cap + 1) * sizeof *notes);
    if (!notes)
        return no_memory(err);
    memset(notes + g->capacity + (g->capacity ? 1 : 0), 0,
           (size_t)(cap + 1 - g->capacity - (g->capacity ? 1 : 0)) * sizeof *notes);
    g->notes = notes;
    ShClock *before = realloc(g->clock_before, (size_t)cap * sizeof *before);
    if (!before)
        return no_memory(err);
    g->clock_before = before;
    int64_t *at = realloc(g->pressed_at, (size_t)cap * sizeof *at);
    if (!at)
        return no_memory(err);
    g->pressed_at = at;
    g->capacity = cap;
    return SH_OK;
}

ShStatus game_set_text(char **slot, const char *text, ShError *err)
{
    char *copy = NULL;
    if (text && *text && !(copy = text_copy(text)))
        return no_memory(err);
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
        return no_memory(err);
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
        return no_memory(err);
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
    if (src->comment && !(dst->comment = text_copy(src->comment)))
        return false;
    if (src->variation_count) {
        dst->variations = calloc((size_t)src->variation_count, sizeof *dst->variations);
        if (!dst->variations)
            return false;
        for (int i = 0; i < src->variation_count; i++) {
            if (!(dst->variations[i] = text_copy(src->variations[i])))
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
    if (src->preamble && !(g->preamble = text_copy(src->preamble)))
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
    if (sh_clock_flag(&g->clock, (ShColor)(loser ^ 1)))
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
            sh_clock_start(&g->clock, (ShColor)prev->pos.side);
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
        sh_clock_start(&g->clock, (ShColor)g->plies[k - 1].pos.side);
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
        sh_clock_start(&g->clock, (ShColor)sh_game_position(g)->side);
}

ShResult sh_game_update(ShGame *g)
{
    if (g->has_clock && g->result == SH_RESULT_NONE && g->clock.running >= 0) {
        int side = g->clock.running;
        if (sh_clock_flag(&g->clock, (ShColor)side))
            end_on_time(g, side);
        else if (sh_clock_flag(&g->clock, (ShColor)(side ^ 1)))
            end_on_time(g, side ^ 1);
    }
    return g->result;
}

/* ---- tags ---- */

static bool tag_name_ok(const char *name)
{
    if (!name || !*name || strlen(name) > 64)
        return false;
    for (const char *p = name; *p; p++)
        if (!isalnum((unsigned char)*p) && *p != '_')
            return false;
    return true;
}

static bool tag_reserved(const char *name)
{
    return strcasecmp(name, "Result") == 0 || strcasecmp(name, "GameType") == 0 ||
           strcasecmp(name, "FEN") == 0;
}

const char *sh_game_tag(const ShGame *g, const char *name)
{
    for (int i = 0; name && i < g->tag_count; i++)
        if (strcmp(g->tags[i].name, name) == 0)
            return g->tags[i].value;
    return NULL;
}

ShStatus game_add_tag(ShGame *g, const char *name, const char *value, ShError *err)
{
    Tag *tags = realloc(g->tags, (size_t)(g->tag_count + 1) * sizeof *tags);
    if (!tags)
        return no_memory(err);
    g->tags = tags;
    char *n = text_copy(name), *v = text_copy(value);
    if (!n || !v) {
        free(n);
        free(v);
        return no_memory(err);
    }
    tags[g->tag_count].name = n;
    tags[g->tag_count].value = v;
    g->tag_count++;
    return SH_OK;
}

ShStatus sh_game_set_tag(ShGame *g, const char *name, const char *value, ShError *err)
{
    if (!tag_name_ok(name))
        return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                         "'%s' is not a tag name (letters, digits and _, at most 64)",
                         name ? name : "");
    if (tag_reserved(name))
        return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                         "the %s tag comes from the game itself (its result or start)", name);
    if (value && strpbrk(value, "\r\n"))
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "a tag value is one line");
    for (int i = 0; i < g->tag_count; i++) {
        if (strcmp(g->tags[i].name, name) != 0)
            continue;
        if (!value) {
            free(g->tags[i].name);
            free(g->tags[i].value);
            memmove(&g->tags[i], &g->tags[i + 1], (size_t)(g->tag_count - i - 1) * sizeof *g->tags);
            g->tag_count--;
            return SH_OK;
        }
        char *v = text_copy(value);
        if (!v)
            return no_memory(err);
        free(g->tags[i].value);
        g->tags[i].value = v;
        return SH_OK;
    }
    return value ? game_add_tag(g, name, value, err) : SH_OK;
}

int sh_game_tag_count(const ShGame *g)
{
    return g->tag_count;
}

bool sh_game_tag_at(const ShGame *g, int index, const char **name, const char **value)
{
    if (index < 0 || index >= g->tag_count)
        return false;
    if (name)
        *name = g->tags[index].name;
    if (value)
        *value = g->tags[index].value;
    return true;
}

/* ---- annotations ---- */

static Note *note_at(const ShGame *g, int index)
{
    return index >= -1 && index + 1 < g->count ? &g->notes[index + 1] : NULL;
}

static ShStatus no_place(const ShGame *g, int index, ShError *err)
{
    return error_set(err, SH_ERR_ARGUMENT, 0, 0, "no move %d: the game has %d", index,
                     g->count - 1);
}

const char *sh_game_comment(const ShGame *g, int index)
{
    const Note *n = note_at(g, index);
    return n ? n->comment : NULL;
}

void game_normalise_comment(char *text)
{
    if (!text || !strchr(text, '}'))
        return;
    /* only a one-line comment can hold a '}' (PDN writes it after ';') */
    char *out = text;
    bool space = false;
    for (const char *p = text; *p; p++) {
        if (isspace((unsigned char)*p)) {
            space = out != text;
            continue;
        }
        if (space)
            *out++ = ' ';
        space = false;
        *out++ = *p;
    }
    *out = '\0';
}

ShStatus sh_game_set_comment(ShGame *g, int index, const char *text, ShError *err)
{
    Note *n = note_at(g, index);
    if (!n)
        return no_place(g, index, err);
    ShStatus st = game_set_text(&n->comment, text, err);
    game_normalise_comment(n->comment);
    if (n->comment && !*n->comment) {
        free(n->comment);
        n->comment = NULL;
    }
    return st;
}

int sh_game_nags(const ShGame *g, int index, int nags[SH_GAME_MAX_NAGS])
{
    const Note *n = note_at(g, index);
    if (!n)
        return 0;
    for (int i = 0; i < n->nag_count; i++)
        nags[i] = n->nags[i];
    return n->nag_count;
}

ShStatus sh_game_add_nag(ShGame *g, int index, int nag, ShError *err)
{
    Note *n = note_at(g, index);
    if (!n || index < 0)
        return no_place(g, index, err);
    if (nag < 1 || nag > 255)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "a NAG is a number from 1 to 255, not %d",
                         nag);
    if (n->nag_count == SH_GAME_MAX_NAGS)
        return error_set(err, SH_ERR_LIMIT, 0, 0, "at most %d NAGs a move", SH_GAME_MAX_NAGS);
    n->nags[n->nag_count++] = nag;
    return SH_OK;
}

int sh_game_variation_count(const ShGame *g, int index)
{
    const Note *n = note_at(g, index);
    return n ? n->variation_count : 0;
}

const char *sh_game_variation(const ShGame *g, int index, int which)
{
    const Note *n = note_at(g, index);
    return n && which >= 0 && which < n->variation_count ? n->variations[which] : NULL;
}

ShStatus game_add_variation_raw(ShGame *g, int index, const char *text, ShError *err)
{
    Note *n = note_at(g, index);
    if (!n || index < 0)
        return no_place(g, index, err);
    char **vars = realloc(n->variations, (size_t)(n->variation_count + 1) * sizeof *vars);
    if (!vars)
        return no_memory(err);
    n->variations = vars;
    if (!(vars[n->variation_count] = text_copy(text)))
        return no_memory(err);
    n->variation_count++;
    return SH_OK;
}

ShStatus sh_game_add_variation(ShGame *g, int index, const char *pdn, ShError *err)
{
    if (!pdn)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "no variation");
    if (!note_at(g, index) || index < 0)
        return no_place(g, index, err);
    ShStatus st = pdn_check_line(&g->plies[index].pos, pdn, err);
    return st ? st : game_add_variation_raw(g, index, pdn, err);
}
