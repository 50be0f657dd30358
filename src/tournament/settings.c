/* settings.c - an event's settings: defaults, "key = value" text both ways, and the names
 * of systems, tie-breaks and results (see shashki_tournament.h). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "error.h"
#include "shashki_tournament.h"
#include "team.h"

static const char *const SYSTEMS[SH_SYSTEM_COUNT] = {"round-robin", "swiss", "knockout",
                                                     "scheveningen"};

const char *sh_system_name(ShSystem system)
{
    return system >= 0 && system < SH_SYSTEM_COUNT ? SYSTEMS[system] : "?";
}

bool sh_system_find(const char *name, ShSystem *system)
{
    static const struct {
        const char *name;
        ShSystem system;
    } ALIASES[] = {{"rr", SH_SYSTEM_ROUND_ROBIN}, {"berger", SH_SYSTEM_ROUND_ROBIN},
                   {"roundrobin", SH_SYSTEM_ROUND_ROBIN}, {"olympic", SH_SYSTEM_KNOCKOUT},
                   {"dutch", SH_SYSTEM_SWISS}, {"ko", SH_SYSTEM_KNOCKOUT}};
    for (int i = 0; i < SH_SYSTEM_COUNT; i++)
        if (strcasecmp(name, SYSTEMS[i]) == 0) {
            *system = (ShSystem)i;
            return true;
        }
    for (size_t i = 0; i < sizeof ALIASES / sizeof ALIASES[0]; i++)
        if (strcasecmp(name, ALIASES[i].name) == 0) {
            *system = ALIASES[i].system;
            return true;
        }
    return false;
}

static const struct {
    const char *name, *title;
} TIEBREAKS[SH_TB_COUNT] = {
    {"bh", "Buchholz"},
    {"bh-c1", "Buchholz cut 1"},
    {"bh-m1", "median Buchholz"},
    {"sb", "Sonneborn-Berger"},
    {"solkoff", "Solkoff"},
    {"win", "wins"},
    {"bwg", "wins with Black"},
    {"de", "direct encounter"},
    {"ps", "progressive score"},
    {"aro", "average rating of opponents"},
    {"tpr", "rating performance"},
    {"ks", "Koya"},
};

const char *sh_tiebreak_name(ShTieBreak tb)
{
    return tb >= 0 && tb < SH_TB_COUNT ? TIEBREAKS[tb].name : "?";
}

const char *sh_tiebreak_title(ShTieBreak tb)
{
    return tb >= 0 && tb < SH_TB_COUNT ? TIEBREAKS[tb].title : "?";
}

bool sh_tiebreak_find(const char *name, ShTieBreak *tb)
{
    static const struct {
        const char *name;
        ShTieBreak tb;
    } ALIASES[] = {
        {"buchholz", SH_TB_BUCHHOLZ}, {"cut1", SH_TB_BUCHHOLZ_CUT1},
        {"median", SH_TB_BUCHHOLZ_MEDIAN}, {"berger", SH_TB_SONNEBORN_BERGER},
        {"sonneborn-berger", SH_TB_SONNEBORN_BERGER}, {"wins", SH_TB_WINS},
        {"black-wins", SH_TB_BLACK_WINS}, {"direct", SH_TB_DIRECT},
        {"progressive", SH_TB_PROGRESSIVE}, {"performance", SH_TB_PERFORMANCE},
        {"koya", SH_TB_KOYA}, {"bh-c1", SH_TB_BUCHHOLZ_CUT1}, {"bhc1", SH_TB_BUCHHOLZ_CUT1},
        {"bh-m1", SH_TB_BUCHHOLZ_MEDIAN},
    };
    for (int i = 0; i < SH_TB_COUNT; i++)
        if (strcasecmp(name, TIEBREAKS[i].name) == 0) {
            *tb = (ShTieBreak)i;
            return true;
        }
    for (size_t i = 0; i < sizeof ALIASES / sizeof ALIASES[0]; i++)
        if (strcasecmp(name, ALIASES[i].name) == 0) {
            *tb = ALIASES[i].tb;
            return true;
        }
    return false;
}

const char *sh_event_result_text(ShGameResult result)
{
    switch (result) {
    case SH_GAME_WHITE_WINS: return "1-0";
    case SH_GAME_DRAW: return "1/2-1/2";
    case SH_GAME_BLACK_WINS: return "0-1";
    case SH_GAME_WHITE_FORFEIT: return "+-";
    case SH_GAME_BLACK_FORFEIT: return "-+";
    case SH_GAME_DOUBLE_FORFEIT: return "--";
    case SH_GAME_TABLE: return "table";
    default: return "*";
    }
}

bool sh_event_result_parse(const char *text, ShGameResult *result)
{
    static const struct {
        const char *text;
        ShGameResult result;
    } FORMS[] = {
        {"1-0", SH_GAME_WHITE_WINS},     {"0-1", SH_GAME_BLACK_WINS},
        {"1/2-1/2", SH_GAME_DRAW},       {"=", SH_GAME_DRAW},
        {"1/2", SH_GAME_DRAW},           {"draw", SH_GAME_DRAW},
        {"2-0", SH_GAME_WHITE_WINS},     {"0-2", SH_GAME_BLACK_WINS},
        {"1-1", SH_GAME_DRAW},           {"1:0", SH_GAME_WHITE_WINS},
        {"0:1", SH_GAME_BLACK_WINS},     {"1/2:1/2", SH_GAME_DRAW},
        {"+-", SH_GAME_WHITE_FORFEIT},   {"-+", SH_GAME_BLACK_FORFEIT},
        {"--", SH_GAME_DOUBLE_FORFEIT},  {"+:-", SH_GAME_WHITE_FORFEIT},
        {"-:+", SH_GAME_BLACK_FORFEIT},  {"*", SH_GAME_PENDING},
    };
    for (size_t i = 0; i < sizeof FORMS / sizeof FORMS[0]; i++)
        if (strcmp(text, FORMS[i].text) == 0) {
            *result = FORMS[i].result;
            return true;
        }
    return false;
}

/* The Formula 1 points table, 1st to 10th. */
static const int F1[10] = {250, 180, 150, 120, 100, 80, 60, 40, 20, 10};

