/*
 * event_io.c - an event as text and back (see sh_event_write in shashki_tournament.h).
 *
 * The text is everything an event keeps and nothing derived, one record a line, the fields
 * separated by tabs (text fields have their tabs and line ends turned into spaces):
 *
 *   shashki-event 1
 *   set      KEY VALUE                              the settings (sh_event_settings_write)
 *   player   ID NAME RATING TITLE CLUB TEAM FED BIRTH ENGINE ENTERED WITHDRAWN
 *   request  ID ROUND TYPE                          a bye asked for
 *   stage    N TOTAL FIRST BRACKET GROUPS ID:GROUP,...   a stage that has started
 *   pairing  STAGE ROUND BOARD WHITE BLACK TYPE GAMES    followed by its GAMES lines:
 *   game     RESULT GAME-ID TIEBREAK OPENING
 *
 * An event of tables (a game of three or four) adds a field to a table's pairing line, its
 * players by seat (SEATS: "3,1,4,2"), and to its game line the table's result as the game
 * writes it ("1-0-0-0", "*" pending); older texts have neither and read as before.
 *
 * Reading checks each field's range and every reference (a pairing's players, a stage's
 * players) so that an event read back can be used like one built by the checked calls; a
 * line that does not fit is an error with its line and the column of the field.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "event.h"
#include "table_event.h"

typedef struct Out {
    char *text;
    size_t size, cap;
    bool failed;
} Out;

static void put(Out *o, const char *s, size_t n)
{
    if (o->failed)
        return;
    if (o->size + n + 1 > o->cap) {
        size_t cap = o->cap ? o->cap : 4096;
        while (o->size + n + 1 > cap)
            cap *= 2;
        char *bigger = realloc(o->text, cap);
        if (!bigger) {
            o->failed = true;
            return;
        }
        o->text = bigger;
        o->cap = cap;
    }
    memcpy(o->text + o->size, s, n);
    o->size += n;
    o->text[o->size] = '\0';
}

static void putf(Out *o, const char *format, ...) __attribute__((format(printf, 2, 3)));
static void putf(Out *o, const char *format, ...)
{
    char buf[1024];
    va_list args;
    va_start(args, format);
    int n = vsnprintf(buf, sizeof buf, format, args);
    va_end(args);
    if (n < 0)
        n = 0;
    put(o, buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
}

/* A text field: a tab first, then the text with its tabs and line ends as spaces. */
static void field(Out *o, const char *s)
{
    put(o, "\t", 1);
    for (; *s; s++) {
        char c = *s == '\t' || *s == '\n' || *s == '\r' ? ' ' : *s;
        put(o, &c, 1);
    }
}

ShStatus sh_event_write(const ShEvent *e, char **text, ShError *err)
{
    *text = NULL;
    Out o = {0};
    put(&o, "shashki-event 1\n", 16);
    char *settings;
    ShStatus st = sh_event_settings_write(&e->settings, &settings, err);
    if (st != SH_OK)
        return st;
    for (char *line = settings, *next; line && *line; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        char *eq = strstr(line, " = ");
        if (!eq)
            continue;
        *eq = '\0';
        put(&o, "set", 3);
        field(&o, line);
        field(&o, eq + 3);
        put(&o, "\n", 1);
    }
    free(settings);
    for (int i = 0; i < e->nplayers; i++) {
        const ShEventPlayer *p = &e->players[i];
        putf(&o, "player\t%d", p->id);
        field(&o, p->name);
        putf(&o, "\t%d", p->rating);
        field(&o, p->title);
        field(&o, p->club);
        field(&o, p->team);
        field(&o, p->federation);
        putf(&o, "\t%d", p->birth_year);
        field(&o, p->engine);
        putf(&o, "\t%d\t%d", p->entered, p->withdrawn);
        if (p->board) /* a team's board order (written only when set: older texts read) */
            putf(&o, "\t%d", p->board);
        put(&o, "\n", 1);
    }
    for (int i = 0; i < e->nrequests; i++)
        putf(&o, "request\t%d\t%d\t%d\n", e->requests[i].id, e->requests[i].round,
             (int)e->requests[i].type);
    for (int s = 0; s < SH_EVENT_MAX_STAGES; s++) {
        const StageState *ss = &e->stage[s];
        if (!ss->started)
            continue;
        putf(&o, "stage\t%d\t%d\t%d\t%d\t%d\t", s + 1, ss->total_rounds, ss->first_round,
             ss->bracket, ss->groups);
        for (int i = 0; i < ss->count; i++)
            putf(&o, "%s%d:%d", i ? "," : "", ss->ids[i], ss->group ? ss->group[i] : 0);
        put(&o, "\n", 1);
    }
    for (int i = 0; i < e->npairings; i++) {
        const ShEventPairing *p = &e->pairings[i];
        putf(&o, "pairing\t%d\t%d\t%d\t%d\t%d\t%d\t%d", p->stage, p->round, p->board,
             p->white, p->black, (int)p->type, p->ngames);
        if (p->home) /* a team match's teams (team events only) */
            putf(&o, "\t%d\t%d", p->home, p->away);
        for (int k = 0; k < p->seats; k++) /* a table's players (events of tables only) */
            putf(&o, "%c%d", k ? ',' : '\t', p->seat[k]);
        put(&o, "\n", 1);
        for (int g = 0; g < p->ngames; g++) {
            putf(&o, "game\t%d\t%ld\t%d", (int)p->games[g].result, p->games[g].game_id,
                 p->games[g].tiebreak);
            field(&o, p->games[g].opening);
            if (p->seats) {
                char result[32];
                field(&o, sh_event_table_result_text(p, result, sizeof result));
            }
            put(&o, "\n", 1);
        }
    }
    if (o.failed) {
        free(o.text);
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    }
    *text = o.text;
    return SH_OK;
}

