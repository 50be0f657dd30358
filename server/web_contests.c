/* web_contests.c - solving and composing contests in the web app (docs/web-api.md "Contests";
 * include/shashki_contest.h, engine/contest_judge.h, store/cstore.h).
 *
 * The arbiter creates a contest, adds its problems (a position from the editor, a puzzle of the
 * built-in set, the compositions of a PDN file: each proven by the solver when it is added) or,
 * in a composing contest, its entries (checked at once) and the judges' points. A solver signs
 * in on his own device with the contest's code and a name: he gets a token in a cookie on the
 * contest's path (the contest keeps its hash as his key) and answers move by move, or sends a
 * whole solution as text; each answer is judged at once. Anyone may read a contest and its
 * standings (the code and the solutions are the arbiter's); its stream says when it changed.
 *
 * A contest is loaded, changed and saved under the contests' own lock (judging an answer may
 * take the solver a second or two: the games go on meanwhile); a change is then announced on
 * the games' condition, as the events' are.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "contest_judge.h"
#include "stream.h"
#include "web_app.h"
#include "web_json.h"
#include "web_rights.h"

#define SOLVER_COOKIE_SECONDS (7L * 24 * 3600)
#define ANSWER_SECONDS 2.0   /* the solver's time to judge a move that is not the tree's */
#define PROBLEM_SECONDS 10.0 /* and to prove a problem */

static void announce(WebApp *app)
{
    pthread_mutex_lock(&app->games->lock);
    app->contests_version++;
    live_announce(app->games, &app->games->changed);
    pthread_mutex_unlock(&app->games->lock);
}

/* The contest of the route's first parameter, loaded with the contests' lock taken; false with
 * a 404 (lock released). */
static bool load(WebApp *app, const HttpRequest *req, HttpResponse *res, long *id, ShContest **c)
{
    char *end;
    errno = 0;
    long v = req->nparams > 0 ? strtol(req->params[0], &end, 10) : 0;
    if (req->nparams == 0 || *end || errno || v <= 0) {
        http_error(res, 404, "no contest '%s'", req->nparams ? req->params[0] : "");
        return false;
    }
    pthread_mutex_lock(&app->contests_lock);
    char why[256];
    if (!cstore_load(app->cstore, v, c, why, sizeof why)) {
        pthread_mutex_unlock(&app->contests_lock);
        http_error(res, 404, "no contest %ld", v);
        return false;
    }
    *id = v;
    return true;
}

static void done(WebApp *app, ShContest *c)
{
    pthread_mutex_unlock(&app->contests_lock);
    sh_contest_free(c);
}

static bool save(WebApp *app, long id, const ShContest *c, HttpResponse *res)
{
    char why[256];
    if (cstore_save(app->cstore, id, c, why, sizeof why))
        return true;
    if (res)
        http_error(res, 500, "the contest could not be saved: %s", why);
    return false;
}

static const char *alternative_name(ShContestAlternative a)
{
    return a == SH_ALTERNATIVE_FULL ? "full" : a == SH_ALTERNATIVE_HALF ? "half" : "none";
}

static const char *goal_name(ShContestGoal g)
{
    return g == SH_CONTEST_DRAW ? "draw" : "win";
}

static const char *state_name(ShAttemptState s)
{
    return s == SH_ATTEMPT_SOLVED ? "solved" : s == SH_ATTEMPT_FAILED ? "failed" : "open";
}

static json_t *points(int tenths)
{
    return tenths % 10 ? json_real(tenths / 10.0) : json_integer(tenths / 10);
}

/* The moves of a line from `start`, as text. */
static json_t *line_json(const ShPosition *start, const ShMove *line, int n)
{
    json_t *a = json_array();
    ShPosition pos = *start;
    for (int i = 0; i < n; i++) {
        char text[SH_MOVE_TEXT_SIZE];
        if (sh_move_write(&pos, &line[i], SH_NOTATION_SHORT, text, NULL) != SH_OK)
            snprintf(text, sizeof text, "?");
        json_array_append_new(a, json_string(text));
        sh_position_play(&pos, &line[i], &pos);
    }
    return a;
}

