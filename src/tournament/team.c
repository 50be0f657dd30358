/*
 * team.c - team events and individual-team events (see the "Teams" section of
 * shashki_tournament.h): the teams, their line-ups, the matches of a round, the team
 * standings with their tie-breaks, board prizes, and the team standing of an individual
 * event from its members' results.
 *
 * A team event keeps no team record of its own: the teams are the players' `team` fields
 * (their board order the players' `board`, then entry), the stage's players list them team
 * by team in pairing order once it starts, and a match is the boards of one table of a
 * round (boards (t-1)N+1 .. tN), each an ordinary pairing carrying the two teams' numbers.
 * Everything here is computed from that, as the individual standings are.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "error.h"
#include "team.h"

bool event_knockout(const ShEvent *e, int stage)
{
    return !event_is_team(e) && stage >= 1 && stage <= e->settings.stage_count &&
           e->settings.stages[stage - 1].system == SH_SYSTEM_KNOCKOUT;
}

/* ---- teams ---- */

static int find_team(const ShTeam *t, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (!strcasecmp(t[i].name, name))
            return i;
    return -1;
}

/* Put the members in board order: a member with a board number takes that place, the others
 * follow in their order of entry (the k-th entered, unnumbered, has key 2k + 1; board b has
 * 2b, so a numbered member goes before an unnumbered one of the same place). */
static void board_order(const ShEvent *e, ShTeam *t)
{
    int key[SH_TEAM_MAX_MEMBERS];
    for (int k = 0; k < t->count; k++) {
        const ShEventPlayer *p = sh_event_player(e, t->members[k]);
        key[k] = p->board ? 2 * p->board : 2 * (k + 1) + 1;
    }
    for (int i = 1; i < t->count; i++) {
        int id = t->members[i], kk = key[i], j = i;
        while (j > 0 && key[j - 1] > kk) {
            t->members[j] = t->members[j - 1];
            key[j] = key[j - 1];
            j--;
        }
        t->members[j] = id;
        key[j] = kk;
    }
}

int sh_event_teams(const ShEvent *e, ShTeam **out)
{
    *out = NULL;
    ShTeam *t = calloc((size_t)e->nplayers + 1, sizeof(ShTeam));
    if (!t)
        return -1;
    int n = 0;
    /* the order: the started stage's (pairing order), then the others by entry */
    const StageState *ss = &e->stage[0];
    int listed = event_is_team(e) && ss->started ? ss->count : 0;
    for (int k = 0; k < listed + e->nplayers; k++) {
        int id = k < listed ? ss->ids[k] : k - listed + 1;
        const ShEventPlayer *p = sh_event_player(e, id);
        if (!p || !p->team[0] || find_team(t, n, p->team) >= 0)
            continue;
        snprintf(t[n].name, sizeof t[n].name, "%s", p->team);
        t[n].number = n + 1;
        n++;
    }
    for (int id = 1; id <= e->nplayers; id++) {
        const ShEventPlayer *p = sh_event_player(e, id);
        int i = p->team[0] ? find_team(t, n, p->team) : -1;
        if (i >= 0 && t[i].count < SH_TEAM_MAX_MEMBERS)
            t[i].members[t[i].count++] = id;
    }
    for (int i = 0; i < n; i++)
        board_order(e, &t[i]);
    int boards = e->settings.boards ? e->settings.boards : SH_TEAM_MAX_MEMBERS;
    for (int i = 0; i < n; i++) {
        int sum = 0, k = 0;
        for (; k < t[i].count && k < boards; k++)
            sum += sh_event_player(e, t[i].members[k])->rating;
        t[i].rating = k ? (sum + k / 2) / k : 0;
    }
    *out = t;
    return n;
}

int *team_map(const ShEvent *e, const ShTeam *teams, int nteams)
{
    int *map = calloc((size_t)e->nplayers + 1, sizeof(int));
    if (!map)
        return NULL;
    for (int i = 0; i < nteams; i++)
        for (int k = 0; k < teams[i].count; k++)
            map[teams[i].members[k]] = teams[i].number;
    return map;
}

int team_lineup(const ShEvent *e, const ShTeam *t, int g, int *out)
{
    int n = 0;
    for (int k = 0; k < t->count && n < e->settings.boards; k++) {
        int id = t->members[k];
        if (event_player_active(e, id, g) && event_requested(e, id, g) == SH_PAIRING_GAME)
            out[n++] = id;
    }
    return n;
}

