/*
 * shashki_play.h - every game of the project through one interface.
 *
 * Shashki plays three families of games: the draughts games (one ShRules record each, on
 * boards of 8x8 to 12x12: include/shashki.h), the column games (bashni and Lasca, where a
 * square holds a column: the same records, with `columns` set) and the other games of a
 * checkers set (corners, go-ban, hex boards, four players: include/shashki_other.h). Whatever
 * lies above the rules - the store, the web server and its page, the engine players, events,
 * the command line - knows a game only through this header:
 *
 *   ShKind   what a game is: its name and titles, its players and their colours, its settings,
 *            whether it has draws and an engine, its usual notation, its board for drawing.
 *            One record per game (sh_kind_count, sh_kind_at, sh_kind_find).
 *   ShPlay   one game of a kind being played or read: the start, every move and position, the
 *            legal moves, the arbiter's verdict (the rules' own end, resignation, draws by
 *            agreement and by claim, time, the arbiter's word), the clock of every player, the
 *            record's tags, and the record as PDN both ways.
 *
 * Behind it each family answers through an adapter of its own (src/play/): the draughts and
 * column games through ShGame (src/game.c), whose arbiter keeps every draw rule; the other games
 * through ShOtherRecord, with resignation, draws by agreement and clocks added here. The
 * engines' hot paths (move generation, perft, search) are not behind it: perft and the search
 * reach them from here (sh_play_perft, engine/play_engine.h) at their full speed.
 *
 * Conventions
 *   - Players are numbered 0 .. players-1. In the draughts games player 0 is White and 1 Black
 *     (whoever moves first: Black in English checkers); in the other games player 0 moves first.
 *   - Cells are what the board is drawn with (ShGeometry): a draughts game's playing squares in
 *     their PDN order (cell i is square number i + 1), an other game's cells as its module
 *     numbers them. Each has a name ("c3"), which its notation uses.
 *   - Position text: a draughts game's FEN (algebraic on 8x8 boards, the game's usual form), an
 *     other game's position text. Reading either back gives the same position.
 *   - Move text: the game's usual notation as its records write it (`text`) and a form that names
 *     every cell the move visits (`full`), which is what the store keeps: reading it back gives
 *     the same move, whatever was ambiguous in the short form.
 *   - Results are written as PDN writes them: with two players "1-0", "0-1", "1/2-1/2"; with
 *     three or four a point for each player joined by '-' ("0-1-0", "1/3-1/3-1/3"); "*" while
 *     the game goes on.
 *   - Errors fill ShError (code, line, column) as everywhere in the library.
 */
#ifndef SHASHKI_PLAY_H
#define SHASHKI_PLAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "shashki.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------------------------
 * Boards for drawing, pieces of any game, settings
 * ---------------------------------------------------------------------------------------- */

#define SH_MAX_CELLS 192    /* cells of any board */
#define SH_CELL_NAME_SIZE 8
#define SH_MAX_PLAYERS 4
#define SH_MAX_STACK SH_MAX_COLUMN /* pieces on one cell (a column) */

/* SH_CELL_HEX is pointy-topped (a vertex up), SH_CELL_HEX_FLAT flat-topped (an edge up: the
 * hex boards of Pskov and Novgorod, whose players sit at the board's corners); either is one
 * cell wide from the leftmost to the rightmost point. */
typedef enum ShCellShape {
    SH_CELL_SQUARE = 0,
    SH_CELL_HEX,
    SH_CELL_HEX_FLAT
} ShCellShape;

typedef struct ShCell {
    float x, y;     /* the centre, in cell widths from the board's top left corner */
    uint8_t shape;  /* ShCellShape */
    uint8_t dark;   /* drawn dark (a square board's dark squares) */
    char name[SH_CELL_NAME_SIZE];
} ShCell;

typedef struct ShGeometry {
    int cell_count;
    float width, height; /* the board's size in cell widths */
    ShCell cell[SH_MAX_CELLS];
} ShGeometry;

/* The cell of that name on the board, -1 if none. */
int sh_geometry_cell(const ShGeometry *board, const char *name);