static json_t *problem_json(const ShContest *c, int k, bool arbiter)
{
    const ShContestProblem *p = sh_contest_problem(c, k);
    char fen[SH_FEN_SIZE];
    sh_fen_write(&p->start, false, fen);
    json_t *o = json_pack("{s:i,s:s,s:s,s:s,s:s,s:i,s:o,s:s}", "id", k, "title", p->title,
                          "source", p->source, "fen", fen, "goal", goal_name(p->goal), "moves",
                          p->moves, "points", points(p->points), "side",
                          sh_position_side(&p->start) == SH_WHITE ? "white" : "black");
    if (arbiter) {
        char text[8192];
        sh_contest_solution_text(c, k, true, text, sizeof text);
        json_object_set_new(o, "solution", json_string(text));
    }
    return o;
}

static json_t *standings_json(const ShContest *c)
{
    json_t *rows = json_array();
    ShContestStanding *s;
    int n = sh_contest_standings(c, &s, NULL);
    for (int i = 0; i < n; i++) {
        json_t *cells = json_array();
        for (int k = 1; k <= sh_contest_problem_count(c); k++) {
            ShAttemptView v;
            sh_contest_attempt(c, s[i].solver, k, &v, NULL);
            json_array_append_new(
                cells, json_pack("{s:s,s:o,s:b}", "state", state_name(v.state), "points",
                                 points(v.state == SH_ATTEMPT_SOLVED ? v.points : 0),
                                 "alternative", v.alternative));
        }
        json_array_append_new(rows, json_pack("{s:i,s:i,s:s,s:o,s:i,s:I,s:o}", "rank", s[i].rank,
                                              "solver", s[i].solver, "name",
                                              sh_contest_solver_name(c, s[i].solver), "points",
                                              points(s[i].points), "solved", s[i].solved,
                                              "time", (json_int_t)s[i].time, "problems", cells));
    }
    free(s);
    return rows;
}

/* Who reads a contest: the arbiter, an account (a composer), or anyone. */
typedef struct Reader {
    bool arbiter;
    char account[ACCOUNT_NAME_SIZE]; /* "" none */
} Reader;

static Reader reader_of(WebApp *app, const HttpRequest *req)
{
    Reader r = {rights_is_arbiter(app, req), ""};
    Account a;
    if (rights_account(app, req, &a))
        snprintf(r.account, sizeof r.account, "%s", a.name);
    return r;
}

/* An entry's author is the arbiter's and its composer's to see until the award is published:
 * the judges read the entries anonymously. */
static bool author_shown(const ShContest *c, const ShContestEntry *e, const Reader *r)
{
    return sh_contest_settings(c)->published || r->arbiter ||
           (r->account[0] && !strcmp(e->account, r->account));
}

static json_t *entries_json(const ShContest *c, const Reader *r)
{
    json_t *entries = json_array();
    for (int k = 1; k <= sh_contest_entry_count(c); k++) {
        const ShContestEntry *e = sh_contest_entry(c, k);
        char fen[SH_FEN_SIZE];
        sh_fen_write(&e->start, false, fen);
        json_array_append_new(
            entries,
            json_pack("{s:i,s:o,s:s,s:s,s:s,s:s,s:b,s:b,s:s,s:b,s:b}", "id", k, "author",
                      author_shown(c, e, r) ? json_string(e->author) : json_null(), "title",
                      e->title, "fen", fen, "goal", goal_name(e->goal), "stated", e->stated,
                      "checked", e->checked, "sound", e->sound, "report", e->report, "mine",
                      r->account[0] && !strcmp(e->account, r->account), "sent",
                      e->account[0] != '\0'));
    }
    return entries;
}

static json_t *award_json(const ShContest *c)
{
    json_t *rows = json_array();
    ShAwardRow *a;
    int n = sh_contest_award(c, &a, NULL);
    for (int i = 0; i < n; i++)
        json_array_append_new(rows, json_pack("{s:i,s:o,s:o,s:i,s:i}", "entry", a[i].entry,
                                              "place",
                                              a[i].place ? json_integer(a[i].place) : json_null(),
                                              "points", points(a[i].points), "judges",
                                              a[i].judges, "counted", a[i].counted));
    free(a);
    return rows;
}

