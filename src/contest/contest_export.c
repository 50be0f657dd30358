/* contest_export.c - a contest's files (shashki_contest.h, sh_contest_export): its problems or
 * entries as PDN, and its results as text, what `shashki contest export` writes and the web
 * app's contest page downloads. An entry's author is named only when the caller says so: the
 * award is out (the settings' `published`), or the arbiter asks; the judges read the entries
 * anonymously until then. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "contest.h"
#include "error.h"

/* A tag's value: quotes and backslashes escaped, line ends made spaces. */
static void put_tag(ContestOut *o, const char *name, const char *value)
{
    contest_putf(o, "[%s \"", name);
    for (const char *p = value; *p; p++)
        if (*p == '"' || *p == '\\')
            contest_putf(o, "\\%c", *p);
        else
            contest_putf(o, "%c", *p == '\n' || *p == '\r' ? ' ' : *p);
    contest_putf(o, "\"]\n");
}

/* A comment's text: '}' cannot be in braces, so it becomes ')'. */
static void put_comment(ContestOut *o, const char *text)
{
    contest_putf(o, "{");
    for (const char *p = text; *p; p++)
        contest_putf(o, "%c", *p == '}' ? ')' : *p);
    contest_putf(o, "}");
}

/* The result a composition claims: the side to move wins, or a draw. */
static const char *claimed(const ShPosition *start, ShContestGoal goal)
{
    if (goal == SH_CONTEST_DRAW)
        return "1/2-1/2";
    return start->side == SH_WHITE ? "1-0" : "0-1";
}

static void pdn_problems(const ShContest *c, ContestOut *o)
{
    for (int k = 1; k <= sh_contest_problem_count(c); k++) {
        const ShContestProblem *p = sh_contest_problem(c, k);
        char fen[SH_FEN_SIZE], round[16], pts[16];
        sh_fen_write(&p->start, false, fen);
        snprintf(round, sizeof round, "%d", k);
        put_tag(o, "Event", c->settings.name);
        put_tag(o, "Round", round);
        if (p->title[0])
            put_tag(o, "Annotator", p->title);
        put_tag(o, "GameType", "25");
        put_tag(o, "SetUp", "1");
        put_tag(o, "FEN", fen);
        put_tag(o, "Result", claimed(&p->start, p->goal));
        size_t need = sh_contest_solution_text(c, k, true, NULL, 0);
        char *moves = malloc(need + 1);
        if (!moves) {
            o->failed = true;
            return;
        }
        sh_contest_solution_text(c, k, true, moves, need + 1);
        contest_putf(o, "\n");
        char note[SH_CONTEST_TEXT + 96];
        snprintf(note, sizeof note, "%s%s%s to %s, %s points", p->title, p->title[0] ? ": " : "",
                 p->start.side == SH_WHITE ? "White" : "Black",
                 p->goal == SH_CONTEST_DRAW ? "draw" : "win", sh_contest_points_text(p->points, pts));
        put_comment(o, note);
        contest_putf(o, " %s %s\n\n", moves, claimed(&p->start, p->goal));
        free(moves);
    }
}

static void pdn_entries(const ShContest *c, bool authors, ContestOut *o)
{
    for (int k = 1; k <= sh_contest_entry_count(c); k++) {
        const ShContestEntry *e = sh_contest_entry(c, k);
        char fen[SH_FEN_SIZE], round[16];
        sh_fen_write(&e->start, false, fen);
        snprintf(round, sizeof round, "%d", k);
        put_tag(o, "Event", c->settings.name);
        put_tag(o, "Round", round);
        if (authors)
            put_tag(o, "Annotator", e->author);
        if (e->title[0])
            put_tag(o, "Title", e->title);
        put_tag(o, "GameType", "25");
        put_tag(o, "SetUp", "1");
        put_tag(o, "FEN", fen);
        put_tag(o, "Result", "*");
        contest_putf(o, "\n");
        char *note = malloc(strlen(e->stated) + strlen(e->report) + 64);
        if (!note) {
            o->failed = true;
            return;
        }
        sprintf(note, "%s to %s. Stated: %s. Check: %s",
                e->start.side == SH_WHITE ? "White" : "Black",
                e->goal == SH_CONTEST_DRAW ? "draw" : "win", e->stated[0] ? e->stated : "-",
                e->checked ? e->report : "not checked");
        put_comment(o, note);
        free(note);
        contest_putf(o, " *\n\n");
    }
}

