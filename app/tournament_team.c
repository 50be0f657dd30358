/*
 * tournament_team.c - team events on the command line: a round's team matches, the team
 * standings (of a team event, or an individual-team event's best-K standing) and the board
 * prizes, as text, CSV or HTML (tournament.h).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "tournament.h"

/* A table of strings: rows x columns, each cell malloc'ed. */
typedef struct Table {
    char ***rows;
    int n, columns;
} Table;

static bool table_new(Table *t, int n, int columns)
{
    t->n = n;
    t->columns = columns;
    t->rows = calloc((size_t)n, sizeof(char **));
    if (!t->rows)
        return false;
    for (int i = 0; i < n; i++) {
        t->rows[i] = calloc((size_t)columns, sizeof(char *));
        if (!t->rows[i])
            return false;
    }
    return true;
}

static void table_free(Table *t)
{
    for (int i = 0; t->rows && i < t->n; i++) {
        for (int c = 0; t->rows[i] && c < t->columns; c++)
            free(t->rows[i][c]);
        free(t->rows[i]);
    }
    free(t->rows);
}

static void cell(Table *t, int row, int column, const char *format, ...)
    __attribute__((format(printf, 4, 5)));

static void cell(Table *t, int row, int column, const char *format, ...)
{
    char buf[256];
    va_list args;
    va_start(args, format);
    vsnprintf(buf, sizeof buf, format, args);
    va_end(args);
    free(t->rows[row][column]);
    t->rows[row][column] = malloc(strlen(buf) + 1);
    if (t->rows[row][column])
        memcpy(t->rows[row][column], buf, strlen(buf) + 1);
}

static void blanks(Table *t)
{
    for (int i = 0; i < t->n; i++)
        for (int c = 0; c < t->columns; c++)
            if (!t->rows[i][c])
                cell(t, i, c, "%s", "");
}

static const char *team_name(const ShTeam *teams, int n, int number)
{
    return number >= 1 && number <= n ? teams[number - 1].name : "";
}

void tour_print_team_matches(FILE *out, const ShEvent *e, int stage, int round)
{
    ShTeamMatch *m;
    int k = sh_event_team_matches(e, stage, round, &m);
    ShTeam *teams;
    int nt = sh_event_teams(e, &teams);
    if (k <= 0 || nt < 0) {
        free(m);
        free(teams);
        return;
    }
    fprintf(out, "Round %d: matches\n", round);
    for (int j = 0; j < k; j++) {
        char a[16], b[16];
        if (!m[j].away) {
            fprintf(out, "  %2d  %-24s %s\n", m[j].table, team_name(teams, nt, m[j].home),
                    m[j].home_mp ? "bye" : "free round");
            continue;
        }
        fprintf(out, "  %2d  %-24s %5s - %-5s %-24s%s%s\n", m[j].table,
                team_name(teams, nt, m[j].home), tour_points(m[j].home_points, a),
                tour_points(m[j].away_points, b), team_name(teams, nt, m[j].away),
                m[j].tiebreak_needed ? "  (tied: the Armageddon game)" : "",
                m[j].complete ? "" : "  *");
    }
    free(m);
    free(teams);
}

bool tour_print_team_standings(FILE *out, const ShEvent *e, TourFormat f)
{
    const ShEventSettings *s = sh_event_settings(e);
    ShTeamStanding *rows;
    ShError err;
    int n = sh_event_team_standings(e, &rows, &err);
    if (n < 0) {
        cli_error("%s", err.message);
        return false;
    }
    ShTeam *teams;
    int nt = sh_event_teams(e, &teams);
    bool individual = s->boards == 0;
    int ntb = 0;
    ShTeamTieBreak tbs[SH_TEAM_MAX_TIEBREAKS];
    if (!individual) {
        if (s->team_tiebreak_count) {
            ntb = s->team_tiebreak_count;
            memcpy(tbs, s->team_tiebreaks, sizeof(ShTeamTieBreak) * (size_t)ntb);
        } else {
            ntb = 3;
            tbs[0] = SH_TTB_GAME_POINTS;
            tbs[1] = s->stages[0].system == SH_SYSTEM_ROUND_ROBIN ? SH_TTB_DIRECT
                                                                 : SH_TTB_BUCHHOLZ;
            tbs[2] = SH_TTB_SONNEBORN_BERGER;
        }
    }
    int columns = individual ? 5 : 5 + ntb;
    Table t = {NULL, 0, 0};
    if (nt < 0 || !table_new(&t, n + 1, columns)) {
        table_free(&t);
        free(rows);
        free(teams);
        cli_error("out of memory");
        return false;
    }
    bool right[16] = {0};
    cell(&t, 0, 0, "Rank");
    cell(&t, 0, 1, "Team");
    if (individual) {
        cell(&t, 0, 2, "Points");
        cell(&t, 0, 3, "Members");
        cell(&t, 0, 4, "Places");
    } else {
        cell(&t, 0, 2, "MP");
        cell(&t, 0, 3, "Matches");
        cell(&t, 0, 4, "+/=/-");
        for (int k = 0; k < ntb; k++)
            cell(&t, 0, 5 + k, "%s", sh_team_tiebreak_name(tbs[k]));
    }
    for (int c = 0; c < columns; c++)
        right[c] = c != 1;
    for (int i = 0; i < n; i++) {
        char a[16];
        cell(&t, i + 1, 0, "%d", rows[i].rank);
        cell(&t, i + 1, 1, "%s", team_name(teams, nt, rows[i].team));
        cell(&t, i + 1, 2, "%s", tour_points(rows[i].match_points, a));
        if (individual) {
            cell(&t, i + 1, 3, "%d", rows[i].matches);
            cell(&t, i + 1, 4, "%.0f", rows[i].tiebreaks[0]);
        } else {
            cell(&t, i + 1, 3, "%d", rows[i].matches);
            cell(&t, i + 1, 4, "%d/%d/%d%s", rows[i].wins, rows[i].draws, rows[i].losses,
                 rows[i].out ? " out" : "");
            for (int k = 0; k < ntb; k++)
                cell(&t, i + 1, 5 + k, "%.2f", rows[i].tiebreaks[k]);
        }
    }
    blanks(&t);
    char title[256];
    if (individual)
        snprintf(title, sizeof title, "%s: team standing (the best %d of each team)", s->name,
                 s->team_best);
    else
        snprintf(title, sizeof title, "%s: team standings", s->name);
    tour_table_print(out, f, title, t.rows, t.n, t.columns, right);
    table_free(&t);
    free(rows);
    free(teams);
    return true;
}