/* The Contest of docs/web-api.md; the code and the solutions for the arbiter only. */
static json_t *contest_json(WebApp *app, const HttpRequest *req, long id, const ShContest *c)
{
    const ShContestSettings *s = sh_contest_settings(c);
    Reader r = reader_of(app, req);
    bool arbiter = r.arbiter;
    json_t *problems = json_array();
    for (int k = 1; k <= sh_contest_problem_count(c); k++)
        json_array_append_new(problems, problem_json(c, k, arbiter));
    json_t *o = json_pack(
        "{s:I,s:s,s:s,s:i,s:s,s:o,s:b,s:o,s:o,s:o,s:o}", "id", (json_int_t)id, "name", s->name,
        "kind", s->kind == SH_CONTEST_SOLVING ? "solving" : "composing", "minutes", s->minutes,
        "alternative", alternative_name(s->alternative), "code",
        arbiter ? json_string(s->code) : json_null(), "arbiter", arbiter, "problems", problems,
        "standings", standings_json(c), "entries", entries_json(c, &r), "award", award_json(c));
    json_object_set_new(o, "marks", json_string(s->marks == SH_MARKS_TRIMMED ? "trimmed"
                                                                            : "total"));
    json_object_set_new(o, "published", json_boolean(s->published));
    json_object_set_new(o, "account", r.account[0] ? json_string(r.account) : json_null());
    return o;
}

/* The solver this request is (his token's cookie on the contest's path), or 0. */
static int solver_of(WebApp *app, const HttpRequest *req, const ShContest *c)
{
    char cookie[64], key[AUTH_TOKEN_TEXT];
    rights_cookie_name(app, "solver", cookie, sizeof cookie);
    if (!auth_token_name(http_cookie(req, cookie), key))
        return 0;
    for (int i = 1; i <= sh_contest_solver_count(c); i++)
        if (!strcmp(sh_contest_solver_key(c, i), key))
            return i;
    return 0;
}

/* The solver's sheet: every problem's attempt, and the time left. */
static json_t *sheet_json(const ShContest *c, int solver)
{
    const ShContestSettings *s = sh_contest_settings(c);
    int64_t now = (int64_t)time(NULL);
    int64_t used = now - sh_contest_solver_joined(c, solver);
    json_t *problems = json_array();
    for (int k = 1; k <= sh_contest_problem_count(c); k++) {
        const ShContestProblem *p = sh_contest_problem(c, k);
        ShAttemptView v;
        sh_contest_attempt(c, solver, k, &v, NULL);
        json_t *o = problem_json(c, k, false);
        json_object_set_new(o, "state", json_string(state_name(v.state)));
        json_object_set_new(o, "won", points(v.state == SH_ATTEMPT_SOLVED ? v.points : 0));
        json_object_set_new(o, "alternative", json_boolean(v.alternative));
        json_object_set_new(o, "answered", json_integer(v.answered));
        json_object_set_new(o, "failure", json_string(v.failure));
        json_object_set_new(o, "line", line_json(&p->start, v.line, v.line_count));
        if (v.state == SH_ATTEMPT_OPEN)
            json_object_set_new(o, "position", wj_position(&v.position));
        json_array_append_new(problems, o);
    }
    return json_pack("{s:i,s:s,s:o,s:o}", "solver", solver, "name",
                     sh_contest_solver_name(c, solver), "seconds_left",
                     s->minutes ? json_integer(used >= s->minutes * 60 ? 0
                                                                     : s->minutes * 60 - used)
                                : json_null(),
                     "problems", problems);
}

/* ---- the handlers ---- */

