/*
 * shashki.h - the public interface of libshashki, the Russian checkers library.
 *
 * This header is the library's contract. Everything a program needs to read and write
 * positions, generate and play legal moves, read and write moves in every notation
 * players use, and count positions (perft) is declared here.
 *
 * Conventions
 *   - Functions are named sh_<module>_<verb>; types ShCamelCase; constants SH_UPPER_CASE.
 *   - The library never prints, exits or aborts on bad input. A function that can fail
 *     returns an ShStatus (SH_OK on success) and, when given a non-NULL ShError, fills it
 *     with the code, the position in the text (line and column, 1-based) and a message.
 *   - Positions are small values (ShPosition, 40 bytes). Playing a move copies: the old
 *     position stays valid ("copy-make"), so there is no unmake.
 *   - Squares are numbered 0..31 in the PDN order: 0 = b8, 1 = d8, 2 = f8, 3 = h8,
 *     4 = a7 ... 28 = a1, 29 = c1, 30 = e1, 31 = g1. The printed number is index + 1.
 *   - The library is thread-safe: it has no mutable global state.
 */
#ifndef SHASHKI_H
#define SHASHKI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SH_VERSION "0.1.0"

/* ------------------------------------------------------------------------------------------
 * Errors
 * ---------------------------------------------------------------------------------------- */

typedef enum ShStatus {
    SH_OK = 0,
    SH_ERR_SYNTAX,           /* the text does not have the expected form */
    SH_ERR_INVALID_POSITION, /* a position the rules do not allow (see sh_position_validate) */
    SH_ERR_ILLEGAL_MOVE,     /* a well-formed move that is not legal here */
    SH_ERR_AMBIGUOUS_MOVE,   /* a move text that fits more than one legal move */
    SH_ERR_ARGUMENT,         /* a bad argument (NULL pointer, buffer too small, bad depth) */
    SH_ERR_LIMIT,            /* a fixed limit was exceeded (too many capture paths) */
    SH_ERR_IO,               /* a file could not be read or written */
    SH_ERR_NO_MEMORY
} ShStatus;

#define SH_ERROR_MESSAGE_SIZE 1024

typedef struct ShError {
    ShStatus code;
    int line;   /* 1-based line of the problem in the input text, 0 if not about a text */
    int column; /* 1-based column (in bytes) of the problem, 0 if not about a text */
    char message[SH_ERROR_MESSAGE_SIZE];
} ShError;

/* A short English name for a status code ("syntax error", "illegal move" ...). */
const char *sh_status_name(ShStatus code);

/* ------------------------------------------------------------------------------------------
 * Rules: every variant is one record of data. Only Russian checkers is provided so far; the
 * move generator is specialised for each record at compile time, so the record costs nothing.
 * ---------------------------------------------------------------------------------------- */

typedef enum ShVariant { SH_VARIANT_RUSSIAN = 0, SH_VARIANT_COUNT } ShVariant;

typedef struct ShRules {
    const char *name;          /* "russian" */
    const char *title;         /* "Russian checkers" */
    int pdn_game_type;         /* PDN GameType tag: 25 */
    int board_size;            /* 8: an 8x8 board, play on the dark squares */
    int pieces_per_side;       /* 12 */
    bool flying_kings;         /* kings move and capture at a distance */
    bool men_capture_backward; /* men capture backwards as well as forwards */
    bool majority_capture;     /* the capture taking most pieces is compulsory */
    bool promotion_continues;  /* a man crowned mid-capture goes on capturing as a king */
} ShRules;

/* The record of a variant, or NULL for an unknown one. */
const ShRules *sh_rules_get(ShVariant variant);
/* Look a variant up by its name ("russian"); returns false if there is none. */
bool sh_rules_find(const char *name, ShVariant *variant);

/* ------------------------------------------------------------------------------------------
 * Board, squares and pieces
 * ---------------------------------------------------------------------------------------- */

#define SH_SQUARES 32
#define SH_MAX_PIECES_PER_SIDE 12

typedef enum ShColor { SH_WHITE = 0, SH_BLACK = 1 } ShColor;

