/*
 * shashki.h - the public interface of libshashki, the Russian checkers library.
 *
 * This header is the library's contract. Everything a program needs to read and write
 * positions, generate and play legal moves, read and write moves in every notation
 * players use, count positions (perft), keep games under the arbiter's rules with clocks,
 * and read and write PDN game records is declared here.
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
    SH_ERR_NO_MEMORY,
    SH_ERR_NO_PAIRING        /* no pairing of a round satisfies the rules (tournaments) */
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
 * Rules: every variant is one record of data (src/rules.c, the table in src/variant_table.h).
 * The move generator is specialised for each record at compile time, so the record costs
 * nothing in speed. docs/variants.md says where each game's rules come from.
 * ---------------------------------------------------------------------------------------- */

typedef enum ShColor { SH_WHITE = 0, SH_BLACK = 1 } ShColor;

typedef enum ShVariant {
    SH_VARIANT_RUSSIAN = 0,  /* русские шашки */
    SH_VARIANT_BRAZILIAN,    /* international rules on 8x8 */
    SH_VARIANT_POOL,         /* American pool checkers */
    SH_VARIANT_ENGLISH,      /* English draughts / American checkers */
    SH_VARIANT_ITALIAN,
    SH_VARIANT_SPANISH,
    SH_VARIANT_CZECH,
    SH_VARIANT_TURKISH,      /* orthogonal, all 64 squares */
    SH_VARIANT_INTERNATIONAL,/* international draughts, 10x10 */
    SH_VARIANT_FRISIAN,      /* Frisian draughts, 10x10: captures along files and ranks too */
    SH_VARIANT_GIVEAWAY,     /* поддавки: Russian rules, the side left without a move wins */
    SH_VARIANT_FLYING,       /* летучие: Russian rules from a start drawn by lot */
    SH_VARIANT_DIAGONAL,     /* диагональные: Russian rules, the 2-4-6 corner set-up */
    SH_VARIANT_NORTHERN,     /* северные: a captured king is not removed but becomes a man */
    SH_VARIANT_SELF_EATERS,  /* самоеды: pieces of both colours may and must be captured */
    SH_VARIANT_TWO_MOVE,     /* двухходовые: each side makes two moves a turn */
    SH_VARIANT_COLUMNS,      /* столбовые шашки (bashni): Russian moves, captured pieces go under
                                the capturer and stay on the board */
    SH_VARIANT_LASCA,        /* Lasker's game (Lasca): columns on the 25 squares of a 7x7 board */
    SH_VARIANT_CANADIAN,     /* Canadian draughts, 12x12: international rules */
    SH_VARIANT_SPANTSIRETTI, /* 80-square draughts (Spantsiretti), 10 files by 8 ranks: Russian
                                rules */
    SH_VARIANT_COUNT
} ShVariant;

typedef enum ShBoardKind {
    SH_BOARD_DIAGONAL = 0, /* the 32 dark squares, moves along the diagonals */
    SH_BOARD_ORTHOGONAL    /* all 64 squares, moves along files and ranks (Turkish) */
} ShBoardKind;

/* Which capture must be chosen when there are several. */
typedef enum ShPrecedence {
    SH_PRECEDENCE_FREE = 0,       /* any (Russian, English, pool) */
    SH_PRECEDENCE_MAJORITY,       /* the most pieces, a king counting as one (Brazilian, Turkish) */
    SH_PRECEDENCE_MAJORITY_KINGS, /* the most pieces, then the most kings (Spanish) */
    SH_PRECEDENCE_ITALIAN,        /* the most pieces, then by a king, then the most kings, then
                                     the capture that meets a king first (Italian) */
    SH_PRECEDENCE_KING_FIRST,     /* a king must capture when a king and a man both can (Czech) */
    SH_PRECEDENCE_VALUE           /* the highest value, a king worth a little less than two men;
                                     at equal value a king must capture (Frisian) */
} ShPrecedence;

/* What wins. */
typedef enum ShGoal {
    SH_GOAL_NORMAL = 0, /* the side to move with no piece or no move loses */
    SH_GOAL_GIVEAWAY    /* ... wins */
} ShGoal;

/* The arbiter's end-of-game counts a variant plays with (see sh_game_draw_counts). */
typedef enum ShDrawRules {
    SH_DRAWS_RUSSIAN = 0, /* rules-notes.md: 15 moves kings only, three kings v one, main road,
                             the balance counts; repetition */
    SH_DRAWS_FMJD,        /* FMJD: 25 moves of kings, 16 and 5 moves in the small endings */
    SH_DRAWS_POOL,        /* APCA: three kings against one must win in 13 moves */
    SH_DRAWS_ENGLISH,     /* WCDF: the 40-move rule (claimed), repetition (claimed) */
    SH_DRAWS_ITALIAN,     /* repetition, and 40 moves without a man moved or a capture */
    SH_DRAWS_SPANISH,     /* repetition, 20 king moves each without a capture */
    SH_DRAWS_CZECH,       /* repetition, 30 king moves each without a capture */
    SH_DRAWS_TURKISH,     /* repetition, 25 king moves each without a capture */
    SH_DRAWS_GIVEAWAY,    /* repetition, 15 moves with kings only */
    SH_DRAWS_FRISIAN      /* repetition, 25 king moves each without a capture, two kings
                             against one 7 moves, one king against one 2 moves */
} ShDrawRules;

