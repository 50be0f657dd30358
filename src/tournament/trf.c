/*
 * trf.c - FIDE's Tournament Report File, TRF16 (see shashki_tournament.h): read and written.
 *
 * The reader is strict where a wrong guess would change a pairing (cells, points, who played
 * whom with which colour) and lenient elsewhere (unknown lines are kept, names may hold any
 * UTF-8). Every error names the line and the column of what is wrong.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "shashki_tournament.h"

/* The bytes of the character at s (n bytes left): one for ASCII, a stray continuation byte or
 * a bad lead byte; a lead byte with the continuation bytes it announces (as many as there are).
 * The reader counts columns and the writer pads names by this one rule, so that whatever bytes
 * a name holds, it is written back where it was read. */
static size_t char_bytes(const char *s, size_t n)
{
    unsigned char c = (unsigned char)s[0];
    size_t want = c >= 0xF0 && c < 0xF8   ? 4
                  : c >= 0xE0 && c < 0xF0 ? 3
                  : c >= 0xC0 && c < 0xE0 ? 2
                                          : 1;
    size_t k = 1;
    while (k < want && k < n && ((unsigned char)s[k] & 0xC0) == 0x80)
        k++;
    return k;
}

void sh_trf_init(ShTrf *trf)
{
    memset(trf, 0, sizeof *trf);
    trf->initial_color = -1;
    trf->win = 10;
    trf->draw = 5;
    trf->loss = 0;
    trf->zero_bye = 0;
    trf->forfeit_loss = 0;
    trf->bye = 10;
}

static void groups_free(ShTrfGroup *g, int count)
{
    for (int i = 0; i < count; i++)
        free(g[i].numbers);
    free(g);
}

void sh_trf_free(ShTrf *trf)
{
    if (!trf)
        return;
    for (int i = 0; i < trf->count; i++)
        free(trf->players[i].cells);
    free(trf->players);
    free(trf->order);
    groups_free(trf->forbidden, trf->forbidden_count);
    groups_free(trf->absent, trf->absent_count);
    for (int i = 0; i < trf->other_count; i++)
        free(trf->other[i]);
    free(trf->other);
    for (int i = 0; i < trf->team_count; i++)
        free(trf->teams[i].numbers);
    free(trf->teams);
    sh_trf_init(trf);
}

/* ---- reading ---- */

/* A line, its columns counted in characters (UTF-8 code points), as TRF columns are: s holds
 * one byte per character ('?' for one outside ASCII); orig and map (when the line is not
 * plain ASCII) give the original bytes of each character. */
typedef struct Line {
    const char *s;
    size_t n;
    int number;
    const char *orig;
    const size_t *map; /* n + 1 byte offsets into orig */
} Line;



/* The field [from, to) of the line (0-based), trimmed, into out. */
static void field(const Line *l, size_t from, size_t to, char *out, size_t size)
{
    size_t a = from < l->n ? from : l->n, b = to < l->n ? to : l->n;
    while (a < b && l->s[a] == ' ')
        a++;
    while (b > a && l->s[b - 1] == ' ')
        b--;
    size_t k = b - a < size - 1 ? b - a : size - 1;
    memcpy(out, l->s + a, k);
    out[k] = '\0';
}

/* The original text of the columns [from, to), trimmed. */
static void field_text(const Line *l, size_t from, size_t to, char *out, size_t size)
{
    if (!l->map) {
        field(l, from, to, out, size);
        return;
    }
    size_t a = from < l->n ? from : l->n, b = to < l->n ? to : l->n;
    while (a < b && l->s[a] == ' ')
        a++;
    while (b > a && l->s[b - 1] == ' ')
        b--;
    size_t from_byte = l->map[a], to_byte = l->map[b];
    size_t k = to_byte - from_byte;
    if (k > size - 1) {
        k = size - 1;
        /* cut at a character: the last whole one that fits */
        size_t whole = 0;
        for (size_t c = 0; c < k;) {
            size_t w = char_bytes(l->orig + from_byte + c, to_byte - from_byte - c);
            if (c + w > k)
                break;
            c += w;
            whole = c;
        }
        k = whole;
    }
    memcpy(out, l->orig + from_byte, k);
    out[k] = '\0';
}

