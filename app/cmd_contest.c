/*
 * cmd_contest.c - shashki contest: solving and composing contests on the command line
 * (include/shashki_contest.h, engine/contest_judge.h), kept in the games' file (store/cstore.h),
 * the same contests the web app runs (#/contests).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "contest_judge.h"
#include "cstore.h"
#include "puzzle_set.h"

static const char HELP[] =
    "usage: shashki contest COMMAND [ARGS...] [--db FILE]\n"
    "\n"
    "Solving and composing contests of Russian checkers, kept in the games' file (--db,\n"
    "default shashki-games.db, the web app's). CONTEST is an id or a name (a unique prefix).\n"
    "\n"
    "  create NAME [kind=solving|composing] [minutes=N] [alternative=full|half|none]\n"
    "              [code=CODE] [marks=total|trimmed] [published=yes|no]\n"
    "                                    a new contest (alternative: the points of a winning\n"
    "                                    key other than the composer's; code: the solvers';\n"
    "                                    marks: every judge's mark counts, or with 3 or more\n"
    "                                    the highest and the lowest do not; published: the\n"
    "                                    award is out, the entries' authors named to all)\n"
    "  set CONTEST KEY=VALUE...          change its settings\n"
    "  list                              the contests\n"
    "  show CONTEST                      settings, problems with their solutions, solvers,\n"
    "                                    entries\n"
    "  problem CONTEST (FEN | --puzzle ID | --pdn FILE) [--goal win|draw] [--points P]\n"
    "          [--moves N] [--title T]   add a problem: the solver proves it (its solution is\n"
    "                                    what answers are judged against); --puzzle takes one\n"
    "                                    of the built-in set (data/puzzles.pdn, goal win);\n"
    "                                    --pdn every game of FILE with a FEN (goal: a draw\n"
    "                                    when its result is one, else a win)\n"
    "  join CONTEST NAME --code CODE     a solver signs in\n"
    "  solve CONTEST SOLVER PROBLEM TEXT a solution as text: \"1. c3-b4! a5:c3 2. b2:h8\",\n"
    "                                    other defences in parentheses with their answers\n"
    "  standings CONTEST [--format text|csv|html]\n"
    "  entry CONTEST FEN STATED --author A [--title T] [--goal win|draw]\n"
    "                                    a composing contest's entry, checked at once\n"
    "                                    (the stated result, cooks, the key, the main line's\n"
    "                                    duals)\n"
    "  judge CONTEST JUDGE ENTRY POINTS  a judge's points (0-10) for a sound entry\n"
    "  award CONTEST [--format text|html]\n"
    "  export CONTEST pdn|text           its problems or entries as PDN (positions, solutions,\n"
    "                                    the entries' stated solutions and checks), or its\n"
    "                                    standings or award as text: the web page's downloads\n"
    "  delete CONTEST\n";

typedef struct Args {
    int npos;
    const char *pos[16];
    const char *db, *format, *code, *puzzle, *goal, *points, *moves, *title, *author, *pdn;
} Args;

static bool parse(int argc, char **argv, Args *a)
{
    memset(a, 0, sizeof *a);
    a->db = "shashki-games.db";
    static const char *const NAMES[] = {"--db",    "--format", "--code",  "--puzzle", "--goal",
                                        "--points", "--moves", "--title", "--author",
                                        "--pdn"};
    for (int i = 1; i < argc; i++) {
        const char **slot[] = {&a->db,     &a->format, &a->code,  &a->puzzle, &a->goal,
                               &a->points, &a->moves,  &a->title, &a->author, &a->pdn};
        bool known = false;
        for (size_t k = 0; k < sizeof NAMES / sizeof *NAMES; k++)
            if (!strcmp(argv[i], NAMES[k])) {
                if (i + 1 >= argc) {
                    cli_error("%s needs a value", argv[i]);
                    return false;
                }
                *slot[k] = argv[++i];
                known = true;
            }
        if (known)
            continue;
        if (argv[i][0] == '-' && argv[i][1] && argv[i][1] != '-' && !strchr(argv[i], ':')) {
            cli_error("unknown option '%s' (shashki contest --help)", argv[i]);
            return false;
        }
        if (argv[i][0] == '-' && argv[i][1] == '-') {
            cli_error("unknown option '%s' (shashki contest --help)", argv[i]);
            return false;
        }
        if (a->npos == 16) {
            cli_error("too many arguments");
            return false;
        }
        a->pos[a->npos++] = argv[i];
    }
    return true;
}

typedef struct Open {
    CStore *store;
    ShContest *contest;
    long id;
} Open;

static bool open_contest(const Args *a, const char *which, Open *o)
{
    char msg[512];
    memset(o, 0, sizeof *o);
    o->store = cstore_open(a->db, msg, sizeof msg);
    if (!o->store) {
        cli_error("%s", msg);
        return false;
    }
    if (!which)
        return true;
    o->id = cstore_find(o->store, which);
    if (o->id <= 0) {
        cli_error(o->id < 0 ? "'%s' names more than one contest" : "no contest '%s' in %s", which,
                  a->db);
    } else if (!cstore_load(o->store, o->id, &o->contest, msg, sizeof msg)) {
        cli_error("%s", msg);
    } else {
        return true;
    }
    cstore_close(o->store);
    o->store = NULL;
    return false;
}

static void close_contest(Open *o)
{
    sh_contest_free(o->contest);
    cstore_close(o->store);
}

static int save(Open *o)
{
    char msg[512];
    if (!cstore_save(o->store, o->id, o->contest, msg, sizeof msg)) {
        cli_error("not saved: %s", msg);
        return 1;
    }
    return 0;
}

static bool need(const Args *a, int n, const char *usage)
{
    if (a->npos >= n)
        return true;
    cli_error("usage: shashki contest %s", usage);
    return false;
}

static bool goal_of(const char *text, ShContestGoal *goal)
{
    if (!text || !strcmp(text, "win"))
        *goal = SH_CONTEST_WIN;
    else if (!strcmp(text, "draw"))
        *goal = SH_CONTEST_DRAW;
    else {
        cli_error("--goal is win or draw, not '%s'", text);
        return false;
    }
    return true;
}

/* The KEY=VALUE arguments from the third on: into `s` (a contest to be), or through
 * `contest`, which refuses what it has gone too far for; false with the error said. */