/* ---- reading ---- */

#define MAX_FIELDS 16

typedef struct Line {
    int number;
    int count;
    char *field[MAX_FIELDS];
    int column[MAX_FIELDS];
} Line;

static ShStatus bad_field(ShError *err, const Line *l, int i, const char *what)
{
    return error_set(err, SH_ERR_SYNTAX, l->number, i < l->count ? l->column[i] : 1,
                     "%s expected", what);
}

static bool number(const char *text, long min, long max, long *out)
{
    char *end;
    long v = strtol(text, &end, 10);
    if (end == text || *end || v < min || v > max)
        return false;
    *out = v;
    return true;
}

#define NUMBER(i, min, max, what, var)                                                       \
    do {                                                                                     \
        long v_;                                                                             \
        if (!number(l->field[i], (min), (max), &v_))                                         \
            return bad_field(err, l, i, what);                                               \
        var = (__typeof__(var))v_;                                                           \
    } while (0)

static ShStatus copy_field(const Line *l, int i, char *out, size_t size, ShError *err)
{
    if (strlen(l->field[i]) >= size)
        return bad_field(err, l, i, "a shorter text");
    memcpy(out, l->field[i], strlen(l->field[i]) + 1);
    return SH_OK;
}

static ShStatus read_player(ShEvent *e, const Line *l, ShError *err)
{
    if (l->count != 12 && l->count != 13)
        return error_set(err, SH_ERR_SYNTAX, l->number, 1, "a player line has 12 fields "
                                                           "(13 with a team board)");
    ShEventPlayer p;
    memset(&p, 0, sizeof p);
    NUMBER(1, e->nplayers + 1, e->nplayers + 1, "the next player id", p.id);
    ShStatus st = SH_OK;
    if ((st = copy_field(l, 2, p.name, sizeof p.name, err)) != SH_OK ||
        (st = copy_field(l, 4, p.title, sizeof p.title, err)) != SH_OK ||
        (st = copy_field(l, 5, p.club, sizeof p.club, err)) != SH_OK ||
        (st = copy_field(l, 6, p.team, sizeof p.team, err)) != SH_OK ||
        (st = copy_field(l, 7, p.federation, sizeof p.federation, err)) != SH_OK ||
        (st = copy_field(l, 9, p.engine, sizeof p.engine, err)) != SH_OK)
        return st;
    if (!p.name[0])
        return bad_field(err, l, 2, "a name");
    NUMBER(3, 0, 4000, "a rating 0 to 4000", p.rating);
    NUMBER(8, 0, 2200, "a birth year", p.birth_year);
    NUMBER(10, 1, 100000, "the round entered", p.entered);
    NUMBER(11, 0, 100000, "the round withdrawn", p.withdrawn);
    if (l->count == 13)
        NUMBER(12, 1, SH_TEAM_MAX_MEMBERS, "a board in the team, 1 to 32", p.board);
    if (!event_room_for_player(e))
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    e->players[e->nplayers++] = p;
    return SH_OK;
}

static ShStatus read_request(ShEvent *e, const Line *l, ShError *err)
{
    if (l->count != 4)
        return error_set(err, SH_ERR_SYNTAX, l->number, 1, "a request line has 4 fields");
    ByeRequest r;
    NUMBER(1, 1, e->nplayers, "a player id", r.id);
    NUMBER(2, 1, 100000, "a round", r.round);
    long t;
    NUMBER(3, SH_PAIRING_HALF_BYE, SH_PAIRING_ABSENT, "a bye type (2 to 4)", t);
    r.type = (ShPairingType)t;
    if (!event_room_for_request(e))
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    e->requests[e->nrequests++] = r;
    return SH_OK;
}

