/* web_event_teams.c - a team event's or an individual-team event's part of the Event
 * (docs/web-api.md "Events", "Team events"): its teams, every round's matches, the team
 * standings and the board prizes; and their lines in the CSV and HTML exports. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "web_events.h"

static json_t *team_standings_json(const ShEvent *e, const ShTeam *teams, int nt)
{
    ShTeamStanding *rows;
    ShError err;
    int n = sh_event_team_standings(e, &rows, &err);
    json_t *list = json_array();
    for (int i = 0; i < n; i++) {
        const ShTeamStanding *r = &rows[i];
        json_t *tb = json_array();
        int ntb = sh_event_settings(e)->boards ? 3 : 1;
        if (sh_event_settings(e)->team_tiebreak_count)
            ntb = sh_event_settings(e)->team_tiebreak_count;
        for (int k = 0; k < ntb; k++)
            json_array_append_new(tb, json_real(r->tiebreaks[k]));
        json_array_append_new(
            list, json_pack("{s:i,s:i,s:s,s:o,s:o,s:i,s:i,s:i,s:i,s:o,s:b}", "rank", r->rank,
                            "team", r->team,
                            "name", r->team >= 1 && r->team <= nt ? teams[r->team - 1].name : "",
                            "match_points", web_event_points(r->match_points), "game_points",
                            web_event_points(r->game_points), "matches", r->matches, "wins",
                            r->wins, "draws", r->draws, "losses", r->losses, "tiebreaks", tb,
                            "out", r->out));
    }
    free(rows);
    return list;
}

static json_t *tiebreak_names(const ShEventSettings *s)
{
    json_t *names = json_array();
    if (!s->boards) {
        json_array_append_new(names, json_string("places"));
        return names;
    }
    if (s->team_tiebreak_count) {
        for (int k = 0; k < s->team_tiebreak_count; k++)
            json_array_append_new(names, json_string(sh_team_tiebreak_name(s->team_tiebreaks[k])));
        return names;
    }
    json_array_append_new(names, json_string("gp"));
    json_array_append_new(names,
                          json_string(s->stages[0].system == SH_SYSTEM_ROUND_ROBIN ? "de" : "bh"));
    json_array_append_new(names, json_string("sb"));
    return names;
}

json_t *web_event_team_json(const ShEvent *e)
{
    const ShEventSettings *s = sh_event_settings(e);
    if (!s->boards && !s->team_best)
        return NULL;
    ShTeam *teams;
    int nt = sh_event_teams(e, &teams);
    if (nt < 0)
        return NULL;
    json_t *list = json_array();
    for (int i = 0; i < nt; i++) {
        json_t *members = json_array();
        for (int k = 0; k < teams[i].count; k++)
            json_array_append_new(members, json_integer(teams[i].members[k]));
        json_array_append_new(list, json_pack("{s:i,s:s,s:i,s:o}", "number", teams[i].number,
                                              "name", teams[i].name, "rating", teams[i].rating,
                                              "members", members));
    }
    json_t *matches = json_array();
    for (int r = 1; s->boards && r <= sh_event_rounds_paired(e, 1); r++) {
        ShTeamMatch *m;
        int k = sh_event_team_matches(e, 1, r, &m);
        for (int j = 0; j < k; j++)
            json_array_append_new(
                matches,
                json_pack("{s:i,s:i,s:i,s:i,s:o,s:o,s:o,s:o,s:o,s:b,s:o,s:b,s:i,s:i}", "stage",
                          m[j].stage, "round", m[j].round, "table", m[j].table, "home",
                          m[j].home, "away", m[j].away ? json_integer(m[j].away) : json_null(),
                          "home_points", web_event_points(m[j].home_points), "away_points",
                          web_event_points(m[j].away_points), "home_mp",
                          web_event_points(m[j].home_mp), "away_mp",
                          web_event_points(m[j].away_mp), "complete", m[j].complete, "winner",
                          m[j].winner ? json_integer(m[j].winner) : json_null(),
                          "tiebreak_needed", m[j].tiebreak_needed, "first_board",
                          (m[j].table - 1) * s->boards + 1, "last_board",
                          m[j].table * s->boards));
        free(m);
    }
    json_t *prizes = json_array();
    for (int b = 1; b <= s->boards; b++) {
        ShBoardPrize *rows;
        ShError err;
        int n = sh_event_board_prizes(e, b, &rows, &err);
        json_t *board = json_array();
        for (int i = 0; i < n; i++) {
            const ShEventPlayer *p = sh_event_player(e, rows[i].id);
            json_array_append_new(
                board, json_pack("{s:i,s:i,s:s,s:s,s:o,s:i,s:f,s:f}", "rank", rows[i].rank, "id",
                                 rows[i].id, "name", p ? p->name : "?", "team", p ? p->team : "",
                                 "points", web_event_points(rows[i].points), "games",
                                 rows[i].games, "percentage", rows[i].percentage,
                                 "performance", rows[i].performance));
        }
        free(rows);
        json_array_append_new(prizes, board);
    }
    json_t *out = json_pack("{s:i,s:i,s:o,s:o,s:o,s:o,s:o,s:i}", "boards", s->boards, "best",
                            s->team_best, "teams", list, "matches", matches, "standings",
                            team_standings_json(e, teams, nt), "tiebreaks", tiebreak_names(s),
                            "board_prizes", prizes, "board_prize_games", s->board_prize_games);
    free(teams);
    return out;
}