static void text_standings(const ShContest *c, ContestOut *o, ShError *err)
{
    ShContestStanding *rows;
    int n = sh_contest_standings(c, &rows, err);
    int np = sh_contest_problem_count(c);
    contest_putf(o, "%s: standings\nRank  %-20s Points  Time   ", c->settings.name, "Solver");
    for (int k = 1; k <= np; k++)
        contest_putf(o, " %3d", k);
    contest_putf(o, "\n");
    for (int i = 0; i < n; i++) {
        char p[16];
        long t = (long)rows[i].time;
        contest_putf(o, "%4d  %-20s %6s  %ld:%02ld ", rows[i].rank,
             sh_contest_solver_name(c, rows[i].solver), sh_contest_points_text(rows[i].points, p), t / 60,
             t % 60);
        for (int k = 1; k <= np; k++) {
            ShAttemptView v;
            sh_contest_attempt(c, rows[i].solver, k, &v, NULL);
            contest_putf(o, " %3s",
                 v.state == SH_ATTEMPT_SOLVED   ? sh_contest_points_text(v.points, p)
                 : v.state == SH_ATTEMPT_FAILED ? "x"
                                                : "-");
        }
        contest_putf(o, "\n");
    }
    if (n > 0)
        free(rows);
}

static void text_award(const ShContest *c, bool authors, ContestOut *o, ShError *err)
{
    ShAwardRow *rows;
    int n = sh_contest_award(c, &rows, err);
    contest_putf(o, "%s: award%s\n", c->settings.name,
         c->settings.marks == SH_MARKS_TRIMMED
             ? " (with 3 marks or more the highest and the lowest do not count)"
             : "");
    for (int i = 0; i < n; i++) {
        const ShContestEntry *e = sh_contest_entry(c, rows[i].entry);
        char p[16], who[SH_CONTEST_TEXT + 16], fen[SH_FEN_SIZE];
        sh_fen_write(&e->start, false, fen);
        if (authors)
            snprintf(who, sizeof who, "%s", e->author);
        else
            snprintf(who, sizeof who, "entry %d", e->id);
        if (rows[i].place)
            contest_putf(o, "%2d. %s%s%s: %s points (%d judge%s%s)\n    %s\n    %s\n", rows[i].place, who,
                 e->title[0] ? ", " : "", e->title, sh_contest_points_text(rows[i].points, p),
                 rows[i].judges, rows[i].judges == 1 ? "" : "s",
                 rows[i].counted < rows[i].judges ? ", the highest and lowest left out" : "",
                 fen, e->stated);
        else
            contest_putf(o, " -  %s%s%s: not ranked: %s\n", who, e->title[0] ? ", " : "", e->title,
                 e->report);
    }
    if (n > 0)
        free(rows);
}

ShStatus sh_contest_export(const ShContest *c, ShContestExport what, bool authors, char **text,
                           ShError *err)
{
    *text = NULL;
    ContestOut o = {0};
    contest_putf(&o, "%s", "");
    bool composing = c->settings.kind == SH_CONTEST_COMPOSING;
    if (what == SH_CONTEST_EXPORT_PDN && composing)
        pdn_entries(c, authors, &o);
    else if (what == SH_CONTEST_EXPORT_PDN)
        pdn_problems(c, &o);
    else if (composing)
        text_award(c, authors, &o, err);
    else
        text_standings(c, &o, err);
    if (o.failed) {
        free(o.s);
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    }
    *text = o.s;
    return SH_OK;
}

const char *sh_contest_points_text(int tenths, char buf[16])
{
    if (tenths % 10)
        snprintf(buf, 16, "%d.%d", tenths / 10, tenths % 10);
    else
        snprintf(buf, 16, "%d", tenths / 10);
    return buf;
}