static bool apply_settings(const Args *a, ShContestSettings *s, ShContest *contest)
{
    ShError err;
    for (int i = 2; i < a->npos; i++) {
        const char *eq = strchr(a->pos[i], '=');
        char key[32];
        if (!eq || (size_t)(eq - a->pos[i]) >= sizeof key) {
            cli_error("a setting is KEY=VALUE, not '%s'", a->pos[i]);
            return false;
        }
        snprintf(key, sizeof key, "%.*s", (int)(eq - a->pos[i]), a->pos[i]);
        if ((contest ? sh_contest_set(contest, key, eq + 1, &err)
                     : sh_contest_settings_set(s, key, eq + 1, &err)) != SH_OK) {
            cli_error("%s%s", err.message, contest ? " (nothing was changed)" : "");
            return false;
        }
    }
    return true;
}

static int cmd_set(const Args *a)
{
    if (!need(a, 3, "set CONTEST KEY=VALUE..."))
        return 2;
    Open o;
    if (!open_contest(a, a->pos[1], &o))
        return 1;
    int status = apply_settings(a, NULL, o.contest) ? save(&o) : 1;
    if (!status)
        printf("contest %ld: settings changed\n", o.id);
    close_contest(&o);
    return status;
}

/* The library's file of the contest on standard output (the command line is the arbiter's: the
 * authors are named); the contest closed; the exit status. */
static int print_export(Open *o, ShContestExport what)
{
    char *text = NULL;
    ShError err;
    int status = 0;
    if (sh_contest_export(o->contest, what, true, &text, &err) != SH_OK) {
        cli_error("%s", err.message);
        status = 1;
    } else {
        fputs(text, stdout);
    }
    free(text);
    close_contest(o);
    return status;
}

static int cmd_export(const Args *a)
{
    if (!need(a, 3, "export CONTEST pdn|text"))
        return 2;
    bool pdn = !strcmp(a->pos[2], "pdn");
    if (!pdn && strcmp(a->pos[2], "text")) {
        cli_error("export writes pdn or text, not '%s'", a->pos[2]);
        return 2;
    }
    Open o;
    if (!open_contest(a, a->pos[1], &o))
        return 1;
    return print_export(&o, pdn ? SH_CONTEST_EXPORT_PDN : SH_CONTEST_EXPORT_TEXT);
}