static void on_list(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    (void)req;
    WebApp *app = ctx;
    enum { MAX = 500 };
    CStoredContest *rows = calloc(MAX, sizeof *rows);
    if (!rows) {
        http_error(res, 500, "out of memory");
        return;
    }
    int n = cstore_list(app->cstore, rows, MAX);
    json_t *list = json_array();
    for (int i = n - 1; i >= 0; i--) /* newest first */
        json_array_append_new(list, json_pack("{s:I,s:s,s:s,s:s}", "id", (json_int_t)rows[i].id,
                                              "name", rows[i].name, "kind", rows[i].kind,
                                              "updated", rows[i].updated));
    free(rows);
    http_json(res, 200, json_pack("{s:o}", "contests", list));
}

/* The settings of a body ("name", "kind", "minutes", "alternative", "code"), applied to s. */
static bool apply_settings(json_t *body, ShContestSettings *s, ShContest *c, HttpResponse *res)
{
    static const char *const KEYS[] = {"name",  "kind",  "minutes",  "alternative",
                                       "code",  "marks", "published"};
    for (size_t i = 0; i < sizeof KEYS / sizeof *KEYS; i++) {
        json_t *v = json_object_get(body, KEYS[i]);
        if (!v || json_is_null(v))
            continue;
        char text[128];
        if (json_is_integer(v))
            snprintf(text, sizeof text, "%lld", (long long)json_integer_value(v));
        else if (json_is_string(v))
            snprintf(text, sizeof text, "%s", json_string_value(v));
        else if (json_is_boolean(v))
            snprintf(text, sizeof text, "%s", json_is_true(v) ? "yes" : "no");
        else {
            http_field_error(res, 400, KEYS[i], 0, 0, "%s: a string or a number", KEYS[i]);
            return false;
        }
        ShError err;
        ShStatus st = c ? sh_contest_set(c, KEYS[i], text, &err)
                        : sh_contest_settings_set(s, KEYS[i], text, &err);
        if (st != SH_OK) {
            http_field_error(res, 400, KEYS[i], 0, 0, "%s", err.message);
            return false;
        }
    }
    return true;
}

static void on_create(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    json_t *body = http_body_object(req, res);
    if (!body)
        return;
    ShContestSettings s;
    sh_contest_settings_init(&s);
    json_t *name = json_object_get(body, "name");
    ShContest *c = NULL;
    ShError err;
    if (!json_is_string(name) || !*json_string_value(name))
        http_field_error(res, 400, "name", 0, 0, "a contest needs a name");
    else if (apply_settings(body, &s, NULL, res) &&
             rights_need_arbiter(app, req, res, "creating a contest")) {
        long id = 0;
        char why[256];
        if (sh_contest_new(&c, &s, &err) != SH_OK) {
            http_error(res, 500, "%s", err.message);
        } else {
            pthread_mutex_lock(&app->contests_lock);
            bool ok = cstore_create(app->cstore, c, &id, why, sizeof why);
            pthread_mutex_unlock(&app->contests_lock);
            if (ok) {
                http_json(res, 201, contest_json(app, req, id, c));
                announce(app);
            } else {
                http_error(res, 500, "the contest could not be saved: %s", why);
            }
        }
    }
    sh_contest_free(c);
    json_decref(body);
}

static void on_get(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    long id;
    ShContest *c;
    if (!load(app, req, res, &id, &c))
        return;
    json_t *j = contest_json(app, req, id, c);
    /* whether this device's solver is signed in: the page asks for his sheet only then (a
     * visitor's page would get a 401 on every visit) */
    json_object_set_new(j, "signed_in", json_boolean(solver_of(app, req, c) != 0));
    http_json(res, 200, j);
    done(app, c);
}

static void on_delete(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    long id;
    ShContest *c;
    if (!rights_need_arbiter(app, req, res, "deleting a contest") ||
        !load(app, req, res, &id, &c))
        return;
    bool ok = cstore_delete(app->cstore, id);
    done(app, c);
    if (!ok) {
        http_error(res, 500, "the contest could not be deleted");
        return;
    }
    http_json(res, 200, json_pack("{s:I}", "deleted", (json_int_t)id));
    announce(app);
}

/* A change of the arbiter's: the contest loaded, `change` applied, saved, the contest back. */
typedef bool (*Change)(WebApp *app, ShContest *c, json_t *body, HttpResponse *res);