typedef struct ShRules {
    const char *name;          /* "russian": --variant, the Hub variant parameter */
    const char *title;         /* "Russian checkers" */
    int pdn_game_type;         /* PDN GameType tag: 25 */
    const char *pdn_variant;   /* the PDN Variant tag of a game on another's GameType ("flying"),
                                  NULL for a game with a GameType of its own */
    int board_size;            /* files: 8 on an 8x8 board; 10 for international draughts */
    int board_rows;            /* ranks: board_size on a square board; 8 on the 80-square board
                                  (10 files by 8 ranks) */
    ShBoardKind board;         /* which squares are played and how pieces move */
    bool a1_playable;          /* (diagonal boards) the player's near left corner is a playing
                                  square (Russian, English ...), or the board is turned and the
                                  near right corner is (Italian, Spanish) */
    int squares;               /* playing squares: 32, or 64 for Turkish */
    int pieces_per_side;       /* 12, 16 for Turkish */
    ShColor first;             /* who moves first: White, or Black (English, pool) */
    bool flying_kings;         /* kings move and capture at a distance */
    bool men_capture_backward; /* men capture backwards as well as forwards */
    bool men_capture_sideways; /* (orthogonal boards) men move and capture sideways */
    bool men_capture_kings;    /* false: a man may not capture a king (Italian) */
    bool majority_capture;     /* precedence other than free */
    ShPrecedence precedence;
    bool promotion_continues;  /* a man crowned mid-capture goes on capturing as a king; else it
                                  is crowned only where the move ends */
    bool removal_immediate;    /* a captured piece leaves the board at once (Turkish); else at
                                  the end of the move (the Turkish strike) */
    bool capture_own;          /* pieces of both colours may and must be captured (self-eaters) */
    bool captured_king_demoted;/* a captured king stays on the board as a man (northern) */
    bool capture_orthogonal;   /* (diagonal boards) men and kings capture along the files and
                                  ranks too, over the next playing square of the line (Frisian) */
    int king_moves_limit;      /* a king may make at most this many non-capturing moves in a
                                  row while its side has men (Frisian: 3); 0: no limit */
    bool columns;              /* a square holds a column: a captured piece (the top of the
                                  column jumped) goes under the capturing column (bashni, Lasca) */
    int moves_per_turn;        /* 1, or 2 (two-move) */
    ShGoal goal;
    ShDrawRules draws;
    const char *start_fen;     /* the initial position */
    bool start_drawn;          /* the start is drawn by lot from the FMJD-64 set-ups (flying) */
} ShRules;

/* The record of a variant, or NULL for an unknown one. */
const ShRules *sh_rules_get(ShVariant variant);
/* Look a variant up by its name ("russian", "english" ...) or one of its other names
 * ("american", "checkers", "poddavki", "antidraughts", "self_eaters", "twomove" ...), in
 * any case; returns false if there is none. */
bool sh_rules_find(const char *name, ShVariant *variant);
/* The variant a PDN GameType tag ("21", "25,W,8,8,A0,0") and Variant tag (may be NULL) name;
 * false for a game type not played here. */
bool sh_rules_from_pdn(int game_type, const char *variant_tag, ShVariant *variant);

/* ------------------------------------------------------------------------------------------
 * Board, squares and pieces
 * ---------------------------------------------------------------------------------------- */

#define SH_SQUARES 32             /* squares of the Russian board */
#define SH_MAX_BOARD_SIZE 12       /* files (and ranks) of the largest board here (Canadian) */
#define SH_MAX_SQUARES 72         /* playing squares of any board here (12x12: 72) */
#define SH_MAX_PIECES_PER_SIDE 30 /* pieces a side may have in any variant (12x12: 30) */
#define SH_MAX_CAPTURES 32        /* pieces one move may capture (self-eaters: both colours) */
#define SH_SQUARE_NAME_SIZE 4     /* a square's name with the NUL: "h8", "l12", "72" */
#define SH_MAX_COLUMN 24          /* pieces one column may hold (bashni: all 24 on the board) */

typedef enum ShPiece {
    SH_EMPTY = 0,
    SH_WHITE_MAN,
    SH_WHITE_KING,
    SH_BLACK_MAN,
    SH_BLACK_KING
} ShPiece;

/* The squares of the Russian board (and of every variant played on its dark squares the same
 * way round: Brazilian, pool, English ...). file 0..7 = a..h, rank 0..7 = 1..8.
 * sh_square_at returns -1 for a light square or a coordinate off the board. */
int sh_square_at(int file, int rank);
int sh_square_file(int square);
int sh_square_rank(int square);

/* Square names: "c3" (algebraic) or "22" (numeric, index + 1). The writer needs 3 bytes. */
void sh_square_name(int square, bool numeric, char out[3]);
/* Parse a square name at the start of text: algebraic (either case) or numeric 1..32.
 * Returns the number of characters read (0 if there is no square there) and sets *square. */
int sh_square_parse(const char *text, int *square);

/* The same for the board of any variant. Squares are numbered 0 .. squares-1 in the order of
 * the variant's PDN numbering, which runs row by row from the top left as White sees the
 * board; the number printed is index + 1. Russian: 1 = b8, 32 = g1. Italian and Spanish (the
 * board turned): 1 = a8, 32 = h1. Turkish (every square): 1 = a8, 8 = h8, 64 = h1. 10x10
 * (international): 1 = b10, 5 = j10, 46 = a1, 50 = i1, algebraic a1 .. j10. 12x12 (Canadian):
 * 1 = b12, 6 = l12, 67 = a1, 72 = k1, algebraic a1 .. l12. */
