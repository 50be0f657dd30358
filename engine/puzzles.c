/*
 * puzzles.c - the puzzle finder (puzzles.h).
 *
 * A game's positions are tried in turn. Proving costs: a quiet middlegame position with no shot
 * makes the solver search until its limits run out, so by default only the positions from which
 * the game's own moves gained material (or won) within the horizon are tried: the shots that
 * were played, and those the loser walked into. `all` tries every position.
 *
 * A position is a puzzle when the material goal (solve.h: a man more, a king counting 3, the
 * defender to move without a capture at the end; or the game won) is proven in at least
 * min_depth and at most max_depth moves, and every other first move is proven not to reach it
 * within max_depth (no cook, none undecided), and, when an engine is given, a search of the
 * main line's end does not find the solver's side worse (the gain is not taken back by a shot
 * beyond the proof's horizon). Its goal is "win" when the main line ends the game
 * or, in an ending of eight pieces or fewer, the win goal is proven the same way.
 */
#include "puzzles.h"

#include <stdio.h>
#include <string.h>

#include "egdb.h"

static const char *const THEME_NAMES[PUZZLE_THEME_COUNT] = {"shot", "breakthrough", "king",
                                                             "endgame", "opposition"};

const char *puzzle_theme_name(PuzzleTheme theme)
{
    return theme >= 0 && theme < PUZZLE_THEME_COUNT ? THEME_NAMES[theme] : "shot";
}

void puzzle_options_default(PuzzleOptions *options)
{
    *options = (PuzzleOptions){
        .min_depth = 2, .max_depth = 5, .seconds = 1.0, .nodes = 400000, .verify_depth = 8};
}

static int value(const ShPosition *p, int color)
{
    uint64_t b = p->pieces[color];
    return __builtin_popcountll(b & ~p->kings) +
           SOLVE_KING_VALUE * __builtin_popcountll(b & p->kings);
}

static int balance(const ShPosition *p, int color)
{
    return value(p, color) - value(p, color ^ 1);
}

static int pieces(const ShPosition *p)
{
    return __builtin_popcountll(p->pieces[0] | p->pieces[1]);
}

bool puzzle_candidate(const ShGame *game, int index, int max_depth)
{
    const ShPosition *p = sh_game_position_at(game, index);
    if (!p)
        return false;
    int us = p->side;
    int base = balance(p, us);
    const ShPosition *before = index > 0 ? sh_game_position_at(game, index - 1) : NULL;
    if (before && balance(before, us) > base)
        base = balance(before, us);
    int plies = sh_game_ply_count(game);
    for (int j = index + 1; j <= plies && j <= index + 2 * max_depth; j++) {
        const ShPosition *q = sh_game_position_at(game, j);
        ShReason why;
        ShResult r = sh_position_result(q, &why);
        if (r == (us == SH_WHITE ? SH_RESULT_WHITE_WINS : SH_RESULT_BLACK_WINS))
            return true;
        if (q->side != us && balance(q, us) >= base + SOLVE_MATERIAL_GAIN &&
            !sh_moves_capture_pending(q))
            return true;
    }
    return false;
}

/* A proof of `goal` with every other first move refuted; fills the line on success. */
static bool prove_unique(const ShPosition *pos, const ShPosition *before, SolveGoal goal,
                         const PuzzleOptions *o, Puzzle *out)
{
    SolveLimits limits = {.max_moves = o->max_depth, .seconds = o->seconds, .nodes = o->nodes,
                          .cook_moves = o->max_depth};
    SolveResult res;
    if (solve_position_after(pos, before, goal, &limits, true, &res, NULL) != SH_OK)
        return false;
    out->nodes += res.nodes;
    bool ok = res.verdict == SOLVE_PROVEN && res.unsettled == 0 && res.moves >= o->min_depth;
    for (int f = 0; ok && f < res.flaw_count; f++)
        if (res.flaws[f].cook)
            ok = false;
    if (ok) {
        out->goal = goal;
        out->moves = res.moves;
        out->line_length = 0;
        int i = 0;
        while (i >= 0 && out->line_length < PUZZLE_MAX_LINE) {
            out->line[out->line_length++] = res.steps[i].move;
            int next = -1;
            for (int c = i + 1; c < res.step_count; c++)
                if (res.steps[c].parent == i && res.steps[c].main_line) {
                    next = c;
                    break;
                }
            i = next;
        }
    }
    solve_result_free(&res);
    return ok;
}