/* The change of a composer's account when `author` is given (it is put in the body: the entry's
 * author), else the arbiter's (`what` says what is refused without him). */
static void contest_change(const HttpRequest *req, HttpResponse *res, WebApp *app,
                           const char *what, Change change, const char *author)
{
    json_t *body = http_body_object(req, res);
    if (!body)
        return;
    if (author)
        json_object_set_new(body, "author", json_string(author));
    long id;
    ShContest *c;
    if ((author || rights_need_arbiter(app, req, res, what)) && load(app, req, res, &id, &c)) {
        bool ok = change(app, c, body, res) && save(app, id, c, res);
        if (ok)
            http_json(res, 200, contest_json(app, req, id, c));
        done(app, c);
        if (ok)
            announce(app);
    }
    json_decref(body);
}

static void arbiter_change(const HttpRequest *req, HttpResponse *res, WebApp *app,
                           const char *what, Change change)
{
    contest_change(req, res, app, what, change, NULL);
}

static bool change_settings(WebApp *app, ShContest *c, json_t *body, HttpResponse *res)
{
    (void)app;
    return apply_settings(body, NULL, c, res);
}

static void on_settings(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    arbiter_change(req, res, ctx, "changing a contest's settings", change_settings);
}

static bool goal_of(json_t *body, ShContestGoal *goal, HttpResponse *res)
{
    const char *g = json_string_value(json_object_get(body, "goal"));
    *goal = g && !strcmp(g, "draw") ? SH_CONTEST_DRAW : SH_CONTEST_WIN;
    if (g && strcmp(g, "draw") && strcmp(g, "win")) {
        http_field_error(res, 400, "goal", 0, 0, "a goal is win or draw");
        return false;
    }
    return true;
}

static int int_field(json_t *body, const char *key, int fallback)
{
    json_t *v = json_object_get(body, key);
    return json_is_integer(v) ? (int)json_integer_value(v) : fallback;
}

/* {fen | puzzle | pdn, goal, points, moves, title}: each proven before it is added. */
static bool change_problems(WebApp *app, ShContest *c, json_t *body, HttpResponse *res)
{
    ShContestGoal goal;
    if (!goal_of(body, &goal, res))
        return false;
    int pts = int_field(body, "points", 10), moves = int_field(body, "moves", 10);
    if (pts < 0 || pts > 100 || moves < 1 || moves > 20) {
        http_field_error(res, 400, pts < 0 || pts > 100 ? "points" : "moves", 0, 0,
                         "points are 0 to 100, moves 1 to 20");
        return false;
    }
    ContestLimits limits = {moves, PROBLEM_SECONDS};
    const char *fen = json_string_value(json_object_get(body, "fen"));
    const char *puzzle = json_string_value(json_object_get(body, "puzzle"));
    const char *pdn = json_string_value(json_object_get(body, "pdn"));
    const char *title = json_string_value(json_object_get(body, "title"));
    ShError err;
    if (pdn) {
        char report[2048];
        int added = contest_add_pdn(c, pdn, strlen(pdn), "PDN", pts * 10, &limits, report,
                                    sizeof report);
        if (!added) {
            http_field_error(res, 422, "pdn", 0, 0, "no composition could be added: %s", report);
            return false;
        }
        return true;
    }
    ShPosition pos;
    char source[SH_CONTEST_TEXT] = "editor", name[SH_CONTEST_TEXT] = "";
    if (puzzle) {
        const Puzzle *p = puzzle_set_find(&app->puzzles, puzzle);
        if (!p || strcmp(p->goal, "win")) {
            http_field_error(res, 404, "puzzle", 0, 0, "no puzzle '%s' with the goal win", puzzle);
            return false;
        }
        pos = p->start;
        goal = SH_CONTEST_WIN;
        snprintf(source, sizeof source, "puzzle %s", p->id);
        snprintf(name, sizeof name, "%s", p->id);
    } else if (!fen || sh_fen_read(fen, &pos, &err) != SH_OK) {
        http_field_error(res, 400, "fen", 0, 0, "a problem is a fen, a puzzle or a pdn%s%s",
                         fen ? ": " : "", fen ? err.message : "");
        return false;
    }
    if (title && *title)
        snprintf(name, sizeof name, "%s", title);
    if (contest_add_position(c, name, source, &pos, goal, pts * 10, &limits, NULL, &err) !=
        SH_OK) {
        http_field_error(res, 422, puzzle ? "puzzle" : "fen", 0, 0, "%s", err.message);
        return false;
    }
    return true;
}

