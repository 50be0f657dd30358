/* stavropol.c - Stavropol draughts (Ставропольские шашки): Russian draughts in which a
 * player may move the opponent's pieces too (seed ../shared/seeds/003_*.txt L301). The pieces
 * move and capture by the library's Russian rules (sh_moves_generate on an ShPosition with the
 * colour to move set): this module only chooses which colour moves. The rules, their sources
 * and the settings are in docs/variants.md ("Stavropol draughts"). */
#include <stdio.h>
#include <string.h>

#include "board8.h"
#include "error.h"
#include "games.h"
#include "postext.h"

#define NO_CELL 255

typedef struct Stavropol {
    ShPosition pos;    /* Russian draughts; its side is the player to move */
    uint8_t player;    /* to move: 0 White, 1 Black */
    uint8_t noback;    /* a piece's last quiet move may not be undone at once */
    uint8_t quiet_limit; /* moves each without a capture or a man's move: a draw; 0: off */
    uint8_t turn_end;  /* a player loses only when his own colour cannot move on his turn */
    uint8_t last_from, last_to; /* the last move's cells, NO_CELL if none or a capture */
    uint16_t quiet;    /* plies without a capture or a man's move */
} Stavropol;

SH_OTHER_STATE_FITS(Stavropol);

static const char *const NAMES[] = {"White", "Black"};
static const char *const COLOURS[] = {"#f4f1e8", "#1f1f1f"};

static const ShSetting SETTINGS[] = {
    {"noback", "off|on", "off",
     "on: a piece moved without capturing may not be moved straight back by the next move"},
    {"end", "colour|turn", "colour",
     "colour: a colour whose pieces are all taken or blocked loses at once; turn: only when its "
     "player is to move"},
    {"quiet", "30|15|off", "30",
     "moves each without a capture or a man's move that end the game in a draw"},
};

static Stavropol *get(ShOtherState *st) { return (Stavropol *)(void *)st->bytes; }
static const Stavropol *cget(const ShOtherState *st)
{
    return (const Stavropol *)(const void *)st->bytes;
}

static int square_cell(int square)
{
    return board8_cell(sh_square_file(square), sh_square_rank(square));
}

static void settings_read(Stavropol *s, const char *settings)
{
    const ShOtherGame *g = &SH_OTHER_STAVROPOL;
    s->noback = other_setting_is(g, settings, "noback", "on");
    s->turn_end = other_setting_is(g, settings, "end", "turn");
    s->quiet_limit = (uint8_t)other_setting_number(g, settings, "quiet");
}

static ShStatus stavropol_start(ShOtherState *st, const char *settings, ShError *err)
{
    (void)err;
    Stavropol *s = get(st);
    memset(s, 0, sizeof *s);
    settings_read(s, settings);
    sh_position_start(&s->pos, SH_VARIANT_RUSSIAN);
    s->last_from = s->last_to = NO_CELL;
    return SH_OK;
}

static size_t stavropol_format(const ShOtherState *st, char *out, size_t size)
{
    const Stavropol *s = cget(st);
    char fen[SH_FEN_SIZE], last[8] = "-", quiet[OTHER_NUMBER_SIZE];
    sh_fen_write(&s->pos, false, fen);
    if (s->last_from != NO_CELL) {
        board8_name(s->last_from, last);
        last[2] = '-';
        board8_name(s->last_to, last + 3);
    }
    int n = snprintf(out, size, "%s %u %s noback=%s,end=%s,quiet=%s", fen, (unsigned)s->quiet,
                     last, s->noback ? "on" : "off", s->turn_end ? "turn" : "colour",
                     other_number_text(s->quiet_limit, quiet));
    return n < 0 ? 0 : (size_t)n;
}

static int cell_read(const char *t)
{
    if (t[0] < 'a' || t[0] > 'h' || t[1] < '1' || t[1] > '8')
        return -1;
    return board8_cell(t[0] - 'a', t[1] - '1');
}

