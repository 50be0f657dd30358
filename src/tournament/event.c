/*
 * event.c - an event: settings, players, rounds and results (see shashki_tournament.h).
 *
 * The event keeps what was entered and nothing derived: players, bye requests, and the
 * pairings with the results of their games. Scores and standings are computed from them
 * when asked (standings.c); so are a knockout match's state and a round's completeness.
 * Every change is checked in full before anything is touched, so a refused change leaves
 * the event as it was.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "error.h"
#include "event.h"
#include "table_event.h"
#include "team.h"

uint64_t event_lot(uint64_t seed, uint64_t a, uint64_t b, uint64_t c)
{
    uint64_t z = seed ^ (a * 0x9e3779b97f4a7c15u) ^ (b * 0xc2b2ae3d27d4eb4fu) ^
                 (c * 0x165667b19e3779f9u);
    for (int i = 0; i < 2; i++) {
        z += 0x9e3779b97f4a7c15u;
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
        z ^= z >> 31;
    }
    return z;
}

static ShStatus check_settings(const ShEventSettings *s, ShError *err)
{
    if (s->stage_count < 1 || s->stage_count > SH_EVENT_MAX_STAGES)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "an event has 1 to %d stages",
                         SH_EVENT_MAX_STAGES);
    for (int i = 0; i < s->stage_count; i++) {
        const ShStage *st = &s->stages[i];
        if (st->system < 0 || st->system >= SH_SYSTEM_COUNT)
            return error_set(err, SH_ERR_ARGUMENT, 0, 0, "stage %d: no such system", i + 1);
        if (st->games < 1 || st->games > 8 || st->cycles < 1)
            return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                             "stage %d: 1 to 8 games a pairing, 1 cycle or more", i + 1);
        if (st->groups > 1 && st->system != SH_SYSTEM_ROUND_ROBIN)
            return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                             "stage %d: only a round robin is played in groups", i + 1);
        if (i == 0 && st->qualifiers)
            return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                             "stage 1 has every player: qualifiers are for later stages");
    }
    if (s->win <= s->draw || s->draw < s->loss)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "a win must score more than a draw");
    ShStatus team = team_settings_check(s, err);
    if (team != SH_OK)
        return team;
    if (table_check_settings(s, err) != SH_OK)
        return err->code;
    const ShKind *kind = sh_event_kind(s);
    if (s->openings != SH_OPENINGS_FREE && !kind->ballots)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                         "the ballots (IDF-64, FMJD-64) are Russian checkers' openings: "
                         "%s is played from its start (openings = free)",
                         kind->name);
    ShError inner;
    if (sh_kind_check_settings(kind, s->game_settings, &inner) != SH_OK)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "variant-settings: %s", inner.message);
    return SH_OK;
}

ShStatus sh_event_new(ShEvent **event, const ShEventSettings *settings, ShError *err)
{
    *event = NULL;
    ShStatus st = check_settings(settings, err);
    if (st != SH_OK)
        return st;
    ShEvent *e = calloc(1, sizeof *e);
    if (!e)
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    e->settings = *settings;
    *event = e;
    return SH_OK;
}

void sh_event_free(ShEvent *e)
{
    if (!e)
        return;
    free(e->players);
    free(e->pairings);
    free(e->requests);
    for (int i = 0; i < SH_EVENT_MAX_STAGES; i++) {
        free(e->stage[i].ids);
        free(e->stage[i].group);
    }
    free(e);
}

const ShEventSettings *sh_event_settings(const ShEvent *e)
{
    return &e->settings;
}

int sh_event_current_stage(const ShEvent *e)
{
    int s = 0;
    for (int i = 0; i < e->settings.stage_count; i++)
        if (e->stage[i].started)
            s = i + 1;
    return s;
}

ShStatus sh_event_set(ShEvent *e, const char *key, const char *value, ShError *err)
{
    ShEventSettings s = e->settings;
    ShStatus st = sh_event_settings_set(&s, key, value, err);
    if (st != SH_OK)
        return st;
    st = check_settings(&s, err);
    if (st != SH_OK)
        return st;
    int started = sh_event_current_stage(e);
    if (started) {
        for (int i = 0; i < started; i++) {
            const ShStage *a = &e->settings.stages[i], *b = &s.stages[i];
            if (a->system != b->system || a->games != b->games || a->cycles != b->cycles ||
                a->groups != b->groups || a->qualifiers != b->qualifiers ||
                (a->rounds != b->rounds && a->system != SH_SYSTEM_SWISS))
                return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                                 "%s: stage %d has begun; its system, games, cycles and "
                                 "groups are fixed",
                                 key, i + 1);
            if (a->system == SH_SYSTEM_SWISS && b->rounds != a->rounds &&
                (b->rounds ? b->rounds : e->stage[i].total_rounds) <
                    sh_event_rounds_paired(e, i + 1))
                return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                                 "%s: %d rounds have been paired already", key,
                                 sh_event_rounds_paired(e, i + 1));
        }
        if (s.win != e->settings.win || s.draw != e->settings.draw ||
            s.loss != e->settings.loss || s.match_scoring != e->settings.match_scoring ||
            s.stage_count < started || s.boards != e->settings.boards ||
            s.match_win != e->settings.match_win || s.match_draw != e->settings.match_draw ||
            s.match_loss != e->settings.match_loss)
            return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                             "%s: the scoring (match points, boards) and the stages played are "
                             "fixed once play has begun",
                             key);
        if (strcmp(s.game, e->settings.game) || strcmp(s.game_settings, e->settings.game_settings))
            return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                             "%s: the event's games are %s; the game and its settings are fixed "
                             "once play has begun",
                             key, sh_event_kind(&e->settings)->name);
    }
    e->settings = s;
    for (int i = 0; i < started; i++)
        if (s.stages[i].system == SH_SYSTEM_SWISS && s.stages[i].rounds)
            e->stage[i].total_rounds = s.stages[i].rounds;
    return SH_OK;
}

/* ---- players ---- */