static void on_problems(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    arbiter_change(req, res, ctx, "adding a problem", change_problems);
}

/* {author, title, fen, goal, stated}: the entry's soundness checked as it is added. */
static bool change_entries(WebApp *app, ShContest *c, json_t *body, HttpResponse *res)
{
    (void)app;
    ShContestGoal goal;
    if (!goal_of(body, &goal, res))
        return false;
    const char *fen = json_string_value(json_object_get(body, "fen"));
    const char *author = json_string_value(json_object_get(body, "author"));
    const char *title = json_string_value(json_object_get(body, "title"));
    const char *stated = json_string_value(json_object_get(body, "stated"));
    ShPosition pos;
    ShError err;
    int id;
    if (!fen || sh_fen_read(fen, &pos, &err) != SH_OK) {
        http_field_error(res, 400, "fen", 0, 0, "an entry's position: %s",
                         fen ? err.message : "its FEN");
        return false;
    }
    if (sh_contest_add_entry(c, author, title, &pos, goal, stated, &id, &err) != SH_OK) {
        http_field_error(res, 400, author && *author ? "kind" : "author", 0, 0, "%s",
                         err.message);
        return false;
    }
    ContestLimits limits = {10, PROBLEM_SECONDS};
    bool sound;
    char report[512];
    contest_check_entry(&pos, goal, stated ? stated : "", &limits, &sound, report,
                        sizeof report);
    sh_contest_set_soundness(c, id, sound, report, NULL);
    return true;
}

/* A composer's own entry (the body's author is his account's name): kept with his account;
 * refused once the award is published, which closes the entries. */
static bool change_own_entry(WebApp *app, ShContest *c, json_t *body, HttpResponse *res)
{
    ShError err;
    if (sh_contest_settings(c)->published) {
        http_field_error(res, 409, "contest", 0, 0, "the award is out: entries are closed");
        return false;
    }
    if (!change_entries(app, c, body, res))
        return false;
    if (sh_contest_set_entry_account(c, sh_contest_entry_count(c),
                                     json_string_value(json_object_get(body, "author")),
                                     &err) != SH_OK) {
        http_field_error(res, 400, "author", 0, 0, "%s", err.message);
        return false;
    }
    return true;
}

/* An entry: the arbiter's (any author), or a composer's own, sent from his account's session:
 * the author is the account, kept with the entry, and anonymous to the judges until the award
 * is published (when entries are closed). */
static void on_entries(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    if (rights_is_arbiter(app, req)) {
        arbiter_change(req, res, ctx, "adding an entry", change_entries);
        return;
    }
    Account account;
    if (!rights_account(app, req, &account)) {
        http_refuse(res, 401, "account",
                    "sending an entry needs a composer's account (signed in) or the arbiter");
        return;
    }
    contest_change(req, res, app, "sending an entry", change_own_entry, account.name);
}

/* GET /api/contests/ID/export/pdn|text: the contest's files (sh_contest_export), the authors
 * named once the award is published (or to the arbiter). */