static ShStatus stavropol_parse(ShOtherState *st, const char *text, ShError *err)
{
    static const char FORM[] = "a Stavropol position is FEN QUIET-PLIES LAST-MOVE [SETTINGS]";
    int start[4], len[4];
    ShStatus status =
        postext_open_fields(&SH_OTHER_STAVROPOL, text, 3, 4, FORM, start, len, st, err);
    if (status != SH_OK)
        return status;
    Stavropol *s = get(st);
    char fen[SH_FEN_SIZE];
    if (len[0] >= (int)sizeof fen)
        return error_set(err, SH_ERR_SYNTAX, 1, 1, "the FEN is too long");
    memcpy(fen, text, (size_t)len[0]);
    fen[len[0]] = '\0';
    ShError e;
    if (sh_fen_read(fen, &s->pos, &e) != SH_OK)
        return error_set(err, e.code, 1, e.column ? e.column : 1, "%s", e.message);
    s->player = (uint8_t)sh_position_side(&s->pos);
    if (!postext_count(text + start[1], len[1], &s->quiet))
        return error_set(err, SH_ERR_SYNTAX, 1, start[1] + 1,
                         "the quiet plies are a number of 1 to 4 digits");
    const char *l = text + start[2];
    if (len[2] == 1 && l[0] == '-') {
        s->last_from = s->last_to = NO_CELL;
    } else {
        int from = len[2] == 5 && l[2] == '-' ? cell_read(l) : -1;
        int to = from >= 0 ? cell_read(l + 3) : -1;
        if (from < 0 || to < 0 || !board8_dark(from) || !board8_dark(to))
            return error_set(err, SH_ERR_SYNTAX, 1, start[2] + 1,
                             "the last move is - or its two dark squares, as c3-d4");
        int sq = sh_square_at(board8_file(to), board8_rank(to));
        if (sh_position_piece_at(&s->pos, sq) == SH_EMPTY)
            return error_set(err, SH_ERR_INVALID_POSITION, 1, start[2] + 4,
                             "the last move ends on an empty square");
        s->last_from = (uint8_t)from;
        s->last_to = (uint8_t)to;
    }
    return SH_OK;
}

static ShUnit stavropol_piece(const ShOtherState *st, int cell)
{
    ShUnit p = {SH_UNIT_NONE, 0};
    if (cell < 0 || cell >= BOARD8_CELLS || !board8_dark(cell))
        return p;
    ShPiece piece = sh_position_piece_at(&cget(st)->pos,
                                         sh_square_at(board8_file(cell), board8_rank(cell)));
    if (piece != SH_EMPTY) {
        p.kind = piece == SH_WHITE_MAN || piece == SH_BLACK_MAN ? SH_UNIT_MAN : SH_UNIT_KING;
        p.owner = piece == SH_WHITE_MAN || piece == SH_WHITE_KING ? 0 : 1;
    }
    return p;
}

static int stavropol_to_move(const ShOtherState *st) { return cget(st)->player; }

/* The Russian moves of `colour`'s pieces in the position. */
static void colour_moves(const Stavropol *s, int colour, ShPosition *pos, ShMoveList *list)
{
    *pos = s->pos;
    sh_position_set_side(pos, (ShColor)colour);
    sh_moves_generate(pos, list);
}

/* One Russian move as the interface's. */
static void move_convert(const ShPosition *pos, const ShMove *mv, int colour, ShOtherMove *out)
{
    memset(out, 0, sizeof *out);
    ShPath path;
    if (sh_move_path(pos, mv, &path, NULL) != SH_OK) {
        path.count = 2;
        path.squares[0] = (uint8_t)sh_move_from(mv);
        path.squares[1] = (uint8_t)sh_move_to(mv);
    }
    out->kind = sh_move_is_capture(mv) ? SH_MOVE_CAPTURE : SH_MOVE_STEP;
    out->owner = (uint8_t)colour;
    out->promotes = mv->promotes;
    out->length = (uint8_t)(path.count < SH_OTHER_MAX_PATH ? path.count : SH_OTHER_MAX_PATH);
    for (int i = 0; i < out->length; i++)
        out->path[i] = (uint8_t)square_cell(path.squares[i]);
    int captured[SH_MAX_CAPTURES];
    int k = sh_move_captured_squares(mv, captured);
    out->captured_count = (uint8_t)(k < SH_OTHER_MAX_PATH ? k : SH_OTHER_MAX_PATH);
    for (int i = 0; i < out->captured_count; i++)
        out->captured[i] = (uint8_t)square_cell(captured[i]);
}

/* Whether colour has no piece that can move (none left, or every one blocked). */
static bool colour_stuck(const Stavropol *s, int colour)
{
    ShPosition pos = s->pos;
    sh_position_set_side(&pos, (ShColor)colour);
    return sh_moves_count(&pos) == 0;
}

static void stavropol_result(const ShOtherState *st, ShOtherResult *res)
{
    const Stavropol *s = cget(st);
    memset(res, 0, sizeof *res);
    res->winner = -1;
    res->score[0] = sh_position_count(&s->pos, SH_WHITE_MAN) +
                    sh_position_count(&s->pos, SH_WHITE_KING);
    res->score[1] = sh_position_count(&s->pos, SH_BLACK_MAN) +
                    sh_position_count(&s->pos, SH_BLACK_KING);
    bool stuck[2] = {colour_stuck(s, 0), colour_stuck(s, 1)};
    if (s->turn_end) /* only the colour of the player to move counts */
        stuck[s->player ^ 1] = false;
    if (stuck[0] || stuck[1]) {
        res->over = true;
        if (stuck[0] && stuck[1]) {
            snprintf(res->reason, sizeof res->reason, "neither colour's pieces can move");
        } else {
            int loser = stuck[0] ? 0 : 1;
            res->winner = loser ^ 1;
            snprintf(res->reason, sizeof res->reason, "%s's pieces are %s", NAMES[loser],
                     res->score[loser] ? "blocked" : "all taken");
        }
        return;
    }
    if (s->quiet_limit && s->quiet >= 2 * s->quiet_limit) {
        res->over = true;
        snprintf(res->reason, sizeof res->reason,
                 "%u moves each without a capture or a man's move", (unsigned)s->quiet_limit);
        return;
    }
    snprintf(res->reason, sizeof res->reason, "%s to move", NAMES[s->player]);
}