int event_round_of(const ShEvent *e, int stage, int round)
{
    if (stage < 1)
        return round;
    return e->stage[stage - 1].first_round + round - 1;
}

int event_next_round(const ShEvent *e)
{
    int g = 1;
    for (int i = 0; i < e->npairings; i++) {
        int r = event_round_of(e, e->pairings[i].stage, e->pairings[i].round);
        if (r + 1 > g)
            g = r + 1;
    }
    return g;
}

/* The event's last round, counted on across stages, or 0 while a stage's number of rounds is
 * not known (a round robin not begun: it depends on the players). */
static int event_last_round(const ShEvent *e)
{
    int last = 0;
    for (int s = 1; s <= e->settings.stage_count; s++) {
        int total = sh_event_rounds_total(e, s);
        if (total <= 0)
            return 0;
        last += total;
    }
    return last;
}

bool event_player_active(const ShEvent *e, int id, int g)
{
    const ShEventPlayer *p = sh_event_player(e, id);
    return p && p->entered <= g && (!p->withdrawn || p->withdrawn > g);
}

bool event_room_for_player(ShEvent *e)
{
    if (e->nplayers < e->player_cap)
        return true;
    int cap = e->player_cap ? e->player_cap * 2 : 32;
    ShEventPlayer *bigger = realloc(e->players, sizeof *bigger * (size_t)cap);
    if (!bigger)
        return false;
    e->players = bigger;
    e->player_cap = cap;
    return true;
}

bool event_room_for_request(ShEvent *e)
{
    if (e->nrequests < e->request_cap)
        return true;
    int cap = e->request_cap ? e->request_cap * 2 : 16;
    ByeRequest *bigger = realloc(e->requests, sizeof *bigger * (size_t)cap);
    if (!bigger)
        return false;
    e->requests = bigger;
    e->request_cap = cap;
    return true;
}

static bool same_name(const char *a, const char *b)
{
    return strcasecmp(a, b) == 0;
}