static bool blank(const Line *l, size_t from, size_t to)
{
    for (size_t i = from; i < to && i < l->n; i++)
        if (l->s[i] != ' ')
            return false;
    return true;
}

/* A whole number in [from, to) (spaces around allowed); -1 if blank, -2 if not a number. */
static long number(const Line *l, size_t from, size_t to)
{
    char text[32];
    field(l, from, to, text, sizeof text);
    if (!text[0])
        return -1;
    long v = 0;
    for (const char *p = text; *p; p++) {
        if (!isdigit((unsigned char)*p) || v > 100000000)
            return -2;
        v = v * 10 + (*p - '0');
    }
    return v;
}

/* Points "5.5", "5", "12.0" into tenths; false if malformed. */
static bool points(const char *text, int *out)
{
    const char *p = text;
    int v = 0, digits = 0;
    while (isdigit((unsigned char)*p) && v < 100000) {
        v = v * 10 + (*p++ - '0');
        digits++;
    }
    int tenths = v * 10;
    if (*p == '.' || *p == ',') {
        p++;
        if (isdigit((unsigned char)*p)) {
            tenths += *p++ - '0';
            digits++;
        }
        while (*p == '0')
            p++;
    }
    if (*p || !digits)
        return false;
    *out = tenths;
    return true;
}

static ShStatus at(ShError *err, const Line *l, size_t column, const char *what)
{
    return error_set(err, SH_ERR_SYNTAX, l->number, (int)column + 1, "%s", what);
}

static bool grow(void **array, int *cap, int count, size_t item)
{
    if (count < *cap)
        return true;
    int n = *cap ? *cap * 2 : 16;
    void *bigger = realloc(*array, item * (size_t)n);
    if (!bigger)
        return false;
    *array = bigger;
    *cap = n;
    return true;
}

static ShStatus read_player(ShTrf *trf, const Line *l, int *cap, ShError *err)
{
    if (l->n < 84)
        return at(err, l, l->n, "a player line (001) is shorter than 84 columns");
    ShTrfPlayer p;
    memset(&p, 0, sizeof p);
    long num = number(l, 4, 8);
    if (num <= 0)
        return at(err, l, 4, "the pairing number (columns 5-8) is not a number from 1");
    p.number = (int)num;
    p.line = l->number;
    p.sex = l->s[9] == ' ' ? ' ' : (char)l->s[9];
    field(l, 10, 13, p.title, sizeof p.title);
    field_text(l, 14, 47, p.name, sizeof p.name);
    long rating = number(l, 48, 52);
    if (rating == -2)
        return at(err, l, 48, "the rating (columns 49-52) is not a number");
    p.rating = rating < 0 ? 0 : (int)rating;
    field(l, 53, 56, p.federation, sizeof p.federation);
    field(l, 57, 68, p.fide_id, sizeof p.fide_id);
    field(l, 69, 79, p.birth, sizeof p.birth);
    char text[16];
    field(l, 80, 84, text, sizeof text);
    if (!text[0])
        p.points = 0;
    else if (!points(text, &p.points))
        return at(err, l, 80, "the points (columns 81-84) are not a number like 5.5");
    long rank = number(l, 85, 89);
    p.rank = rank < 0 ? 0 : (int)rank;
    if (rank == -2)
        return at(err, l, 85, "the rank (columns 86-89) is not a number");
    int cells = 0, cell_cap = 0, last = -1;
    size_t start = 91;
    /* the last cell may end at its colour: a game without a result yet, its trailing blank
     * cut off; an error past this point frees the cells read */
#define FAIL(status)                                                                         \
    do {                                                                                     \
        free(p.cells);                                                                       \
        return (status);                                                                     \
    } while (0)
    for (; start + 6 <= l->n; start += 10) {
        Line c = *l;
        ShTrfCell cell = {0, '-', ' '};
        if (!blank(&c, start - 2, start))
            FAIL(at(err, l, start - 2, "the two columns before a round's cell must be blank"));
        long opp = number(&c, start, start + 4);
        if (opp == -2)
            FAIL(at(err, l, start, "the opponent (4 digits) is not a number"));
        char color = l->s[start + 5];
        char result = start + 7 < l->n ? (char)toupper((unsigned char)l->s[start + 7]) : ' ';
        if (l->s[start + 4] != ' ' || (start + 6 < l->n && l->s[start + 6] != ' '))
            FAIL(at(err, l, start + 4,
                    "a round's cell is 'NNNN c r' (opponent, colour, result)"));
        if (color != 'w' && color != 'b' && color != '-' && color != ' ')
            FAIL(at(err, l, start + 5, "the colour is w, b or -"));
        if (!strchr("10=+-WDLUHFZ ", result))
            FAIL(at(err, l, start + 7, "the result is one of 1 0 = + - W D L U H F Z"));
        if (opp == p.number)
            FAIL(at(err, l, start, "a player cannot meet himself"));
        /* no opponent and no result: not paired (blank, or "0000 -" as some programs write) */
        bool empty = opp <= 0 && result == ' ' && color != 'w' && color != 'b';
        if (!empty) {
            if (opp < 0)
                opp = 0;
            bool played = strchr("10=WDL", result) != NULL;
            if (opp == 0 && (color == 'w' || color == 'b'))
                FAIL(at(err, l, start + 5, "a colour without an opponent"));
            /* 0000 with 1 = 0 (W D L) is how older programs write a full-point, half-point
             * or zero-point bye; an opponent with no result is a pairing whose game has no
             * result yet */
            if (opp > 0 && strchr("UHFZ", result))
                FAIL(at(err, l, start + 7, "a bye (U H F Z) has no opponent: 0000"));
            if (opp > 0 && played && color != 'w' && color != 'b')
                FAIL(at(err, l, start + 5, "a played game needs its colour, w or b"));
            if (opp > 0 && (result == '+' || result == '-') && color == ' ')
                FAIL(at(err, l, start + 5, "the colour is w, b or -"));
            cell.opponent = (int)opp;
            cell.color = color == ' ' ? '-' : color;
            cell.result = result;
            last = cells;
        }
        if (!grow((void **)&p.cells, &cell_cap, cells, sizeof(ShTrfCell))) {
            free(p.cells);
            return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
        }
        p.cells[cells++] = cell;
    }
    if (!blank(l, start, l->n))
        FAIL(at(err, l, start, "text after the last round's cell"));
#undef FAIL
    p.rounds = last + 1;
    if (!grow((void **)&trf->players, cap, trf->count, sizeof(ShTrfPlayer))) {
        free(p.cells);
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    }
    trf->players[trf->count++] = p;
    return SH_OK;
}

