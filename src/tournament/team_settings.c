/* team_settings.c - the settings of team events and individual-team events (team.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "error.h"
#include "team.h"

static const char *const TIES[SH_TEAM_TIE_COUNT] = {"armageddon", "board-count", "berger"};
static const char *const TIEBREAKS[SH_TTB_COUNT] = {"gp", "sb", "de", "bh", "win"};

const char *sh_team_tie_name(ShTeamTie tie)
{
    return tie >= 0 && tie < SH_TEAM_TIE_COUNT ? TIES[tie] : "?";
}

const char *sh_team_tiebreak_name(ShTeamTieBreak tb)
{
    return tb >= 0 && tb < SH_TTB_COUNT ? TIEBREAKS[tb] : "?";
}

bool sh_team_tiebreak_find(const char *name, ShTeamTieBreak *tb)
{
    for (int i = 0; i < SH_TTB_COUNT; i++)
        if (!strcasecmp(name, TIEBREAKS[i])) {
            *tb = (ShTeamTieBreak)i;
            return true;
        }
    return false;
}

void team_settings_init(ShEventSettings *s)
{
    s->boards = 0;
    s->match_win = 20;
    s->match_draw = 10;
    s->match_loss = 0;
    s->team_tie = SH_TEAM_TIE_ARMAGEDDON;
    s->team_tiebreak_count = 0; /* the system's: gp,de,sb (round robin), gp,bh,sb */
    s->board_prize_games = 1;
    s->team_best = 0;
}

bool team_setting_known(const char *key)
{
    static const char *const KEYS[] = {"boards", "match-points", "team-tie", "team-tiebreaks",
                                       "board-prize-games", "team-best"};
    for (size_t i = 0; i < sizeof KEYS / sizeof *KEYS; i++)
        if (!strcmp(key, KEYS[i]))
            return true;
    return false;
}

static ShStatus bad(ShError *err, const char *key, const char *value, const char *want)
{
    return error_set(err, SH_ERR_SYNTAX, 0, 0, "%s = '%s': %s expected", key, value, want);
}

static bool whole(const char *text, long min, long max, long *out)
{
    char *end;
    long v = strtol(text, &end, 10);
    if (!*text || *end || v < min || v > max)
        return false;
    *out = v;
    return true;
}

static bool tenths(const char *text, int *out)
{
    char *end;
    double v = strtod(text, &end);
    if (!*text || *end || v < 0 || v > 1000)
        return false;
    *out = (int)(v * 10 + 0.5);
    return true;
}

ShStatus team_setting_set(ShEventSettings *s, const char *key, const char *value, ShError *err)
{
    long v;
    if (!strcmp(key, "boards")) {
        if (!whole(value, 0, SH_TEAM_MAX_MEMBERS, &v))
            return bad(err, key, value, "boards of a team match, 1 to 32 (0: not a team event)");
        s->boards = (int)v;
    } else if (!strcmp(key, "match-points")) {
        int w, d, l;
        char a[16], b[16], c[16];
        if (sscanf(value, "%15[0-9.]-%15[0-9.]-%15[0-9.]", a, b, c) != 3 || !tenths(a, &w) ||
            !tenths(b, &d) || !tenths(c, &l) || w <= d || d < l)
            return bad(err, key, value, "match points for a win, draw and loss (2-1-0)");
        s->match_win = w;
        s->match_draw = d;
        s->match_loss = l;
    } else if (!strcmp(key, "team-tie")) {
        int i = 0;
        while (i < SH_TEAM_TIE_COUNT && strcasecmp(value, TIES[i]))
            i++;
        if (i == SH_TEAM_TIE_COUNT)
            return bad(err, key, value, "armageddon, board-count or berger");
        s->team_tie = (ShTeamTie)i;
    } else if (!strcmp(key, "team-tiebreaks")) {
        char copy[256];
        snprintf(copy, sizeof copy, "%s", value);
        int k = 0;
        char *save = NULL;
        if (strcasecmp(value, "default"))
            for (char *t = strtok_r(copy, ", ", &save); t; t = strtok_r(NULL, ", ", &save)) {
                ShTeamTieBreak tb;
                if (!sh_team_tiebreak_find(t, &tb) || k == SH_TEAM_MAX_TIEBREAKS)
                    return bad(err, key, value, "default, or up to 6 of gp, sb, de, bh, win");
                s->team_tiebreaks[k++] = tb;
            }
        s->team_tiebreak_count = k;
    } else if (!strcmp(key, "board-prize-games")) {
        if (!whole(value, 1, 1000, &v))
            return bad(err, key, value, "the fewest games on a board for its prize, from 1");
        s->board_prize_games = (int)v;
    } else if (!strcmp(key, "team-best")) {
        if (!whole(value, 0, SH_TEAM_MAX_MEMBERS, &v))
            return bad(err, key, value, "how many of a team's best count, 0 to 32");
        s->team_best = (int)v;
    } else {
        return error_set(err, SH_ERR_SYNTAX, 0, 0, "there is no setting '%s'", key);
    }
    return SH_OK;
}

static void points_text(char *out, size_t size, int t)
{
    if (t % 10)
        snprintf(out, size, "%d.%d", t / 10, t % 10);
    else
        snprintf(out, size, "%d", t / 10);
}

size_t team_settings_write(const ShEventSettings *s, char *out, size_t size)
{
    if (!s->boards && !s->team_best)
        return 0;
    char w[16], d[16], l[16], tbs[128] = "";
    points_text(w, sizeof w, s->match_win);
    points_text(d, sizeof d, s->match_draw);
    points_text(l, sizeof l, s->match_loss);
    for (int i = 0; i < s->team_tiebreak_count; i++) {
        size_t n = strlen(tbs);
        snprintf(tbs + n, sizeof tbs - n, "%s%s", i ? "," : "",
                 sh_team_tiebreak_name(s->team_tiebreaks[i]));
    }
    int n = snprintf(out, size,
                     "boards = %d\nmatch-points = %s-%s-%s\nteam-tie = %s\nteam-tiebreaks = %s\n"
                     "board-prize-games = %d\nteam-best = %d\n",
                     s->boards, w, d, l, sh_team_tie_name(s->team_tie),
                     s->team_tiebreak_count ? tbs : "default", s->board_prize_games,
                     s->team_best);
    return n < 0 ? 0 : (size_t)n;
}

ShStatus team_settings_check(const ShEventSettings *s, ShError *err)
{
    if (!s->boards)
        return SH_OK;
    if (s->stage_count > 1 || s->series_count)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                         "a team event has one stage (boards = %d): stages and points series "
                         "are for individual events",
                         s->boards);
    const ShStage *st = &s->stages[0];
    if (st->system == SH_SYSTEM_SCHEVENINGEN)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                         "Scheveningen is two teams' players meeting one another: an "
                         "individual event (boards = 0) whose players have two teams");
    if (st->games != 1 || s->match_scoring)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                         "a team match is one game a board (games = 1, match-scoring = no)");
    if (st->groups > 1 || st->third_place)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                         "a team event has no groups and no match for third place");
    return SH_OK;
}