bool tour_print_board_prizes(FILE *out, const ShEvent *e, TourFormat f)
{
    const ShEventSettings *s = sh_event_settings(e);
    if (s->boards == 0) {
        cli_error("%s is not a team event (boards)", s->name);
        return false;
    }
    for (int b = 1; b <= s->boards; b++) {
        ShBoardPrize *rows;
        ShError err;
        int n = sh_event_board_prizes(e, b, &rows, &err);
        if (n < 0) {
            cli_error("%s", err.message);
            return false;
        }
        Table t = {NULL, 0, 0};
        if (!table_new(&t, n + 1, 7)) {
            table_free(&t);
            free(rows);
            cli_error("out of memory");
            return false;
        }
        const char *head[] = {"Rank", "Name", "Team", "Points", "Games", "%", "Perf"};
        bool right[7] = {true, false, false, true, true, true, true};
        for (int c = 0; c < 7; c++)
            cell(&t, 0, c, "%s", head[c]);
        /* the best performance, for its own prize */
        int best = -1;
        for (int i = 0; i < n; i++) {
            const ShEventPlayer *p = sh_event_player(e, rows[i].id);
            char a[16];
            cell(&t, i + 1, 0, "%d", rows[i].rank);
            cell(&t, i + 1, 1, "%s", p ? p->name : "?");
            cell(&t, i + 1, 2, "%s", p ? p->team : "");
            cell(&t, i + 1, 3, "%s", tour_points(rows[i].points, a));
            cell(&t, i + 1, 4, "%d", rows[i].games);
            cell(&t, i + 1, 5, "%.1f", rows[i].percentage);
            if (rows[i].performance > 0)
                cell(&t, i + 1, 6, "%.0f", rows[i].performance);
            if (rows[i].performance > 0 &&
                (best < 0 || rows[i].performance > rows[best].performance))
                best = i;
        }
        blanks(&t);
        char title[256];
        snprintf(title, sizeof title, "%s: board %d (at least %d game%s)", s->name, b,
                 s->board_prize_games, s->board_prize_games == 1 ? "" : "s");
        tour_table_print(out, f, title, t.rows, t.n, t.columns, right);
        if (best >= 0 && f == TOUR_TEXT) {
            const ShEventPlayer *p = sh_event_player(e, rows[best].id);
            fprintf(out, "Best performance on board %d: %s, %.0f\n\n", b, p ? p->name : "?",
                    rows[best].performance);
        }
        table_free(&t);
        free(rows);
    }
    return true;
}

int tour_team_command(const char *command, const char *which, const char *db,
                      const char *format, int npos)
{
    if (npos != 2) {
        cli_error("usage: shashki tournament %s EVENT [--format text|csv|html] [--db FILE]",
                  command);
        return 2;
    }
    TourFormat f = TOUR_TEXT;
    if (format && !tour_format_parse(format, &f)) {
        cli_error("a format is text, csv or html, not '%s'", format);
        return 2;
    }
    char msg[512];
    if (!db)
        db = "shashki-games.db";
    TStore *store = tstore_open(db, msg, sizeof msg);
    if (!store) {
        cli_error("%s", msg);
        return 1;
    }
    long id = tstore_find(store, which);
    ShEvent *e = NULL;
    int status = 1;
    if (id == 0)
        cli_error("no event '%s' in %s", which, db);
    else if (id < 0)
        cli_error("'%s' names more than one event", which);
    else if (!tstore_load(store, id, &e, msg, sizeof msg))
        cli_error("%s", msg);
    else if (!strcmp(command, "teams"))
        status = tour_print_team_standings(stdout, e, f) ? 0 : 1;
    else
        status = tour_print_board_prizes(stdout, e, f) ? 0 : 1;
    sh_event_free(e);
    tstore_close(store);
    return status;
}