typedef enum ShUnitKind {
    SH_UNIT_NONE = 0,
    SH_UNIT_PIECE, /* a piece of a game without ranks (corners, go-ban) */
    SH_UNIT_MAN,
    SH_UNIT_KING,
    SH_UNIT_PAWN   /* Belarusian: moves as a chess pawn, never captures */
} ShUnitKind;

/* A piece of any game, by its kind and its owner (a player). */
typedef struct ShUnit {
    uint8_t kind;  /* ShUnitKind */
    uint8_t owner; /* player, when kind is not SH_UNIT_NONE */
} ShUnit;

typedef enum ShMoveKind {
    SH_MOVE_STEP = 0, /* to a neighbour (or along a line: a flying king's move) */
    SH_MOVE_JUMP,     /* over pieces without taking them (corners) */
    SH_MOVE_CAPTURE,  /* takes the pieces in `captured` */
    SH_MOVE_PLACE,    /* a new piece on path[0] (go-ban) */
    SH_MOVE_PASS      /* nothing moves (where a game allows it) */
} ShMoveKind;

/* A choice the sources leave open, written "key=value,key=value". */
typedef struct ShSetting {
    const char *key;      /* "house" */
    const char *values;   /* the values allowed, separated by '|': "4x3|3x3" */
    const char *fallback; /* the value when none is given: "4x3" */
    const char *help;     /* one line in English */
} ShSetting;

/* ------------------------------------------------------------------------------------------
 * Kinds: what a game is
 * ---------------------------------------------------------------------------------------- */

typedef enum ShFamily {
    SH_FAMILY_DRAUGHTS = 0, /* a draughts game of include/shashki.h: ShRules */
    SH_FAMILY_COLUMNS,      /* a column game: ShRules with `columns` (bashni, Lasca) */
    SH_FAMILY_OTHER         /* an other game of a checkers set: ShOtherGame */
} ShFamily;

struct ShOtherGame;

typedef struct ShKind {
    const char *name;       /* "russian", "columns", "corners": --variant, the web API, the
                               record's Variant tag, the store */
    const char *title_en;   /* "Russian checkers" */
    const char *title_ru;   /* "Русские шашки" */
    ShFamily family;
    int players;            /* 2, 3 or 4 */
    const char *const *player_names;   /* English names of the players' colours ("White") */
    const char *const *player_colours; /* CSS colours for drawing their pieces */
    const ShSetting *settings;         /* the game's choices (none for the draughts games) */
    int setting_count;
    bool engine;            /* the engine plays it */
    bool draws;             /* a game can end without a winner, so a draw may be offered */
    bool claims;            /* a player may claim a draw (repetition; English's 40 moves) */
    bool numeric;           /* its usual notation writes squares as numbers (10x10, 12x12,
                               English and pool: "32-28"); else letters and figures ("c3-d4") */
    bool ballots;           /* the Russian ballots open it (opening codes "1-III" ...) */
    bool start_drawn;       /* its start is drawn by lot (flying) */
    int variant;            /* the ShVariant of a draughts or column game; -1 for the others */
    const struct ShOtherGame *other; /* the other game's record; NULL for the others */
    const char *pdn_game_type;       /* the PDN GameType tag ("25", or the other game's) */
} ShKind;

/* Every game: the draughts games in ShVariant order (the column games among them), then the
 * other games in the order of sh_other_at. */
int sh_kind_count(void);
const ShKind *sh_kind_at(int index);
/* A game by its name or one of the library's other names for it ("checkers", "poddavki",
 * "bashni", in any case); NULL if there is none. */
const ShKind *sh_kind_find(const char *name);
/* The kind of a draughts or column game. */
const ShKind *sh_kind_of_variant(ShVariant variant);
/* The board of a game under `settings` (NULL or "": the defaults), for drawing. The board of
 * a position may differ from it only in games whose settings change the board. */
ShStatus sh_kind_geometry(const ShKind *kind, const char *settings, ShGeometry *out,
                          ShError *err);
/* Check settings against the kind's (an unknown key or value is SH_ERR_SYNTAX with its
 * column); the draughts games have none, so anything but "" is refused. */
ShStatus sh_kind_check_settings(const ShKind *kind, const char *settings, ShError *err);
/* The names of every game, joined by ", " (for messages: "one of russian, ..."). */
size_t sh_kind_names(char *out, size_t size);

