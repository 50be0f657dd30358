/*
 * shashki_other.h - the other games played with a checkers set (issue 17): corners (уголки),
 * go-ban, Belarusian (белорусские), Wiegman's (шашки Вигмана), Stavropol (ставропольские),
 * Pskov and Novgorod (hex boards, two and three players) and Neva (four players).
 *
 * These are not draughts in the usual sense: their boards, pieces and turns differ in kind from
 * ShPosition's, so each game is a module of its own (src/other/<game>.c) with its own position
 * type, kept inside the opaque ShOtherState, and they all answer to this one interface, the
 * record ShOtherGame. Everything above the rules reaches them through the game interface
 * (shashki_play.h: its adapter src/play/play_other.c adds resignation, draws by agreement and
 * clocks), beside the generic search (engine/other_search.h) and the PDN-style records below.
 * Chapaev, a dexterity game, is played in the browser only (web/js/chapaev.js).
 *
 * Conventions
 *   - Players are numbered 0 .. players-1 in the order they move (0 moves first).
 *   - Cells are numbered 0 .. cell_count-1 by the game's board (ShGeometry); each has a name
 *     ("a1" on a square board; the game's own scheme on a hex board), which its notation uses.
 *   - Copy-make: make() changes the state in place; a caller that needs the old one copies the
 *     ShOtherState first (it is a plain value).
 *   - Settings: where no source settles a rule (docs/variants.md says which), the game has a
 *     setting, written "key=value,key=value"; start() takes them, and the position text keeps
 *     them so that parse() gives the same game back.
 *   - Errors: parse and start fill ShError with the column (1-based, in bytes) of the problem.
 */
#ifndef SHASHKI_OTHER_H
#define SHASHKI_OTHER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "shashki.h"
#include "shashki_play.h"

#define SH_OTHER_MAX_PLAYERS SH_MAX_PLAYERS
#define SH_OTHER_MAX_PATH 48      /* cells one move visits, its start included */
#define SH_OTHER_MAX_MOVES 1024   /* legal moves of any position */
#define SH_OTHER_STATE_SIZE 2048  /* bytes any game's position takes */
#define SH_OTHER_TEXT_SIZE 1024   /* a position's text, with the NUL */
#define SH_OTHER_MOVE_TEXT_SIZE 160

/* A position of any of the games: the module's own type lives in `bytes`. */
typedef struct ShOtherState {
    _Alignas(16) unsigned char bytes[SH_OTHER_STATE_SIZE];
} ShOtherState;

/* Boards (ShGeometry, ShCell), pieces (ShUnit), move kinds (ShMoveKind) and settings
 * (ShSetting) are every game's: shashki_play.h. */

typedef struct ShOtherMove {
    uint8_t kind;           /* ShMoveKind */
    uint8_t length;         /* cells in path: the start, then each landing (1 for PLACE) */
    uint8_t captured_count;
    uint8_t owner;          /* whose piece moves (Stavropol: may be the opponent's) */
    uint8_t promotes;       /* the piece becomes a king on its last cell */
    uint8_t flags;          /* the game's own (e.g. Wiegman: which of the two boards) */
    uint8_t path[SH_OTHER_MAX_PATH];
    uint8_t captured[SH_OTHER_MAX_PATH];
} ShOtherMove;

typedef struct ShOtherResult {
    bool over;
    int winner;                       /* the player who won, -1 for none (a draw, or not over) */
    int score[SH_OTHER_MAX_PLAYERS];  /* the game's points (go-ban rows), else pieces left */
    bool out[SH_OTHER_MAX_PLAYERS];   /* a player already out of the game (three or four) */
    char reason[160];                 /* in English: "all of White's pieces reached ..." */
} ShOtherResult;