/* ---- matches ---- */

static int table_of(const ShEvent *e, const ShEventPairing *p)
{
    return (p->board - 1) / e->settings.boards + 1;
}

static int board_in_match(const ShEvent *e, const ShEventPairing *p)
{
    return (p->board - 1) % e->settings.boards + 1;
}

/* Points on one board for its home and away player (tenths), from the main game. */
static void board_points(const ShEvent *e, const ShEventPairing *p, const int *map, int *home,
                         int *away, bool *pending, bool *played)
{
    const ShEventSettings *s = &e->settings;
    *home = *away = 0;
    *pending = *played = false;
    if (p->type == SH_PAIRING_FULL_BYE) { /* the other team fielded nobody: a forfeit */
        if (map && map[p->white] == p->home)
            *home = s->win;
        else
            *away = s->win;
        return;
    }
    if (p->type != SH_PAIRING_GAME || p->ngames < 1)
        return;
    ShGameResult r = p->games[0].result;
    if (r == SH_GAME_PENDING) {
        *pending = true;
        return;
    }
    *played = r == SH_GAME_WHITE_WINS || r == SH_GAME_DRAW || r == SH_GAME_BLACK_WINS;
    bool home_white = board_in_match(e, p) % 2 == 1;
    int w = event_game_points(s, r, true), b = event_game_points(s, r, false);
    *home = home_white ? w : b;
    *away = home_white ? b : w;
}

/* The match of the table the pairings [from, to) of one round make. */
static void match_of(const ShEvent *e, const ShEventPairing *p, int count, const int *map,
                     ShTeamMatch *m)
{
    const ShEventSettings *s = &e->settings;
    memset(m, 0, sizeof *m);
    m->stage = p[0].stage;
    m->round = p[0].round;
    m->table = table_of(e, &p[0]);
    m->home = p[0].home;
    m->away = p[0].away;
    m->complete = true;
    if (!m->away) { /* a bye (Swiss, knockout) or a free round (round robin) */
        if (p[0].type == SH_PAIRING_BYE) {
            m->home_points = s->boards * s->draw;
            m->home_mp = s->match_win;
            m->winner = m->home;
        }
        return;
    }
    int weighted[2] = {0, 0};
    int by_board[2][SH_TEAM_MAX_MEMBERS + 1];
    memset(by_board, 0, sizeof by_board);
    const ShEventPairing *first_game = NULL;
    for (int i = 0; i < count; i++) {
        int h, a;
        bool pending, played;
        board_points(e, &p[i], map, &h, &a, &pending, &played);
        if (pending)
            m->complete = false;
        if (p[i].type == SH_PAIRING_GAME && !first_game)
            first_game = &p[i];
        int b = board_in_match(e, &p[i]);
        m->home_points += h;
        m->away_points += a;
        weighted[0] += h * (s->boards + 1 - b);
        weighted[1] += a * (s->boards + 1 - b);
        by_board[0][b] = h;
        by_board[1][b] = a;
    }
    if (!m->complete)
        return;
    int hp = m->home_points, ap = m->away_points;
    m->home_mp = hp > ap ? s->match_win : hp < ap ? s->match_loss : s->match_draw;
    m->away_mp = hp < ap ? s->match_win : hp > ap ? s->match_loss : s->match_draw;
    if (hp != ap) {
        m->winner = hp > ap ? m->home : m->away;
        return;
    }
    if (s->stages[m->stage - 1].system != SH_SYSTEM_KNOCKOUT)
        return;
    /* a knockout match tied on game points */
    if (s->team_tie == SH_TEAM_TIE_BOARD_COUNT) {
        for (int last = s->boards - 1; last >= 1 && !m->winner; last--) {
            int x = 0, y = 0;
            for (int b = 1; b <= last; b++) {
                x += by_board[0][b];
                y += by_board[1][b];
            }
            if (x != y)
                m->winner = x > y ? m->home : m->away;
        }
    } else if (s->team_tie == SH_TEAM_TIE_BERGER && weighted[0] != weighted[1]) {
        m->winner = weighted[0] > weighted[1] ? m->home : m->away;
    }
    if (m->winner)
        return;
    /* the Armageddon game: game 1 of the first board played, the away player White */
    if (!first_game || first_game->ngames < 2) {
        m->tiebreak_needed = first_game != NULL;
        m->complete = false;
        return;
    }
    ShGameResult r = first_game->games[1].result;
    if (r == SH_GAME_PENDING) {
        m->complete = false;
        return;
    }
    /* White of game 1 is the board's Black of game 0: the away player on an odd board */
    bool home_white0 = board_in_match(e, first_game) % 2 == 1;
    bool white_wins = r == SH_GAME_WHITE_WINS || r == SH_GAME_WHITE_FORFEIT;
    int white_team = home_white0 ? m->away : m->home;
    int black_team = home_white0 ? m->home : m->away;
    m->winner = white_wins ? white_team : black_team; /* a draw: Black goes through */
}