/* ------------------------------------------------------------------------------------------
 * Plays: one game of a kind
 * ---------------------------------------------------------------------------------------- */

#define SH_PLAY_MOVE_TEXT_SIZE 160
#define SH_PLAY_MAX_PATH 48       /* cells one move visits, its start included */
#define SH_PLAY_TEXT_SIZE 1024    /* a position's text, with the NUL */
#define SH_PLAY_RESULT_SIZE 32
#define SH_PLAY_REASON_SIZE 256

typedef struct ShPlay ShPlay;

typedef struct ShPlayOptions {
    const char *settings;  /* the kind's settings ("" or NULL: the defaults) */
    const char *start;     /* a position's text to begin from; NULL or "": the game's start */
    const char *opening;   /* a ballot ("1-III"), for a kind with `ballots`; NULL for none */
    uint64_t lot;          /* the lot of a start drawn by lot (start_drawn) */
    bool automatic_draws;  /* repetition ends the game by itself (games between programs);
                              else a player claims it */
    bool replay;           /* reading a record: moves are taken after the rules would have
                              ended the game, and the rules set no result */
} ShPlayOptions;

/* A legal move, or a move played. */
typedef struct ShPlayMove {
    char text[SH_PLAY_MOVE_TEXT_SIZE]; /* the game's usual notation ("c3-d4", "32-28", "*d4") */
    char full[SH_PLAY_MOVE_TEXT_SIZE]; /* every cell it visits: what the store keeps */
    uint8_t kind;           /* ShMoveKind */
    uint8_t player;         /* who makes it */
    uint8_t promotes;       /* a man becomes a king */
    uint8_t length;         /* cells in path: the start, then each landing (1 for a placing) */
    uint8_t captured_count;
    uint8_t path[SH_PLAY_MAX_PATH];
    uint8_t captured[SH_PLAY_MAX_PATH];
} ShPlayMove;

/* A new game of `kind` (options NULL: the start, the defaults). Errors: bad settings
 * (SH_ERR_SYNTAX with the column), a position text the game cannot read (with its column), a
 * ballot the game does not have, a position where the game is already over
 * (SH_ERR_INVALID_POSITION). */
ShStatus sh_play_new(ShPlay **play, const ShKind *kind, const ShPlayOptions *options,
                     ShError *err);
ShPlay *sh_play_copy(const ShPlay *play); /* NULL if out of memory */
void sh_play_free(ShPlay *play);
const ShKind *sh_play_kind(const ShPlay *play);
const char *sh_play_settings(const ShPlay *play); /* as given ("" for the defaults) */
/* The ballot's code the game began with ("IDF-64 1-III"), or "". */
const char *sh_play_opening(const ShPlay *play);
/* Whether the game began from a position of its own (a FEN, an other game's position text, a
 * start drawn by lot) rather than its kind's start under its settings (a ballot begins there):
 * what a store must keep to play the game again (a position's text keeps its own settings). */
bool sh_play_set_up(const ShPlay *play);

/* -- positions and moves: position 0 is the start, position k the one after k moves -- */
int sh_play_ply_count(const ShPlay *play);
/* Plies at the start that came from a ballot (they cannot be taken back). */
int sh_play_opening_plies(const ShPlay *play);
/* The player to move in position `ply` (-1: the current one). */
int sh_play_to_move(const ShPlay *play, int ply);
/* Whether the player to move in position `ply` (-1: the current one) makes the second move of
 * a turn (two-move draughts). */
bool sh_play_second_move(const ShPlay *play, int ply);
/* The text of position `ply` (-1: the current one, 0: the start); returns its length. */
size_t sh_play_position_text(const ShPlay *play, int ply, char *out, size_t size);
/* The board the game is drawn on. */
void sh_play_geometry(const ShPlay *play, ShGeometry *out);
/* The pieces on `cell` in position `ply` (-1: the current one), the top first; returns how
 * many (0: an empty cell; more than 1 only in the column games). */
int sh_play_units(const ShPlay *play, int ply, int cell, ShUnit out[SH_MAX_STACK]);
/* The legal moves now (none once the game is over), malloc'ed (free() them), each once with
 * the path it is shown with, in the order a person reads them. *count gets how many; NULL
 * (count 0) when there is none or no memory. */