typedef struct ShOtherGame {
    const char *name;       /* "corners": --variant, the web API, the record's Variant tag */
    const char *game_type;  /* the PDN GameType tag's value (no PDN number exists for these
                               games: docs/variants.md gives the ones chosen) */
    const char *title_en;   /* "Corners" */
    const char *title_ru;   /* "Уголки" */
    int players;            /* 2, 3 or 4 */
    const char *const *player_names;   /* English colour names, `players` of them */
    const char *const *player_colours; /* CSS colours for drawing the pieces */
    bool searchable;        /* the engine plays it (evaluate is set) */
    const ShSetting *settings;
    int setting_count;

    /* The start position under `settings` ("" or NULL: every setting's fallback; the keys and
     * values are already checked by sh_other_start). */
    ShStatus (*start)(ShOtherState *st, const char *settings, ShError *err);
    /* A position from its text (what format writes). */
    ShStatus (*parse)(ShOtherState *st, const char *text, ShError *err);
    /* The position's text; returns the length it needed. */
    size_t (*format)(const ShOtherState *st, char *out, size_t size);
    /* The board the position is played on (it may depend on the settings). */
    void (*board)(const ShOtherState *st, ShGeometry *out);
    ShUnit (*piece)(const ShOtherState *st, int cell);
    int (*to_move)(const ShOtherState *st);
    /* The legal moves, at most SH_OTHER_MAX_MOVES; 0 when the game is over. */
    int (*moves)(const ShOtherState *st, ShOtherMove *out);
    void (*make)(ShOtherState *st, const ShOtherMove *move);
    void (*result)(const ShOtherState *st, ShOtherResult *out);
    /* The move in the game's notation ("a1-a3", "c3:e5", "*d4" for a placing). */
    size_t (*move_text)(const ShOtherState *st, const ShOtherMove *move, char *out, size_t size);
    /* For the search: the position's worth to `player`, in hundredths of a piece; NULL if the
     * game has no engine. */
    int (*evaluate)(const ShOtherState *st, int player);
    /* A hash of the position (equal positions, equal hashes); NULL: the search hashes the text. */
    uint64_t (*hash)(const ShOtherState *st);
} ShOtherGame;

/* The games, in the order the web app lists them. */
int sh_other_count(void);
const ShOtherGame *sh_other_at(int index);
/* The game of that name (case matters not); NULL if none. */
const ShOtherGame *sh_other_find(const char *name);
/* True once the game's module is there (every function needed for play is set). */
bool sh_other_playable(const ShOtherGame *game);

/* The start position: checks each setting's key and value against game->settings (an unknown
 * key or value is SH_ERR_SYNTAX with its column), then calls game->start. */
ShStatus sh_other_start(const ShOtherGame *game, const char *settings, ShOtherState *st,
                        ShError *err);
/* The value of setting `key` in `settings` (or its fallback) into out. */
void sh_other_setting(const ShOtherGame *game, const char *settings, const char *key, char *out,
                      size_t size);

/* The legal move that `text` names: the game's notation as move_text writes it, or the cells of
 * its path joined by '-' or ':' ("a1-a3-a5"), or a path from the same first to the same last
 * cell when that names one move (only the two ends, or a longer route of a corners jump than the
 * one the game keeps). SH_ERR_ILLEGAL_MOVE / SH_ERR_AMBIGUOUS_MOVE / SH_ERR_SYNTAX with the
 * column. */
ShStatus sh_other_parse_move(const ShOtherGame *game, const ShOtherState *st, const char *text,
                             ShOtherMove *out, ShError *err);

/* ---- Records (src/other/record.c): a game of any of them, PDN-style ----------------------
 *
 *   [Event "..."] [Date "2026.12.01"] [White "..."] [Black "..."] ([Red] [Blue]: the third and
 *   fourth players) [GameType "<game_type>"] [Variant "<name>"] [SetUp "1"] [FEN "<position
 *   text>"] (only when the game did not begin at the start) [Settings "<settings>"] [Result]
 *   and any other tags (Site, Round, TimeControl, Termination ...: kept in `tag_name` and
 *   `tag_value`, written after the players) then the moves in the game's notation, a number before each round (the first player's
 *   move, the first of them when it moves twice: "1. a1-b2 h8-g7 2. ..."; "1... " when another
 *   player begins), then the result.
 *
 * The result: with two players "1-0", "0-1", "1/2-1/2"; with three or four a point for each
 * player joined by '-' ("0-1-0": the second won; "1/3-1/3-1/3" nobody did); "*" while the game
 * goes on. After a move its notes: NAGs ($1 .. $255: $1 !, $2 ?, $4 ??, $6 ?! ...), then its
 * comment in braces, or after ';' to the line's end when it holds a '}' (a review's verdicts,
 * `shashki pdn annotate`); reading keeps them with the move they follow (a comment before the
 * first move is skipped), skips move numbers and tags it does not know, and refuses a move
 * that is not legal with its line and column; a game's Result tag and its last token must
 * agree with each other. */