/* A list of pairing numbers from column `from`: "XXP 3 7 12" or "240 R  a b". */
static ShStatus read_numbers(const Line *l, size_t from, ShTrfGroup *g, ShError *err)
{
    memset(g, 0, sizeof *g);
    int cap = 0;
    size_t i = from;
    while (i < l->n) {
        while (i < l->n && (l->s[i] == ' ' || l->s[i] == '\t'))
            i++;
        if (i >= l->n)
            break;
        size_t s = i;
        long v = 0;
        while (i < l->n && isdigit((unsigned char)l->s[i]) && v < 100000)
            v = v * 10 + (l->s[i++] - '0');
        if (i == s || (i < l->n && l->s[i] != ' ' && l->s[i] != '\t') || v <= 0) {
            free(g->numbers);
            g->numbers = NULL;
            return at(err, l, s, "a pairing number (1 or more) was expected");
        }
        if (!grow((void **)&g->numbers, &cap, g->count, sizeof(int))) {
            free(g->numbers);
            g->numbers = NULL;
            return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
        }
        g->numbers[g->count++] = (int)v;
    }
    return SH_OK;
}

static ShStatus read_line(ShTrf *trf, const Line *l, int caps[4], ShError *err)
{
    char code[4] = {l->s[0], l->s[1], l->s[2], '\0'};
    if (strcmp(code, "001") == 0)
        return read_player(trf, l, &caps[0], err);
    if (strcmp(code, "XXR") == 0 || strcmp(code, "142") == 0) {
        long v = number(l, 3, l->n);
        if (v <= 0)
            return at(err, l, 4, "the number of rounds is a number from 1");
        trf->total_rounds = (int)v;
        return SH_OK;
    }
    if (strcmp(code, "XXC") == 0) {
        char word[32];
        size_t i = 3;
        while (i < l->n) {
            while (i < l->n && (l->s[i] == ' ' || l->s[i] == '\t'))
                i++;
            size_t s = i;
            while (i < l->n && l->s[i] != ' ' && l->s[i] != '\t')
                i++;
            if (i == s)
                break;
            Line w = {l->s + s, i - s, l->number, NULL, NULL};
            field(&w, 0, w.n, word, sizeof word);
            if (strcmp(word, "white1") == 0)
                trf->initial_color = SH_WHITE;
            else if (strcmp(word, "black1") == 0)
                trf->initial_color = SH_BLACK;
            else if (strcmp(word, "rank") == 0)
                trf->by_rank = true;
            else
                return at(err, l, s, "XXC takes white1, black1 or rank");
        }
        return SH_OK;
    }
    if (strcmp(code, "152") == 0) {
        char c[8];
        field(l, 3, l->n, c, sizeof c);
        if (strcmp(c, "W") && strcmp(c, "B"))
            return at(err, l, 4, "152 takes W or B");
        trf->initial_color = c[0] == 'W' ? SH_WHITE : SH_BLACK;
        return SH_OK;
    }
    int *pts = strcmp(code, "BBW") == 0   ? &trf->win
               : strcmp(code, "BBD") == 0 ? &trf->draw
               : strcmp(code, "BBL") == 0 ? &trf->loss
               : strcmp(code, "BBZ") == 0 ? &trf->zero_bye
               : strcmp(code, "BBF") == 0 ? &trf->forfeit_loss
               : strcmp(code, "BBU") == 0 ? &trf->bye
                                          : NULL;
    if (pts) {
        char t[16];
        field(l, 3, l->n, t, sizeof t);
        if (!points(t, pts))
            return at(err, l, 4, "points like 1.0 were expected");
        if (pts == &trf->win && !caps[3])
            trf->bye = trf->win;
        if (pts == &trf->bye)
            caps[3] = 1;
        return SH_OK;
    }
    if (strcmp(code, "162") == 0) {
        /* "162  W 1.0    D 0.5 ..." : a letter and points, repeated */
        size_t i = 3;
        while (i < l->n) {
            while (i < l->n && l->s[i] == ' ')
                i++;
            if (i >= l->n)
                break;
            char letter = l->s[i++];
            while (i < l->n && l->s[i] == ' ')
                i++;
            size_t s = i;
            while (i < l->n && l->s[i] != ' ')
                i++;
            char t[16];
            Line w = {l->s + s, i - s, l->number, NULL, NULL};
            field(&w, 0, w.n, t, sizeof t);
            int v;
            if (!points(t, &v))
                return at(err, l, s, "points like 1.0 were expected");
            switch (letter) {
            case 'W':
                trf->win = v;
                if (!caps[3])
                    trf->bye = v;
                break;
            case 'D': trf->draw = v; break;
            case 'L': trf->loss = v; break;
            case 'Z':
            case 'A':
                trf->zero_bye = v;
                trf->forfeit_loss = v;
                break;
            case 'P':
                trf->bye = v;
                caps[3] = 1;
                break;
            default: return at(err, l, s - 1, "162 takes W, D, L, Z, A or P with points");
            }
        }
        return SH_OK;
    }
    if (strcmp(code, "013") == 0) {
        ShTrfTeam t;
        memset(&t, 0, sizeof t);
        field_text(l, 4, 36, t.name, sizeof t.name);
        int cap = 0;
        for (size_t at_col = 36; at_col < l->n; at_col += 5) {
            if (at_col > 36 && l->s[at_col - 1] != ' ') {
                free(t.numbers);
                return at(err, l, at_col - 1, "a team's numbers are 4 columns, a blank between");
            }
            long v = number(l, at_col, at_col + 4);
            if (v == -1)
                continue;
            if (v <= 0) {
                free(t.numbers);
                return at(err, l, at_col, "a team's player: a pairing number from 1");
            }
            if (!grow((void **)&t.numbers, &cap, t.count, sizeof(int))) {
                free(t.numbers);
                return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
            }
            t.numbers[t.count++] = (int)v;
        }
        ShTrfTeam *bigger =
            realloc(trf->teams, sizeof(ShTrfTeam) * (size_t)(trf->team_count + 1));
        if (!bigger) {
            free(t.numbers);
            return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
        }
        trf->teams = bigger;
        trf->teams[trf->team_count++] = t;
        return SH_OK;
    }
    if (strcmp(code, "XXP") == 0 || strcmp(code, "240") == 0) {
        bool absent = code[0] == '2';
        ShTrfGroup g;
        ShStatus st = read_numbers(l, absent ? 9 : 3, &g, err);
        if (st != SH_OK)
            return st;
        if (absent) {
            long r = number(l, 4, 9);
            if (r <= 0) {
                free(g.numbers);
                return at(err, l, 4, "240 gives the round (columns 5-9), then the players");
            }
            g.round = (int)r;
        }
        ShTrfGroup **list = absent ? &trf->absent : &trf->forbidden;
        int *count = absent ? &trf->absent_count : &trf->forbidden_count;
        if (!grow((void **)list, &caps[absent ? 2 : 1], *count, sizeof(ShTrfGroup))) {
            free(g.numbers);
            return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
        }
        (*list)[(*count)++] = g;
        return SH_OK;
    }
    /* anything else is kept */
    char **bigger = realloc(trf->other, sizeof(char *) * (size_t)(trf->other_count + 1));
    if (!bigger)
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    trf->other = bigger;
    const char *src = l->map ? l->orig : l->s;
    size_t bytes = l->map ? l->map[l->n] : l->n;
    char *copy = malloc(bytes + 1);
    if (!copy)
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    memcpy(copy, src, bytes);
    copy[bytes] = '\0';
    trf->other[trf->other_count++] = copy;
    return SH_OK;
}