typedef enum ShPiece {
    SH_EMPTY = 0,
    SH_WHITE_MAN,
    SH_WHITE_KING,
    SH_BLACK_MAN,
    SH_BLACK_KING
} ShPiece;

/* Square <-> board coordinates. file 0..7 = a..h, rank 0..7 = 1..8.
 * sh_square_at returns -1 for a light square or a coordinate off the board. */
int sh_square_at(int file, int rank);
int sh_square_file(int square);
int sh_square_rank(int square);

/* Square names: "c3" (algebraic) or "22" (numeric, index + 1). The writer needs 3 bytes. */
void sh_square_name(int square, bool numeric, char out[3]);
/* Parse a square name at the start of text: algebraic (either case) or numeric 1..32.
 * Returns the number of characters read (0 if there is no square there) and sets *square. */
int sh_square_parse(const char *text, int *square);

/* ------------------------------------------------------------------------------------------
 * Positions
 * ---------------------------------------------------------------------------------------- */

/* A position: where the pieces stand and who moves. The fields are an internal bitboard
 * layout; use the functions below to read them. Copy it freely. */
typedef struct ShPosition {
    uint64_t pieces[2]; /* by colour, internal bit layout */
    uint64_t kings;     /* kings of both colours */
    uint64_t key;       /* Zobrist hash of pieces and side to move, kept incrementally */
    uint8_t side;       /* ShColor to move */
    uint8_t variant;    /* ShVariant */
    uint8_t reserved[6];
} ShPosition;

/* The initial position of the variant: White to move. */
void sh_position_start(ShPosition *pos, ShVariant variant);
/* An empty board with the given side to move. */
void sh_position_clear(ShPosition *pos, ShVariant variant, ShColor side);

ShPiece sh_position_piece_at(const ShPosition *pos, int square);
/* Put a piece on (or SH_EMPTY to clear) a square; keeps the hash right. It does not validate:
 * call sh_position_validate when the set-up is done. */
void sh_position_set_piece(ShPosition *pos, int square, ShPiece piece);
void sh_position_set_side(ShPosition *pos, ShColor side);
ShColor sh_position_side(const ShPosition *pos);
int sh_position_count(const ShPosition *pos, ShPiece piece);
bool sh_position_equal(const ShPosition *a, const ShPosition *b);

/* Check what the rules forbid: a man on its own promotion rank (a white man on rank 8, a
 * black man on rank 1) and more pieces than a side starts with. Two pieces on a square
 * cannot be represented; the FEN reader reports them. Anything else is allowed. */
ShStatus sh_position_validate(const ShPosition *pos, ShError *err);

/* The hash computed from scratch (the incremental one is pos->key). */
uint64_t sh_position_hash(const ShPosition *pos);

/* ------------------------------------------------------------------------------------------
 * Moves
 * ---------------------------------------------------------------------------------------- */

/* A move is identified, as in Scan, by where the piece starts and ends, what it captures and
 * whether it is crowned. Two capture paths with the same four are one move. The fields use
 * the internal bit layout: read them with the sh_move_ functions. */
typedef struct ShMove {
    uint64_t captured; /* captured pieces, internal layout */
    uint8_t from;      /* internal bit index */
    uint8_t to;        /* internal bit index */
    uint8_t promotes;  /* 1 if a man is crowned during the move */
    uint8_t reserved;
} ShMove;

#define SH_MAX_MOVES 256

typedef struct ShMoveList {
    int count;
    bool overflow; /* more distinct captures than SH_MAX_MOVES (never in a real game) */
    ShMove moves[SH_MAX_MOVES];
} ShMoveList;

int sh_move_from(const ShMove *move); /* square 0..31 */
int sh_move_to(const ShMove *move);   /* square 0..31 */
bool sh_move_is_capture(const ShMove *move);
int sh_move_capture_count(const ShMove *move);
/* The captured squares in increasing order; returns how many (at most 12). */
int sh_move_captured_squares(const ShMove *move, int squares[SH_MAX_PIECES_PER_SIDE]);
bool sh_move_equal(const ShMove *a, const ShMove *b);