void sh_event_settings_init(ShEventSettings *s)
{
    memset(s, 0, sizeof *s);
    snprintf(s->name, sizeof s->name, "event");
    s->stage_count = 1;
    for (int i = 0; i < SH_EVENT_MAX_STAGES; i++) {
        s->stages[i].system = SH_SYSTEM_SWISS;
        s->stages[i].cycles = 1;
        s->stages[i].games = 1;
    }
    s->win = 10;
    s->draw = 5;
    s->loss = 0;
    s->bye_points = 10;
    snprintf(s->tiebreak_controls, sizeof s->tiebreak_controls, "20m+10s,10m+5s");
    snprintf(s->opening_table, sizeof s->opening_table, "IDF-64");
    s->tiebreak_count = 3;
    s->tiebreaks[0] = SH_TB_BUCHHOLZ_CUT1;
    s->tiebreaks[1] = SH_TB_BUCHHOLZ;
    s->tiebreaks[2] = SH_TB_SONNEBORN_BERGER;
    s->k_factor = 20;
    s->initial_color = SH_WHITE;
    s->seed = 1;
    snprintf(s->game, sizeof s->game, "russian");
    team_settings_init(s);
}

const ShKind *sh_event_kind(const ShEventSettings *s)
{
    const ShKind *kind = s->game[0] ? sh_kind_find(s->game) : NULL;
    return kind ? kind : sh_kind_of_variant(SH_VARIANT_RUSSIAN);
}