static int cmd_create(const Args *a)
{
    if (!need(a, 2, "create NAME [KEY=VALUE...]"))
        return 2;
    ShContestSettings s;
    sh_contest_settings_init(&s);
    ShError err;
    if (sh_contest_settings_set(&s, "name", a->pos[1], &err) != SH_OK) {
        cli_error("%s", err.message);
        return 2;
    }
    if (!apply_settings(a, &s, NULL))
        return 2;
    Open o;
    if (!open_contest(a, NULL, &o))
        return 1;
    if (cstore_find(o.store, s.name) > 0) {
        cli_error("there is a contest '%s' already", s.name);
        close_contest(&o);
        return 1;
    }
    char msg[512];
    int status = 0;
    if (sh_contest_new(&o.contest, &s, &err) != SH_OK ||
        !cstore_create(o.store, o.contest, &o.id, msg, sizeof msg)) {
        cli_error("not created");
        status = 1;
    } else {
        printf("contest %ld: %s (%s, code %s)\n", o.id, s.name,
               s.kind == SH_CONTEST_SOLVING ? "solving" : "composing", s.code);
    }
    close_contest(&o);
    return status;
}

static int cmd_list(const Args *a)
{
    Open o;
    if (!open_contest(a, NULL, &o))
        return 1;
    CStoredContest rows[200];
    int n = cstore_list(o.store, rows, 200);
    for (int i = 0; i < n; i++)
        printf("%ld  %s  (%s)\n", rows[i].id, rows[i].name, rows[i].kind);
    close_contest(&o);
    return 0;
}

static int problems_from_pdn(const Args *a, int points, int moves)
{
    size_t size;
    char *text = cli_read_file(a->pdn, &size);
    if (!text) {
        cli_error("cannot read %s", a->pdn);
        return 1;
    }
    Open o;
    if (!open_contest(a, a->pos[1], &o)) {
        free(text);
        return 1;
    }
    int before = sh_contest_problem_count(o.contest);
    ContestLimits limits = {moves, 10.0};
    char report[2048];
    const char *base = strrchr(a->pdn, '/');
    int added = contest_add_pdn(o.contest, text, size, base ? base + 1 : a->pdn, points,
                                &limits, report, sizeof report);
    free(text);
    int status = added ? save(&o) : 1;
    for (int k = before + 1; !status && k <= before + added; k++) {
        char line[4096];
        sh_contest_solution_text(o.contest, k, true, line, sizeof line);
        printf("problem %d: %s\n", k, line);
    }
    if (report[0])
        fprintf(stderr, "left out: %s\n", report);
    if (!added)
        cli_error("no problem added from %s", a->pdn);
    close_contest(&o);
    return status;
}

static int cmd_problem(const Args *a)
{
    if (!need(a, 2, "problem CONTEST (FEN | --puzzle ID) [--goal win|draw] ..."))
        return 2;
    ShPosition pos;
    ShContestGoal goal;
    char source[SH_CONTEST_TEXT] = "editor", title[SH_CONTEST_TEXT] = "";
    long points = 10, moves = 10;
    if (!goal_of(a->goal, &goal) ||
        (a->points && !cli_parse_int(a->points, 0, 100, "--points", &points)) ||
        (a->moves && !cli_parse_int(a->moves, 1, 20, "--moves", &moves)))
        return 2;
    if (a->pdn)
        return problems_from_pdn(a, (int)points * 10, (int)moves);
    if (a->puzzle) {
        PuzzleSet set;
        char msg[256];
        if (!puzzle_set_builtin(&set, msg, sizeof msg)) {
            cli_error("%s", msg);
            return 1;
        }
        const Puzzle *p = puzzle_set_find(&set, a->puzzle);
        if (!p || strcmp(p->goal, "win")) {
            cli_error("%s is not a puzzle of the built-in set with the goal 'win'", a->puzzle);
            puzzle_set_free(&set);
            return 2;
        }
        pos = p->start;
        snprintf(source, sizeof source, "puzzle %s", p->id);
        snprintf(title, sizeof title, "%s", p->id);
        puzzle_set_free(&set);
    } else {
        if (!need(a, 3, "problem CONTEST FEN ...") || !cli_read_fen(a->pos[2], &pos))
            return 2;
    }
    if (a->title)
        snprintf(title, sizeof title, "%s", a->title);
    Open o;
    if (!open_contest(a, a->pos[1], &o))
        return 1;
    ContestLimits limits = {(int)moves, 10.0};
    int id, status = 1;
    ShError err;
    if (contest_add_position(o.contest, title, source, &pos, goal, (int)points * 10, &limits,
                             &id, &err) != SH_OK) {
        cli_error("%s", err.message);
    } else if (!(status = save(&o))) {
        char text[4096];
        sh_contest_solution_text(o.contest, id, true, text, sizeof text);
        printf("problem %d: %s\n", id, text);
    }
    close_contest(&o);
    return status;
}