static int cmp_number(const void *a, const void *b)
{
    const ShTrfPlayer *x = a, *y = b;
    return (x->number > y->number) - (x->number < y->number);
}

static bool is_played(char result)
{
    return strchr("10=WDL", result) != NULL && result != '\0';
}

static char complement(char r)
{
    switch (r) {
    case '1': return '0';
    case '0': return '1';
    case 'W': return 'L';
    case 'L': return 'W';
    case '+': return '-';
    case '-': return '+';
    default: return r; /* '=' and 'D' */
    }
}

/* The points of a cell under the file's point values. */
static int cell_points(const ShTrf *trf, const ShTrfCell *c)
{
    char r = c->result;
    bool paired = c->opponent > 0 || r == 'U' || r == '+';
    if (r == ' ' && c->opponent > 0)
        return 0; /* a game with no result yet */
    if (strchr("=DH", r))
        return trf->draw;
    if (strchr("+W1FU", r))
        return c->opponent == 0 && paired ? trf->bye : trf->win;
    if (!paired)
        return trf->zero_bye;
    return is_played(r) ? trf->loss : trf->forfeit_loss;
}

static ShStatus check(ShTrf *trf, ShError *err)
{
    for (int i = 0; i < trf->count; i++) {
        ShTrfPlayer *p = &trf->players[i];
        if (p->number != i + 1) {
            if (i > 0 && trf->players[i - 1].number == p->number)
                return error_set(err, SH_ERR_SYNTAX, p->line, 5,
                                 "pairing number %d is given twice (also on line %d)",
                                 p->number, trf->players[i - 1].line);
            return error_set(err, SH_ERR_SYNTAX, p->line, 5,
                             "pairing number %d is missing (the numbers run 1, 2, 3 ...)",
                             i + 1);
        }
    }
    for (int t = 0; t < trf->team_count; t++)
        for (int k = 0; k < trf->teams[t].count; k++)
            if (trf->teams[t].numbers[k] > trf->count)
                return error_set(err, SH_ERR_SYNTAX, 0, 0,
                                 "team '%s' (013) names player %d, who is not in the file",
                                 trf->teams[t].name, trf->teams[t].numbers[k]);
    for (int i = 0; i < trf->count; i++) {
        ShTrfPlayer *p = &trf->players[i];
        for (int r = 0; r < p->rounds; r++) {
            ShTrfCell *c = &p->cells[r];
            int col = 92 + 10 * r;
            if (c->opponent <= 0)
                continue;
            if (c->opponent > trf->count)
                return error_set(err, SH_ERR_SYNTAX, p->line, col,
                                 "round %d: opponent %d is not a player of the file", r + 1,
                                 c->opponent);
            const ShTrfPlayer *o = &trf->players[c->opponent - 1];
            const ShTrfCell *oc = r < o->rounds ? &o->cells[r] : NULL;
            if (!oc || oc->opponent != p->number)
                return error_set(err, SH_ERR_SYNTAX, p->line, col,
                                 "round %d: player %d meets %d, but %d's cell does not say so",
                                 r + 1, p->number, o->number, o->number);
            bool pending = c->result == ' ', played = is_played(c->result);
            if (pending != (oc->result == ' '))
                return error_set(err, SH_ERR_SYNTAX, p->line, col + 7,
                                 "round %d: the game of %d and %d has a result on one side only",
                                 r + 1, p->number, o->number);
            if ((played || pending) && (c->color == 'w' || c->color == 'b') &&
                oc->color == c->color)
                return error_set(err, SH_ERR_SYNTAX, p->line, col + 5,
                                 "round %d: player %d and %d both have one colour", r + 1,
                                 p->number, o->number);
            if (pending)
                continue;
            if (played && !is_played(oc->result))
                return error_set(err, SH_ERR_SYNTAX, p->line, col + 5,
                                 "round %d: player %d and %d both have a game and a forfeit",
                                 r + 1, p->number, o->number);
            /* a result and its complement; a draw either way (= or D); a double forfeit
             * (- and -: neither came); and the reduced scores an arbiter may give a game
             * played (0-0, 0-1/2: FIDE Laws 11.3 and 12.9) */
            bool agree = oc->result == complement(c->result) ||
                         (c->result == '-' && oc->result == '-') ||
                         (played && strchr("0L=D", c->result) && strchr("0L=D", oc->result));
            if (!agree)
                return error_set(err, SH_ERR_SYNTAX, p->line, col + 7,
                                 "round %d: the results of %d (%c) and %d (%c) disagree", r + 1,
                                 p->number, c->result, o->number, oc->result);
        }
    }
    return SH_OK;
}