/* All legal moves, each distinct move once. If a capture is possible only captures are
 * listed. The order is deterministic. */
void sh_moves_generate(const ShPosition *pos, ShMoveList *list);
/* The same with one entry per capture path instead of per distinct move (the "paths" perft
 * convention): a capture that can be made in k orders appears k times. */
void sh_moves_generate_paths(const ShPosition *pos, ShMoveList *list);
/* Put a list in the order a person reads it: by start square (a1, a3, b2 ... h8), then end
 * square, then captured squares. Generation order is kept otherwise (it is deterministic). */
void sh_moves_sort(ShMoveList *list);
/* Number of legal moves (distinct), faster than generating them. */
int sh_moves_count(const ShPosition *pos);
/* True if the side to move must capture. */
bool sh_moves_capture_pending(const ShPosition *pos);

/* Play a legal move: writes the resulting position to *out (out may equal pos). The move
 * must come from sh_moves_generate or sh_move_parse for this position. */
void sh_position_play(const ShPosition *pos, const ShMove *move, ShPosition *out);

/* ------------------------------------------------------------------------------------------
 * Capture paths: the squares a capturing piece visits. A move keeps one path for display;
 * all of its paths are accepted as input.
 * ---------------------------------------------------------------------------------------- */

#define SH_MAX_PATH 14 /* from, then a landing square for each of at most 12 captures */

typedef struct ShPath {
    int count;                 /* number of squares in squares[] */
    uint8_t squares[SH_MAX_PATH]; /* from, the square after each capture, ... ; 0..31 */
} ShPath;

/* The display path of a move: the first path in a fixed search order, with a landing square
 * after each captured piece. For a quiet move, from and to. */
ShStatus sh_move_path(const ShPosition *pos, const ShMove *move, ShPath *path, ShError *err);

/* Every way each legal move can be played: a move that k capture paths make appears k times,
 * each time with its own path (quiet moves once). Writes at most `max` pairs to the parallel
 * arrays and returns how many; SH_ERR_LIMIT if there were more. For move input in a user
 * interface, where a capture is entered landing square by landing square. */
ShStatus sh_moves_paths(const ShPosition *pos, ShMove *moves, ShPath *paths, int max, int *count,
                        ShError *err);

/* ------------------------------------------------------------------------------------------
 * Move notation
 *
 * Writing: SH_NOTATION_FULL gives the start, each square where a capturing piece turns and
 * the end ("c3-d4", "a5:c3:e1:g3:e5:c3"); SH_NOTATION_SHORT gives start and end only
 * and falls back to the full path when that would be ambiguous; SH_NOTATION_SEMISHORT is the
 * seeds' "cd4" / "b:d6" form, falling back to short, then full; SH_NOTATION_HUB is the Hub
 * protocol form ("22-18", "18x11x15": from, to, then the captured squares ascending, numeric).
 * Flags: SH_NOTATION_NUMERIC for 1..32 squares; captures are written with ':' in algebraic
 * notation (as Russian books do) and 'x' in numeric (as PDN does), or 'x' with SH_NOTATION_X.
 *
 * Reading accepts every form people and programs write: c3-d4, c3:e5, c3xe5, E3-D4, c3d4, full
 * paths with any legal sequence of landing squares, short, numeric (22-18, 22x15, 9x18x27),
 * semi-short (cd4, b:d6, gg7), Hub (18x11x15 with the captured squares in any order).
 * ---------------------------------------------------------------------------------------- */

typedef enum ShNotation {
    SH_NOTATION_FULL = 0,
    SH_NOTATION_SHORT = 1,
    SH_NOTATION_SEMISHORT = 2,
    SH_NOTATION_HUB = 3,
    SH_NOTATION_STYLE_MASK = 3,
    SH_NOTATION_NUMERIC = 4,
    SH_NOTATION_X = 8
} ShNotation;

#define SH_MOVE_TEXT_SIZE 64 /* enough for any move in any notation, with the NUL */

/* Write a legal move; `notation` is a style or-ed with flags. */
ShStatus sh_move_write(const ShPosition *pos, const ShMove *move, int notation,
                       char out[SH_MOVE_TEXT_SIZE], ShError *err);