static int cmd_join(const Args *a)
{
    if (!need(a, 3, "join CONTEST NAME --code CODE"))
        return 2;
    Open o;
    if (!open_contest(a, a->pos[1], &o))
        return 1;
    int id, status = 1;
    ShError err;
    if (sh_contest_join(o.contest, a->code, a->pos[2], (int64_t)time(NULL), &id, &err) != SH_OK)
        cli_error("%s", err.message);
    else if (!(status = save(&o)))
        printf("solver %d: %s\n", id, a->pos[2]);
    close_contest(&o);
    return status;
}

static const char *state_name(ShAttemptState s)
{
    return s == SH_ATTEMPT_SOLVED ? "solved" : s == SH_ATTEMPT_FAILED ? "failed" : "open";
}

static int cmd_answer(const Args *a)
{
    if (!need(a, 5, "solve CONTEST SOLVER PROBLEM TEXT"))
        return 2;
    long problem;
    if (!cli_parse_int(a->pos[3], 1, SH_CONTEST_MAX_PROBLEMS, "the problem", &problem))
        return 2;
    Open o;
    if (!open_contest(a, a->pos[1], &o))
        return 1;
    int solver = sh_contest_find_solver(o.contest, a->pos[2]);
    int status = 1;
    ShError err;
    ShAttemptView v;
    ContestLimits limits = {0, 5.0};
    if (!solver)
        cli_error("no solver '%s' (shashki contest join)", a->pos[2]);
    else if (sh_contest_answer_text(o.contest, solver, (int)problem, a->pos[4],
                                    (int64_t)time(NULL), contest_wins, &limits, &v, &err) != SH_OK)
        cli_error("%s", err.message);
    else if (!(status = save(&o))) {
        char p[16];
        printf("problem %ld: %s", problem, state_name(v.state));
        if (v.state == SH_ATTEMPT_SOLVED)
            printf(", %s point%s%s", sh_contest_points_text(v.points, p), v.points == 10 ? "" : "s",
                   v.alternative ? " (another key)" : "");
        if (v.state == SH_ATTEMPT_FAILED)
            printf(": %s", v.failure);
        printf("\n");
    }
    close_contest(&o);
    return status;
}

static void html_text(FILE *out, const char *s)
{
    for (; *s; s++)
        fputs(*s == '<' ? "&lt;" : *s == '>' ? "&gt;" : *s == '&' ? "&amp;" : (char[2]){*s, 0},
              out);
}