static void on_export(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    const char *what = req->nparams > 1 ? req->params[1] : "";
    bool pdn = !strcmp(what, "pdn");
    if (!pdn && strcmp(what, "text")) {
        http_error(res, 404, "a contest exports pdn or text, not '%s'", what);
        return;
    }
    bool arbiter = rights_is_arbiter(app, req);
    long id;
    ShContest *c;
    if (!load(app, req, res, &id, &c))
        return;
    char *text = NULL;
    ShError err;
    ShStatus st = sh_contest_export(c, pdn ? SH_CONTEST_EXPORT_PDN : SH_CONTEST_EXPORT_TEXT,
                                    arbiter || sh_contest_settings(c)->published, &text, &err);
    done(app, c);
    if (st != SH_OK) {
        http_error(res, 500, "%s", err.message);
        return;
    }
    char disposition[96];
    snprintf(disposition, sizeof disposition, "attachment; filename=\"contest-%ld.%s\"", id,
             pdn ? "pdn" : "txt");
    http_add_header(res, "Content-Disposition", disposition);
    http_text(res, 200, pdn ? "application/x-pdn; charset=utf-8" : "text/plain; charset=utf-8",
              text);
    free(text);
}

/* {judge, entry, points}: points 0-10, tenths allowed. */
static bool change_marks(WebApp *app, ShContest *c, json_t *body, HttpResponse *res)
{
    (void)app;
    const char *judge = json_string_value(json_object_get(body, "judge"));
    json_t *p = json_object_get(body, "points");
    ShError err;
    if (!json_is_number(p)) {
        http_field_error(res, 400, "points", 0, 0, "a judge gives 0 to 10 points");
        return false;
    }
    if (sh_contest_judge(c, judge, int_field(body, "entry", 0),
                         (int)(json_number_value(p) * 10 + 0.5), &err) != SH_OK) {
        http_field_error(res, 409, "entry", 0, 0, "%s", err.message);
        return false;
    }
    return true;
}

static void on_marks(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    arbiter_change(req, res, ctx, "a judge's points", change_marks);
}

static void on_join(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    json_t *body = http_body_object(req, res);
    if (!body)
        return;
    long id;
    ShContest *c;
    if (load(app, req, res, &id, &c)) {
        const char *code = json_string_value(json_object_get(body, "code"));
        const char *name = json_string_value(json_object_get(body, "name"));
        int solver;
        ShError err;
        char token[AUTH_TOKEN_TEXT], key[AUTH_TOKEN_TEXT];
        unsigned char hash[STORE_HASH_SIZE];
        auth_token_new(token, hash);
        auth_token_name(token, key);
        char peer[64];
        http_peer(req, peer, sizeof peer);
        auth_guess_begin(app->auth, peer); /* codes may be guessed: guesses are paced */
        ShStatus st = sh_contest_join(c, code ? code : "", name, (int64_t)time(NULL), &solver,
                                      &err);
        auth_guess_end(app->auth, peer, st == SH_OK || !strstr(err.message, "code"));
        if (st != SH_OK) {
            http_field_error(res, strstr(err.message, "code") ? 403 : 409,
                             strstr(err.message, "code") ? "code" : "name", 0, 0, "%s",
                             err.message);
        } else if (sh_contest_set_solver_key(c, solver, key, &err) == SH_OK &&
                   save(app, id, c, res)) {
            char cookie[64], path[48];
            rights_cookie_name(app, "solver", cookie, sizeof cookie);
            snprintf(path, sizeof path, "/api/contests/%ld", id);
            http_set_cookie(res, cookie, token, path, SOLVER_COOKIE_SECONDS);
            http_json(res, 201, sheet_json(c, solver));
            done(app, c);
            announce(app);
            json_decref(body);
            return;
        }
        done(app, c);
    }
    json_decref(body);
}

static void on_sheet(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    long id;
    ShContest *c;
    if (!load(app, req, res, &id, &c))
        return;
    int solver = solver_of(app, req, c);
    if (solver)
        http_json(res, 200, sheet_json(c, solver));
    else
        http_refuse(res, 401, "solver", "sign in to contest %ld with its code first", id);
    done(app, c);
}

/* A solver's answer: {move} (his move at the position his attempt is at) or {text} (the whole
 * solution). The route's second parameter is the problem. */