ShStatus sh_event_add_player(ShEvent *e, const ShEventPlayer *player, int *id, ShError *err)
{
    if (!player->name[0])
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "a player needs a name");
    if (e->nplayers >= SH_EVENT_MAX_PLAYERS)
        return error_set(err, SH_ERR_LIMIT, 0, 0, "an event has at most %d players",
                         SH_EVENT_MAX_PLAYERS);
    if (player->rating < 0 || player->rating > 4000)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "%s: a rating is 0 to 4000",
                         player->name);
    if (player->birth_year && (player->birth_year < 1850 || player->birth_year > 2200))
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "%s: a birth year like 1990",
                         player->name);
    for (int i = 0; i < e->nplayers; i++)
        if (same_name(e->players[i].name, player->name) &&
            e->players[i].birth_year == player->birth_year)
            return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                             "%s%s%.0d is already entered (player %d)", player->name,
                             player->birth_year ? ", born " : "", player->birth_year,
                             e->players[i].id);
    int started = sh_event_current_stage(e);
    int next = event_next_round(e);
    if (started) {
        const ShStage *st = &e->settings.stages[started - 1];
        if (event_is_team(e)) {
            /* a reserve of a team already playing */
            bool known = false;
            const StageState *ss = &e->stage[0];
            for (int i = 0; i < ss->count && !known; i++)
                known = player->team[0] &&
                        !strcasecmp(sh_event_player(e, ss->ids[i])->team, player->team);
            if (!known)
                return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                                 "the event has begun: a player may join a team already "
                                 "playing (its reserves), not a new team");
        } else if (started > 1 || st->system != SH_SYSTEM_SWISS)
            return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                             "the event has begun: a late entry is possible only in the "
                             "Swiss of its first stage");
        if (next > e->stage[0].total_rounds && !event_is_team(e))
            return error_set(err, SH_ERR_ARGUMENT, 0, 0, "every round has been paired");
    }
    if (!event_room_for_player(e))
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    if (started) {
        StageState *ss = &e->stage[0];
        int *ids = realloc(ss->ids, sizeof(int) * (size_t)(ss->count + 1));
        int *group = realloc(ss->group, sizeof(int) * (size_t)(ss->count + 1));
        if (ids)
            ss->ids = ids;
        if (group)
            ss->group = group;
        if (!ids || !group)
            return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
        ss->ids[ss->count] = e->nplayers + 1;
        ss->group[ss->count] = 0;
        ss->count++;
    }
    ShEventPlayer *p = &e->players[e->nplayers];
    *p = *player;
    p->id = ++e->nplayers;
    p->entered = started ? next : 1;
    p->withdrawn = 0;
    if (id)
        *id = p->id;
    return SH_OK;
}

int sh_event_player_count(const ShEvent *e)
{
    return e->nplayers;
}

const ShEventPlayer *sh_event_player(const ShEvent *e, int id)
{
    return id >= 1 && id <= e->nplayers ? &e->players[id - 1] : NULL;
}

int sh_event_find_player(const ShEvent *e, const char *text)
{
    char *end;
    long v = strtol(text, &end, 10);
    if (*text && !*end)
        return v >= 1 && v <= e->nplayers ? (int)v : 0;
    int found = 0;
    for (int i = 0; i < e->nplayers; i++)
        if (same_name(e->players[i].name, text))
            return e->players[i].id;
    size_t n = strlen(text);
    for (int i = 0; i < e->nplayers; i++)
        if (n && strncasecmp(e->players[i].name, text, n) == 0) {
            if (found)
                return -1; /* ambiguous */
            found = e->players[i].id;
        }
    return found;
}

ShStatus sh_event_withdraw(ShEvent *e, int id, int round, ShError *err)
{
    ShEventPlayer *p = (ShEventPlayer *)sh_event_player(e, id);
    if (!p)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "there is no player %d", id);
    int next = event_next_round(e);
    if (round == 0)
        round = next;
    if (round < next)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                         "round %d is paired already: enter the forfeit as its result, and "
                         "withdraw %s from round %d",
                         round, p->name, next);
    if (round < p->entered)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "%s enters in round %d", p->name,
                         p->entered);
    p->withdrawn = round;
    return SH_OK;
}

