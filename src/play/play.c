/* play.c - one game of any kind (shashki_play.h, "Plays"): the arguments checked once, then the
 * family's adapter called (play_impl.h); and what every family shares, the result texts. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "play_impl.h"

static const char *const PLAYER_TAGS[SH_MAX_PLAYERS] = {"White", "Black", "Red", "Blue"};

const char *sh_play_player_tag(int player)
{
    return player >= 0 && player < SH_MAX_PLAYERS ? PLAYER_TAGS[player] : "";
}

/* ---- result texts ----------------------------------------------------------------------- */

/* One player's points as a result writes them: 1, 0, 1/2, 1/3, 1/4. */
static const char *points_text(double p)
{
    if (p > 0.99)
        return "1";
    if (fabs(p - 0.5) < 0.01)
        return "1/2";
    if (fabs(p - 1.0 / 3) < 0.01)
        return "1/3";
    if (fabs(p - 0.25) < 0.01)
        return "1/4";
    return "0";
}

void play_result_text(const double points[SH_MAX_PLAYERS], int players, char *out, size_t size)
{
    size_t at = 0;
    if (size)
        out[0] = '\0';
    for (int p = 0; p < players && at < size; p++) {
        int w = snprintf(out + at, size - at, "%s%s", p ? "-" : "", points_text(points[p]));
        if (w < 0)
            break;
        at += (size_t)w;
    }
}

bool play_result_points(const char *result, int players, double points[SH_MAX_PLAYERS])
{
    for (int p = 0; p < SH_MAX_PLAYERS; p++)
        points[p] = 0;
    if (!result)
        return false;
    const char *s = result;
    double sum = 0;
    for (int p = 0; p < players; p++) {
        if (strncmp(s, "1/2", 3) == 0 || strncmp(s, "1/3", 3) == 0 || strncmp(s, "1/4", 3) == 0) {
            points[p] = 1.0 / (s[2] - '0');
            s += 3;
        } else if (*s == '1' || *s == '0') {
            points[p] = *s - '0';
            s++;
        } else {
            return false;
        }
        sum += points[p];
        if (p + 1 < players && *s++ != '-')
            return false;
    }
    return *s == '\0' && fabs(sum - 1.0) < 0.02;
}

void play_verdict_from_result(ShVerdict *v, const char *result, int players)
{
    snprintf(v->result, sizeof v->result, "%s", result);
    v->winner = -1;
    if (!play_result_points(result, players, v->points))
        return;
    for (int p = 0; p < players; p++)
        if (v->points[p] > 0.99)
            v->winner = p;
}

/* ---- the interface ---------------------------------------------------------------------- */

ShStatus sh_play_new(ShPlay **play, const ShKind *kind, const ShPlayOptions *options,
                     ShError *err)
{
    if (!play || !kind)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "no game");
    *play = NULL;
    ShPlayOptions defaults = {0};
    const ShPlayOptions *o = options ? options : &defaults;
    if (o->settings && strlen(o->settings) >= sizeof((ShPlay *)0)->settings)
        return error_set(err, SH_ERR_SYNTAX, 1, 1, "the settings are too long");
    if (o->opening && *o->opening && !kind->ballots)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                         "the ballots open games of Russian checkers (and of giveaway and "
                         "northern): a game of %s starts from its start or a %s",
                         kind->name, kind->family == SH_FAMILY_OTHER ? "position" : "FEN");
    if (o->opening && *o->opening && o->start && *o->start)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "a position or a ballot, not both");
    ShPlay *p = calloc(1, sizeof *p);
    if (!p)
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    p->kind = kind;
    p->ops = kind->family == SH_FAMILY_OTHER ? &PLAY_OTHER_OPS : &PLAY_DRAUGHTS_OPS;
    snprintf(p->settings, sizeof p->settings, "%s", o->settings ? o->settings : "");
    ShStatus s = p->ops->create(p, o, err);
    if (s != SH_OK) {
        free(p);
        return s;
    }
    *play = p;
    return SH_OK;
}

ShPlay *sh_play_copy(const ShPlay *src)
{
    if (!src)
        return NULL;
    ShPlay *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->kind = src->kind;
    p->ops = src->ops;
    memcpy(p->settings, src->settings, sizeof p->settings);
    memcpy(p->opening, src->opening, sizeof p->opening);
    if (p->ops->clone(p, src) != SH_OK) {
        free(p);
        return NULL;
    }
    return p;
}

void sh_play_free(ShPlay *p)
{
    if (!p)
        return;
    p->ops->destroy(p);
    free(p);
}

const ShKind *sh_play_kind(const ShPlay *p)
{
    return p->kind;
}

const char *sh_play_settings(const ShPlay *p)
{
    return p->settings;
}

const char *sh_play_opening(const ShPlay *p)
{
    return p->opening;
}