/* Points check: the file's column against the results (the rounds played, and perhaps the
 * bye already given for the next round). */
static ShStatus check_points(const ShTrf *trf, ShError *err)
{
    bool *absent = calloc((size_t)trf->count + 1, sizeof(bool));
    if (!absent)
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    int rounds = sh_trf_rounds_played(trf, absent);
    free(absent);
    for (int i = 0; i < trf->count; i++) {
        const ShTrfPlayer *p = &trf->players[i];
        int sum = 0, next = 0;
        for (int r = 0; r < p->rounds; r++) {
            if (r < rounds)
                sum += cell_points(trf, &p->cells[r]);
            else
                next += cell_points(trf, &p->cells[r]);
        }
        if (p->points != sum && p->points != sum + next)
            return error_set(err, SH_ERR_SYNTAX, p->line, 81,
                             "player %d has %d.%d points in the file, but the results give "
                             "%d.%d",
                             p->number, p->points / 10, p->points % 10, sum / 10, sum % 10);
    }
    return SH_OK;
}

int sh_trf_rounds_played(const ShTrf *trf, bool *absent)
{
    int rounds = 0;
    for (int i = 0; i < trf->count; i++) {
        const ShTrfPlayer *p = &trf->players[i];
        if (p->rounds == 0)
            continue;
        const ShTrfCell *c = &p->cells[p->rounds - 1];
        bool paired = c->opponent > 0 || c->result == 'U' || c->result == '+';
        int r = paired ? p->rounds : p->rounds - 1;
        if (r > rounds)
            rounds = r;
    }
    /* when every player has a cell past that, the round was played after all */
    bool all = trf->count > 0;
    for (int i = 0; i < trf->count; i++)
        if (trf->players[i].rounds <= rounds)
            all = false;
    if (all)
        rounds++;
    if (absent) {
        for (int i = 0; i < trf->count; i++)
            absent[i] = trf->players[i].rounds > rounds;
        for (int g = 0; g < trf->absent_count; g++)
            if (trf->absent[g].round == rounds + 1)
                for (int k = 0; k < trf->absent[g].count; k++) {
                    int num = trf->absent[g].numbers[k];
                    if (num >= 1 && num <= trf->count)
                        absent[num - 1] = true;
                }
    }
    return rounds;
}