#define SH_OTHER_RECORD_TAG_SIZE 128
#define SH_OTHER_RECORD_RESULT_SIZE 32
#define SH_OTHER_RECORD_MAX_TAGS 16 /* tags besides those above (Site, Round, TimeControl ...) */

#define SH_OTHER_MAX_NAGS 4 /* NAGs a move, as SH_GAME_MAX_NAGS */

/* What follows a move in the record (src/other/record_notes.c). */
typedef struct ShOtherNote {
    char *comment; /* malloc'ed, its blanks made single spaces; NULL: none */
    int nag_count;
    int nags[SH_OTHER_MAX_NAGS];
} ShOtherNote;

typedef struct ShOtherRecord {
    const ShOtherGame *game;
    char event[SH_OTHER_RECORD_TAG_SIZE];
    char date[SH_OTHER_RECORD_TAG_SIZE];
    char player[SH_OTHER_MAX_PLAYERS][SH_OTHER_RECORD_TAG_SIZE]; /* White, Black, Red, Blue */
    char settings[256];
    char result[SH_OTHER_RECORD_RESULT_SIZE]; /* as written, "*" while going on */
    int tag_count;                            /* the other tags, in the order read or set */
    char tag_name[SH_OTHER_RECORD_MAX_TAGS][32];
    char tag_value[SH_OTHER_RECORD_MAX_TAGS][SH_OTHER_RECORD_TAG_SIZE];
    bool setup;                               /* began at `start`, not the game's start */
    ShOtherState start;
    ShOtherState current;                     /* after the moves */
    int move_count, move_capacity;
    ShOtherMove *moves;                       /* malloc'ed */
    int note_capacity;                        /* notes[i] follows move i (i < note_capacity) */
    ShOtherNote *notes;                       /* malloc'ed, grown as notes are set; NULL */
} ShOtherRecord;

/* A record of `game` from its start under `settings` (position NULL) or from the position
 * text `position`; the tags are empty ("?" when written) and the result "*". */
ShStatus sh_other_record_init(ShOtherRecord *rec, const ShOtherGame *game, const char *settings,
                              const char *position, ShError *err);
void sh_other_record_free(ShOtherRecord *rec);
/* Play a move (it must be legal in rec->current); the result is set when the game ends. */
ShStatus sh_other_record_play(ShOtherRecord *rec, const ShOtherMove *move, ShError *err);
/* The result text of a finished position ("*" when it goes on). */
void sh_other_result_text(const ShOtherGame *game, const ShOtherResult *res, char *out,
                          size_t size);
/* The record's text; returns the length it needed (out may be NULL with size 0). */
size_t sh_other_record_write(const ShOtherRecord *rec, char *out, size_t size);
/* Read one record from text (the first game in it); *end (may be NULL) gets where it stopped.
 * Errors: SH_ERR_SYNTAX / SH_ERR_ILLEGAL_MOVE ... with the line and column in `text`. */
ShStatus sh_other_record_read(ShOtherRecord *rec, const char *text, const char **end,
                              ShError *err);
/* The same, a record without a Variant or GameType tag being of `fallback` (NULL: an error). */
ShStatus sh_other_record_read_as(ShOtherRecord *rec, const char *text, const char **end,
                                 const ShOtherGame *fallback, ShError *err);

/* The notes after move `ply` (0-based, a move of the record): the comment (NULL or "" removes
 * it), NAGs 1-255 (at most SH_OTHER_MAX_NAGS); SH_ERR_ARGUMENT for a move not played. */
ShStatus sh_other_record_set_comment(ShOtherRecord *rec, int ply, const char *text,
                                     ShError *err);
const char *sh_other_record_comment(const ShOtherRecord *rec, int ply);
ShStatus sh_other_record_add_nag(ShOtherRecord *rec, int ply, int nag, ShError *err);
int sh_other_record_nags(const ShOtherRecord *rec, int ply, int nags[SH_OTHER_MAX_NAGS]);
/* Remove the notes of moves `from` on (moves taken back). */
void sh_other_record_clear_notes(ShOtherRecord *rec, int from);
/* A deep copy of src's notes into dst (whose own are not freed: a copy of src's struct);
 * false when out of memory (dst then has none). */
bool sh_other_record_copy_notes(ShOtherRecord *dst, const ShOtherRecord *src);

#endif