static PuzzleTheme theme_of(const Puzzle *pz)
{
    const ShPosition *start = &pz->pos;
    int solver = start->side;
    bool sacrifice = false, crowned_after_sacrifice = false, king_won = false;
    bool first_by_king = false, first_reply_capture = false;
    ShPosition p = *start;
    for (int i = 0; i < pz->line_length; i++) {
        const ShMove *m = &pz->line[i];
        bool by_solver = p.side == solver;
        if (i == 0) {
            ShPiece piece = sh_position_piece_at(&p, sh_move_from(m));
            first_by_king = piece == SH_WHITE_KING || piece == SH_BLACK_KING;
        }
        if (!by_solver && sh_move_is_capture(m)) {
            sacrifice = true;
            if (i == 1)
                first_reply_capture = true;
        }
        if (by_solver && m->promotes && sacrifice)
            crowned_after_sacrifice = true;
        if (by_solver && (m->captured & p.kings))
            king_won = true;
        sh_position_play(&p, m, &p);
    }
    int n = pieces(start);
    if (pz->goal == SOLVE_GOAL_WIN && !start->kings && n <= 8 && !first_reply_capture)
        return PUZZLE_OPPOSITION;
    if (n <= 8)
        return PUZZLE_ENDGAME;
    if (crowned_after_sacrifice)
        return PUZZLE_BREAKTHROUGH;
    if (first_by_king || king_won)
        return PUZZLE_KING;
    return PUZZLE_SHOT;
}

bool puzzle_find(const ShPosition *pos, const ShPosition *before, const PuzzleOptions *options,
                 Puzzle *out)
{
    PuzzleOptions o;
    if (options)
        o = *options;
    else
        puzzle_options_default(&o);
    if (o.max_depth < 1)
        o.max_depth = 5;
    if (o.min_depth < 1)
        o.min_depth = 1;
    memset(out, 0, sizeof *out);
    out->pos = *pos;
    if (sh_position_validate(pos, NULL) != SH_OK || sh_moves_count(pos) < 2)
        return false;
    if (!prove_unique(pos, before, SOLVE_GOAL_MATERIAL, &o, out))
        return false;
    /* the goal: a win when the line ends the game (or reaches a won ending of the tables), or
     * in an ending, and the win goal is proven the same way (every defence, no cook) */
    ShPosition end = *pos;
    for (int i = 0; i < out->line_length; i++)
        sh_position_play(&end, &out->line[i], &end);
    ShReason why;
    ShResult r = sh_position_result(&end, &why);
    bool won = r == (pos->side == SH_WHITE ? SH_RESULT_WHITE_WINS : SH_RESULT_BLACK_WINS);
    if (!won && egdb_covers(&end)) {
        EgdbValue v = egdb_probe(&end);
        won = end.side == pos->side ? v.result == EGDB_WIN : v.result == EGDB_LOSS;
    }
    if (won || pieces(pos) <= 8) {
        Puzzle w = *out;
        if (prove_unique(pos, before, SOLVE_GOAL_WIN, &o, &w))
            *out = w;
        else
            out->nodes = w.nodes;
    }
    if (out->goal == SOLVE_GOAL_MATERIAL && !won && o.engine && o.verify_depth > 0) {
        /* beyond the proof's horizon: the gain must hold for a search of the end */
        EngineLimits limits;
        engine_limits_default(&limits);
        limits.depth = o.verify_depth;
        EngineResult result;
        if (engine_search(o.engine, &end, NULL, 0, &limits, NULL, NULL, &result, NULL) != SH_OK)
            return false;
        int for_solver = end.side == pos->side ? result.score : -result.score;
        if (result.has_move && for_solver < PUZZLE_VERIFY_MARGIN)
            return false;
    }
    out->difficulty = out->moves < 1 ? 1 : out->moves > 5 ? 5 : out->moves;
    out->rating = 800 + 200 * out->difficulty;
    out->theme = theme_of(out);
    return true;
}