ShStatus sh_trf_read(const char *text, size_t size, ShTrf *trf, ShError *err)
{
    sh_trf_init(trf);
    int caps[4] = {0, 0, 0, 0};
    size_t i = 0;
    int line = 0;
    if (size >= 3 && (unsigned char)text[0] == 0xEF && (unsigned char)text[1] == 0xBB &&
        (unsigned char)text[2] == 0xBF)
        i = 3;
    ShStatus st = SH_OK;
    int *order = NULL, order_cap = 0;
    while (i < size && st == SH_OK) {
        size_t s = i;
        while (i < size && text[i] != '\n' && text[i] != '\r')
            i++;
        /* a byte-order mark means nothing in a line (files joined together have one inside) */
        while (i - s >= 3 && (unsigned char)text[s] == 0xEF &&
               (unsigned char)text[s + 1] == 0xBB && (unsigned char)text[s + 2] == 0xBF)
            s += 3;
        Line l = {text + s, i - s, ++line, NULL, NULL};
        if (i < size && text[i] == '\r' && i + 1 < size && text[i + 1] == '\n')
            i++;
        i++;
        if (memchr(l.s, '\0', l.n)) {
            st = at(err, &l, (size_t)((const char *)memchr(l.s, '\0', l.n) - l.s),
                    "a NUL byte in the file");
            break;
        }
        char *ascii = NULL;
        size_t *map = NULL;
        bool plain = true;
        for (size_t k = 0; k < l.n; k++)
            plain = plain && (unsigned char)l.s[k] < 0x80;
        if (!plain) {
            ascii = malloc(l.n + 1);
            map = malloc(sizeof(size_t) * (l.n + 2));
            if (!ascii || !map) {
                free(ascii);
                free(map);
                st = error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
                break;
            }
            size_t cps = 0;
            for (size_t k = 0; k < l.n; k += char_bytes(l.s + k, l.n - k)) {
                unsigned char ch = (unsigned char)l.s[k];
                map[cps] = k;
                ascii[cps++] = ch < 0x80 ? (char)ch : '?';
            }
            map[cps] = l.n;
            l.orig = l.s;
            l.map = map;
            l.s = ascii;
            l.n = cps;
        }
        while (l.n && (l.s[l.n - 1] == ' ' || l.s[l.n - 1] == '\t') && l.n > 84)
            l.n--;
        int before = trf->count;
        if (l.n >= 3)
            st = read_line(trf, &l, caps, err);
        free(ascii);
        free(map);
        if (st == SH_OK && trf->count > before) {
            if (!grow((void **)&order, &order_cap, before, sizeof(int))) {
                st = error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
                break;
            }
            order[before] = trf->players[before].number;
        }
    }
    trf->order = order;
    if (st == SH_OK) {
        if (trf->count > 0) /* a file of no players has no array to sort */
            qsort(trf->players, (size_t)trf->count, sizeof(ShTrfPlayer), cmp_number);
        st = check(trf, err);
    }
    if (st == SH_OK)
        st = check_points(trf, err);
    if (st != SH_OK)
        sh_trf_free(trf);
    return st;
}