static int cmd_standings(const Args *a)
{
    if (!need(a, 2, "standings CONTEST [--format text|csv|html]"))
        return 2;
    const char *f = a->format ? a->format : "text";
    if (strcmp(f, "text") && strcmp(f, "csv") && strcmp(f, "html")) {
        cli_error("a format is text, csv or html, not '%s'", f);
        return 2;
    }
    Open o;
    if (!open_contest(a, a->pos[1], &o))
        return 1;
    if (f[0] == 't') /* the text is the library's: the web page's download too */
        return print_export(&o, SH_CONTEST_EXPORT_TEXT);
    ShContestStanding *rows;
    ShError err;
    int n = sh_contest_standings(o.contest, &rows, &err);
    const ShContest *c = o.contest;
    int np = sh_contest_problem_count(c);
    if (f[0] == 'h') {
        printf("<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>");
        html_text(stdout, sh_contest_settings(c)->name);
        printf("</title><style>body{font:14px system-ui;margin:2em}td,th{border:1px solid #999;"
               "padding:.2em .5em}table{border-collapse:collapse}</style></head><body>\n<h1>");
        html_text(stdout, sh_contest_settings(c)->name);
        printf("</h1>\n<table><tr><th>Rank</th><th>Solver</th><th>Points</th><th>Time</th>");
        for (int k = 1; k <= np; k++)
            printf("<th>%d</th>", k);
        printf("</tr>\n");
    } else {
        printf("Rank,Solver,Points,Solved,Time");
        for (int k = 1; k <= np; k++)
            printf(",%d", k);
        printf("\n");
    }
    for (int i = 0; i < n; i++) {
        char p[16], cell[16];
        const char *name = sh_contest_solver_name(c, rows[i].solver);
        long t = (long)rows[i].time;
        if (f[0] == 'h') {
            printf("<tr><td>%d</td><td>", rows[i].rank);
            html_text(stdout, name);
            printf("</td><td>%s</td><td>%ld:%02ld</td>", sh_contest_points_text(rows[i].points, p), t / 60,
                   t % 60);
        } else {
            printf("%d,%s,%s,%d,%ld", rows[i].rank, name, sh_contest_points_text(rows[i].points, p),
                   rows[i].solved, t);
        }
        for (int k = 1; k <= np; k++) {
            ShAttemptView v;
            sh_contest_attempt(c, rows[i].solver, k, &v, NULL);
            snprintf(cell, sizeof cell, "%s",
                     v.state == SH_ATTEMPT_SOLVED   ? sh_contest_points_text(v.points, p)
                     : v.state == SH_ATTEMPT_FAILED ? "x"
                                                    : "-");
            printf(f[0] == 'h' ? "<td>%s</td>" : ",%s", cell);
        }
        printf(f[0] == 'h' ? "</tr>\n" : "\n");
    }
    if (f[0] == 'h')
        printf("</table>\n</body></html>\n");
    free(rows);
    close_contest(&o);
    return 0;
}

static int cmd_show(const Args *a)
{
    if (!need(a, 2, "show CONTEST"))
        return 2;
    Open o;
    if (!open_contest(a, a->pos[1], &o))
        return 1;
    const ShContest *c = o.contest;
    const ShContestSettings *s = sh_contest_settings(c);
    printf("%s: a %s contest, code %s, %d minutes, another key scores %s\n", s->name,
           s->kind == SH_CONTEST_SOLVING ? "solving" : "composing", s->code, s->minutes,
           s->alternative == SH_ALTERNATIVE_FULL   ? "full points"
           : s->alternative == SH_ALTERNATIVE_HALF ? "half the points"
                                                   : "nothing");
    for (int k = 1; k <= sh_contest_problem_count(c); k++) {
        const ShContestProblem *p = sh_contest_problem(c, k);
        char fen[SH_FEN_SIZE], text[4096], pts[16];
        sh_fen_write(&p->start, false, fen);
        sh_contest_solution_text(c, k, true, text, sizeof text);
        printf("problem %d: %s (%s), %s in %d, %s points: %s\n  %s\n", k, p->title, p->source,
               p->goal == SH_CONTEST_WIN ? "win" : "draw", p->moves,
               sh_contest_points_text(p->points, pts), fen, text);
    }
    for (int i = 1; i <= sh_contest_solver_count(c); i++)
        printf("solver %d: %s\n", i, sh_contest_solver_name(c, i));
    for (int k = 1; k <= sh_contest_entry_count(c); k++) {
        const ShContestEntry *e = sh_contest_entry(c, k);
        printf("entry %d: %s, %s: %s\n", k, e->author, e->title, e->report);
    }
    close_contest(&o);
    return 0;
}

static int cmd_entry(const Args *a)
{
    if (!need(a, 4, "entry CONTEST FEN STATED --author A [--title T] [--goal win|draw]"))
        return 2;
    ShPosition pos;
    ShContestGoal goal;
    if (!cli_read_fen(a->pos[2], &pos) || !goal_of(a->goal, &goal))
        return 2;
    if (!a->author) {
        cli_error("an entry needs --author");
        return 2;
    }
    Open o;
    if (!open_contest(a, a->pos[1], &o))
        return 1;
    int id, status = 1;
    ShError err;
    if (sh_contest_add_entry(o.contest, a->author, a->title ? a->title : "", &pos, goal,
                             a->pos[3], &id, &err) != SH_OK) {
        cli_error("%s", err.message);
    } else {
        ContestLimits limits = {10, 10.0};
        bool sound;
        char report[512];
        contest_check_entry(&pos, goal, a->pos[3], &limits, &sound, report, sizeof report);
        sh_contest_set_soundness(o.contest, id, sound, report, NULL);
        if (!(status = save(&o)))
            printf("entry %d: %s\n", id, report);
    }
    close_contest(&o);
    return status;
}

