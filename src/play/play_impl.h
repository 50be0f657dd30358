/*
 * play_impl.h - inside the game interface (include/shashki_play.h): the table of functions each
 * family's adapter fills, and the ShPlay that carries one.
 *
 * play.c checks the arguments every caller may get wrong (a player out of range, a NULL) and
 * then calls the adapter: play_draughts.c for the draughts and column games (over ShGame),
 * play_other.c for the other games (over ShOtherRecord). An adapter may assume its arguments
 * are valid. kind.c holds the records; play_read.c reads records of any kind.
 */
#ifndef SHASHKI_PLAY_IMPL_H
#define SHASHKI_PLAY_IMPL_H

#include "shashki_other.h"
#include "shashki_play.h"

typedef struct PlayOps {
    ShStatus (*create)(ShPlay *p, const ShPlayOptions *o, ShError *err);
    ShStatus (*clone)(ShPlay *dst, const ShPlay *src);
    void (*destroy)(ShPlay *p);

    int (*ply_count)(const ShPlay *p);
    int (*opening_plies)(const ShPlay *p);
    bool (*set_up)(const ShPlay *p);
    int (*to_move)(const ShPlay *p, int ply);
    bool (*second_move)(const ShPlay *p, int ply);
    size_t (*position_text)(const ShPlay *p, int ply, char *out, size_t size);
    void (*geometry)(const ShPlay *p, ShGeometry *out);
    int (*units)(const ShPlay *p, int ply, int cell, ShUnit *out);
    ShPlayMove *(*moves)(const ShPlay *p, bool paths, int *count);
    ShStatus (*parse_move)(const ShPlay *p, const char *text, ShPlayMove *move, ShError *err);
    ShStatus (*move)(ShPlay *p, const char *text, ShPlayMove *played, ShError *err);
    ShStatus (*move_at)(const ShPlay *p, int ply, ShPlayMove *out, ShError *err);
    ShStatus (*undo)(ShPlay *p, ShError *err);

    void (*verdict)(const ShPlay *p, ShVerdict *out);
    ShStatus (*resign)(ShPlay *p, int player, ShError *err);
    ShStatus (*offer_draw)(ShPlay *p, int player, ShError *err);
    ShStatus (*accept_draw)(ShPlay *p, int player, ShError *err);
    ShStatus (*decline_draw)(ShPlay *p, int player, ShError *err);
    int (*draw_offer)(const ShPlay *p);
    bool (*may_offer_draw)(const ShPlay *p, int player, ShError *err);
    bool (*may_claim)(const ShPlay *p, char *reason, size_t size);
    ShStatus (*claim_draw)(ShPlay *p, const char *move, bool *granted, ShError *err);
    int (*repetitions)(const ShPlay *p);
    ShStatus (*adjudicate)(ShPlay *p, const char *result, ShError *err);
    ShStatus (*end)(ShPlay *p, const char *result, const char *reason_code, ShError *err);

    ShStatus (*set_clock)(ShPlay *p, const ShTimeControl *control, ShTimeSource source,
                          ShError *err);
    const ShClock *(*clock)(const ShPlay *p);
    void (*start_clock)(ShPlay *p);
    void (*set_remaining)(ShPlay *p, int player, int64_t ms);
    void (*pause_clock)(ShPlay *p, bool pause);
    bool (*update)(ShPlay *p);

    const char *(*tag)(const ShPlay *p, const char *name);
    ShStatus (*set_tag)(ShPlay *p, const char *name, const char *value, ShError *err);
    ShStatus (*write_pdn)(const ShPlay *p, bool numeric, char **text, size_t *size,
                          ShError *err);
    uint64_t (*perft)(const ShPlay *p, int depth, int threads);
} PlayOps;

struct OtherPlay;

struct ShPlay {
    const ShKind *kind;
    const PlayOps *ops;
    char settings[256];
    char opening[32];
    ShGame *game;            /* the draughts and column games */
    struct OtherPlay *other; /* the other games */
};

extern const PlayOps PLAY_DRAUGHTS_OPS;
extern const PlayOps PLAY_OTHER_OPS;

/* An ShPlay around a game read from PDN (it takes the game). */
ShPlay *play_wrap_game(const ShKind *kind, ShGame *game);
/* The record of an other game's play, to change its notes (comments, NAGs). */
ShOtherRecord *play_other_record(ShPlay *p);
/* An ShPlay around an other game's record read from text (it takes the record's moves). */
ShPlay *play_wrap_record(const ShKind *kind, ShOtherRecord *rec, const char *termination);

/* The board of a draughts or column game (kind.c). */
void play_draughts_geometry(ShVariant v, ShGeometry *out);

/* Result texts: the points of a result of `players` players ("1-0", "0-1-0", "1/3-1/3-1/3");
 * false if the text is not one. */
bool play_result_points(const char *result, int players, double points[SH_MAX_PLAYERS]);
/* The text of those points. */
void play_result_text(const double points[SH_MAX_PLAYERS], int players, char *out,
                      size_t size);
/* Fill a verdict's winner, points and result from a result text. */
void play_verdict_from_result(ShVerdict *v, const char *result, int players);

#endif