/* ------------------------------------------------------------------------------------------
 * The file format
 * ---------------------------------------------------------------------------------------- */

typedef struct Out {
    char *buf;
    size_t size, len;
    size_t line_start;
} Out;

static void put(Out *o, const char *s)
{
    for (; *s; s++) {
        if (o->size && o->len + 1 < o->size)
            o->buf[o->len] = *s;
        o->len++;
        if (*s == '\n')
            o->line_start = o->len;
    }
}

static void put_tag(Out *o, const char *name, const char *value)
{
    put(o, "[");
    put(o, name);
    put(o, " \"");
    char one[2] = {0, 0};
    for (const char *v = value ? value : "?"; *v; v++) {
        if (*v == '"' || *v == '\\')
            put(o, "\\");
        if (*v == '\n' || *v == '\r')
            continue;
        one[0] = *v;
        put(o, one);
    }
    put(o, "\"]\n");
}

/* A word of the movetext, wrapping lines at 79 columns. */
static void put_word(Out *o, const char *word)
{
    size_t col = o->len - o->line_start;
    if (col > 0 && col + 1 + strlen(word) > 79)
        put(o, "\n");
    else if (col > 0)
        put(o, " ");
    put(o, word);
}

size_t puzzle_write_pdn(const Puzzle *pz, const ShGame *game, const char *source, const char *id,
                        bool numeric, char *out, size_t size)
{
    Out o = {out, size, 0, 0};
    static const char *const COPIED[] = {"Event", "Site", "Date", "Round", "White", "Black"};
    for (int i = 0; i < 6; i++)
        put_tag(&o, COPIED[i], game ? sh_game_tag(game, COPIED[i]) : NULL);
    put_tag(&o, "Result", "*");
    put_tag(&o, "SetUp", "1");
    char fen[SH_FEN_SIZE];
    sh_fen_write(&pz->pos, numeric, fen);
    put_tag(&o, "FEN", fen);
    const ShRules *rules = sh_rules_get((ShVariant)pz->pos.variant);
    char num[32];
    snprintf(num, sizeof num, "%d", rules ? rules->pdn_game_type : 25);
    put_tag(&o, "GameType", num);
    if (rules && rules->pdn_variant)
        put_tag(&o, "Variant", rules->pdn_variant);
    put_tag(&o, "PuzzleId", id);
    put_tag(&o, "PuzzleGoal", pz->goal == SOLVE_GOAL_WIN ? "win" : "material");
    put_tag(&o, "PuzzleTheme", puzzle_theme_name(pz->theme));
    snprintf(num, sizeof num, "%d", pz->difficulty);
    put_tag(&o, "PuzzleDifficulty", num);
    snprintf(num, sizeof num, "%d", pz->rating);
    put_tag(&o, "PuzzleRating", num);
    put_tag(&o, "PuzzleSource", source);
    put(&o, "\n");
    ShPosition p = pz->pos;
    int move_no = 1;
    for (int i = 0; i < pz->line_length; i++) {
        char text[SH_MOVE_TEXT_SIZE];
        if (p.side == SH_WHITE) {
            snprintf(num, sizeof num, "%d.", move_no);
            put_word(&o, num);
        } else if (i == 0) {
            snprintf(num, sizeof num, "%d...", move_no);
            put_word(&o, num);
        }
        if (sh_move_write(&p, &pz->line[i], SH_NOTATION_SHORT | (numeric ? SH_NOTATION_NUMERIC : 0),
                          text, NULL) != SH_OK)
            break;
        put_word(&o, text);
        ShColor mover = (ShColor)p.side;
        sh_position_play(&p, &pz->line[i], &p);
        if (mover == SH_BLACK && p.side == SH_WHITE)
            move_no++;
    }
    put_word(&o, "*");
    put(&o, "\n\n");
    if (o.size)
        o.buf[o.len < o.size ? o.len : o.size - 1] = '\0';
    return o.len;
}