int sh_event_team_matches(const ShEvent *e, int stage, int round, ShTeamMatch **out)
{
    *out = NULL;
    if (!event_is_team(e))
        return 0;
    const ShEventPairing *p;
    int n = sh_event_pairings(e, stage, round, &p);
    ShTeam *teams;
    int nteams = sh_event_teams(e, &teams);
    if (nteams < 0)
        return -1;
    int *map = team_map(e, teams, nteams);
    free(teams);
    ShTeamMatch *m = calloc((size_t)n + 1, sizeof(ShTeamMatch));
    if (!m || !map) {
        free(map);
        free(m);
        return -1;
    }
    int k = 0;
    for (int i = 0; i < n;) {
        int j = i + 1;
        while (j < n && table_of(e, &p[j]) == table_of(e, &p[i]))
            j++;
        match_of(e, &p[i], j - i, map, &m[k++]);
        i = j;
    }
    free(map);
    *out = m;
    return k;
}

/* The match of a pairing's table. */
static bool match_of_pairing(const ShEvent *e, const ShEventPairing *p, ShTeamMatch *m)
{
    ShTeamMatch *all;
    int n = sh_event_team_matches(e, p->stage, p->round, &all);
    bool found = false;
    for (int i = 0; i < n; i++)
        if (all[i].table == table_of(e, p)) {
            *m = all[i];
            found = true;
        }
    free(all);
    return found;
}

bool team_pairing_complete(const ShEvent *e, const ShEventPairing *p)
{
    if (p->type != SH_PAIRING_GAME)
        return true;
    if (p->games[0].result == SH_GAME_PENDING)
        return false;
    if (e->settings.stages[p->stage - 1].system != SH_SYSTEM_KNOCKOUT)
        return true;
    ShTeamMatch m;
    return match_of_pairing(e, p, &m) && m.winner != 0;
}

static bool first_game_of_table(const ShEvent *e, const ShEventPairing *p)
{
    const ShEventPairing *all;
    int n = sh_event_pairings(e, p->stage, p->round, &all);
    for (int i = 0; i < n; i++)
        if (table_of(e, &all[i]) == table_of(e, p) && all[i].type == SH_PAIRING_GAME)
            return all[i].board == p->board;
    return false;
}

bool team_needs_armageddon(const ShEvent *e, const ShEventPairing *p)
{
    if (e->settings.stages[p->stage - 1].system != SH_SYSTEM_KNOCKOUT ||
        !first_game_of_table(e, p))
        return false;
    ShTeamMatch m;
    return match_of_pairing(e, p, &m) && m.tiebreak_needed;
}

ShStatus team_add_armageddon(ShEvent *e, int stage, int round, int board, int *added,
                             ShError *err)
{
    *added = 0;
    for (int k = 0; k < e->npairings; k++) {
        ShEventPairing *p = &e->pairings[k];
        if (p->stage != stage || p->round != round || p->type != SH_PAIRING_GAME ||
            table_of(e, p) != (board - 1) / e->settings.boards + 1)
            continue;
        ShTeamMatch m;
        if (!match_of_pairing(e, p, &m))
            break;
        if (!m.tiebreak_needed)
            return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                             "the match of board %d needs no Armageddon game (%s)", board,
                             m.winner ? "it is decided" : "its boards are not all played");
        ShEventGame *g = &p->games[p->ngames++];
        memset(g, 0, sizeof *g);
        g->tiebreak = 1;
        snprintf(g->opening, sizeof g->opening, "%s", p->games[0].opening);
        *added = 1;
        return SH_OK;
    }
    return error_set(err, SH_ERR_ARGUMENT, 0, 0, "stage %d round %d has no match on board %d",
                     stage, round, board);
}

/* ---- team standings ---- */

