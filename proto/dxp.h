/*
 * dxp.h - the messages of DXP, the DamExchange Protocol (layer 2), read and written.
 *
 * DXP is how 10x10 draughts programs (Scan, Kingsrow, Dam, Flits, Tornado ...) and arbiters
 * play each other over TCP: one program, the initiator, asks the other, the follower, for a
 * game; then the two exchange moves until one ends the game. A message is 1 to 127 ASCII
 * characters; the first tells its kind; every field has a fixed width, numbers with leading
 * zeros. On the wire (dxp_link.h) each message is followed by a NUL.
 *
 *   C text                          CHAT     free text, at any time, from either side
 *   R 01 name(32) W|Z ttt mmm A     GAMEREQ  from the initiator: protocol version, its name,
 *   R 01 name(32) W|Z ttt mmm B W|Z board(50)     the follower's colour, thinking time in
 *                                            minutes per player for the game, the number of
 *                                            moves of the game (000: no limit), A the usual
 *                                            start or B the colour to move and the squares
 *                                            1..50 (e empty, w z men, W Z kings; z = zwart)
 *   A name(32) c                    GAMEACC  the follower's answer: c 0 accepted, 1 not this
 *                                            protocol version, 2 not this game, 3 no games
 *   M tttt ff tt nn cc...           MOVE     seconds used, from, to, the number captured and
 *                                            each captured square (any order)
 *   E r s                           GAMEEND  r: 0 no reason, 1 I give up, 2 draw, 3 I win; s: 0
 *                                            a next game is welcome, 1 stop altogether
 *   B nnn W|Z                       BACKREQ  take back to move nnn with that colour to move
 *   K c                             BACKACC  c: 0 accepted, 1 not supported, 2 refused
 *
 * The reader is strict about the layout (each field where the specification puts it, digits
 * where it wants numbers, nothing after the last field except in CHAT) and never fails
 * silently: a bad message gives SH_ERR_SYNTAX with the column (1-based) of the first wrong
 * character and what was expected there. Values inside the layout are kept as sent (a
 * version other than 01 is for the follower to answer), except where the layout itself
 * limits them (squares 01-50, at most 20 captured, the codes' digits).
 *
 * Squares are the PDN numbers of the 10x10 board, 1 = b10 ... 50 = i1, the library's square
 * index + 1 for international draughts (and any other 50-square game).
 */
#ifndef SHASHKI_DXP_H
#define SHASHKI_DXP_H

#include <stdbool.h>

#include "shashki.h"

#define DXP_MAX_LENGTH 127      /* characters of a message */
#define DXP_MESSAGE_SIZE 128    /* a message with its NUL */
#define DXP_NAME_LENGTH 32      /* the program names of GAMEREQ and GAMEACC */
#define DXP_BOARD_SQUARES 50
#define DXP_MAX_CAPTURED 20     /* the layout's limit: 00 to 20 */
#define DXP_DEFAULT_PORT 27531  /* the SOCKET protocol's port */

typedef enum DxpKind {
    DXP_CHAT = 'C',
    DXP_GAMEREQ = 'R',
    DXP_GAMEACC = 'A',
    DXP_MOVE = 'M',
    DXP_GAMEEND = 'E',
    DXP_BACKREQ = 'B',
    DXP_BACKACC = 'K'
} DxpKind;

/* GAMEACC acceptance codes. */
enum { DXP_ACCEPT = 0, DXP_ACCEPT_BAD_VERSION = 1, DXP_ACCEPT_NOT_THIS = 2, DXP_ACCEPT_NONE = 3 };
/* GAMEEND reasons, from the sender's side. */
enum { DXP_END_UNKNOWN = 0, DXP_END_I_LOSE = 1, DXP_END_DRAW = 2, DXP_END_I_WIN = 3 };
/* BACKACC codes. */
enum { DXP_BACK_ACCEPTED = 0, DXP_BACK_UNSUPPORTED = 1, DXP_BACK_REFUSED = 2 };

/* One message; only the fields of its kind mean anything. */
typedef struct DxpMessage {
    DxpKind kind;
    char text[DXP_MESSAGE_SIZE];        /* CHAT */
    int version;                        /* GAMEREQ: 0..99, the specification's is 1 */
    char name[DXP_NAME_LENGTH + 1];     /* GAMEREQ, GAMEACC: blanks at either end cut off */
    ShColor follower;                   /* GAMEREQ: the follower's colour */
    int minutes;                        /* GAMEREQ: thinking time per player, 0..999 */
    int moves;                          /* GAMEREQ: moves of the game, 0..999 (0: no limit) */
    bool has_board;                     /* GAMEREQ: B (to_move and board given) or A */
    ShColor to_move;                    /* GAMEREQ with a board; BACKREQ */
    char board[DXP_BOARD_SQUARES + 1];  /* GAMEREQ: square 1 first, each e w z W Z */
    int code;                           /* GAMEACC 0..3, BACKACC 0..2 */
    int seconds;                        /* MOVE: 0..9999 */
    int from, to;                       /* MOVE: 1..50 */
    int captured_count;                 /* MOVE: 0..20 */
    int captured[DXP_MAX_CAPTURED];     /* MOVE: 1..50 each */
    int reason, stop;                   /* GAMEEND: 0..3, 0..1 */
    int move_number;                    /* BACKREQ: 1..999 */
} DxpMessage;

/* Read a message (without its NUL; a CR or LF at the end is not part of it: strip it
 * first). On error *message is unspecified and err says what and where (the column). */
ShStatus dxp_message_parse(const char *text, DxpMessage *message, ShError *err);

/* Write a message into out (NUL-terminated). Fields out of their range give SH_ERR_ARGUMENT;
 * a name longer than 32 characters is cut to 32, a chat longer than 126 to 126, and
 * characters outside 1..127 (or a NUL) in a name or chat become '?'. */
ShStatus dxp_message_format(const DxpMessage *message, char out[DXP_MESSAGE_SIZE], ShError *err);

/* A short name for a kind: "CHAT", "GAMEREQ" ... ("?" for none). */
const char *dxp_kind_name(int kind);

/* The position of a GAMEREQ board (50 squares, to_move) in a 50-square game; validated (no
 * man on its crowning row, no more pieces than a side starts with). */
ShStatus dxp_position_read(ShVariant variant, ShColor to_move, const char *board,
                           ShPosition *pos, ShError *err);
/* A position's board for GAMEREQ (board gets 50 characters and a NUL). */
void dxp_position_write(const ShPosition *pos, char board[DXP_BOARD_SQUARES + 1]);

/* The legal move of `pos` that a MOVE message gives: the same from, to and captured set. A
 * capture sent with no captured squares (some programs do) is taken when from and to fit
 * one legal move only. SH_ERR_ILLEGAL_MOVE / SH_ERR_AMBIGUOUS_MOVE otherwise, with the legal
 * moves in the message. */
ShStatus dxp_move_find(const ShPosition *pos, const DxpMessage *message, ShMove *move,
                       ShError *err);
/* The MOVE message of a legal move (the captured squares ascending). */
void dxp_move_message(const ShPosition *pos, const ShMove *move, int seconds,
                      DxpMessage *message);

#endif