ShPlayMove *sh_play_moves(const ShPlay *play, int *count);
/* The same with one entry per path a move can be played along: a capture made in two orders
 * appears twice, each with its own path and `full`, the same `text` (for entering a capture
 * cell by cell). */
ShPlayMove *sh_play_move_paths(const ShPlay *play, int *count);
/* The move `text` names in the current position: any notation the game reads (its usual one,
 * `full`, the cells of its path joined by '-' or ':'). SH_ERR_ILLEGAL_MOVE,
 * SH_ERR_AMBIGUOUS_MOVE or SH_ERR_SYNTAX with the column. */
ShStatus sh_play_parse_move(const ShPlay *play, const char *text, ShPlayMove *move,
                            ShError *err);
/* Play the move `text` names (refused once the game is over, unless replaying; a draw offered
 * to the mover is declined by the move; a running clock is pressed, and a fallen flag loses
 * the game instead). *played (may be NULL) gets it as played. */
ShStatus sh_play_move(ShPlay *play, const char *text, ShPlayMove *played, ShError *err);
/* The move played from position `ply` (0-based). */
ShStatus sh_play_move_at(const ShPlay *play, int ply, ShPlayMove *out, ShError *err);
/* Take the last move back, with whatever ended the game after it. */
ShStatus sh_play_undo(ShPlay *play, ShError *err);

/* -- the arbiter -- */
typedef struct ShVerdict {
    bool over;
    int winner;                      /* the player who won; -1 for none (a draw, shared) */
    double points[SH_MAX_PLAYERS];   /* each player's points (1, 0.5, 1/3 ...), 0 going on */
    char result[SH_PLAY_RESULT_SIZE];/* "1-0", "0-1-0", "1/2-1/2", "*" */
    char reason_code[32];            /* "no-moves", "resignation", "time", "agreement",
                                        "repetition", "adjudication", "recorded", "rules" (an
                                        other game's own end) ...; "" going on */
    char reason[SH_PLAY_REASON_SIZE];/* for people: "White wins: Black has no move" */
    bool out[SH_MAX_PLAYERS];        /* a player out of a game of three or four */
} ShVerdict;

void sh_play_verdict(const ShPlay *play, ShVerdict *out);
bool sh_play_over(const ShPlay *play);
/* `player` resigns: with two players the other wins; with three or four the game ends and the
 * others share the point. */
ShStatus sh_play_resign(ShPlay *play, int player, ShError *err);
/* Draws by agreement, in the games of two players that have draws: the draughts games by
 * their rules (1.9.3-1.9.6: offered right after a move, declined by a move, offered again only
 * after the other side has offered); the other games while the game goes on, one offer at a
 * time, declined by the other player's move. */
ShStatus sh_play_offer_draw(ShPlay *play, int player, ShError *err);
ShStatus sh_play_accept_draw(ShPlay *play, int player, ShError *err);
ShStatus sh_play_decline_draw(ShPlay *play, int player, ShError *err);
int sh_play_draw_offer(const ShPlay *play); /* the player whose offer waits, or -1 */
bool sh_play_may_offer_draw(const ShPlay *play, int player, ShError *err);
/* A draw the player to move may claim now (reason_code in `reason`, of at least 32 bytes), and
 * the claim, with a move (may be NULL) that makes the position repeat (draughts: 1.9.2). */
bool sh_play_may_claim(const ShPlay *play, char *reason, size_t size);
ShStatus sh_play_claim_draw(ShPlay *play, const char *move, bool *granted, ShError *err);
int sh_play_repetitions(const ShPlay *play);
/* The arbiter's result (one of the kind's result texts, not "*"), for a game going on or a
 * correction of one that ended. */
ShStatus sh_play_adjudicate(ShPlay *play, const char *result, ShError *err);
/* End the game with a result decided outside its moves (a stored game's result read back):
 * `reason_code` as ShVerdict's ("time", "resignation", "agreement", "adjudication",
 * "recorded" ...). */
ShStatus sh_play_end(ShPlay *play, const char *result, const char *reason_code, ShError *err);

/* -- clocks: one per player, pressed by each move -- */
ShStatus sh_play_set_clock(ShPlay *play, const ShTimeControl *control, ShTimeSource source,
                           ShError *err);