static ShStatus read_stage(ShEvent *e, const Line *l, ShError *err)
{
    if (l->count != 7)
        return error_set(err, SH_ERR_SYNTAX, l->number, 1, "a stage line has 7 fields");
    long s;
    NUMBER(1, 1, e->settings.stage_count, "a stage of the settings", s);
    StageState *ss = &e->stage[s - 1];
    if (ss->started)
        return bad_field(err, l, 1, "a stage not given before");
    NUMBER(2, 0, 100000, "the stage's rounds", ss->total_rounds);
    NUMBER(3, 1, 100000, "the stage's first round", ss->first_round);
    NUMBER(4, 0, 1 << 16, "the bracket size", ss->bracket);
    NUMBER(5, 0, SH_EVENT_MAX_PLAYERS, "the groups", ss->groups);
    const char *list = l->field[6];
    int n = 0;
    for (const char *c = list; *c; c++)
        n += *c == ',';
    n += *list ? 1 : 0;
    ss->ids = malloc(sizeof(int) * ((size_t)n + 1));
    ss->group = calloc((size_t)n + 1, sizeof(int));
    if (!ss->ids || !ss->group)
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    ss->started = true;
    const char *c = list;
    for (int i = 0; i < n; i++) {
        int id, group, used;
        if (sscanf(c, "%d:%d%n", &id, &group, &used) != 2 || id < 1 || id > e->nplayers ||
            group < 0 || group > ss->groups)
            return error_set(err, SH_ERR_SYNTAX, l->number, l->column[6] + (int)(c - list),
                             "a player id:group of the event expected");
        for (int j = 0; j < i; j++)
            if (ss->ids[j] == id)
                return error_set(err, SH_ERR_SYNTAX, l->number,
                                 l->column[6] + (int)(c - list), "player %d is given twice",
                                 id);
        ss->ids[i] = id;
        ss->group[i] = group;
        c += used;
        if (*c == ',')
            c++;
    }
    if (*c)
        return error_set(err, SH_ERR_SYNTAX, l->number, l->column[6] + (int)(c - list),
                         "a player id:group of the event expected");
    ss->count = n;
    int size = 1;
    while (size < n)
        size *= 2;
    if (e->settings.stages[s - 1].system == SH_SYSTEM_KNOCKOUT && ss->bracket != size)
        return bad_field(err, l, 4, "the bracket of the stage's players (a power of two)");
    return SH_OK;
}

static ShStatus read_pairing(ShEvent *e, const Line *l, ShEventPairing *p, ShError *err)
{
    int size = sh_event_table_size(&e->settings);
    if (l->count != 8 && !(l->count == 10 && e->settings.boards) && !(l->count == 9 && size))
        return error_set(err, SH_ERR_SYNTAX, l->number, 1,
                         "a pairing line has 8 fields (10 in a team event, 9 for a table)");
    memset(p, 0, sizeof *p);
    NUMBER(1, 1, e->settings.stage_count, "a stage of the settings", p->stage);
    if (!e->stage[p->stage - 1].started)
        return bad_field(err, l, 1, "a stage that has started");
    NUMBER(2, 1, 100000, "a round", p->round);
    NUMBER(3, 1, SH_EVENT_MAX_PLAYERS, "a board", p->board);
    NUMBER(4, 1, e->nplayers, "a player id", p->white);
    long t;
    NUMBER(6, SH_PAIRING_GAME, SH_PAIRING_REST, "a pairing type (0 to 5)", t);
    p->type = (ShPairingType)t;
    NUMBER(5, p->type == SH_PAIRING_GAME ? 1 : 0, p->type == SH_PAIRING_GAME ? e->nplayers : 0,
           p->type == SH_PAIRING_GAME ? "a player id" : "0 for a bye", p->black);
    if (p->black == p->white)
        return bad_field(err, l, 5, "another player than White");
    NUMBER(7, 0, SH_EVENT_MAX_GAMES, "a number of games", p->ngames);
    if (l->count == 9) {
        const char *f = l->field[8];
        while (*f && p->seats < size) {
            char *end;
            long id = strtol(f, &end, 10);
            for (int k = 0; k < p->seats; k++)
                if (p->seat[k] == id)
                    id = 0;
            if (end == f || id < 1 || id > e->nplayers || (*end && *end != ','))
                break;
            p->seat[p->seats++] = (int)id;
            f = *end ? end + 1 : end;
        }
        if (*f || p->seats != size || p->type != SH_PAIRING_GAME || p->ngames != 1 ||
            p->seat[0] != p->white || p->seat[1] != p->black)
            return bad_field(err, l, 8, "the table's players by seat, one game");
    }
    if (l->count == 10) {
        NUMBER(8, 1, SH_EVENT_MAX_PLAYERS, "the home team", p->home);
        NUMBER(9, 0, SH_EVENT_MAX_PLAYERS, "the away team (0: a bye)", p->away);
    }
    return SH_OK;
}

