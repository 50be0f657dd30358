/* mdraughts.h - draughts for two to four players on a board given as a graph of cells and
 * directions (private): the shared rules of Pskov and Novgorod (hex boards) and Neva (a square
 * board seen as a diamond). Each game gives its geometry and start (MdVariant); this module
 * makes the moves, plays them, tells the result and writes and reads the position's text.
 *
 * The rules (docs/variants.md, "Other games of the seeds", says which source gives which):
 *   - a man steps to an empty neighbour in one of its player's forward directions; a king flies
 *     any distance along a free line in every direction;
 *   - a man captures in every direction by jumping an adjacent piece of any other player onto
 *     the empty cell beyond; a king captures at a distance and lands on any empty cell beyond;
 *     capturing is compulsory, a capture goes on while it can (a king landing where it can go on
 *     must), captured pieces come off at the end and are never jumped twice (Turkish strike);
 *     the choice among captures is free, or the most pieces (setting capture=majority);
 *   - a man becomes a king on its player's one promotion cell (the corner opposite its home):
 *     at once during a capture and capturing on as a king (promote=capture), only when its move
 *     ends there (promote=end) or only by a quiet step (promote=step);
 *   - a player with no piece or no legal move on their turn is out; the pieces of a player out
 *     come off (out=remove) or stay as obstacles any other may capture (out=stay); the last
 *     player left wins; after `quiet` moves of each player left with no capture and no man
 *     moved, the game is a draw (quiet=off: never).
 */
#ifndef SHASHKI_MDRAUGHTS_H
#define SHASHKI_MDRAUGHTS_H

#include "games.h"

#define MD_MAX_CELLS 64
#define MD_MAX_DIRS 6

typedef enum MdCapture { MD_CAPTURE_FREE = 0, MD_CAPTURE_MAJORITY } MdCapture;
typedef enum MdPromote { MD_PROMOTE_CAPTURE = 0, MD_PROMOTE_END, MD_PROMOTE_STEP } MdPromote;

struct MdState;

/* A game of the family. */
typedef struct MdVariant {
    const ShOtherGame *game;
    const char *letters; /* one letter a player, in move order: "WB" */
    /* The geometry (cell_count, dir_count, nb, forward, promo) for st's settings; and the board
     * to draw, with its cell names, if board is not NULL. */
    void (*build)(struct MdState *st, ShGeometry *board);
    /* The start: each player's men on their cells. */
    void (*setup)(struct MdState *st);
} MdVariant;

typedef struct MdState {
    const MdVariant *v;
    /* the settings */
    uint8_t size;    /* 0 small, 1 large (the hex boards) */
    uint8_t step;    /* forward step directions of a man: 3 or 2 (the hex boards) */
    uint8_t capture; /* MdCapture */
    uint8_t promote; /* MdPromote */
    uint8_t stay;    /* the pieces of a player out stay on the board */
    uint8_t quiet;   /* moves of each player without capture or man moved for a draw; 0 off */
    /* the geometry (built from the settings) */
    uint8_t players, cell_count, dir_count;
    int8_t nb[MD_MAX_CELLS][MD_MAX_DIRS];     /* the neighbour in each direction, -1 none */
    uint8_t forward[SH_OTHER_MAX_PLAYERS];     /* a man's step directions, one bit each */
    int8_t promo[SH_OTHER_MAX_PLAYERS];        /* the promotion cell */
    uint8_t dist[SH_OTHER_MAX_PLAYERS][MD_MAX_CELLS]; /* steps from each cell to promo */
    /* the position */
    ShUnit cell[MD_MAX_CELLS];
    uint8_t to_move;
    uint8_t out;     /* one bit a player out */
    uint16_t quiet_plies; /* plies since the last capture or man's move */
} MdState;

SH_OTHER_STATE_FITS(MdState);

/* The settings text (checked by sh_other_start) into st, then the geometry and the start. */
ShStatus md_start(const MdVariant *v, ShOtherState *st, const char *settings, ShError *err);
ShStatus md_parse(const MdVariant *v, ShOtherState *st, const char *text, ShError *err);
size_t md_format(const ShOtherState *st, char *out, size_t size);
void md_board(const ShOtherState *st, ShGeometry *out);
ShUnit md_piece(const ShOtherState *st, int cell);
int md_to_move(const ShOtherState *st);
int md_moves(const ShOtherState *st, ShOtherMove *out);
void md_make(ShOtherState *st, const ShOtherMove *move);
void md_result(const ShOtherState *st, ShOtherResult *out);
size_t md_move_text(const ShOtherState *st, const ShOtherMove *move, char *out, size_t size);
int md_evaluate(const ShOtherState *st, int player);
uint64_t md_hash(const ShOtherState *st);

/* After a change of position or of the player to move: the player to move has a move, or is put
 * out (and the turn passes on) until one has or the game is over. */
void md_settle(MdState *st);

/* For the variants' build(): fill st->dist from st->nb and st->promo (fewest moves of a king-
 * like walker, a plain distance on the board). */
void md_distances(MdState *st);

/* The side of the hex board (hexboard.h) that st's settings choose: 4 (board=small) or 5. */
int md_hex_side(const MdState *st);
/* build() of a game on the hex board (Pskov, Novgorod), player p's home corner lying in
 * direction home[p]: the board of md_hex_side's side and, for each player, a man's forward
 * directions (the two oblique ones away from home, and with step=3 the straight one between
 * them) and the promotion cell, the corner opposite home. */
void md_hex_build(MdState *st, ShGeometry *board, const int home[]);

/* The settings every game of the family may have (a game lists those it uses). */
#define MD_SETTING_CAPTURE                                                                    \
    {"capture", "free|majority", "free",                                                      \
     "free: any capture may be chosen; majority: one that takes the most pieces"}
#define MD_SETTING_QUIET                                                                      \
    {"quiet", "30|15|50|off", "30",                                                           \
     "a draw after this many moves of each player without a capture or a man moved"}
#define MD_SETTING_OUT                                                                        \
    {"out", "remove|stay", "remove",                                                          \
     "the pieces of a player out of the game come off, or stay and may be captured"}

/* Defines a game's start and parse, prefix_start and prefix_parse: md_start and md_parse with
 * its MdVariant. */
#define MD_GAME_ENTRIES(prefix, variant)                                                      \
    static ShStatus prefix##_start(ShOtherState *st, const char *settings, ShError *err)    \
    {                                                                                         \
        return md_start(&(variant), st, settings, err);                                       \
    }                                                                                         \
    static ShStatus prefix##_parse(ShOtherState *st, const char *text, ShError *err)        \
    {                                                                                         \
        return md_parse(&(variant), st, text, err);                                           \
    }

/* The functions of a game's ShOtherGame record: MD_GAME_ENTRIES's, and this module's for the
 * rest, the same for each. */
#define MD_GAME_FUNCTIONS(prefix)                                                             \
    .start = prefix##_start, .parse = prefix##_parse, .format = md_format, .board = md_board, \
    .piece = md_piece, .to_move = md_to_move, .moves = md_moves, .make = md_make,             \
    .result = md_result, .move_text = md_move_text, .evaluate = md_evaluate, .hash = md_hash

#endif