typedef struct Side {
    int opponent; /* team number, 0: a bye or free round */
    int mp, gp;   /* this team's */
    int opp_mp;
    bool bye;
} Side;

typedef struct TeamRow {
    ShTeamStanding st;
    double key[SH_TEAM_MAX_TIEBREAKS];
    int reached; /* knockout: the last round played */
} TeamRow;

static int cmp_rows(const TeamRow *a, const TeamRow *b, int keys, bool knockout)
{
    if (knockout && a->reached != b->reached)
        return a->reached > b->reached ? -1 : 1;
    if (knockout && a->st.out != b->st.out)
        return a->st.out ? 1 : -1;
    if (a->st.match_points != b->st.match_points)
        return a->st.match_points > b->st.match_points ? -1 : 1;
    for (int k = 0; k < keys; k++)
        if (fabs(a->key[k] - b->key[k]) > 1e-9)
            return a->key[k] > b->key[k] ? -1 : 1;
    return 0;
}

static int default_tiebreaks(const ShEventSettings *s, ShTeamTieBreak *out)
{
    if (s->team_tiebreak_count) {
        memcpy(out, s->team_tiebreaks, sizeof(ShTeamTieBreak) * (size_t)s->team_tiebreak_count);
        return s->team_tiebreak_count;
    }
    out[0] = SH_TTB_GAME_POINTS;
    out[1] = s->stages[0].system == SH_SYSTEM_ROUND_ROBIN ? SH_TTB_DIRECT : SH_TTB_BUCHHOLZ;
    out[2] = SH_TTB_SONNEBORN_BERGER;
    return 3;
}

static int individual_team_standings(const ShEvent *e, ShTeamStanding **out, ShError *err);

int sh_event_team_standings(const ShEvent *e, ShTeamStanding **out, ShError *err)
{
    *out = NULL;
    if (!event_is_team(e)) {
        if (e->settings.team_best > 0)
            return individual_team_standings(e, out, err);
        return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                         "not a team event (boards) nor an individual-team one (team-best)"),
               -1;
    }
    const ShEventSettings *s = &e->settings;
    ShTeam *teams;
    int n = sh_event_teams(e, &teams);
    if (n < 0)
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory"), -1;
    int rounds = sh_event_rounds_paired(e, 1);
    Side *side = calloc((size_t)(n + 1) * (size_t)(rounds + 1), sizeof(Side));
    TeamRow *rows = calloc((size_t)n + 1, sizeof(TeamRow));
    if (!side || !rows) {
        free(teams);
        free(side);
        free(rows);
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory"), -1;
    }