static ShStatus read_game(const Line *l, int seats, ShEventGame *g, ShError *err)
{
    if (l->count != (seats ? 6 : 5))
        return error_set(err, SH_ERR_SYNTAX, l->number, 1, "a game line has %d fields",
                         seats ? 6 : 5);
    memset(g, 0, sizeof *g);
    long v;
    NUMBER(1, SH_GAME_PENDING, seats ? SH_GAME_TABLE : SH_GAME_DOUBLE_FORFEIT,
           "a result (0 to 7)", v);
    g->result = (ShGameResult)v;
    NUMBER(2, 0, 0x7fffffffL, "a game id", g->game_id);
    NUMBER(3, 0, SH_EVENT_MAX_GAMES, "a tie-break stage", g->tiebreak);
    if (seats) {
        ShError inner;
        bool pending = !strcmp(l->field[5], "*");
        if ((g->result == SH_GAME_TABLE) == pending ||
            (g->result != SH_GAME_TABLE && g->result != SH_GAME_PENDING) ||
            (!pending && table_parse_result(l->field[5], seats, g->share, &inner) != SH_OK))
            return bad_field(err, l, 5, "the table's result (1-0-0, 1/3-1/3-1/3 ...; * pending)");
    }
    return copy_field(l, 4, g->opening, sizeof g->opening, err);
}

ShStatus sh_event_read(const char *text, ShEvent **out, ShError *err)
{
    *out = NULL;
    size_t size = strlen(text);
    char *copy = malloc(size + 1);
    if (!copy)
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    memcpy(copy, text, size + 1);
    ShEventSettings settings;
    sh_event_settings_init(&settings);
    ShEvent *e = NULL;
    ShStatus st = SH_OK;
    ShEventPairing pairing;
    int games_due = 0, number_of_line = 0;
    for (char *line = copy, *next; line && *line && st == SH_OK; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        number_of_line++;
        Line l = {number_of_line, 0, {0}, {0}};
        for (char *f = line; f && l.count < MAX_FIELDS;) {
            l.field[l.count] = f;
            l.column[l.count++] = (int)(f - line) + 1;
            f = strchr(f, '\t');
            if (f)
                *f++ = '\0';
        }
        if (number_of_line == 1) {
            if (strcmp(line, "shashki-event 1") != 0)
                st = error_set(err, SH_ERR_SYNTAX, 1, 1, "not an event (\"shashki-event 1\")");
            continue;
        }
        const char *kind = l.field[0];
        if (games_due && strcmp(kind, "game") != 0) {
            st = error_set(err, SH_ERR_SYNTAX, l.number, 1, "%d more game line%s expected",
                           games_due, games_due == 1 ? "" : "s");
            break;
        }
        if (!strcmp(kind, "set")) {
            if (e) {
                st = error_set(err, SH_ERR_SYNTAX, l.number, 1, "settings come first");
            } else if (l.count != 3) {
                st = error_set(err, SH_ERR_SYNTAX, l.number, 1, "a set line has 3 fields");
            } else {
                st = sh_event_settings_set(&settings, l.field[1], l.field[2], err);
                if (st != SH_OK) {
                    err->line = l.number;
                    err->column = l.column[2];
                }
            }
            continue;
        }
        if (!e && (st = sh_event_new(&e, &settings, err)) != SH_OK)
            break;
        if (!strcmp(kind, "player")) {
            st = read_player(e, &l, err);
        } else if (!strcmp(kind, "request")) {
            st = read_request(e, &l, err);
        } else if (!strcmp(kind, "stage")) {
            st = read_stage(e, &l, err);
        } else if (!strcmp(kind, "pairing")) {
            st = read_pairing(e, &l, &pairing, err);
            games_due = pairing.ngames;
            if (st == SH_OK && !games_due && !event_add_pairing(e, &pairing))
                st = error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
        } else if (!strcmp(kind, "game") && games_due) {
            int i = pairing.ngames - games_due;
            st = read_game(&l, pairing.seats, &pairing.games[i], err);
            if (st == SH_OK && --games_due == 0 && !event_add_pairing(e, &pairing))
                st = error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
        } else {
            st = error_set(err, SH_ERR_SYNTAX, l.number, 1,
                           "set, player, request, stage, pairing or game expected");
        }
    }
    if (st == SH_OK && games_due)
        st = error_set(err, SH_ERR_SYNTAX, number_of_line, 1, "the text ends before a game line");
    if (st == SH_OK && !e)
        st = sh_event_new(&e, &settings, err);
    free(copy);
    if (st != SH_OK) {
        sh_event_free(e);
        return st;
    }
    *out = e;
    return SH_OK;
}