static int stavropol_moves(const ShOtherState *st, ShOtherMove *out)
{
    ShOtherResult res;
    stavropol_result(st, &res);
    if (res.over)
        return 0;
    const Stavropol *s = cget(st);
    static _Thread_local ShMoveList lists[2];
    ShPosition pos[2];
    bool capture = false;
    for (int k = 0; k < 2; k++) {
        int colour = s->player ^ k; /* one's own pieces first */
        colour_moves(s, colour, &pos[k], &lists[k]);
        if (lists[k].count && sh_move_is_capture(&lists[k].moves[0]))
            capture = true;
    }
    int n = 0;
    for (int k = 0; k < 2; k++) {
        int colour = s->player ^ k;
        for (int i = 0; i < lists[k].count && n < SH_OTHER_MAX_MOVES; i++) {
            const ShMove *mv = &lists[k].moves[i];
            bool is_capture = sh_move_is_capture(mv);
            if (capture && !is_capture) /* a capture with either colour is compulsory */
                continue;
            ShOtherMove m;
            move_convert(&pos[k], mv, colour, &m);
            if (s->noback && !is_capture && s->last_from != NO_CELL &&
                m.path[0] == s->last_to && m.path[m.length - 1] == s->last_from)
                continue;
            out[n++] = m;
        }
    }
    return n;
}

static void stavropol_make(ShOtherState *st, const ShOtherMove *m)
{
    Stavropol *s = get(st);
    ShPosition pos;
    static _Thread_local ShMoveList list;
    colour_moves(s, m->owner, &pos, &list);
    for (int i = 0; i < list.count; i++) {
        ShOtherMove c;
        move_convert(&pos, &list.moves[i], m->owner, &c);
        if (c.length != m->length || memcmp(c.path, m->path, c.length) != 0 ||
            c.captured_count != m->captured_count ||
            memcmp(c.captured, m->captured, c.captured_count) != 0)
            continue;
        ShPiece piece = sh_position_piece_at(&pos, sh_move_from(&list.moves[i]));
        bool man = piece == SH_WHITE_MAN || piece == SH_BLACK_MAN;
        sh_position_play(&pos, &list.moves[i], &s->pos);
        bool capture = sh_move_is_capture(&list.moves[i]);
        s->quiet = capture || man ? 0 : (uint16_t)(s->quiet + 1);
        s->last_from = capture ? NO_CELL : m->path[0];
        s->last_to = capture ? NO_CELL : m->path[m->length - 1];
        break;
    }
    s->player ^= 1;
    sh_position_set_side(&s->pos, (ShColor)s->player);
}

static int stavropol_evaluate(const ShOtherState *st, int player)
{
    int over;
    if (other_over(&SH_OTHER_STAVROPOL, st, player, &over))
        return over;
    const Stavropol *s = cget(st);
    int worth[2] = {0, 0};
    for (int sq = 0; sq < SH_SQUARES; sq++) {
        ShPiece p = sh_position_piece_at(&s->pos, sq);
        int rank = sh_square_rank(sq);
        switch (p) {
        case SH_WHITE_MAN: worth[0] += 100 + 4 * rank; break;
        case SH_BLACK_MAN: worth[1] += 100 + 4 * (7 - rank); break;
        case SH_WHITE_KING: worth[0] += 300; break;
        case SH_BLACK_KING: worth[1] += 300; break;
        default: break;
        }
    }
    return worth[player] - worth[player ^ 1];
}

static uint64_t stavropol_hash(const ShOtherState *st)
{
    const Stavropol *s = cget(st);
    uint64_t h = sh_position_hash(&s->pos) ^ (uint64_t)s->player * 0x9e3779b97f4a7c15ULL;
    h ^= ((uint64_t)s->quiet << 32) ^ ((uint64_t)s->last_from << 16) ^ ((uint64_t)s->last_to << 8);
    h ^= (uint64_t)s->noback << 48 ^ (uint64_t)s->quiet_limit << 56 ^ (uint64_t)s->turn_end << 40;
    return h * 0xff51afd7ed558ccdULL;
}

const ShOtherGame SH_OTHER_STAVROPOL = {
    .name = "stavropol", .game_type = "stavropol", .title_en = "Stavropol draughts",
    .title_ru = "Ставропольские шашки", .players = 2, .searchable = true, OTHER_GAME_TABLES,
    OTHER_GAME_FUNCTIONS(stavropol), .board = board8_board, .move_text = board8_move_text,
};