/* ---- writing ---- */

typedef struct Out {
    char *s;
    size_t n, cap;
    bool failed;
} Out;

static void put(Out *o, const char *format, ...) __attribute__((format(printf, 2, 3)));

static void put(Out *o, const char *format, ...)
{
    if (o->failed)
        return;
    for (;;) {
        va_list args;
        va_start(args, format);
        int k = vsnprintf(o->s + o->n, o->cap - o->n, format, args);
        va_end(args);
        if (k < 0) {
            o->failed = true;
            return;
        }
        if ((size_t)k < o->cap - o->n) {
            o->n += (size_t)k;
            return;
        }
        size_t cap = o->cap * 2 + (size_t)k + 256;
        char *bigger = realloc(o->s, cap);
        if (!bigger) {
            o->failed = true;
            return;
        }
        o->s = bigger;
        o->cap = cap;
    }
}

/* Text in `width` columns (characters, not bytes): cut at a character, padded with blanks. */
static void put_padded(Out *o, const char *text, int width)
{
    int chars = 0;
    for (const char *q = text; *q && chars < width; chars++) {
        size_t k = char_bytes(q, strlen(q));
        put(o, "%.*s", (int)k, q);
        q += k;
    }
    for (; chars < width; chars++)
        put(o, " ");
}

