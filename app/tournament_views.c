/* tournament_views.c - shashki tournament's looks at an event, which change nothing: list,
 * show, players, pairings, standings, crosstable, export, log. None of them creates the
 * games' file when it does not exist. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "tournament.h"

static int cmd_list(const TourArgs *a, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    if (!tour_db_exists(a)) { /* a look does not make the file */
        printf("no events in %s (there is no such file)\n", cli_db_shown(a->db));
        return 0;
    }
    TStore *store;
    if (!tour_store_open(a, &store))
        return 1;
    TStoredEvent rows[256];
    int n = tstore_list(store, rows, 256);
    for (int i = 0; i < n; i++) {
        ShEvent *e;
        char err[256];
        if (!tstore_load(store, rows[i].id, &e, err, sizeof err)) {
            printf("%4ld  %-30s  (%s)\n", rows[i].id, rows[i].name, err);
            continue;
        }
        int stage = sh_event_current_stage(e);
        printf("%4ld  %-30s  %3d players  %s\n", rows[i].id, rows[i].name,
               sh_event_player_count(e),
               sh_event_finished(e) ? "finished"
               : stage ? "playing"
                       : "not begun");
        sh_event_free(e);
    }
    if (!n)
        printf("no events in %s\n", cli_db_shown(a->db));
    tstore_close(store);
    return 0;
}

static int cmd_show(const TourArgs *a, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    TourOpen o;
    int begun = tour_begin(a, 2, "show EVENT", &o);
    if (begun)
        return begun;
    char *text;
    ShError err;
    if (sh_event_settings_write(sh_event_settings(o.event), &text, &err) == SH_OK) {
        fputs(text, stdout);
        free(text);
    }
    printf("players = %d\n", sh_event_player_count(o.event));
    for (int s = 1; s <= sh_event_stage_count(o.event); s++)
        printf("stage %d: %d of %d rounds paired%s\n", s, sh_event_rounds_paired(o.event, s),
               sh_event_rounds_total(o.event, s),
               sh_event_rounds_paired(o.event, s) &&
                       sh_event_round_complete(o.event, s, sh_event_rounds_paired(o.event, s))
                   ? ""
                   : sh_event_rounds_paired(o.event, s) ? " (results missing)" : "");
    if (sh_event_finished(o.event))
        printf("finished\n");
    tour_close(&o);
    return 0;
}

static int event_year(const ShEvent *e)
{
    const char *date = sh_event_settings(e)->date;
    return date[0] ? atoi(date) : 0;
}

static int cmd_players(const TourArgs *a, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    TourOpen o;
    int begun = tour_begin(a, 2, "players EVENT", &o);
    if (begun)
        return begun;
    int year = event_year(o.event);
    printf("%4s  %-28s %6s %-5s %-20s %-4s %5s %-15s %s\n", "No", "Name", "Rating", "Title",
           "Club/team", "Fed", "Born", "Category", "State");
    for (int id = 1; id <= sh_event_player_count(o.event); id++) {
        const ShEventPlayer *p = sh_event_player(o.event, id);
        char state[64] = "";
        if (p->withdrawn)
            snprintf(state, sizeof state, "withdrawn from round %d", p->withdrawn);
        else if (p->entered > 1)
            snprintf(state, sizeof state, "entered in round %d", p->entered);
        const char *cat = p->birth_year && year
                              ? sh_age_category_name(sh_age_category(year - p->birth_year))
                              : "";
        char born[16] = "", rating[16] = ""; /* blank when not known, as the other columns */
        if (p->birth_year)
            snprintf(born, sizeof born, "%d", p->birth_year);
        if (p->rating > 0) /* an unrated player: no rating, not a rating of 0 */
            snprintf(rating, sizeof rating, "%d", p->rating);
        printf("%4d  %-28.28s %6s %-5s %-20.20s %-4s %5s %-15s %s%s%s\n", p->id, p->name,
               rating, p->title, p->club[0] ? p->club : p->team, p->federation, born, cat,
               state, p->engine[0] ? " engine " : "", p->engine);
    }
    tour_close(&o);
    return 0;
}

static bool which_round(const TourArgs *a, const ShEvent *e, int round_arg, int *stage, int *round)
{
    *stage = sh_event_current_stage(e);
    if (a->stage && !tour_int(a->stage, 1, sh_event_stage_count(e), "--stage", stage))
        return false;
    if (*stage == 0) {
        cli_error("no round has been paired yet (shashki tournament next EVENT)");
        return false;
    }
    int paired = sh_event_rounds_paired(e, *stage);
    *round = paired;
    if (round_arg < a->npos &&
        !tour_int(a->pos[round_arg], 1, paired > 0 ? paired : 1, "the round", round))
        return false;
    if (*round < 1) {
        cli_error("stage %d has no round paired", *stage);
        return false;
    }
    return true;
}

static int cmd_pairings(const TourArgs *a, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    TourOpen o;
    int begun = tour_begin(a, 2, "pairings EVENT [ROUND] [--stage S]", &o);
    if (begun)
        return begun;
    int stage, round;
    int status = 1;
    if (which_round(a, o.event, 2, &stage, &round)) {
        tour_print_pairings(stdout, o.event, stage, round);
        status = 0;
    }
    tour_close(&o);
    return status;
}