/* Read a move. On SH_ERR_ILLEGAL_MOVE / SH_ERR_AMBIGUOUS_MOVE the message lists the legal
 * candidates. Leading and trailing blanks are ignored; column positions count from 1. */
ShStatus sh_move_parse(const ShPosition *pos, const char *text, ShMove *move, ShError *err);

/* Like sh_move_parse but collects every legal move the text fits (for readers that settle an
 * ambiguous record by what follows). Returns SH_OK with *count >= 1, or an error. */
ShStatus sh_move_parse_candidates(const ShPosition *pos, const char *text, ShMoveList *matches,
                                  ShError *err);

/* ------------------------------------------------------------------------------------------
 * FEN (as in PDN): "W:W21-32:B1-12", "B:WKa1,c3:Bb4". Squares algebraic or numeric, K marks a
 * king, numeric ranges allowed, either colour list first, trailing fields (":H0:F1") and a
 * trailing '.' accepted. The reader validates the position.
 * ---------------------------------------------------------------------------------------- */

#define SH_FEN_SIZE 160 /* enough for any position, with the NUL */

ShStatus sh_fen_read(const char *text, ShPosition *pos, ShError *err);
/* Canonical FEN: side, then White's and Black's pieces, kings and men each sorted by square
 * number; algebraic ("W:Wa1,c3,Kd4:B...") unless numeric. Returns the length. */
int sh_fen_write(const ShPosition *pos, bool numeric, char out[SH_FEN_SIZE]);

/* ------------------------------------------------------------------------------------------
 * Perft: count the leaf positions of the legal move tree.
 * ---------------------------------------------------------------------------------------- */

typedef enum ShPerftMode {
    SH_PERFT_DISTINCT = 0, /* capture paths ending in the same position are one move */
    SH_PERFT_PATHS = 1     /* every order of capture counts (a king's stop between two
                              captures on one line is not a separate path) */
} ShPerftMode;

uint64_t sh_perft(const ShPosition *pos, int depth, ShPerftMode mode);
/* The same, split over `threads` threads at the root (1 = no threads). */
uint64_t sh_perft_threads(const ShPosition *pos, int depth, ShPerftMode mode, int threads);

/* ------------------------------------------------------------------------------------------
 * Opening ballots: the official tables a tournament draws its openings from. IDF-64 "Drawing
 * Table 64 - Basic Positions" (150 ballots of 0-3 plies) and the FMJD Drawing Table 64 (344
 * move ballots and 392 set-ups with one piece of each side relocated). Built into the library.
 * ---------------------------------------------------------------------------------------- */

typedef struct ShOpening {
    char table[12];        /* "IDF-64" or "FMJD-64" */
    char code[12];         /* "1-III" */
    char moves[128];       /* the moves from the initial position, in PDN ("1. c3-d4 b6-a5"); empty
                              for a set-up ballot and for the free ballot IDF 5-VII */
    char setup[40];        /* a set-up ballot's relocations as the table writes them
                              ("a1-a5 a7-h4": the a1 man stands on a5, the a7 man on h4) */
    char fen[SH_FEN_SIZE]; /* the position the ballot gives (after the moves, or the set-up) */
} ShOpening;

#define SH_OPENING_MAX_PLIES 8

int sh_openings_count(void);
/* The ballot at index 0 .. count-1 (IDF-64 in table order, then FMJD-64); false if none. */
bool sh_opening_at(int index, ShOpening *opening);
/* Find a ballot by its code: "1-III" (IDF-64, else FMJD-64), "IDF 1-III", "FMJD-64 11-IV",
 * "fmjd:2-IV". Case does not matter. */
ShStatus sh_opening_find(const char *name, ShOpening *opening, ShError *err);
/* How a game on this ballot begins: the position it starts from (the initial position, or the
 * set-up) and the moves to play from there (none for a set-up). */
ShStatus sh_opening_line(const ShOpening *opening, ShPosition *start,
                         ShMove moves[SH_OPENING_MAX_PLIES], int *count, ShError *err);

#ifdef __cplusplus
}
#endif

#endif /* SHASHKI_H */