const ShClock *sh_play_clock(const ShPlay *play); /* NULL without a time control */
void sh_play_start_clock(ShPlay *play);         /* the player to move's clock runs */
void sh_play_set_remaining(ShPlay *play, int player, int64_t ms);
/* Stop the clocks (pause true) or let the player to move's run again (pause false), as an
 * arbiter does; nothing without a time control. */
void sh_play_pause_clock(ShPlay *play, bool pause);
/* Read the clock: a fallen flag ends the game. True when the game ended now. */
bool sh_play_update(ShPlay *play);

/* -- the record -- */
/* Tags (Event, Site, Date, Round, White, Black, Red, Blue (the players in order: see
 * sh_play_player_tag), TimeControl, any other). GameType, Variant, FEN, Settings and Result
 * come from the game. value NULL removes a tag. */
const char *sh_play_tag(const ShPlay *play, const char *name);
ShStatus sh_play_set_tag(ShPlay *play, const char *name, const char *value, ShError *err);
/* The tag naming player p: White, Black, Red, Blue. */
const char *sh_play_player_tag(int player);
/* A comment after move `ply` (0-based; NULL or "" removes it), written in the record in braces.
 * Every game's record keeps them (the other games' in their record's notes: shashki_other.h);
 * SH_ERR_ARGUMENT for a ply that has not been played. */
ShStatus sh_play_set_comment(ShPlay *play, int ply, const char *text, ShError *err);
/* A move annotation after move `ply`, PDN's NAG $1..$255 (! = 1, ? = 2, !! = 3, ?? = 4, !? = 5,
 * ?! = 6), written in the record after the move; the same games keep them as keep comments (at
 * most SH_GAME_MAX_NAGS a move). */
ShStatus sh_play_add_nag(ShPlay *play, int ply, int nag, ShError *err);
/* The game as PDN (the game's usual notation; `numeric` forces numbers on a draughts board),
 * ending with a blank line; *text malloc'ed, *size its length (may be NULL). */
ShStatus sh_play_write_pdn(const ShPlay *play, bool numeric, char **text, size_t *size,
                           ShError *err);

/* Reading records of any kind: each game's GameType and Variant tags say which game it is
 * (a draughts game's number, "25" with "flying" ..., an other game's name); a record without
 * either is of `fallback`. A bad game is reported with its line and column in the whole
 * text, and the reader goes on with the next. */
typedef struct ShPlayReader {
    ShPdnReader pdn;        /* the text and where the next game starts (offset, line) */
    const ShKind *fallback; /* the game of a record that names none: Russian unless set */
    int games;              /* games read so far */
    /* The last record read, well or badly: for every kind its number in the text (from 1,
     * the bad ones counted), the line it starts on and its bytes [start, end); for a draughts
     * or column game also what sh_pdn_read_next finds out besides (the recorded result, the
     * rules' end, the moves the next one settled; zero for the other games). */
    ShPdnInfo info;
    char recorded[SH_PLAY_RESULT_SIZE]; /* the result the last record gives; "*" for none */
} ShPlayReader;

void sh_play_reader_init(ShPlayReader *reader, const char *text, size_t size);
/* SH_OK with *play set; SH_OK with *play NULL at the end; or an error with *play NULL (the
 * reader has moved past the bad game). The games are arbitrated after reading as games between
 * people (repetition claimed), their recorded results kept. */
ShStatus sh_play_read_next(ShPlayReader *reader, ShPlay **play, ShError *err);

/* -- what the engines need -- */
/* Perft from the current position: the leaves of the legal move tree `depth` plies deep (the
 * draughts games count each distinct move once, split over `threads`). */
uint64_t sh_play_perft(const ShPlay *play, int depth, int threads);

/* The adapters' own objects, for the engines and tools that work on them directly: the
 * ShGame of a draughts or column game (NULL for the others) and the record of an other game
 * (NULL for the others). */
const ShGame *sh_play_game(const ShPlay *play);
struct ShOtherRecord;
const struct ShOtherRecord *sh_play_record(const ShPlay *play);

#ifdef __cplusplus
}
#endif

#endif /* SHASHKI_PLAY_H */