static void on_answer(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    json_t *body = http_body_object(req, res);
    if (!body)
        return;
    long id;
    ShContest *c;
    if (!load(app, req, res, &id, &c)) {
        json_decref(body);
        return;
    }
    int solver = solver_of(app, req, c);
    int problem = req->nparams > 1 ? atoi(req->params[1]) : 0;
    const char *move = json_string_value(json_object_get(body, "move"));
    const char *text = json_string_value(json_object_get(body, "text"));
    ContestLimits limits = {0, ANSWER_SECONDS};
    int64_t now = (int64_t)time(NULL);
    ShError err;
    ShAttemptView v;
    ShStatus st = SH_OK;
    bool changed = false, unreadable = false;
    if (!solver) {
        http_refuse(res, 401, "solver", "sign in to contest %ld with its code first", id);
    } else if (!sh_contest_problem(c, problem)) {
        http_error(res, 404, "contest %ld has no problem %d", id, problem);
    } else if (text) {
        st = sh_contest_answer_text(c, solver, problem, text, now, contest_wins, &limits, &v,
                                    &err);
        changed = true;
    } else if (!move) {
        http_field_error(res, 400, "move", 0, 0, "an answer is a move or a text");
    } else if (sh_contest_attempt(c, solver, problem, &v, NULL), v.state != SH_ATTEMPT_OPEN) {
        http_field_error(res, 409, "move", 0, 0, "problem %d is over for %s", problem,
                         sh_contest_solver_name(c, solver));
    } else {
        ShMove m;
        st = sh_move_parse(&v.position, move, &m, &err);
        unreadable = st != SH_OK;
        if (st == SH_OK)
            st = sh_contest_answer(c, solver, problem, &m, now, contest_wins, &limits, &v, &err);
        changed = true;
    }
    if (changed && st != SH_OK) {
        unreadable = unreadable || err.code == SH_ERR_SYNTAX;
        http_field_error(res, unreadable ? 400 : 409, text ? "text" : "move", err.line,
                         err.column, "%s", err.message);
        /* the time up fails the open problems: kept */
        if (strstr(err.message, "time is up"))
            save(app, id, c, NULL);
    } else if (changed && save(app, id, c, res)) {
        http_json(res, 200, sheet_json(c, solver));
    } else {
        changed = false;
    }
    done(app, c);
    if (changed)
        announce(app);
    json_decref(body);
}

/* ---- the contest's stream: {"version": N} each time any contest changes ---- */

static bool contest_version(WebGames *g, long id, void *context, unsigned *version)
{
    (void)g;
    (void)id;
    *version = ((WebApp *)*(void **)context)->contests_version;
    return true;
}

static char *contest_text(WebGames *g, long id, void *context)
{
    (void)g;
    WebApp *app = *(void **)context;
    char *out = malloc(96);
    if (out)
        snprintf(out, 96, "event: contest\ndata: {\"id\":%ld,\"version\":%u}\n\n", id,
                 app->contests_version);
    return out;
}

static pthread_cond_t *contest_cond(WebGames *g, long id)
{
    (void)id;
    return &g->changed;
}

static const StreamSource CONTEST_STREAM = {contest_version, contest_text, contest_cond, NULL};

static void on_stream(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    long id;
    ShContest *c;
    if (!load(app, req, res, &id, &c))
        return;
    done(app, c);
    void **context = malloc(sizeof *context);
    if (!context) {
        http_error(res, 500, "out of memory");
        return;
    }
    *context = app;
    stream_respond(res, app->games, &CONTEST_STREAM, id, context);
}

static const HttpRoute ROUTES[] = {
    {"GET", "/api/contests", on_list},
    {"POST", "/api/contests", on_create},
    {"GET", "/api/contests/*", on_get},
    {"DELETE", "/api/contests/*", on_delete},
    {"POST", "/api/contests/*/settings", on_settings},
    {"POST", "/api/contests/*/problems", on_problems},
    {"POST", "/api/contests/*/entries", on_entries},
    {"POST", "/api/contests/*/marks", on_marks},
    {"POST", "/api/contests/*/join", on_join},
    {"GET", "/api/contests/*/me", on_sheet},
    {"POST", "/api/contests/*/problems/*/answer", on_answer},
    {"GET", "/api/contests/*/events", on_stream},
    {"GET", "/api/contests/*/export/*", on_export},
};

WEB_ROUTES(WEB_CONTESTS_ROUTES, ROUTES);