ShStatus sh_event_request_bye(ShEvent *e, int id, int round, ShPairingType type, ShError *err)
{
    const ShEventPlayer *p = sh_event_player(e, id);
    if (!p)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "there is no player %d", id);
    int next = event_next_round(e);
    if (round < next)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                         "round %d is paired already (the next is round %d)", round, next);
    int last = event_last_round(e);
    if (last > 0 && round > last)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "there is no round %d: the event has %d",
                         round, last);
    if (type != SH_PAIRING_GAME && type != SH_PAIRING_HALF_BYE && type != SH_PAIRING_FULL_BYE &&
        type != SH_PAIRING_ABSENT)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                         "a bye asked for is a half-point bye, a full-point bye or an absence");
    for (int i = 0; i < e->nrequests; i++)
        if (e->requests[i].id == id && e->requests[i].round == round) {
            if (type == SH_PAIRING_GAME)
                e->requests[i] = e->requests[--e->nrequests];
            else
                e->requests[i].type = type;
            return SH_OK;
        }
    if (type == SH_PAIRING_GAME)
        return SH_OK;
    if (!event_room_for_request(e))
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    e->requests[e->nrequests++] = (ByeRequest){id, round, type};
    return SH_OK;
}

/* ---- rounds ---- */

int sh_event_stage_count(const ShEvent *e)
{
    return e->settings.stage_count;
}

int sh_event_rounds_paired(const ShEvent *e, int stage)
{
    int r = 0;
    for (int i = 0; i < e->npairings; i++)
        if (e->pairings[i].stage == stage && e->pairings[i].round > r)
            r = e->pairings[i].round;
    return r;
}

int sh_event_rounds_total(const ShEvent *e, int stage)
{
    if (stage < 1 || stage > e->settings.stage_count)
        return 0;
    const StageState *ss = &e->stage[stage - 1];
    if (ss->started)
        return ss->total_rounds;
    const ShStage *st = &e->settings.stages[stage - 1];
    return st->system == SH_SYSTEM_SWISS ? st->rounds : 0;
}

int sh_event_stage_players(const ShEvent *e, int stage, int *ids)
{
    if (stage < 1 || stage > e->settings.stage_count)
        return 0;
    const StageState *ss = &e->stage[stage - 1];
    if (!ss->started) {
        if (stage != 1)
            return 0;
        for (int i = 0; i < e->nplayers; i++)
            if (ids)
                ids[i] = i + 1;
        return e->nplayers;
    }
    if (ids)
        memcpy(ids, ss->ids, sizeof(int) * (size_t)ss->count);
    return ss->count;
}

int sh_event_pairings(const ShEvent *e, int stage, int round, const ShEventPairing **out)
{
    int first = -1, n = 0;
    for (int i = 0; i < e->npairings; i++)
        if (e->pairings[i].stage == stage && e->pairings[i].round == round) {
            if (first < 0)
                first = i;
            n++;
        }
    *out = first >= 0 ? &e->pairings[first] : NULL;
    return n;
}

int sh_event_all_pairings(const ShEvent *e, const ShEventPairing **out)
{
    *out = e->pairings;
    return e->npairings;
}

bool event_add_pairing(ShEvent *e, const ShEventPairing *p)
{
    if (e->npairings == e->pairing_cap) {
        int cap = e->pairing_cap ? e->pairing_cap * 2 : 64;
        ShEventPairing *bigger = realloc(e->pairings, sizeof *bigger * (size_t)cap);
        if (!bigger)
            return false;
        e->pairings = bigger;
        e->pairing_cap = cap;
    }
    e->pairings[e->npairings++] = *p;
    return true;
}

int event_game_points(const ShEventSettings *s, ShGameResult r, bool white)
{
    switch (r) {
    case SH_GAME_WHITE_WINS:
    case SH_GAME_WHITE_FORFEIT:
        return white ? s->win : s->loss;
    case SH_GAME_BLACK_WINS:
    case SH_GAME_BLACK_FORFEIT:
        return white ? s->loss : s->win;
    case SH_GAME_DRAW:
        return s->draw;
    default:
        return 0;
    }
}