static void put_points(Out *o, const char *code, int tenths)
{
    put(o, "%s %d.%d\n", code, tenths / 10, tenths % 10);
}

ShStatus sh_trf_write(const ShTrf *trf, char **text, size_t *size, ShError *err)
{
    Out o = {malloc(4096), 0, 4096, false};
    if (!o.s)
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    o.s[0] = '\0';
    for (int i = 0; i < trf->other_count; i++)
        put(&o, "%s\n", trf->other[i]);
    for (int i = 0; i < trf->count; i++) {
        const ShTrfPlayer *p = &trf->players[i];
        char rating[8] = "", pts[16];
        if (p->rating > 0)
            snprintf(rating, sizeof rating, "%d", p->rating % 10000);
        snprintf(pts, sizeof pts, "%d.%d", p->points / 10, p->points % 10);
        /* the name: 33 characters (not bytes), cut at a character */
        char name[4 * 33 + 1];
        size_t nb = 0;
        int chars = 0;
        for (const char *q = p->name; *q && chars < 33; chars++) {
            size_t k = char_bytes(q, strlen(q));
            memcpy(name + nb, q, k);
            nb += k;
            q += k;
        }
        for (; chars < 33; chars++)
            name[nb++] = ' ';
        name[nb] = '\0';
        put(&o, "001 %4d %c%-3.3s %s %4s %-3.3s %11.11s %-10.10s %4s %4d", p->number,
            p->sex ? p->sex : ' ', p->title, name, rating, p->federation, p->fide_id,
            p->birth, pts, p->rank);
        for (int r = 0; r < p->rounds; r++) {
            const ShTrfCell *c = &p->cells[r];
            if (c->opponent == 0 && c->result == ' ')
                put(&o, "          ");
            else if (c->opponent == 0)
                put(&o, "  0000 - %c", c->result);
            else
                put(&o, "  %4d %c %c", c->opponent, c->color, c->result);
        }
        put(&o, "\n");
    }
    for (int t = 0; t < trf->team_count; t++) {
        const ShTrfTeam *team = &trf->teams[t];
        put(&o, "013 ");
        put_padded(&o, team->name, 32);
        for (int k = 0; k < team->count; k++)
            put(&o, k ? " %4d" : "%4d", team->numbers[k] % 10000);
        put(&o, "\n");
    }
    if (trf->total_rounds > 0)
        put(&o, "XXR %d\n", trf->total_rounds);
    if (trf->initial_color >= 0 || trf->by_rank)
        put(&o, "XXC%s%s\n", trf->initial_color == SH_WHITE   ? " white1"
                             : trf->initial_color == SH_BLACK ? " black1"
                                                              : "",
            trf->by_rank ? " rank" : "");
    if (trf->win != 10)
        put_points(&o, "BBW", trf->win);
    if (trf->draw != 5)
        put_points(&o, "BBD", trf->draw);
    if (trf->loss != 0)
        put_points(&o, "BBL", trf->loss);
    if (trf->zero_bye != 0)
        put_points(&o, "BBZ", trf->zero_bye);
    if (trf->forfeit_loss != 0)
        put_points(&o, "BBF", trf->forfeit_loss);
    if (trf->bye != trf->win)
        put_points(&o, "BBU", trf->bye);
    for (int g = 0; g < trf->forbidden_count; g++) {
        put(&o, "XXP");
        for (int k = 0; k < trf->forbidden[g].count; k++)
            put(&o, " %d", trf->forbidden[g].numbers[k]);
        put(&o, "\n");
    }
    for (int g = 0; g < trf->absent_count; g++) {
        put(&o, "240 %4d", trf->absent[g].round);
        for (int k = 0; k < trf->absent[g].count; k++)
            put(&o, " %4d", trf->absent[g].numbers[k]);
        put(&o, "\n");
    }
    if (o.failed) {
        free(o.s);
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    }
    *text = o.s;
    if (size)
        *size = o.n;
    return SH_OK;
}