bool sh_play_set_up(const ShPlay *p)
{
    return p->ops->set_up(p);
}

int sh_play_ply_count(const ShPlay *p)
{
    return p->ops->ply_count(p);
}

int sh_play_opening_plies(const ShPlay *p)
{
    return p->ops->opening_plies(p);
}

/* A ply of the game: -1 (the current one) or 0 .. ply_count. */
static int ply_of(const ShPlay *p, int ply)
{
    int n = p->ops->ply_count(p);
    return ply < 0 || ply > n ? n : ply;
}

int sh_play_to_move(const ShPlay *p, int ply)
{
    return p->ops->to_move(p, ply_of(p, ply));
}

bool sh_play_second_move(const ShPlay *p, int ply)
{
    return p->ops->second_move(p, ply_of(p, ply));
}

size_t sh_play_position_text(const ShPlay *p, int ply, char *out, size_t size)
{
    return p->ops->position_text(p, ply_of(p, ply), out, size);
}

void sh_play_geometry(const ShPlay *p, ShGeometry *out)
{
    memset(out, 0, sizeof *out);
    p->ops->geometry(p, out);
}

int sh_play_units(const ShPlay *p, int ply, int cell, ShUnit out[SH_MAX_STACK])
{
    if (cell < 0 || cell >= SH_MAX_CELLS)
        return 0;
    return p->ops->units(p, ply_of(p, ply), cell, out);
}

ShPlayMove *sh_play_moves(const ShPlay *p, int *count)
{
    *count = 0;
    return p->ops->moves(p, false, count);
}

ShPlayMove *sh_play_move_paths(const ShPlay *p, int *count)
{
    *count = 0;
    return p->ops->moves(p, true, count);
}

ShStatus sh_play_parse_move(const ShPlay *p, const char *text, ShPlayMove *move, ShError *err)
{
    if (!text)
        return error_set(err, SH_ERR_SYNTAX, 0, 1, "no move");
    return p->ops->parse_move(p, text, move, err);
}

ShStatus sh_play_move(ShPlay *p, const char *text, ShPlayMove *played, ShError *err)
{
    if (!text)
        return error_set(err, SH_ERR_SYNTAX, 0, 1, "no move");
    ShPlayMove scratch;
    return p->ops->move(p, text, played ? played : &scratch, err);
}

ShStatus sh_play_move_at(const ShPlay *p, int ply, ShPlayMove *out, ShError *err)
{
    if (ply < 0 || ply >= p->ops->ply_count(p))
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "no move %d: the game has %d", ply + 1,
                         p->ops->ply_count(p));
    return p->ops->move_at(p, ply, out, err);
}

ShStatus sh_play_undo(ShPlay *p, ShError *err)
{
    if (p->ops->ply_count(p) <= p->ops->opening_plies(p))
        return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                         p->ops->opening_plies(p) ? "the ballot's moves cannot be taken back"
                                                  : "no move to take back");
    return p->ops->undo(p, err);
}

void sh_play_verdict(const ShPlay *p, ShVerdict *out)
{
    memset(out, 0, sizeof *out);
    out->winner = -1;
    snprintf(out->result, sizeof out->result, "*");
    p->ops->verdict(p, out);
}

bool sh_play_over(const ShPlay *p)
{
    ShVerdict v;
    sh_play_verdict(p, &v);
    return v.over;
}

static bool player_ok(const ShPlay *p, int player, ShError *err)
{
    if (player >= 0 && player < p->kind->players)
        return true;
    error_set(err, SH_ERR_ARGUMENT, 0, 0, "no player %d in %s", player + 1, p->kind->name);
    return false;
}

ShStatus sh_play_resign(ShPlay *p, int player, ShError *err)
{
    if (!player_ok(p, player, err))
        return SH_ERR_ARGUMENT;
    if (sh_play_over(p))
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "the game is over");
    return p->ops->resign(p, player, err);
}

/* Draw offers: only in games of two players that have draws. */
static bool offers_ok(const ShPlay *p, int player, ShError *err)
{
    if (!player_ok(p, player, err))
        return false;
    if (!p->kind->draws || p->kind->players != 2) {
        error_set(err, SH_ERR_ARGUMENT, 0, 0, "%s has no draws by agreement", p->kind->name);
        return false;
    }
    if (sh_play_over(p)) {
        error_set(err, SH_ERR_ARGUMENT, 0, 0, "the game is over");
        return false;
    }
    return true;
}

ShStatus sh_play_offer_draw(ShPlay *p, int player, ShError *err)
{
    return offers_ok(p, player, err) ? p->ops->offer_draw(p, player, err) : SH_ERR_ARGUMENT;
}