void sh_event_game_players(const ShEventPairing *p, int game, int *white, int *black)
{
    bool swap = game % 2 == 1;
    *white = swap ? p->black : p->white;
    *black = swap ? p->white : p->black;
}

/* Sum the points of games [from, to) for the pairing's white and black player. */
static void sum_games(const ShEventSettings *s, const ShEventPairing *p, int from, int to,
                      int *w, int *b, bool *complete)
{
    *w = *b = 0;
    *complete = true;
    for (int i = from; i < to && i < p->ngames; i++) {
        ShGameResult r = p->games[i].result;
        if (r == SH_GAME_PENDING) {
            *complete = false;
            continue;
        }
        int pw = event_game_points(s, r, true), pb = event_game_points(s, r, false);
        if (i % 2) {
            *w += pb;
            *b += pw;
        } else {
            *w += pw;
            *b += pb;
        }
    }
}

static int main_games(const ShEventPairing *p)
{
    int n = 0;
    while (n < p->ngames && p->games[n].tiebreak == 0)
        n++;
    return n;
}

int event_knockout_winner(const ShEvent *e, const ShEventPairing *p, bool *needs_tiebreak)
{
    const ShEventSettings *s = &e->settings;
    *needs_tiebreak = false;
    if (p->type != SH_PAIRING_GAME)
        return p->white;
    int w, b;
    bool complete;
    int mains = main_games(p);
    sum_games(s, p, 0, mains, &w, &b, &complete);
    if (!complete)
        return 0;
    if (w != b)
        return w > b ? p->white : p->black;
    /* tie-break stages in order; a stage decides only once it is complete */
    int i = mains;
    while (i < p->ngames) {
        int t = p->games[i].tiebreak, j = i;
        while (j < p->ngames && p->games[j].tiebreak == t)
            j++;
        sum_games(s, p, i, j, &w, &b, &complete);
        if (!complete)
            return 0;
        if (w != b)
            return w > b ? p->white : p->black;
        i = j;
    }
    *needs_tiebreak = true;
    return 0;
}

void sh_event_pairing_points(const ShEvent *e, const ShEventPairing *p, int *white, int *black,
                             int *winner)
{
    const ShEventSettings *s = &e->settings;
    const ShStage *st = &s->stages[p->stage - 1];
    int games = st->games;
    if (winner)
        *winner = 0;
    *white = *black = 0;
    switch (p->type) {
    case SH_PAIRING_BYE:
        if (p->seats == 0 && sh_event_table_size(s)) { /* a bye of an event of tables */
            *white = table_bye_points(s, p->type);
            if (winner)
                *winner = p->white;
            return;
        }
        *white = s->match_scoring ? s->bye_points : s->bye_points * games;
        if (winner)
            *winner = p->white;
        return;
    case SH_PAIRING_HALF_BYE:
    case SH_PAIRING_FULL_BYE:
        if (sh_event_table_size(s))
            *white = table_bye_points(s, p->type);
        else if (p->type == SH_PAIRING_HALF_BYE)
            *white = s->match_scoring ? s->draw : s->draw * games;
        else
            *white = s->match_scoring ? s->win : s->win * games;
        return;
    case SH_PAIRING_ABSENT:
    case SH_PAIRING_REST:
        return;
    default:
        break;
    }
    bool complete;
    if (p->seats) {
        int pts[SH_MAX_PLAYERS];
        sh_event_table_points(e, p, pts);
        *white = pts[0];
        *black = pts[1];
        return;
    }
    if (event_knockout(e, p->stage)) {
        bool tb;
        sum_games(s, p, 0, main_games(p), white, black, &complete);
        if (winner)
            *winner = event_knockout_winner(e, p, &tb);
        return;
    }
    sum_games(s, p, 0, p->ngames, white, black, &complete);
    if (s->match_scoring && p->ngames > 1) {
        int w = *white, b = *black;
        *white = w > b ? s->win : w < b ? s->loss : s->draw;
        *black = w > b ? s->loss : w < b ? s->win : s->draw;
        if (!complete)
            *white = *black = 0;
    }
    if (winner && complete && *white != *black)
        *winner = *white > *black ? p->white : p->black;
}