int sh_board_squares(ShVariant variant);
int sh_board_square_at(ShVariant variant, int file, int rank); /* -1 if not a playing square */
int sh_board_square_file(ShVariant variant, int square);
int sh_board_square_rank(ShVariant variant, int square);
void sh_board_square_name(ShVariant variant, int square, bool numeric,
                          char out[SH_SQUARE_NAME_SIZE]);
int sh_board_square_parse(ShVariant variant, const char *text, int *square);

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
    uint8_t turn_move;  /* (two-move) 0: the first move of the side's turn, 1: the second */
    uint8_t king_run[2];/* (Frisian) by colour: the king that has made the side's last
                           non-capturing moves in a row, count << 6 | bit index (count 1-3),
                           0 for none; kept only while the side has men */
    uint8_t reserved[3];
    union {               /* what a board beyond 64 bits or of stacked pieces keeps besides;
                             all zero on the other boards */
        uint16_t high[3]; /* (12x12) bits 64-79 of pieces[0], pieces[1] and kings */
        uint8_t bytes[24];
    } ext;
} ShPosition;

/* The initial position of the variant (its start_fen; for flying, the usual start: draw one
 * with sh_position_start_drawn). */
void sh_position_start(ShPosition *pos, ShVariant variant);
/* A start drawn by lot where the variant draws its start (flying: one of the FMJD-64 set-ups,
 * number `lot` modulo their count); the initial position otherwise. */
void sh_position_start_drawn(ShPosition *pos, ShVariant variant, uint64_t lot);
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

/* The column on a square, top first (the top is sh_position_piece_at's piece); returns its
 * height, 0 for an empty square. On the boards without columns the height is 0 or 1. */
int sh_position_column(const ShPosition *pos, int square, ShPiece pieces[SH_MAX_COLUMN]);
/* Put a column (top first; height 0 clears the square) on a square of a column game, or a
 * single piece on any other; keeps the hash right. SH_ERR_ARGUMENT for a column on a game
 * without columns, a height over SH_MAX_COLUMN, an SH_EMPTY in the column, or more pieces under
 * the tops than a position can hold (more than the game's pieces). */
ShStatus sh_position_set_column(ShPosition *pos, int square, const ShPiece *pieces, int height,
                                ShError *err);
/* Pieces of one kind anywhere on the board, under the tops of the columns too (a column
 * game's material; sh_position_count counts the tops, the pieces that move). */
int sh_position_count_all(const ShPosition *pos, ShPiece piece);

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
    uint8_t board;     /* a ShVariant whose board layout the bits are in (for the squares'
                          numbers: Russian for every game on the Russian board) */
    uint8_t ext[4];    /* what a board of stacked pieces needs besides ((columns) bit i set
                          if the i-th top taken, in the order of the capture, was a king: the
                          order they go under the capturer in); not set, and never read, on
                          the other boards (filling it costs the 8x8 generators 2%). On 12x12
                          `captured` holds the set shifted (see src/bitboard12.h) and ext is
                          unused */
} ShMove;

#define SH_MAX_MOVES 256

typedef struct ShMoveList {
    int count;
    bool overflow; /* more distinct captures than SH_MAX_MOVES (never in a real game) */
    ShMove moves[SH_MAX_MOVES];
} ShMoveList;

int sh_move_from(const ShMove *move); /* square 0..squares-1 of the move's variant */
int sh_move_to(const ShMove *move);
bool sh_move_is_capture(const ShMove *move);
int sh_move_capture_count(const ShMove *move);
/* The captured squares in increasing order; returns how many. */
int sh_move_captured_squares(const ShMove *move, int squares[SH_MAX_CAPTURES]);
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

#define SH_MAX_PATH (SH_MAX_CAPTURES + 1) /* from, then a landing square per capture */