static bool stage_option(const TourArgs *a, const ShEvent *e, int *stage)
{
    *stage = 0;
    return !a->stage || tour_int(a->stage, 0, sh_event_stage_count(e), "--stage", stage);
}

static FILE *output_file(const TourArgs *a)
{
    if (!a->output || !strcmp(a->output, "-"))
        return stdout;
    FILE *f = fopen(a->output, "w");
    if (!f)
        cli_error("cannot write %s: %s", a->output, strerror(errno));
    return f;
}

static int finish_output(const TourArgs *a, FILE *f, int status)
{
    if (f != stdout && fclose(f) != 0 && !status) {
        cli_error("cannot write %s: %s", a->output, strerror(errno));
        return 1;
    }
    return status;
}

static int print_table(const TourArgs *a, bool crosstable)
{
    if (!tour_need(a, 2, crosstable ? "crosstable EVENT [--stage S] [--format text|csv|html]"
                               : "standings EVENT [--stage S] [--format text|csv|html]"))
        return 2;
    TourFormat f = TOUR_TEXT;
    if (a->format && !tour_format_parse(a->format, &f)) {
        cli_error("a format is text, csv or html, not '%s'", a->format);
        return 2;
    }
    TourOpen o;
    if (!tour_open(a, a->pos[1], &o))
        return 1;
    int stage, status = 2;
    FILE *out = NULL;
    if (stage_option(a, o.event, &stage) && (out = output_file(a))) {
        const ShEventSettings *s = sh_event_settings(o.event);
        bool ok = crosstable  ? tour_print_crosstable(out, o.event, stage, f)
                  : s->boards ? tour_print_team_standings(out, o.event, f)
                              : tour_print_standings(out, o.event, stage, f);
        if (ok && !crosstable && !s->boards && s->team_best && f == TOUR_TEXT)
            ok = tour_print_team_standings(out, o.event, f);
        status = finish_output(a, out, ok ? 0 : 1);
    }
    tour_close(&o);
    return status;
}

static int cmd_export(const TourArgs *a, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    if (!tour_need(a, 3, "export EVENT trf|pdn|event [--stage S] [--output FILE]"))
        return 2;
    const char *what = a->pos[2];
    if (strcmp(what, "trf") && strcmp(what, "pdn") && strcmp(what, "event")) {
        cli_error("export writes trf, pdn or event, not '%s'", what);
        return 2;
    }
    TourOpen o;
    if (!tour_open(a, a->pos[1], &o))
        return 1;
    int stage, status = 1;
    FILE *out = NULL;
    if (!stage_option(a, o.event, &stage) || !(out = output_file(a))) {
        tour_close(&o);
        return 2;
    }
    ShError err;
    char *text = NULL;
    if (!strcmp(what, "trf")) {
        ShTrf trf;
        if (sh_event_to_trf(o.event, stage, &trf, &err) == SH_OK &&
            sh_trf_write(&trf, &text, NULL, &err) == SH_OK) {
            fputs(text, out);
            status = 0;
        } else {
            cli_error("%s", err.message);
        }
        sh_trf_free(&trf);
    } else if (!strcmp(what, "event")) {
        if (sh_event_write(o.event, &text, &err) == SH_OK) {
            fputs(text, out);
            status = 0;
        } else {
            cli_error("%s", err.message);
        }
    } else {
        char msg[512];
        Store *games = store_open(a->db, msg, sizeof msg);
        if (!games) {
            cli_error("%s", msg);
        } else {
            int n = tour_write_pdn(out, games, o.event, a->notation);
            status = n < 0;
            if (n >= 0)
                fprintf(stderr, "%d game%s\n", n, n == 1 ? "" : "s");
            store_close(games);
        }
    }
    free(text);
    status = finish_output(a, out, status);
    tour_close(&o);
    return status;
}

static void print_change(void *ctx, const char *time, const char *change)
{
    (void)ctx;
    printf("%s  %s\n", time, change);
}

static int cmd_log(const TourArgs *a, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    TourOpen o;
    int begun = tour_begin(a, 2, "log EVENT", &o);
    if (begun)
        return begun;
    tstore_changes(o.store, o.id, print_change, NULL);
    tour_close(&o);
    return 0;
}

static int cmd_standings(const TourArgs *a, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return print_table(a, false);
}

static int cmd_crosstable(const TourArgs *a, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return print_table(a, true);
}

/* teams, boards: a team event's standings and board prizes (tournament_team.c). */
static int cmd_teams(const TourArgs *a, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return tour_team_command(a->pos[0], a->npos > 1 ? a->pos[1] : NULL, a->db, a->format,
                             a->npos);
}

const TourEntry tour_views[] = {
    {"teams", cmd_teams},       {"boards", cmd_teams},
    {"list", cmd_list},         {"show", cmd_show},           {"players", cmd_players},
    {"pairings", cmd_pairings}, {"standings", cmd_standings}, {"crosstable", cmd_crosstable},
    {"export", cmd_export},     {"log", cmd_log},             {NULL, NULL},
};