static bool pairing_complete(const ShEvent *e, const ShEventPairing *p)
{
    if (p->type != SH_PAIRING_GAME)
        return true;
    for (int i = 0; i < p->ngames; i++)
        if (p->games[i].result == SH_GAME_PENDING)
            return false;
    if (event_is_team(e))
        return team_pairing_complete(e, p);
    if (event_knockout(e, p->stage)) {
        bool tb;
        return event_knockout_winner(e, p, &tb) != 0;
    }
    return true;
}

bool sh_event_round_complete(const ShEvent *e, int stage, int round)
{
    const ShEventPairing *p;
    int n = sh_event_pairings(e, stage, round, &p);
    if (n == 0)
        return false;
    for (int i = 0; i < n; i++)
        if (!pairing_complete(e, &p[i]))
            return false;
    return true;
}

bool sh_event_finished(const ShEvent *e)
{
    int last = e->settings.stage_count;
    if (!e->stage[last - 1].started)
        return false;
    int r = sh_event_rounds_paired(e, last);
    return r > 0 && r >= e->stage[last - 1].total_rounds && sh_event_round_complete(e, last, r);
}

ShStatus sh_event_pair_next(ShEvent *e, int *stage_out, int *round_out, ShError *err)
{
    int s = sh_event_current_stage(e);
    if (s > 0) {
        int r = sh_event_rounds_paired(e, s);
        if (r > 0 && !sh_event_round_complete(e, s, r)) {
            const ShEventPairing *p;
            int n = sh_event_pairings(e, s, r, &p), missing = 0, first = 0;
            for (int i = 0; i < n; i++)
                if (!pairing_complete(e, &p[i]) && !missing++)
                    first = p[i].board;
            return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                             "round %d%s%.0d is not over: %d board%s without a result, the "
                             "first board %d",
                             r, e->settings.stage_count > 1 ? " of stage " : "",
                             e->settings.stage_count > 1 ? s : 0, missing,
                             missing == 1 ? "" : "s", first);
        }
        if (r >= e->stage[s - 1].total_rounds) {
            if (s == e->settings.stage_count)
                return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                                 "the event is over: every round has been played");
            s++;
        }
    } else {
        s = 1;
    }
    StageState *ss = &e->stage[s - 1];
    bool fresh = !ss->started;
    if (fresh) {
        ShStatus st = event_start_stage(e, s, err);
        if (st != SH_OK)
            return st;
    }
    int round = sh_event_rounds_paired(e, s) + 1;
    int before = e->npairings;
    ShStatus st = event_pair_round(e, s, round, err);
    if (st != SH_OK) {
        e->npairings = before;
        if (fresh) {
            free(ss->ids);
            free(ss->group);
            memset(ss, 0, sizeof *ss);
        }
        return st;
    }
    if (stage_out)
        *stage_out = s;
    if (round_out)
        *round_out = round;
    return SH_OK;
}

ShStatus sh_event_pair_all(ShEvent *e, int *rounds, ShError *err)
{
    if (e->settings.stage_count != 1 || e->settings.stages[0].system != SH_SYSTEM_ROUND_ROBIN)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                         "only a round robin of one stage is paired whole (its tables do not"
                         " depend on the results)");
    if (e->stage[0].started)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "the event has begun: round %d is paired",
                         sh_event_rounds_paired(e, 1));
    ShStatus st = event_start_stage(e, 1, err);
    if (st != SH_OK)
        return st;
    StageState *ss = &e->stage[0];
    int before = e->npairings;
    for (int round = 1; round <= ss->total_rounds; round++) {
        st = event_pair_round(e, 1, round, err);
        if (st != SH_OK) {
            e->npairings = before;
            free(ss->ids);
            free(ss->group);
            memset(ss, 0, sizeof *ss);
            return st;
        }
    }
    if (rounds)
        *rounds = ss->total_rounds;
    return SH_OK;
}