#define SIDE(t, r) side[(size_t)(t) * (size_t)(rounds + 1) + (size_t)(r)]
    bool knockout = s->stages[0].system == SH_SYSTEM_KNOCKOUT;
    for (int i = 0; i < n; i++)
        rows[i].st.team = i + 1;
    for (int r = 1; r <= rounds; r++) {
        ShTeamMatch *m;
        int k = sh_event_team_matches(e, 1, r, &m);
        for (int j = 0; j < k; j++) {
            if (!m[j].complete && !(knockout && m[j].home_points != m[j].away_points))
                continue;
            int h = m[j].home, a = m[j].away;
            if (h < 1 || h > n || a > n)
                continue;
            if (!a) {
                if (m[j].home_mp || m[j].home_points) { /* a bye: scored, not a match */
                    SIDE(h, r) = (Side){0, m[j].home_mp, m[j].home_points, 0, true};
                    rows[h - 1].st.match_points += m[j].home_mp;
                    rows[h - 1].st.game_points += m[j].home_points;
                }
                rows[h - 1].reached = r;
                continue;
            }
            SIDE(h, r) = (Side){a, m[j].home_mp, m[j].home_points, m[j].away_mp, false};
            SIDE(a, r) = (Side){h, m[j].away_mp, m[j].away_points, m[j].home_mp, false};
            for (int x = 0; x < 2; x++) {
                int t = x ? a : h;
                TeamRow *row = &rows[t - 1];
                int mp = x ? m[j].away_mp : m[j].home_mp;
                row->st.match_points += mp;
                row->st.game_points += x ? m[j].away_points : m[j].home_points;
                row->st.matches++;
                if (mp == s->match_win)
                    row->st.wins++;
                else if (mp == s->match_draw)
                    row->st.draws++;
                else
                    row->st.losses++;
                row->reached = r;
                if (knockout && m[j].winner && m[j].winner != t)
                    row->st.out = true;
            }
        }
        free(m);
    }
    /* opponents' match points for SB and BH, now that they are final */
    for (int t = 1; t <= n; t++)
        for (int r = 1; r <= rounds; r++)
            if (SIDE(t, r).opponent)
                SIDE(t, r).opp_mp = rows[SIDE(t, r).opponent - 1].st.match_points;
    ShTeamTieBreak tbs[SH_TEAM_MAX_TIEBREAKS];
    int keys = default_tiebreaks(s, tbs);
    for (int k = 0; k < keys; k++) {
        for (int t = 1; t <= n; t++) {
            TeamRow *row = &rows[t - 1];
            double v = 0;
            switch (tbs[k]) {
            case SH_TTB_GAME_POINTS: v = row->st.game_points / 10.0; break;
            case SH_TTB_MATCH_WINS: v = row->st.wins; break;
            case SH_TTB_BUCHHOLZ:
            case SH_TTB_SONNEBORN_BERGER:
                for (int r = 1; r <= rounds; r++)
                    if (SIDE(t, r).opponent)
                        v += tbs[k] == SH_TTB_BUCHHOLZ
                                 ? SIDE(t, r).opp_mp / 10.0
                                 : SIDE(t, r).opp_mp / 10.0 * (SIDE(t, r).gp / 10.0);
                break;
            case SH_TTB_DIRECT: {
                /* among the teams equal so far (match points and the keys before) */
                int group[512], g = 0;
                for (int u = 1; u <= n && g < 512; u++) {
                    bool equal = rows[u - 1].st.match_points == row->st.match_points;
                    for (int q = 0; q < k && equal; q++)
                        equal = fabs(rows[u - 1].key[q] - row->key[q]) < 1e-9;
                    if (equal)
                        group[g++] = u;
                }
                int met = 0;
                double mp = 0;
                for (int x = 0; x < g; x++) {
                    if (group[x] == t)
                        continue;
                    bool seen = false;
                    for (int r = 1; r <= rounds; r++)
                        if (SIDE(t, r).opponent == group[x]) {
                            mp += SIDE(t, r).mp / 10.0;
                            seen = true;
                        }
                    met += seen;
                }
                v = g > 1 && met == g - 1 ? mp : 0;
                break;
            }
            default: break;
            }
            row->st.tiebreaks[k] = v;
            row->key[k] = v;
        }
    }
    /* sort (insertion: stable, by team number among equals) and rank */
    for (int i = 1; i < n; i++) {
        TeamRow x = rows[i];
        int j = i;
        while (j > 0 && cmp_rows(&rows[j - 1], &x, keys, knockout) > 0) {
            rows[j] = rows[j - 1];
            j--;
        }
        rows[j] = x;
    }
    ShTeamStanding *result = calloc((size_t)n + 1, sizeof(ShTeamStanding));
    if (!result) {
        free(teams);
        free(side);
        free(rows);
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory"), -1;
    }
    for (int i = 0; i < n; i++) {
        result[i] = rows[i].st;
        result[i].rank = i > 0 && cmp_rows(&rows[i - 1], &rows[i], keys, knockout) == 0
                             ? result[i - 1].rank
                             : i + 1;
    }
#undef SIDE
    free(teams);
    free(side);
    free(rows);
    *out = result;
    return n;
}

/* An individual event's team standing: the best K members' points. */
static int individual_team_standings(const ShEvent *e, ShTeamStanding **out, ShError *err)
{
    ShStanding *ind;
    int ni = sh_event_standings(e, 0, &ind, err);
    if (ni < 0)
        return -1;
    ShTeam *teams;
    int n = sh_event_teams(e, &teams);
    ShTeamStanding *rows = n >= 0 ? calloc((size_t)n + 1, sizeof(ShTeamStanding)) : NULL;
    if (!rows) {
        free(ind);
        free(teams);
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory"), -1;
    }
    int k = e->settings.team_best;
    for (int t = 0; t < n; t++) {
        rows[t].team = t + 1;
        /* the standings are best first: take the team's first K */
        int taken = 0, places = 0;
        for (int i = 0; i < ni && taken < k; i++) {
            const ShEventPlayer *p = sh_event_player(e, ind[i].id);
            if (p && !strcasecmp(p->team, teams[t].name)) {
                rows[t].match_points += ind[i].points;
                rows[t].game_points += ind[i].points;
                places += ind[i].rank;
                taken++;
            }
        }
        rows[t].matches = taken;
        rows[t].tiebreaks[0] = places;
    }
    free(ind);
    free(teams);
    /* points, then the lower sum of places */
    for (int i = 1; i < n; i++) {
        ShTeamStanding x = rows[i];
        int j = i;
        while (j > 0 && (rows[j - 1].match_points < x.match_points ||
                         (rows[j - 1].match_points == x.match_points &&
                          rows[j - 1].tiebreaks[0] > x.tiebreaks[0]))) {
            rows[j] = rows[j - 1];
            j--;
        }
        rows[j] = x;
    }
    for (int i = 0; i < n; i++)
        rows[i].rank = i > 0 && rows[i - 1].match_points == rows[i].match_points &&
                               rows[i - 1].tiebreaks[0] == rows[i].tiebreaks[0]
                           ? rows[i - 1].rank
                           : i + 1;
    *out = rows;
    return n;
}