typedef struct ShPath {
    int count;                 /* number of squares in squares[] */
    uint8_t squares[SH_MAX_PATH]; /* from, the square after each capture, ... */
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
 * protocol form ("22-18", "18x11x15": from, to, then the captured squares ascending, numeric;
 * in the column games, where the order the tops are taken in is part of the move, in that order).
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

#define SH_MOVE_TEXT_SIZE 128 /* enough for any move in any notation, with the NUL */

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

#define SH_FEN_SIZE 512 /* enough for any position, with the NUL */

ShStatus sh_fen_read(const char *text, ShPosition *pos, ShError *err); /* Russian */
/* A FEN of a variant, in its own square numbering. In two-move, a field ":M2" says the side
 * to move is making the second move of its turn. */
ShStatus sh_fen_read_variant(const char *text, ShVariant variant, ShPosition *pos, ShError *err);
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

/* ------------------------------------------------------------------------------------------
 * Time controls (src/clock.c)
 *
 * A time control is a list of periods, each a time and, except for the last, a number of
 * moves to make in it. When a player completes a period's moves, the next period's time is
 * added to what is left. The last period is the rest of the game ("sudden death") when it
 * has no number of moves, and repeats when it has one (2h/50+1h/25: 1 h for every further 25
 * moves). Every move may also earn a Fischer increment (added after the move) or a Bronstein
 * delay (after the move, the time it used is given back, up to the delay).
 *
 * Text forms, as people write them (sh_timecontrol_write gives the first one shown):
 *   45m  1h  90s  1h30m  2.5m         sudden death (units h, m, s; decimals allowed)
 *   10m+5s                            10 minutes, then 5 seconds added after each move
 *   5m+d3s  (also "5m d3s")           Bronstein delay of 3 seconds
 *   1h10m/35+15m                      1 h 10 min for 35 moves, then 15 min for the rest
 *   2h/50+1h/25                       2 h for 50 moves, then 1 h for each further 25 moves
 *   1h30m/40+30m+30s, 2h/40+i30s      an increment with several periods (i marks it when
 *                                     the last period has a number of moves)
 *   300  300+5  40/7200:3600  -       the PGN/PDN TimeControl tag: bare numbers are seconds,
 *                                     "moves/seconds", ':' between periods, '-' for none
 * ---------------------------------------------------------------------------------------- */

#define SH_TIME_MAX_PERIODS 8
#define SH_TIME_CONTROL_SIZE 128 /* enough for any written time control, with the NUL */

typedef struct ShTimePeriod {
    int64_t time_ms; /* time added when the period starts (the first: the starting time) */
    int moves;       /* moves to make in the period; 0 = the rest of the game (last only) */
} ShTimePeriod;

typedef struct ShTimeControl {
    int count;            /* periods; 0 = no time control */
    ShTimePeriod periods[SH_TIME_MAX_PERIODS];
    int64_t increment_ms; /* Fischer increment after each move (0 = none) */
    int64_t delay_ms;     /* Bronstein delay of each move (0 = none); not with an increment */
    int days_per_move;    /* correspondence play, "3d": each move has this many days afresh,
                             what was left is not kept (1 to SH_TIME_MAX_DAYS; 0 = not
                             correspondence); then count is 1 and periods[0] holds the days */
} ShTimeControl;

#define SH_TIME_MAX_DAYS 14 /* days per move, as correspondence federations give them */

/* A time control's text: "5m+3s", "1h10m/35+15m", "300+3" (PDN's seconds), "-" (none), or
 * correspondence days per move, "3d" (1d to 14d). */
ShStatus sh_timecontrol_parse(const char *text, ShTimeControl *control, ShError *err);
/* The canonical text ("1h10m/35+15m"); returns its length. */
int sh_timecontrol_write(const ShTimeControl *control, char out[SH_TIME_CONTROL_SIZE]);
/* The PGN/PDN TimeControl tag's form, which the records are written in: seconds, "300+3",
 * "35/4200:900", "50/7200:25/3600", "-" (none); an increment after a period of moves "+i30"
 * and a Bronstein delay "+d3", which PGN has no form for. Returns its length. */
int sh_timecontrol_write_pdn(const ShTimeControl *control, char out[SH_TIME_CONTROL_SIZE]);
/* A TimeControl tag's value as the PDN writers write it: either form read ("5m+3s" or
 * "300+3"), the PDN form written into out and returned; a value that is not a time control
 * ("?") is returned as it is. */
const char *sh_timecontrol_pdn_tag(const char *value, char out[SH_TIME_CONTROL_SIZE]);
/* Check a control built by hand: positive times, every period but the last with moves ... */
ShStatus sh_timecontrol_validate(const ShTimeControl *control, ShError *err);
bool sh_timecontrol_equal(const ShTimeControl *a, const ShTimeControl *b);

/* The controls the rules name (rules-notes.md), by name: "micro-match" (45m), "hour" (1h),
 * "ballot" (1h10m/35+15m), "rapid-10", "rapid-30", "blitz-3", "blitz-5", "tiebreak-20"
 * (20m+10s), "tiebreak-10" (10m+5s), "international" (2h/50+1h/25). */
ShStatus sh_timecontrol_preset(const char *name, ShTimeControl *control, ShError *err);
/* Preset number 0 .. count-1: its name, control text and a line saying where it is used;
 * false past the end. */
bool sh_timecontrol_preset_at(int index, const char **name, const char **text,
                              const char **description);

/* A duration as a clock shows it: "1:05:00", "4:59", "0:09.5" (tenths under ten seconds);
 * negative durations as "-0:01.2". Returns the length. */
int sh_time_format(int64_t ms, char *out, size_t size);

/* ------------------------------------------------------------------------------------------
 * Clocks (src/clock.c)
 *
 * A chess clock for two players (or up to four: the games of three and four players), on a
 * time source the caller chooses: the monotonic clock of the system, or a fake one that moves
 * only when told to (tests, replays, simulations). All times are in milliseconds. The clock
 * does nothing by itself: whoever owns it reads it. A player is an index from 0: in the
 * draughts games SH_WHITE and SH_BLACK.
 * ---------------------------------------------------------------------------------------- */

typedef int64_t (*ShTimeNow)(void *context);
typedef struct ShTimeSource {
    ShTimeNow now;  /* milliseconds on a scale that never goes back */
    void *context;
} ShTimeSource;

/* The system's monotonic clock. */
ShTimeSource sh_time_monotonic(void);

/* A fake time source: time stands still until the test advances it (fake->now_ms += ...). */
typedef struct ShFakeTime {
    int64_t now_ms;
} ShFakeTime;
ShTimeSource sh_time_fake(ShFakeTime *fake);

#define SH_CLOCK_MAX_PLAYERS 4

typedef struct ShClock {
    ShTimeControl control;
    ShTimeSource source;
    int players;             /* 2, or the players of a game of three or four */
    int64_t remaining_ms[SH_CLOCK_MAX_PLAYERS]; /* left on each clock (the running one: as of
                                                   `since`) */
    int moves[SH_CLOCK_MAX_PLAYERS];        /* moves completed on this clock by each player */
    int period[SH_CLOCK_MAX_PLAYERS];       /* the period each is in (index into periods) */
    int period_moves[SH_CLOCK_MAX_PLAYERS]; /* moves made in that period */
    int running;             /* the player whose clock runs (SH_WHITE, SH_BLACK ...), -1 if
                                stopped */
    bool paused;             /* stopped for a while; resume continues the same side */
    int64_t since;           /* when the running clock was last started or resumed */
    int64_t turn_used_ms;    /* time used in this turn before the last pause (for the delay) */
} ShClock;

/* Set both clocks to the first period's time, stopped. */
ShStatus sh_clock_init(ShClock *clock, const ShTimeControl *control, ShTimeSource source,
                       ShError *err);
/* The same for `players` clocks (2 to SH_CLOCK_MAX_PLAYERS). */
ShStatus sh_clock_init_players(ShClock *clock, const ShTimeControl *control, ShTimeSource source,
                               int players, ShError *err);
/* Start (or switch to) `side`'s clock, charging the time used to the side that was running;
 * no move is counted and no increment given. Clears a pause. */
void sh_clock_start(ShClock *clock, int side);
/* The running side has completed a move: its time is charged; if it is out of time the clock
 * stops and false is returned (the flag fell before the move was completed). Otherwise the
 * move is counted, the increment or delay refund and, at the end of a period, the next
 * period's time are added, and the next player's clock starts (the other side's of two). */
bool sh_clock_press(ShClock *clock);
/* The same, starting player `next`'s clock (a game of more players, or one where a player
 * may move twice in a row). */
bool sh_clock_press_to(ShClock *clock, int next);
/* Stop the clock (charging the running side); sh_clock_start starts it again. */
void sh_clock_stop(ShClock *clock);
void sh_clock_pause(ShClock *clock);
void sh_clock_resume(ShClock *clock);
/* Time left now (negative once the flag has fallen and the clock still runs). */
int64_t sh_clock_remaining(const ShClock *clock, int side);
/* True when `side` has no time left (remaining <= 0). */
bool sh_clock_flag(const ShClock *clock, int side);
/* Moves `side` still has to make in its period, 0 in a sudden-death period. */
int sh_clock_moves_to_go(const ShClock *clock, int side);
/* Set a side's time (an arbiter's correction, a server's reading). */
void sh_clock_set_remaining(ShClock *clock, int side, int64_t ms);

/* ------------------------------------------------------------------------------------------
 * Games and the arbiter (src/game.c)
 *
 * A game keeps its start position, every move and every position reached, the arbiter's
 * counters, the draw offers, the clock, the PDN tags and annotations, and the result with its
 * reason. It is the single source of truth for everything that plays or shows games.
 *
 * The arbiter applies the end-of-game rules of the Russian rules (1.8, 1.9 and rules-notes.md)
 * after every move, counting in plies from the moment a rule's condition first holds:
 *   - the side to move has no pieces, or no legal move: it loses;
 *   - the same position with the same side to move for the third time (not necessarily in a
 *     row): a draw, at once or when claimed (a setting: SH_REPETITION_*);
 *   - three kings (or more pieces among which three kings) against a lone king: drawn after
 *     30 plies (15 moves) without a change of the balance (a capture or a man crowned);
 *   - three pieces, at least one a king, against a lone king on the main road a1-h8: drawn
 *     after 10 plies (5 moves) in a row in which this holds (a man of the three crowned does
 *     not stop the count; the lone king leaving the road does);
 *   - kings on both sides and the balance unchanged (no capture, no man crowned): drawn after
 *     10 plies with 2 or 3 pieces on the board, 60 with 4 or 5, 120 with 6 or 7;
 *   - 30 plies (15 moves) in a row of king moves without a capture;
 *   - both flags down: a draw; one flag: that side loses.
 * The game also records resignations and draws agreed by the offer rules of 1.9.3-1.9.6.
 * ---------------------------------------------------------------------------------------- */

typedef enum ShResult {
    SH_RESULT_NONE = 0, /* the game goes on (PDN "*") */
    SH_RESULT_WHITE_WINS,
    SH_RESULT_BLACK_WINS,
    SH_RESULT_DRAW
} ShResult;

typedef enum ShReason {
    SH_REASON_NONE = 0,
    SH_REASON_NO_PIECES,    /* the loser has no pieces left */
    SH_REASON_NO_MOVES,     /* the loser, to move, has no legal move */
    SH_REASON_RESIGNATION,  /* the loser resigned */
    SH_REASON_TIME,         /* the loser's flag fell */
    SH_REASON_AGREEMENT,    /* a draw offered and accepted */
    SH_REASON_REPETITION,   /* the same position for the third time */
    SH_REASON_THREE_KINGS,  /* three kings against a lone king, 15 moves */
    SH_REASON_MAIN_ROAD,    /* three pieces against a lone king on the main road, 5 moves */
    SH_REASON_BALANCE_3,    /* kings on both sides, 2 or 3 pieces, 5 moves, balance unchanged */
    SH_REASON_BALANCE_5,    /* ... 4 or 5 pieces, 30 moves */
    SH_REASON_BALANCE_7,    /* ... 6 or 7 pieces, 60 moves */
    SH_REASON_KINGS_ONLY,   /* 15 moves with kings only */
    SH_REASON_BOTH_FLAGS,   /* both flags fell, and which fell first cannot be told */
    SH_REASON_ADJUDICATION, /* decided from outside the rules (an arbiter, a match runner) */
    SH_REASON_RECORDED,     /* read from a record that does not say why */
    /* the other games' rules */
    SH_REASON_GIVEAWAY_NO_PIECES, /* giveaway: the winner, to move, has no pieces left */
    SH_REASON_GIVEAWAY_NO_MOVES,  /* giveaway: the winner, to move, has no move */
    SH_REASON_KING_MOVES_20,      /* 20 moves each of kings without a capture (Spanish) */
    SH_REASON_KING_MOVES_25,      /* 25 moves each of kings without a capture (FMJD, Turkish) */
    SH_REASON_KING_MOVES_30,      /* 30 moves each of kings without a capture (Czech) */
    SH_REASON_FMJD_16,            /* 3 pieces, a king among them, against a lone king: 16 moves */
    SH_REASON_FMJD_5,             /* 1 or 2 pieces, a king among them, against a lone king: 5 moves */
    SH_REASON_POOL_13,            /* three kings against a lone king: 13 moves (pool) */
    SH_REASON_FORTY_MOVES,        /* 40 moves each without a man moved or a capture */
    SH_REASON_FRISIAN_7,          /* two kings against a lone king: 7 moves (Frisian) */
    SH_REASON_FRISIAN_2,          /* a king against a lone king: 2 moves (Frisian) */
    SH_REASON_COUNT
} ShReason;

/* PDN result text: "1-0", "0-1", "1/2-1/2", "*"; with russian_scoring "2-0", "0-2", "1-1". */
const char *sh_result_pdn(ShResult result, bool russian_scoring);
/* Read a PDN result: the forms above and "1:0", "0:1", "1/2:1/2". Returns false if none. */
bool sh_result_parse(const char *text, ShResult *result);
/* A reason's short name, used in data files: "no-pieces", "kings-only", "balance-5" ... */
const char *sh_reason_name(ShReason reason);
bool sh_reason_find(const char *name, ShReason *reason);
/* What the rules decide about a position by itself: the side to move loses when it has no
 * pieces (SH_REASON_NO_PIECES) or no legal move (SH_REASON_NO_MOVES); SH_RESULT_NONE when it
 * has a move. (A game's arbiter adds the counts and repetition: sh_game_verdict.) */
ShResult sh_position_result(const ShPosition *pos, ShReason *reason);
/* A reason as a short title for people: "threefold repetition", "kings only, 15 moves". */
const char *sh_reason_title(ShReason reason);
/* A sentence for people: "White wins: Black has no move", "draw: 15 moves with kings only",
 * "the game goes on". Returns the length. */
int sh_result_describe(ShResult result, ShReason reason, char *out, size_t size);

/* The draws a player claims (repetition; English's 40-move rule): claimed by a player, or
 * ending the game by themselves (games between programs). */
typedef enum ShRepetitionRule {
    SH_REPETITION_CLAIMED = 0, /* a player claims the draw (1.9.2; games between people) */
    SH_REPETITION_AUTOMATIC    /* the third occurrence ends the game (games between programs) */
} ShRepetitionRule;

typedef struct ShGameOptions {
    ShRepetitionRule repetition;
    /* Replaying a record: moves are accepted after a rule would have ended the game, and the
     * rules never set the result (sh_game_verdict still says what they would decide). */
    bool replay;
} ShGameOptions;

typedef struct ShGame ShGame;

/* A new game from a position (validated), from FEN ("start" for the initial position), or
 * from an opening ballot code ("1-III", "FMJD 45-IX": see sh_opening_find): the ballot's
 * moves are played and cannot be taken back, and its code is kept in the Opening tag.
 * options may be NULL (the defaults: repetition claimed, not a replay). Free with
 * sh_game_free. */
ShStatus sh_game_new(ShGame **game, const ShPosition *start, const ShGameOptions *options,
                     ShError *err);
ShStatus sh_game_new_fen(ShGame **game, const char *fen, const ShGameOptions *options,
                         ShError *err);
ShStatus sh_game_new_opening(ShGame **game, const char *code, const ShGameOptions *options,
                             ShError *err);
/* The same for another game played on the Russian board from the Russian start (giveaway,
 * northern ...): the ballot's position and moves in that game. SH_ERR_ARGUMENT for a game
 * that starts otherwise (another board, Black first, two moves a turn, a start of its own). */
ShStatus sh_game_new_opening_variant(ShGame **game, const char *code, ShVariant variant,
                                     const ShGameOptions *options, ShError *err);
/* A deep copy (NULL if out of memory). */
ShGame *sh_game_copy(const ShGame *game);
void sh_game_free(ShGame *game);
void sh_game_options(const ShGame *game, ShGameOptions *options);
void sh_game_set_options(ShGame *game, const ShGameOptions *options);

/* Positions and moves. Position 0 is the start, position i the one after i moves; move i
 * (0-based) leads from position i to position i + 1. */
int sh_game_ply_count(const ShGame *game);
const ShPosition *sh_game_start(const ShGame *game);
const ShPosition *sh_game_position(const ShGame *game); /* the current position */
const ShPosition *sh_game_position_at(const ShGame *game, int index); /* NULL out of range */
const ShMove *sh_game_move_at(const ShGame *game, int index);         /* NULL out of range */
/* Plies at the start that came from an opening ballot (they cannot be undone). */
int sh_game_opening_plies(const ShGame *game);

/* Play a legal move (refused when the game is over, unless replaying; a pending draw offer
 * to the mover is declined by the move). With a running clock, the mover's clock is pressed:
 * if the flag had fallen, the move is refused and the game is lost on time. */
ShStatus sh_game_play(ShGame *game, const ShMove *move, ShError *err);
/* The same with the move in any notation sh_move_parse reads; *played (if not NULL) gets it. */
ShStatus sh_game_play_text(ShGame *game, const char *text, ShMove *played, ShError *err);
/* Take the last move back, with whatever ended the game after it; the arbiter's counters,
 * the draw offers and the clock are as they were before the move (the clock of the player to
 * move again restarts now, charged with the time that move had used). */
ShStatus sh_game_undo(ShGame *game, ShError *err);

/* The result so far (SH_RESULT_NONE while the game goes on), and its reason. */
ShResult sh_game_result(const ShGame *game, ShReason *reason);
int sh_game_result_text(const ShGame *game, char *out, size_t size);
/* What the rules alone say about the current position (no pieces, no move, an automatic
 * repetition, a count reached), whether or not the result was set otherwise. */
ShResult sh_game_verdict(const ShGame *game, ShReason *reason);
/* End the game for a reason decided outside (SH_REASON_RESIGNATION, SH_REASON_TIME,
 * SH_REASON_BOTH_FLAGS, SH_REASON_AGREEMENT, SH_REASON_ADJUDICATION, SH_REASON_RECORDED). */
ShStatus sh_game_end(ShGame *game, ShResult result, ShReason reason, ShError *err);
/* The arbiter's decision: the result (not SH_RESULT_NONE) is set by adjudication, whether the
 * game was going on or had already ended (a result corrected); sh_game_verdict still tells
 * what the rules say. */
ShStatus sh_game_adjudicate(ShGame *game, ShResult result, ShError *err);
ShStatus sh_game_resign(ShGame *game, ShColor who, ShError *err);

/* Draw offers (1.9.3-1.9.6): a player offers right after making a move (so while the
 * opponent is to move); the opponent accepts, declines, or declines by moving. A player whose
 * offer was declined may offer again only after the opponent has made an offer. */
ShStatus sh_game_offer_draw(ShGame *game, ShColor who, ShError *err);
ShStatus sh_game_accept_draw(ShGame *game, ShColor who, ShError *err);
ShStatus sh_game_decline_draw(ShGame *game, ShColor who, ShError *err);
/* The side whose offer is waiting for an answer, or -1. */
int sh_game_draw_offer(const ShGame *game);
/* Whether `who` may offer a draw now (false with the reason in err if not). */
bool sh_game_may_offer_draw(const ShGame *game, ShColor who, ShError *err);

/* Repetition (1.9.2). How many times the current position (with the same side to move) has
 * occurred. A claim is made by the side to move: either the current position has occurred
 * three times, or `move` (if not NULL) would make it so: then the game is drawn (and the
 * move recorded). A claim with a move that does not repeat the position three times plays the
 * move and the game goes on (*granted false); a claim without a move that fails is an error. */
int sh_game_repetitions(const ShGame *game);
ShStatus sh_game_claim_draw(ShGame *game, const ShMove *move, bool *granted, ShError *err);
/* Whether the side to move may claim a draw now, the game going on: the position has occurred
 * three times and repetition is claimed, not automatic (SH_REASON_REPETITION in *reason). This
 * is the only claim the rules give; every other rule ends the game by itself. */
bool sh_game_may_claim(const ShGame *game, ShReason *reason);

/* The counting rules that apply to the current position, with the plies counted so far and
 * the count at which the game is drawn: at most 4 (repetition is not among them). */
typedef struct ShDrawCount {
    ShReason rule;
    int plies;
    int limit;
} ShDrawCount;
int sh_game_draw_counts(const ShGame *game, ShDrawCount out[4]);

/* Clocks. A game with a time control keeps a clock on the time source given; it runs once
 * started (sh_game_start_clock: the side to move's clock) and is pressed by every move.
 * sh_game_update reads it: a fallen flag ends the game (both flags: a draw). */
ShStatus sh_game_set_clock(ShGame *game, const ShTimeControl *control, ShTimeSource source,
                           ShError *err);
ShClock *sh_game_clock(ShGame *game); /* NULL without a time control */
const ShClock *sh_game_clock_const(const ShGame *game);
void sh_game_start_clock(ShGame *game);
ShResult sh_game_update(ShGame *game);

/* PDN tags (Event, White, Black ... any name). Result, GameType and FEN are not tags here:
 * they come from the game (its result and start position). value NULL removes the tag. */
const char *sh_game_tag(const ShGame *game, const char *name);
ShStatus sh_game_set_tag(ShGame *game, const char *name, const char *value, ShError *err);
int sh_game_tag_count(const ShGame *game);
bool sh_game_tag_at(const ShGame *game, int index, const char **name, const char **value);

/* Annotations, by move index: -1 is before the first move, i the place after move i. A
 * comment is free text; NAGs are PDN's $1..$255 (! = 1, ? = 2, !! = 3, ?? = 4, !? = 5, ?! = 6);
 * a variation is PDN move text that replaces move i (read from position i). */
#define SH_GAME_MAX_NAGS 4
const char *sh_game_comment(const ShGame *game, int index); /* NULL if none */
ShStatus sh_game_set_comment(ShGame *game, int index, const char *text, ShError *err);
int sh_game_nags(const ShGame *game, int index, int nags[SH_GAME_MAX_NAGS]);
ShStatus sh_game_add_nag(ShGame *game, int index, int nag, ShError *err);
int sh_game_variation_count(const ShGame *game, int index);
const char *sh_game_variation(const ShGame *game, int index, int which);
/* Add a variation to move i; its moves are checked from position i. */
ShStatus sh_game_add_variation(ShGame *game, int index, const char *pdn, ShError *err);

/* ------------------------------------------------------------------------------------------
 * PDN (src/pdn.c): game collections as text, read and written.
 *
 * The reader takes what real files hold: tags (quoted, unquoted, an unclosed quote), move
 * numbers with or without a space, moves in every notation sh_move_parse reads, comments {}
 * and ; anywhere, variations ( ) nested, NAGs ($n, !, ?, !?), the results 1-0 0-1 1/2-1/2
 * 2-0 0-2 1-1 1:0 0:1 1/2:1/2 *, several games a file, UTF-8, a BOM, CRLF line ends. A move
 * that fits several legal moves (two men on one file in the semi-short form) is settled by
 * the move after it when exactly one candidate lets the game go on. A bad game is reported
 * with its line and column and the reader goes on with the next game.
 *
 * The reader takes each game's rules from its GameType tag (21 English, 22 Italian, 23 pool,
 * 24 Spanish, 25 Russian, 26 Brazilian, 29 Czech, 30 Turkish; 25 with a Variant tag for the
 * Russian games: giveaway, flying, diagonal, northern, self-eaters, two-move), so a collection
 * may mix games; the FEN and the moves are read in that game's squares.
 *
 * The writer emits the tags (GameType and Variant, FEN when the start is not the initial position,
 * Result, Termination when the game knows why it ended), the moves in the notation asked
 * (by default short: a capture's full path only where start and end are ambiguous), the
 * comments, NAGs and variations. Reading what it wrote gives the same game back.
 * ---------------------------------------------------------------------------------------- */

typedef struct ShPdnReader {
    const char *text; /* the whole text (not copied: keep it alive while reading) */
    size_t size;
    size_t offset;    /* where the next game starts */
    int line;         /* the line of `offset`, 1-based */
    size_t line_start;/* the offset where that line starts */
    int games;        /* games read so far */
    ShGameOptions options;
    ShVariant variant; /* the game of a record without a GameType tag (Russian; set it after
                          sh_pdn_reader_init to read another game's records) */
} ShPdnReader;

#define SH_PDN_MAX_SETTLED 8

/* What the reader found out about a game besides the game itself. */
typedef struct ShPdnInfo {
    int number;           /* the game's number in the text, from 1 */
    int line;             /* the line where it starts */
    size_t start, end;    /* its bytes in the text: [start, end) */
    ShResult recorded;    /* the result the record gives (the result marker, else the tag) */
    bool has_result;      /* the record gives a result (not "*", not missing) */
    int settled;          /* moves that fit several legal moves, settled by the next move */
    int settled_plies[SH_PDN_MAX_SETTLED]; /* their move indexes (0-based) */
    /* Where the rules ended the game, if they did: the first position (0 = the start, i =
     * after i moves) at which the side to move had no piece or no move, a count was reached,
     * the third repetition ended the game (when repetition is automatic), or a clock comment
     * after the move that led there showed a flag down ([%clk 0:00:00], or lidraughts'
     * [%clock w0:00:00 B1:00]). -1 if the game never ended. When end_ply is before the last
     * position, the moves after it do not count: end_line and end_column give the first. */
    int end_ply;
    ShResult end_result;
    ShReason end_reason;
    int end_line, end_column;
} ShPdnInfo;

/* options: how the games read are arbitrated after reading (NULL: the defaults). While the
 * moves are read the game replays them (ShGameOptions.replay). */
void sh_pdn_reader_init(ShPdnReader *reader, const char *text, size_t size,
                        const ShGameOptions *options);
/* Read the next game. SH_OK with *game set; SH_OK with *game NULL at the end of the text; or
 * an error (err with line and column in the whole text) with *game holding what could be
 * read (the tags and the moves before the error; NULL if nothing could) - the reader has
 * moved past the bad game either way. info (may be NULL) is filled in every case. The
 * game's result is the recorded one (its reason from the arbiter when the final position
 * agrees, from a Termination tag, or SH_REASON_RECORDED); sh_game_verdict gives the rules'. */
ShStatus sh_pdn_read_next(ShPdnReader *reader, ShGame **game, ShPdnInfo *info, ShError *err);
/* Read a text that holds one game (the first game, if more). */
ShStatus sh_pdn_read_game(const char *text, ShGame **game, ShError *err);

/* Write a game as PDN, ending with a blank line. `notation` is an ShNotation style and flags
 * (SH_NOTATION_SHORT, SH_NOTATION_FULL, with SH_NOTATION_NUMERIC). *text is allocated (free
 * it with free()); *size (if not NULL) gets its length. */
ShStatus sh_pdn_write(const ShGame *game, int notation, char **text, size_t *size,
                      ShError *err);

#ifdef __cplusplus
}
#endif

#endif /* SHASHKI_H */