ShStatus sh_event_unpair_last(ShEvent *e, ShError *err)
{
    int s = sh_event_current_stage(e);
    int r = s ? sh_event_rounds_paired(e, s) : 0;
    if (r == 0)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "no round has been paired");
    const ShEventPairing *p;
    int n = sh_event_pairings(e, s, r, &p);
    for (int i = 0; i < n; i++)
        for (int g = 0; g < p[i].ngames; g++)
            if (p[i].games[g].result != SH_GAME_PENDING)
                return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                                 "round %d has results (board %d): it can no longer be "
                                 "taken back",
                                 r, p[i].board);
    int k = 0;
    for (int i = 0; i < e->npairings; i++)
        if (!(e->pairings[i].stage == s && e->pairings[i].round == r))
            e->pairings[k++] = e->pairings[i];
    e->npairings = k;
    if (r == 1) {
        StageState *ss = &e->stage[s - 1];
        free(ss->ids);
        free(ss->group);
        memset(ss, 0, sizeof *ss);
    }
    return SH_OK;
}

static ShEventPairing *find_board(ShEvent *e, int stage, int round, int board)
{
    for (int i = 0; i < e->npairings; i++)
        if (e->pairings[i].stage == stage && e->pairings[i].round == round &&
            e->pairings[i].board == board)
            return &e->pairings[i];
    return NULL;
}

/* A match decided without its last tie-break games (a result corrected) has no use for them:
 * those not begun (no result, no game linked) are taken away, a tie-break stage at a time. */
static void drop_unneeded_tiebreaks(const ShEvent *e, ShEventPairing *p)
{
    while (p->ngames > 0 && p->games[p->ngames - 1].tiebreak > 0) {
        int n = p->ngames, t = p->games[n - 1].tiebreak, first = n;
        while (first > 0 && p->games[first - 1].tiebreak == t)
            first--;
        for (int i = first; i < n; i++)
            if (p->games[i].result != SH_GAME_PENDING || p->games[i].game_id)
                return;
        ShEventPairing before = *p;
        before.ngames = first;
        bool tb;
        if (!event_knockout_winner(e, &before, &tb))
            return;
        p->ngames = first;
    }
}

ShStatus sh_event_set_result(ShEvent *e, int stage, int round, int board, int game,
                             ShGameResult result, long game_id, ShError *err)
{
    if (stage < 1 || stage > e->settings.stage_count || !e->stage[stage - 1].started)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "stage %d has not begun", stage);
    int paired = sh_event_rounds_paired(e, stage);
    if (round < 1 || round > paired)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                         "round %d has not been paired (rounds paired: %d)", round, paired);
    ShEventPairing *p = find_board(e, stage, round, board);
    if (!p) {
        const ShEventPairing *q;
        int n = sh_event_pairings(e, stage, round, &q);
        return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                         "round %d has no board %d (boards 1 to %d)", round, board, n);
    }
    if (p->type != SH_PAIRING_GAME)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                         "board %d of round %d is a bye for %s: it has no game", board, round,
                         sh_event_player(e, p->white)->name);
    if (game < 0 || game >= p->ngames)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                         "board %d of round %d has %d game%s (game %d asked)", board, round,
                         p->ngames, p->ngames == 1 ? "" : "s", game + 1);
    if (p->seats && result != SH_GAME_PENDING)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                         "board %d of round %d is a table of %d: its result is a share for each "
                         "player (1-0-0, 1/3-1/3-1/3 ...)",
                         board, round, p->seats);
    if (result == SH_GAME_PENDING && p->games[game].result == SH_GAME_PENDING) {
        if (game_id) /* a game begun: linked before it has a result */
            p->games[game].game_id = game_id;
        return SH_OK;
    }
    /* a later round of a knockout was paired from this result: it is fixed */
    if (event_knockout(e, stage) && round < paired) {
        bool tb;
        ShEventPairing copy = *p;
        copy.games[game].result = result;
        if (event_knockout_winner(e, &copy, &tb) != event_knockout_winner(e, p, &tb))
            return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                             "round %d has been paired from this match's winner: the result "
                             "cannot change who went on",
                             round + 1);
    }
    /* tie-break games after a decided match are not needed */
    if (p->games[game].tiebreak > 0 && !event_is_team(e)) {
        bool tb;
        ShEventPairing before = *p;
        for (int i = game; i < before.ngames; i++)
            before.games[i].result = SH_GAME_PENDING;
        int w = event_knockout_winner(e, &before, &tb);
        if (w)
            return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                             "the match on board %d was decided before game %d", board,
                             game + 1);
    }
    p->games[game].result = result;
    p->games[game].game_id = game_id;
    if (e->settings.stages[stage - 1].system == SH_SYSTEM_KNOCKOUT)
        drop_unneeded_tiebreaks(e, p);
    return SH_OK;
}

