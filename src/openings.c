/* openings.c - the official opening ballots, read from the tables built into the library
 * (data/openings, embedded by tools/embed.c). The tables are small, so each call reads them
 * from the start: no allocation, no global state. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "error.h"
#include "position.h"

extern const unsigned char OPENINGS_BALLOTS[];
extern const unsigned char OPENINGS_FMJD_POSITIONS[];

/* Copy tab-separated field `index` of a line into out. */
static void field(const char *line, size_t len, int index, char *out, size_t size)
{
    const char *p = line, *end = line + len;
    for (int i = 0; i < index && p < end; i++) {
        const char *tab = memchr(p, '\t', (size_t)(end - p));
        p = tab ? tab + 1 : end;
    }
    const char *stop = memchr(p, '\t', (size_t)(end - p));
    if (!stop)
        stop = end;
    size_t n = (size_t)(stop - p);
    if (n >= size)
        n = size - 1;
    memcpy(out, p, n);
    out[n] = '\0';
}

static void parse_line(int table, const char *line, size_t len, ShOpening *o)
{
    memset(o, 0, sizeof *o);
    if (table == 0) {
        field(line, len, 0, o->table, sizeof o->table);
        field(line, len, 1, o->code, sizeof o->code);
        field(line, len, 2, o->moves, sizeof o->moves);
        field(line, len, 4, o->fen, sizeof o->fen);
        if (strcmp(o->moves, "(none)") == 0)
            o->moves[0] = '\0';
    } else {
        snprintf(o->table, sizeof o->table, "FMJD-64");
        field(line, len, 0, o->code, sizeof o->code);
        field(line, len, 1, o->setup, sizeof o->setup);
        field(line, len, 3, o->fen, sizeof o->fen);
    }
}

/* One pass over both tables: stop at ballot number `want` (>= 0), or at the ballot of table
 * `table` with code `code` (when want < 0 and code is given); returns its number, -1 if not
 * found. With want < 0 and no code, returns the number of ballots. */
static int scan(int want, const char *table, const char *code, ShOpening *o)
{
    const char *tables[2] = {(const char *)OPENINGS_BALLOTS, (const char *)OPENINGS_FMJD_POSITIONS};
    int n = 0;
    for (int t = 0; t < 2; t++) {
        for (const char *line = tables[t]; *line;) {
            const char *nl = strchr(line, '\n');
            size_t len = nl ? (size_t)(nl - line) : strlen(line);
            if (len && line[len - 1] == '\r')
                len--;
            if (len > 0 && line[0] != '#') {
                if (n == want) {
                    parse_line(t, line, len, o);
                    return n;
                }
                if (want < 0 && code) {
                    parse_line(t, line, len, o);
                    if (strcmp(o->table, table) == 0 && strcasecmp(o->code, code) == 0)
                        return n;
                }
                n++;
            }
            line += nl ? (size_t)(nl - line) + 1 : strlen(line);
        }
    }
    return want < 0 && !code ? n : -1;
}

int sh_openings_count(void)
{
    ShOpening unused;
    return scan(-1, NULL, NULL, &unused);
}

bool sh_opening_at(int index, ShOpening *opening)
{
    return index >= 0 && scan(index, NULL, NULL, opening) == index;
}

ShStatus sh_opening_find(const char *name, ShOpening *opening, ShError *err)
{
    if (!name)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "no ballot code");
    while (isspace((unsigned char)*name))
        name++;
    const char *table = NULL, *code = name;
    if (strncasecmp(name, "idf", 3) == 0 || strncasecmp(name, "fmjd", 4) == 0) {
        table = tolower((unsigned char)name[0]) == 'i' ? "IDF-64" : "FMJD-64";
        code = name + (table[0] == 'I' ? 3 : 4);
        if (strncmp(code, "-64", 3) == 0)
            code += 3;
        while (*code == ' ' || *code == ':' || *code == '/' || *code == '_')
            code++;
    }
    char wanted[16];
    size_t n = strcspn(code, " \t\r\n");
    if (n == 0 || n >= sizeof wanted || code[n + strspn(code + n, " \t\r\n")] != '\0')
        return error_set(err, SH_ERR_SYNTAX, 1, (int)(code - name) + 1,
                         "'%s' is not a ballot code such as 1-III, IDF 1-III or FMJD 11-IV", name);
    memcpy(wanted, code, n);
    wanted[n] = '\0';
    /* IDF-64 first: the unqualified codes of Russian practice are its codes */
    const char *order[2] = {"IDF-64", "FMJD-64"};
    for (int pass = 0; pass < 2; pass++) {
        if (table && strcmp(table, order[pass]) != 0)
            continue;
        ShOpening o;
        if (scan(-1, order[pass], wanted, &o) >= 0) {
            *opening = o;
            return SH_OK;
        }
    }
    return error_set(err, SH_ERR_ARGUMENT, 0, 0, "no ballot %s%s%s", table ? table : "",
                     table ? " " : "", wanted);
}

ShStatus sh_opening_line(const ShOpening *opening, ShPosition *start,
                         ShMove moves[SH_OPENING_MAX_PLIES], int *count, ShError *err)
{
    *count = 0;
    if (opening->moves[0] == '\0') {
        if (opening->setup[0] == '\0') {
            sh_position_start(start, SH_VARIANT_RUSSIAN);
            return SH_OK;
        }
        return sh_fen_read(opening->fen, start, err);
    }
    sh_position_start(start, SH_VARIANT_RUSSIAN);
    ShPosition pos = *start;
    char text[sizeof opening->moves];
    snprintf(text, sizeof text, "%s", opening->moves);
    for (char *tok = strtok(text, " "); tok; tok = strtok(NULL, " ")) {
        size_t len = strlen(tok);
        if (len && tok[len - 1] == '.')
            continue; /* a move number */
        if (*count == SH_OPENING_MAX_PLIES)
            return error_set(err, SH_ERR_LIMIT, 0, 0, "ballot %s %s is too long", opening->table,
                             opening->code);
        ShStatus st = sh_move_parse(&pos, tok, &moves[*count], err);
        if (st)
            return st;
        ShPosition next;
        sh_position_play(&pos, &moves[*count], &next);
        pos = next;
        (*count)++;
    }
    return SH_OK;
}