static ShStatus bad(ShError *err, const char *key, const char *value, const char *expected)
{
    return error_set(err, SH_ERR_SYNTAX, 0, 0, "%s: '%s' is not %s", key, value, expected);
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

/* Points "1", "0.5", "2" into tenths. */
static bool tenths(const char *text, int *out)
{
    /* digits and a point only: strtod would take "nan", "inf" and hexadecimal too */
    if (!*text || text[strspn(text, "0123456789.")] != '\0')
        return false;
    char *end;
    double v = strtod(text, &end);
    if (*end || !(v >= 0 && v <= 1000))
        return false;
    *out = (int)(v * 10 + 0.5);
    return true;
}

static bool yes_no(const char *value, bool *out)
{
    if (!strcasecmp(value, "yes") || !strcasecmp(value, "true") || !strcmp(value, "1") ||
        !strcasecmp(value, "on")) {
        *out = true;
        return true;
    }
    if (!strcasecmp(value, "no") || !strcasecmp(value, "false") || !strcmp(value, "0") ||
        !strcasecmp(value, "off")) {
        *out = false;
        return true;
    }
    return false;
}

static ShStatus set_stage(ShStage *st, const char *field, const char *key, const char *value,
                          ShError *err)
{
    long v;
    if (!strcmp(field, "system")) {
        if (!sh_system_find(value, &st->system))
            return bad(err, key, value, "round-robin, swiss, knockout or scheveningen");
    } else if (!strcmp(field, "rounds")) {
        if (!whole(value, 0, 1000, &v))
            return bad(err, key, value, "a number of rounds (0: automatic)");
        st->rounds = (int)v;
    } else if (!strcmp(field, "cycles")) {
        if (!whole(value, 1, 20, &v))
            return bad(err, key, value, "a number of cycles, 1 to 20");
        st->cycles = (int)v;
    } else if (!strcmp(field, "games")) {
        if (!whole(value, 1, 8, &v))
            return bad(err, key, value, "a number of games per pairing, 1 to 8");
        st->games = (int)v;
    } else if (!strcmp(field, "qualifiers")) {
        if (!whole(value, 0, SH_EVENT_MAX_PLAYERS, &v))
            return bad(err, key, value, "a number of players going on (0: all)");
        st->qualifiers = (int)v;
    } else if (!strcmp(field, "groups")) {
        if (!whole(value, 0, 64, &v))
            return bad(err, key, value, "a number of groups, 0 to 64");
        st->groups = (int)v;
    } else if (!strcmp(field, "third-place")) {
        if (!yes_no(value, &st->third_place))
            return bad(err, key, value, "yes or no");
    } else {
        return error_set(err, SH_ERR_SYNTAX, 0, 0,
                         "%s: a stage has system, rounds, cycles, games, qualifiers, groups "
                         "and third-place",
                         key);
    }
    return SH_OK;
}

ShStatus sh_event_settings_set(ShEventSettings *s, const char *key, const char *value,
                               ShError *err)
{
    long v;
    /* the first stage's fields without a prefix */
    static const char *const STAGE_FIELDS[] = {"system", "rounds", "cycles", "games",
                                               "qualifiers", "groups", "third-place"};
    for (size_t i = 0; i < sizeof STAGE_FIELDS / sizeof STAGE_FIELDS[0]; i++)
        if (!strcmp(key, STAGE_FIELDS[i])) {
            ShStatus st = set_stage(&s->stages[0], key, key, value, err);
            /* a round robin's tie-breaks, while the Swiss defaults stand untouched:
             * Sonneborn-Berger (коэффициент Бергера), direct encounter, wins, Koya */
            if (st == SH_OK && !strcmp(key, "system") && s->stage_count == 1 &&
                s->stages[0].system == SH_SYSTEM_ROUND_ROBIN && s->tiebreak_count == 3 &&
                s->tiebreaks[0] == SH_TB_BUCHHOLZ_CUT1 && s->tiebreaks[1] == SH_TB_BUCHHOLZ &&
                s->tiebreaks[2] == SH_TB_SONNEBORN_BERGER) {
                s->tiebreak_count = 4;
                s->tiebreaks[0] = SH_TB_SONNEBORN_BERGER;
                s->tiebreaks[1] = SH_TB_DIRECT;
                s->tiebreaks[2] = SH_TB_WINS;
                s->tiebreaks[3] = SH_TB_KOYA;
            }
            return st;
        }
    if (!strncmp(key, "stage.", 6)) {
        char *end;
        long n = strtol(key + 6, &end, 10);
        if (end == key + 6 || *end != '.' || n < 1 || n > SH_EVENT_MAX_STAGES)
            return error_set(err, SH_ERR_SYNTAX, 0, 0,
                             "%s: stages are stage.1 ... stage.%d, then .system, .rounds ...",
                             key, SH_EVENT_MAX_STAGES);
        if (n > s->stage_count + 1)
            return error_set(err, SH_ERR_SYNTAX, 0, 0,
                             "%s: stage %ld comes after stage %d, which is not set", key, n,
                             s->stage_count + 1);
        ShStatus st = set_stage(&s->stages[n - 1], end + 1, key, value, err);
        if (st == SH_OK && n > s->stage_count)
            s->stage_count = (int)n;
        return st;
    }
    if (!strcmp(key, "stages")) {
        if (!whole(value, 1, SH_EVENT_MAX_STAGES, &v))
            return bad(err, key, value, "a number of stages");
        s->stage_count = (int)v;
    } else if (!strcmp(key, "name") || !strcmp(key, "site") || !strcmp(key, "arbiter")) {
        char *out = !strcmp(key, "name") ? s->name : !strcmp(key, "site") ? s->site : s->arbiter;
        if (strlen(value) >= SH_EVENT_TEXT)
            return bad(err, key, value, "short enough (95 bytes at most)");
        if (!strcmp(key, "name") && !*value)
            return bad(err, key, value, "a name");
        snprintf(out, SH_EVENT_TEXT, "%s", value);
    } else if (!strcmp(key, "variant")) {
        const ShKind *kind = sh_kind_find(value);
        if (!kind)
            return bad(err, key, value, "a game played here (shashki other list, docs/variants.md)");
        snprintf(s->game, sizeof s->game, "%s", kind->name);
    } else if (!strcmp(key, "variant-settings")) {
        if (strlen(value) >= sizeof s->game_settings)
            return bad(err, key, value, "short enough (127 bytes at most)");
        snprintf(s->game_settings, sizeof s->game_settings, "%s", value);
    } else if (!strcmp(key, "date")) {
        int y, mo, d;
        if (*value && (sscanf(value, "%4d.%2d.%2d", &y, &mo, &d) != 3 || y < 1800 ||
                       mo < 1 || mo > 12 || d < 1 || d > 31 || strlen(value) != 10))
            return bad(err, key, value, "a date YYYY.MM.DD");
        snprintf(s->date, sizeof s->date, "%s", value);
    } else if (!strcmp(key, "scoring")) {
        int w, d, l;
        char a[16], b[16], c[16];
        if (sscanf(value, "%15[0-9.]-%15[0-9.]-%15[0-9.]", a, b, c) != 3 || !tenths(a, &w) ||
            !tenths(b, &d) || !tenths(c, &l) || w <= d || d < l)
            return bad(err, key, value, "points for a win, draw and loss (1-0.5-0 or 2-1-0)");
        bool bye_was_win = s->bye_points == s->win;
        s->win = w;
        s->draw = d;
        s->loss = l;
        if (bye_was_win)
            s->bye_points = w;
    } else if (!strcmp(key, "match-scoring")) {
        if (!yes_no(value, &s->match_scoring))
            return bad(err, key, value, "yes or no");
    } else if (!strcmp(key, "bye")) {
        int b;
        if (!tenths(value, &b))
            return bad(err, key, value, "the points of the pairing-allocated bye");
        s->bye_points = b;
    } else if (!strcmp(key, "time") || !strcmp(key, "tiebreak-time")) {
        /* a list for the tie-break stages; each must read */
        char copy[SH_TIME_CONTROL_SIZE];
        if (strlen(value) >= sizeof copy)
            return bad(err, key, value, "a time control");
        snprintf(copy, sizeof copy, "%s", value);
        char *save = NULL;
        for (char *tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
            ShTimeControl tc;
            ShError e;
            if (sh_timecontrol_parse(tok, &tc, &e) != SH_OK)
                return error_set(err, SH_ERR_SYNTAX, 0, 0, "%s: '%s': %s", key, tok,
                                 e.message);
            if (!strcmp(key, "time"))
                break;
        }
        snprintf(!strcmp(key, "time") ? s->time_control : s->tiebreak_controls,
                 SH_TIME_CONTROL_SIZE, "%s", value);
    } else if (!strcmp(key, "openings")) {
        if (!strcasecmp(value, "free"))
            s->openings = SH_OPENINGS_FREE;
        else if (!strcasecmp(value, "ballot") || !strcasecmp(value, "ballot-pairing"))
            s->openings = SH_OPENINGS_PER_PAIRING;
        else if (!strcasecmp(value, "ballot-round"))
            s->openings = SH_OPENINGS_PER_ROUND;
        else
            return bad(err, key, value, "free, ballot or ballot-round");
    } else if (!strcmp(key, "table")) {
        if (!strcasecmp(value, "idf") || !strcasecmp(value, "idf-64"))
            snprintf(s->opening_table, sizeof s->opening_table, "IDF-64");
        else if (!strcasecmp(value, "fmjd") || !strcasecmp(value, "fmjd-64"))
            snprintf(s->opening_table, sizeof s->opening_table, "FMJD-64");
        else
            return bad(err, key, value, "idf or fmjd");
    } else if (!strcmp(key, "tiebreaks")) {
        ShEventSettings t = *s;
        t.tiebreak_count = 0;
        char copy[512];
        snprintf(copy, sizeof copy, "%s", value);
        char *save = NULL;
        for (char *tok = strtok_r(copy, ", ", &save); tok; tok = strtok_r(NULL, ", ", &save)) {
            if (!strcasecmp(tok, "none"))
                continue;
            if (t.tiebreak_count == SH_EVENT_MAX_TIEBREAKS)
                return bad(err, key, value, "a list of at most 12 tie-breaks");
            if (!sh_tiebreak_find(tok, &t.tiebreaks[t.tiebreak_count]))
                return error_set(err, SH_ERR_SYNTAX, 0, 0,
                                 "tiebreaks: '%s' is not one of bh, bh-c1, bh-m1, sb, solkoff, "
                                 "win, bwg, de, ps, aro, tpr, ks",
                                 tok);
            t.tiebreak_count++;
        }
        *s = t;
    } else if (!strcmp(key, "k")) {
        if (!whole(value, 1, 100, &v))
            return bad(err, key, value, "a K factor, 1 to 100");
        s->k_factor = (int)v;
    } else if (!strcmp(key, "colour") || !strcmp(key, "color")) {
        if (!strcasecmp(value, "white"))
            s->initial_color = SH_WHITE;
        else if (!strcasecmp(value, "black"))
            s->initial_color = SH_BLACK;
        else
            return bad(err, key, value, "white or black");
    } else if (!strcmp(key, "avoid")) {
        s->avoid_club = s->avoid_team = false;
        char copy[128];
        snprintf(copy, sizeof copy, "%s", value);
        char *save = NULL;
        for (char *tok = strtok_r(copy, ", ", &save); tok; tok = strtok_r(NULL, ", ", &save)) {
            if (!strcasecmp(tok, "club"))
                s->avoid_club = true;
            else if (!strcasecmp(tok, "team"))
                s->avoid_team = true;
            else if (strcasecmp(tok, "none"))
                return bad(err, key, value, "club, team, both (club,team) or none");
        }
    } else if (!strcmp(key, "series")) {
        if (!strcasecmp(value, "none") || !*value) {
            s->series_count = 0;
        } else if (!strcasecmp(value, "f1") || !strcasecmp(value, "formula1")) {
            s->series_count = 10;
            memcpy(s->series, F1, sizeof F1);
        } else {
            int k = 0;
            char copy[512];
            snprintf(copy, sizeof copy, "%s", value);
            char *save = NULL;
            for (char *tok = strtok_r(copy, ", ", &save); tok;
                 tok = strtok_r(NULL, ", ", &save)) {
                if (k == 32 || !tenths(tok, &s->series[k]))
                    return bad(err, key, value, "f1, none or points by place (25,18,15 ...)");
                k++;
            }
            s->series_count = k;
        }
    } else if (team_setting_known(key)) {
        return team_setting_set(s, key, value, err);
    } else if (!strcmp(key, "seed")) {
        char *end;
        unsigned long long seed = strtoull(value, &end, 10);
        if (!*value || *end)
            return bad(err, key, value, "a number");
        s->seed = seed;
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

ShStatus sh_event_settings_write(const ShEventSettings *s, char **text, ShError *err)
{
    size_t cap = 4096;
    char *out = malloc(cap);
    if (!out)
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    size_t n = 0;
#define PUT(...) n += (size_t)snprintf(out + n, n < cap ? cap - n : 0, __VA_ARGS__)
    char w[16], d[16], l[16], b[16];
    points_text(w, sizeof w, s->win);
    points_text(d, sizeof d, s->draw);
    points_text(l, sizeof l, s->loss);
    points_text(b, sizeof b, s->bye_points);
    PUT("name = %s\nsite = %s\ndate = %s\narbiter = %s\n", s->name, s->site, s->date,
        s->arbiter);
    PUT("scoring = %s-%s-%s\nmatch-scoring = %s\nbye = %s\n", w, d, l,
        s->match_scoring ? "yes" : "no", b);
    PUT("time = %s\ntiebreak-time = %s\n", s->time_control, s->tiebreak_controls);
    PUT("openings = %s\ntable = %s\n",
        s->openings == SH_OPENINGS_FREE          ? "free"
        : s->openings == SH_OPENINGS_PER_PAIRING ? "ballot"
                                                 : "ballot-round",
        s->opening_table);
    PUT("tiebreaks = ");
    for (int i = 0; i < s->tiebreak_count; i++)
        PUT("%s%s", i ? "," : "", sh_tiebreak_name(s->tiebreaks[i]));
    if (!s->tiebreak_count)
        PUT("none");
    PUT("\nk = %d\ncolour = %s\navoid = %s\n", s->k_factor,
        s->initial_color == SH_BLACK ? "black" : "white",
        s->avoid_club && s->avoid_team ? "club,team"
        : s->avoid_club                ? "club"
        : s->avoid_team                ? "team"
                                       : "none");
    PUT("series = ");
    for (int i = 0; i < s->series_count; i++) {
        char t[16];
        points_text(t, sizeof t, s->series[i]);
        PUT("%s%s", i ? "," : "", t);
    }
    if (!s->series_count)
        PUT("none");
    PUT("\nseed = %llu\nvariant = %s\n", (unsigned long long)s->seed, sh_event_kind(s)->name);
    if (s->game_settings[0])
        PUT("variant-settings = %s\n", s->game_settings);
    n += team_settings_write(s, out + n, n < cap ? cap - n : 0);
    PUT("stages = %d\n", s->stage_count);
    for (int i = 0; i < s->stage_count; i++) {
        const ShStage *st = &s->stages[i];
        PUT("stage.%d.system = %s\nstage.%d.rounds = %d\nstage.%d.cycles = %d\n"
            "stage.%d.games = %d\nstage.%d.qualifiers = %d\nstage.%d.groups = %d\n"
            "stage.%d.third-place = %s\n",
            i + 1, sh_system_name(st->system), i + 1, st->rounds, i + 1, st->cycles, i + 1,
            st->games, i + 1, st->qualifiers, i + 1, st->groups, i + 1,
            st->third_place ? "yes" : "no");
    }
#undef PUT
    if (n >= cap) {
        free(out);
        return error_set(err, SH_ERR_LIMIT, 0, 0, "the settings do not fit");
    }
    *text = out;
    return SH_OK;
}