/* The tie-break controls: the stage's control (1-based), the number of stages. */
static int tiebreak_control(const ShEventSettings *s, int stage, char out[SH_TIME_CONTROL_SIZE])
{
    char copy[SH_TIME_CONTROL_SIZE];
    snprintf(copy, sizeof copy, "%s", s->tiebreak_controls);
    int count = 0;
    char *save = NULL, *last = NULL, *want = NULL;
    for (char *tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        count++;
        last = tok;
        if (count == stage)
            want = tok;
    }
    if (out)
        snprintf(out, SH_TIME_CONTROL_SIZE, "%s", want ? want : last ? last : "");
    return count;
}

ShStatus sh_event_add_tiebreak_games(ShEvent *e, int stage, int round, int board, int *added,
                                     ShError *err)
{
    *added = 0;
    ShEventPairing *p = stage >= 1 && stage <= e->settings.stage_count
                            ? find_board(e, stage, round, board)
                            : NULL;
    if (!p)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "stage %d round %d has no board %d",
                         stage, round, board);
    if (event_is_team(e) && e->settings.stages[stage - 1].system == SH_SYSTEM_KNOCKOUT)
        return team_add_armageddon(e, stage, round, board, added, err);
    if (!event_knockout(e, stage))
        return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                         "tie-break games are played in knockout matches only");
    bool tb;
    if (event_knockout_winner(e, p, &tb))
        return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                         "board %d needs no tie-break games: the match is decided", board);
    if (!tb)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                         "board %d needs no tie-break games yet: its games are not all played",
                         board);
    int last = p->ngames ? p->games[p->ngames - 1].tiebreak : 0;
    int next = last + 1;
    int stages = tiebreak_control(&e->settings, next, NULL);
    int n = next <= stages ? 2 : 1;
    if (p->ngames + n > SH_EVENT_MAX_GAMES)
        return error_set(err, SH_ERR_LIMIT, 0, 0,
                         "board %d: %d games and still tied; the arbiter decides (enter a "
                         "forfeit as the last game)",
                         board, p->ngames);
    for (int i = 0; i < n; i++) {
        ShEventGame *g = &p->games[p->ngames++];
        memset(g, 0, sizeof *g);
        g->tiebreak = next;
        snprintf(g->opening, sizeof g->opening, "%s", p->games[0].opening);
    }
    *added = n;
    return SH_OK;
}

int sh_event_next_game(const ShEvent *e, const ShEventPairing *p, int *tiebreak,
                       char control[SH_TIME_CONTROL_SIZE])
{
    if (tiebreak)
        *tiebreak = 0;
    if (control)
        snprintf(control, SH_TIME_CONTROL_SIZE, "%s", e->settings.time_control);
    if (p->type != SH_PAIRING_GAME)
        return -1;
    for (int i = 0; i < p->ngames; i++)
        if (p->games[i].result == SH_GAME_PENDING) {
            if (tiebreak)
                *tiebreak = p->games[i].tiebreak;
            if (p->games[i].tiebreak && control)
                tiebreak_control(&e->settings, p->games[i].tiebreak, control);
            return i;
        }
    if (event_is_team(e))
        return team_needs_armageddon(e, p) ? -2 : -1;
    if (event_knockout(e, p->stage)) {
        bool tb;
        if (!event_knockout_winner(e, p, &tb) && tb)
            return -2;
    }
    return -1;
}