static int cmd_judge(const Args *a)
{
    if (!need(a, 5, "judge CONTEST JUDGE ENTRY POINTS"))
        return 2;
    long entry;
    char *end;
    double points = strtod(a->pos[4], &end);
    if (!cli_parse_int(a->pos[3], 1, 100000, "the entry", &entry))
        return 2;
    if (*end || points < 0 || points > 10) {
        cli_error("points are 0 to 10, not '%s'", a->pos[4]);
        return 2;
    }
    Open o;
    if (!open_contest(a, a->pos[1], &o))
        return 1;
    ShError err;
    int status = 1;
    if (sh_contest_judge(o.contest, a->pos[2], (int)entry, (int)(points * 10 + 0.5), &err) !=
        SH_OK)
        cli_error("%s", err.message);
    else
        status = save(&o);
    close_contest(&o);
    return status;
}

static int cmd_award(const Args *a)
{
    if (!need(a, 2, "award CONTEST [--format text|html]"))
        return 2;
    bool html = a->format && !strcmp(a->format, "html");
    if (a->format && !html && strcmp(a->format, "text")) {
        cli_error("a format is text or html, not '%s'", a->format);
        return 2;
    }
    Open o;
    if (!open_contest(a, a->pos[1], &o))
        return 1;
    if (!html)
        return print_export(&o, SH_CONTEST_EXPORT_TEXT);
    ShAwardRow *rows;
    ShError err;
    int n = sh_contest_award(o.contest, &rows, &err);
    const ShContest *c = o.contest;
    printf("<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>Award</title>"
           "</head><body>\n<h1>");
    html_text(stdout, sh_contest_settings(c)->name);
    printf(": award</h1>\n<ol>\n");
    for (int i = 0; i < n; i++) {
        const ShContestEntry *e = sh_contest_entry(c, rows[i].entry);
        char p[16];
        char fen[SH_FEN_SIZE];
        sh_fen_write(&e->start, false, fen);
        printf("<li>%s", rows[i].place ? "" : "(not ranked) ");
        html_text(stdout, e->author);
        printf(", %s: %s points &mdash; <code>%s</code> %s<br><small>", e->title,
               sh_contest_points_text(rows[i].points, p), fen, e->stated);
        html_text(stdout, e->report);
        printf("</small></li>\n");
    }
    printf("</ol>\n</body></html>\n");
    free(rows);
    close_contest(&o);
    return 0;
}

int cmd_contest(int argc, char **argv)
{
    if (argc < 2 || cli_wants_help(argc, argv)) {
        fputs(HELP, argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    Args a;
    if (!parse(argc, argv, &a))
        return 2;
    const char *sub = a.npos ? a.pos[0] : "";
    if (!strcmp(sub, "create"))
        return cmd_create(&a);
    if (!strcmp(sub, "list"))
        return cmd_list(&a);
    if (!strcmp(sub, "show"))
        return cmd_show(&a);
    if (!strcmp(sub, "problem"))
        return cmd_problem(&a);
    if (!strcmp(sub, "join"))
        return cmd_join(&a);
    if (!strcmp(sub, "solve"))
        return cmd_answer(&a);
    if (!strcmp(sub, "standings"))
        return cmd_standings(&a);
    if (!strcmp(sub, "entry"))
        return cmd_entry(&a);
    if (!strcmp(sub, "judge"))
        return cmd_judge(&a);
    if (!strcmp(sub, "set"))
        return cmd_set(&a);
    if (!strcmp(sub, "export"))
        return cmd_export(&a);
    if (!strcmp(sub, "award"))
        return cmd_award(&a);
    if (!strcmp(sub, "delete")) {
        Open o;
        if (!need(&a, 2, "delete CONTEST") || !open_contest(&a, a.pos[1], &o))
            return 1;
        int status = cstore_delete(o.store, o.id) ? 0 : 1;
        if (!status)
            printf("contest %ld deleted\n", o.id);
        close_contest(&o);
        return status;
    }
    cli_error("unknown contest command '%s' (shashki contest --help)", sub);
    return 2;
}