ShStatus sh_play_accept_draw(ShPlay *p, int player, ShError *err)
{
    return offers_ok(p, player, err) ? p->ops->accept_draw(p, player, err) : SH_ERR_ARGUMENT;
}

ShStatus sh_play_decline_draw(ShPlay *p, int player, ShError *err)
{
    return offers_ok(p, player, err) ? p->ops->decline_draw(p, player, err) : SH_ERR_ARGUMENT;
}

int sh_play_draw_offer(const ShPlay *p)
{
    return p->ops->draw_offer(p);
}

bool sh_play_may_offer_draw(const ShPlay *p, int player, ShError *err)
{
    return offers_ok(p, player, err) && p->ops->may_offer_draw(p, player, err);
}

bool sh_play_may_claim(const ShPlay *p, char *reason, size_t size)
{
    if (reason && size)
        reason[0] = '\0';
    char scratch[32];
    return p->ops->may_claim(p, reason ? reason : scratch, reason ? size : sizeof scratch);
}

ShStatus sh_play_claim_draw(ShPlay *p, const char *move, bool *granted, ShError *err)
{
    bool scratch;
    if (!granted)
        granted = &scratch;
    *granted = false;
    if (sh_play_over(p))
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "the game is over");
    return p->ops->claim_draw(p, move && *move ? move : NULL, granted, err);
}

int sh_play_repetitions(const ShPlay *p)
{
    return p->ops->repetitions(p);
}

ShStatus sh_play_adjudicate(ShPlay *p, const char *result, ShError *err)
{
    double points[SH_MAX_PLAYERS];
    if (!play_result_points(result, p->kind->players, points))
        return error_set(err, SH_ERR_SYNTAX, 0, 1, "'%s' is not a result of a game of %d players",
                         result ? result : "", p->kind->players);
    return p->ops->adjudicate(p, result, err);
}

ShStatus sh_play_end(ShPlay *p, const char *result, const char *reason_code, ShError *err)
{
    double points[SH_MAX_PLAYERS];
    if (!play_result_points(result, p->kind->players, points))
        return error_set(err, SH_ERR_SYNTAX, 0, 1, "'%s' is not a result of a game of %d players",
                         result ? result : "", p->kind->players);
    return p->ops->end(p, result, reason_code ? reason_code : "recorded", err);
}

ShStatus sh_play_set_clock(ShPlay *p, const ShTimeControl *control, ShTimeSource source,
                           ShError *err)
{
    return p->ops->set_clock(p, control, source, err);
}

const ShClock *sh_play_clock(const ShPlay *p)
{
    return p->ops->clock(p);
}

void sh_play_start_clock(ShPlay *p)
{
    p->ops->start_clock(p);
}

void sh_play_set_remaining(ShPlay *p, int player, int64_t ms)
{
    if (player >= 0 && player < p->kind->players)
        p->ops->set_remaining(p, player, ms);
}

void sh_play_pause_clock(ShPlay *p, bool pause)
{
    p->ops->pause_clock(p, pause);
}

bool sh_play_update(ShPlay *p)
{
    return p->ops->update(p);
}

const char *sh_play_tag(const ShPlay *p, const char *name)
{
    return name ? p->ops->tag(p, name) : NULL;
}

ShStatus sh_play_set_tag(ShPlay *p, const char *name, const char *value, ShError *err)
{
    if (!name || !*name)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "a tag needs a name");
    return p->ops->set_tag(p, name, value, err);
}

ShStatus sh_play_set_comment(ShPlay *p, int ply, const char *text, ShError *err)
{
    if (ply < 0 || ply >= p->ops->ply_count(p))
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "no move %d: the game has %d", ply + 1,
                         p->ops->ply_count(p));
    if (!p->game) /* an other game's record: its notes (src/other/record_notes.c) */
        return sh_other_record_set_comment(play_other_record(p), ply, text, err);
    return sh_game_set_comment(p->game, ply, text && *text ? text : NULL, err);
}

ShStatus sh_play_add_nag(ShPlay *p, int ply, int nag, ShError *err)
{
    if (ply < 0 || ply >= p->ops->ply_count(p))
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "no move %d: the game has %d", ply + 1,
                         p->ops->ply_count(p));
    if (!p->game)
        return sh_other_record_add_nag(play_other_record(p), ply, nag, err);
    return sh_game_add_nag(p->game, ply, nag, err);
}

ShStatus sh_play_write_pdn(const ShPlay *p, bool numeric, char **text, size_t *size,
                           ShError *err)
{
    if (!text)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "nowhere to write");
    *text = NULL;
    return p->ops->write_pdn(p, numeric, text, size, err);
}

uint64_t sh_play_perft(const ShPlay *p, int depth, int threads)
{
    return p->ops->perft(p, depth, threads < 1 ? 1 : threads);
}

const ShGame *sh_play_game(const ShPlay *p)
{
    return p->game;
}