/* ---- board prizes ---- */

int sh_event_board_prizes(const ShEvent *e, int board, ShBoardPrize **out, ShError *err)
{
    *out = NULL;
    const ShEventSettings *s = &e->settings;
    if (!event_is_team(e) || board < 1 || board > s->boards)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "a team event's boards are 1 to %d",
                         s->boards),
               -1;
    ShBoardPrize *rows = calloc((size_t)e->nplayers + 1, sizeof(ShBoardPrize));
    double *opp = calloc((size_t)e->nplayers + 1, sizeof(double));
    int *rated = calloc((size_t)e->nplayers + 1, sizeof(int));
    int *rated_points = calloc((size_t)e->nplayers + 1, sizeof(int));
    if (!rows || !opp || !rated || !rated_points) {
        free(rows);
        free(opp);
        free(rated);
        free(rated_points);
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory"), -1;
    }
    for (int k = 0; k < e->npairings; k++) {
        const ShEventPairing *p = &e->pairings[k];
        if (p->type != SH_PAIRING_GAME || board_in_match(e, p) != board || !p->ngames)
            continue;
        ShGameResult r = p->games[0].result;
        if (r != SH_GAME_WHITE_WINS && r != SH_GAME_DRAW && r != SH_GAME_BLACK_WINS)
            continue; /* forfeits are not games */
        for (int x = 0; x < 2; x++) {
            int id = x ? p->black : p->white, other = x ? p->white : p->black;
            int pts = event_game_points(s, r, x == 0);
            rows[id - 1].games++;
            rows[id - 1].points += pts;
            int orating = sh_event_player(e, other)->rating;
            if (orating > 0) {
                rated[id - 1]++;
                opp[id - 1] += orating;
                rated_points[id - 1] += pts * 10 / s->win;
            }
        }
    }
    int n = 0;
    int least = s->board_prize_games > 0 ? s->board_prize_games : 1;
    for (int id = 1; id <= e->nplayers; id++) {
        ShBoardPrize r = rows[id - 1];
        if (r.games < least)
            continue;
        r.id = id;
        r.percentage = 100.0 * r.points / (r.games * (double)s->win);
        r.performance = rated[id - 1] ? floor(sh_rating_performance(
                                                  rated_points[id - 1], rated[id - 1],
                                                  floor(opp[id - 1] / rated[id - 1] + 0.5)) +
                                              0.5)
                                      : 0;
        rows[n++] = r;
    }
    free(opp);
    free(rated);
    free(rated_points);
    for (int i = 1; i < n; i++) {
        ShBoardPrize x = rows[i];
        int j = i;
        while (j > 0 && (rows[j - 1].percentage < x.percentage - 1e-9 ||
                         (fabs(rows[j - 1].percentage - x.percentage) < 1e-9 &&
                          (rows[j - 1].points < x.points ||
                           (rows[j - 1].points == x.points &&
                            rows[j - 1].performance < x.performance))))) {
            rows[j] = rows[j - 1];
            j--;
        }
        rows[j] = x;
    }
    for (int i = 0; i < n; i++)
        rows[i].rank = i > 0 && fabs(rows[i - 1].percentage - rows[i].percentage) < 1e-9 &&
                               rows[i - 1].points == rows[i].points &&
                               rows[i - 1].performance == rows[i].performance
                           ? rows[i - 1].rank
                           : i + 1;
    *out = rows;
    return n;
}
