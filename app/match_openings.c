/* match_openings.c - the openings of matches and engine events (match.h): the Russian ballots,
 * files of openings, random openings of any game. Every opening is kept as the game interface
 * reads it (a start position's text and the moves' full texts), so that any game's opening is
 * played the same way; the draughts openings are read with the draughts notation first. */
#include "match.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* A draughts opening as it is read: a start and moves. */
typedef struct DraughtsLine {
    char name[64];
    ShPosition start;
    int count;
    ShMove moves[MATCH_MAX_OPENING_PLIES];
} DraughtsLine;

static bool list_add(MatchOpening **list, int *count, int *cap, const MatchOpening *o)
{
    if (*count == *cap) {
        int n = *cap ? *cap * 2 : 64;
        MatchOpening *l = realloc(*list, sizeof(MatchOpening) * (size_t)n);
        if (!l)
            return false;
        *list = l;
        *cap = n;
    }
    (*list)[(*count)++] = *o;
    return true;
}

/* Append a move's text to an opening; false when the moves do not fit. */
static bool opening_add_move(MatchOpening *o, const char *move)
{
    size_t n = strlen(o->moves), m = strlen(move);
    if (n + m + 2 > sizeof o->moves)
        return false;
    if (n)
        o->moves[n++] = ' ';
    memcpy(o->moves + n, move, m + 1);
    o->count++;
    return true;
}

/* A draughts line as the game `kind` reads it (the ballots are Russian lines, played as their
 * own by the games on the Russian board). */
static bool from_line(const DraughtsLine *line, const ShKind *kind, MatchOpening *o)
{
    memset(o, 0, sizeof *o);
    snprintf(o->name, sizeof o->name, "%s", line->name);
    char fen[SH_FEN_SIZE];
    sh_fen_write(&line->start, kind->numeric, fen);
    snprintf(o->start, sizeof o->start, "%s", fen);
    ShPosition pos = line->start;
    for (int i = 0; i < line->count; i++) {
        char text[SH_MOVE_TEXT_SIZE];
        if (sh_move_write(&pos, &line->moves[i], SH_NOTATION_FULL, text, NULL) != SH_OK ||
            !opening_add_move(o, text))
            return false;
        sh_position_play(&pos, &line->moves[i], &pos);
    }
    return true;
}

static bool add_line(const DraughtsLine *line, const ShKind *kind, MatchOpening **list,
                     int *count, int *cap, char *error, size_t size)
{
    MatchOpening o;
    if (!from_line(line, kind, &o)) {
        snprintf(error, size, "%s: an opening too long to keep", line->name);
        return false;
    }
    if (!list_add(list, count, cap, &o)) {
        snprintf(error, size, "out of memory");
        return false;
    }
    return true;
}

bool match_opening_ballot(const char *code, const ShKind *kind, MatchOpening *out, char *error,
                          size_t size)
{
    ShOpening ballot;
    ShError err;
    DraughtsLine line;
    memset(&line, 0, sizeof line);
    ShMove moves[SH_OPENING_MAX_PLIES];
    int count;
    if (sh_opening_find(code, &ballot, &err) != SH_OK ||
        sh_opening_line(&ballot, &line.start, moves, &count, &err) != SH_OK) {
        snprintf(error, size, "ballot %s: %.300s", code, err.message);
        return false;
    }
    for (int i = 0; i < count && i < MATCH_MAX_OPENING_PLIES; i++)
        line.moves[line.count++] = moves[i];
    snprintf(line.name, sizeof line.name, "%s %s", ballot.table, ballot.code);
    if (!from_line(&line, kind, out)) {
        snprintf(error, size, "ballot %s: too long to keep", code);
        return false;
    }
    return true;
}

static bool is_ballots(const char *which)
{
    return strcmp(which, "idf") == 0 || strcmp(which, "fmjd") == 0 ||
           strcmp(which, "fmjd-setups") == 0 || strcmp(which, "all") == 0 ||
           strcmp(which, "ballots") == 0;
}

static bool builtin(const char *which, const ShKind *kind, MatchOpening **list, int *count,
                    char *error, size_t size)
{
    bool idf = strcmp(which, "idf") == 0, fmjd = strcmp(which, "fmjd") == 0,
         setups = strcmp(which, "fmjd-setups") == 0, all = strcmp(which, "all") == 0,
         ballots = strcmp(which, "ballots") == 0;
    int cap = 0;
    for (int i = 0; i < sh_openings_count(); i++) {
        ShOpening o;
        if (!sh_opening_at(i, &o))
            continue;
        bool is_idf = strcmp(o.table, "IDF-64") == 0;
        bool is_setup = o.setup[0] != '\0';
        if (!all && ((idf && !is_idf) || (fmjd && (is_idf || is_setup)) ||
                     (setups && (is_idf || !is_setup)) || (ballots && is_setup)))
            continue;
        DraughtsLine line;
        memset(&line, 0, sizeof line);
        snprintf(line.name, sizeof line.name, "%s %s", is_idf ? "IDF" : "FMJD", o.code);
        ShError err;
        if (sh_opening_line(&o, &line.start, line.moves, &line.count, &err) != SH_OK)
            continue;
        if (!add_line(&line, kind, list, count, &cap, error, size))
            return false;
    }
    return true;
}

static bool is_result(const char *t)
{
    return strcmp(t, "1-0") == 0 || strcmp(t, "0-1") == 0 || strcmp(t, "1/2-1/2") == 0 ||
           strcmp(t, "*") == 0 || strcmp(t, "2-0") == 0 || strcmp(t, "0-2") == 0 ||
           strcmp(t, "1-1") == 0;
}

typedef struct Reader {
    const ShKind *kind;
    ShVariant variant;
    DraughtsLine cur;
    bool open;     /* cur has a start */
    bool has_content;
    int line;
    MatchOpening **list;
    int *count, cap;
    char *error;
    size_t size;
} Reader;

static void reader_begin(Reader *r)
{
    memset(&r->cur, 0, sizeof r->cur);
    sh_position_start(&r->cur.start, r->variant);
    snprintf(r->cur.name, sizeof r->cur.name, "line %d", r->line);
    r->open = true;
    r->has_content = false;
}

static bool reader_flush(Reader *r)
{
    if (r->open && r->has_content &&
        !add_line(&r->cur, r->kind, r->list, r->count, &r->cap, r->error, r->size))
        return false;
    r->open = false;
    return true;
}

static bool reader_moves(Reader *r, char *text)
{
    if (!r->open)
        reader_begin(r);
    /* Comments in braces go. */
    for (char *p = text; (p = strchr(p, '{')) != NULL;) {
        char *e = strchr(p, '}');
        if (!e) {
            *p = '\0';
            break;
        }
        memset(p, ' ', (size_t)(e - p + 1));
    }
    char *save = NULL;
    for (char *tok = strtok_r(text, " \t\r", &save); tok; tok = strtok_r(NULL, " \t\r", &save)) {
        if (is_result(tok))
            return reader_flush(r);
        char *dot = strrchr(tok, '.');
        if (dot) {
            bool number = true;
            for (char *q = tok; q < dot; q++)
                number = number && (isdigit((unsigned char)*q) || *q == '.');
            if (number) {
                tok = dot + 1;
                if (!*tok)
                    continue;
            }
        }
        ShPosition pos = r->cur.start;
        for (int i = 0; i < r->cur.count; i++)
            sh_position_play(&pos, &r->cur.moves[i], &pos);
        ShMove m;
        ShError err;
        if (sh_move_parse(&pos, tok, &m, &err) != SH_OK) {
            snprintf(r->error, r->size, "line %d: move '%s': %s", r->line, tok, err.message);
            return false;
        }
        if (r->cur.count == MATCH_MAX_OPENING_PLIES) {
            snprintf(r->error, r->size, "line %d: an opening longer than %d plies", r->line,
                     MATCH_MAX_OPENING_PLIES);
            return false;
        }
        r->cur.moves[r->cur.count++] = m;
        r->has_content = true;
    }
    return true;
}

/* One line of a draughts openings file (its spaces trimmed). */
static bool draughts_file_line(Reader *r, char *p)
{
    if (!*p)
        return reader_flush(r);
    ShPosition pos;
    if (*p == '[') {
        bool ok = true;
        if (r->open && r->has_content && r->cur.count)
            ok = reader_flush(r);
        if (!r->open)
            reader_begin(r);
        char value[256];
        if (sscanf(p, "[FEN \"%255[^\"]\"]", value) == 1) {
            ShError err;
            if (sh_fen_read_variant(value, r->variant, &r->cur.start, &err) != SH_OK) {
                snprintf(r->error, r->size, "line %d: FEN: %s", r->line, err.message);
                ok = false;
            }
            r->has_content = true;
        }
        return ok;
    }
    if (strchr(p, ':') && (p[0] == 'W' || p[0] == 'B') && p[1] == ':' &&
        sh_fen_read_variant(p, r->variant, &pos, NULL) == SH_OK) {
        bool ok = reader_flush(r);
        reader_begin(r);
        r->cur.start = pos;
        r->has_content = true;
        return ok && reader_flush(r);
    }
    return reader_moves(r, p);
}

/* One line of an other game's openings file: a position's text. */
static bool other_file_line(Reader *r, const char *p)
{
    if (!*p)
        return true;
    ShPlay *play = NULL;
    ShError err;
    ShPlayOptions options = {.start = p};
    if (sh_play_new(&play, r->kind, &options, &err) != SH_OK) {
        snprintf(r->error, r->size, "line %d: %s", r->line, err.message);
        return false;
    }
    sh_play_free(play);
    MatchOpening o;
    memset(&o, 0, sizeof o);
    snprintf(o.name, sizeof o.name, "line %d", r->line);
    snprintf(o.start, sizeof o.start, "%s", p);
    if (!list_add(r->list, r->count, &r->cap, &o)) {
        snprintf(r->error, r->size, "out of memory");
        return false;
    }
    return true;
}

static bool from_file(const char *path, const ShKind *kind, MatchOpening **list, int *count,
                      char *error, size_t size)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(error, size, "cannot read openings file '%s'", path);
        return false;
    }
    Reader r;
    memset(&r, 0, sizeof r);
    r.kind = kind;
    r.variant = kind->family == SH_FAMILY_OTHER ? SH_VARIANT_RUSSIAN : (ShVariant)kind->variant;
    r.list = list;
    r.count = count;
    r.error = error;
    r.size = size;
    char *line = NULL;
    size_t cap = 0;
    bool ok = true;
    while (ok && getline(&line, &cap, f) >= 0) {
        r.line++;
        char *p = line;
        while (isspace((unsigned char)*p))
            p++;
        size_t n = strlen(p);
        while (n && isspace((unsigned char)p[n - 1]))
            p[--n] = '\0';
        if (*p == '#' || *p == ';')
            continue;
        ok = kind->family == SH_FAMILY_OTHER ? other_file_line(&r, p) : draughts_file_line(&r, p);
    }
    if (ok)
        ok = reader_flush(&r);
    free(line);
    fclose(f);
    if (ok && *count == 0) {
        snprintf(error, size, "'%s' has no openings", path);
        ok = false;
    }
    return ok;
}

static uint64_t mix(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

/* Openings of a few random plies (2 to 5) from the game's start, none twice, none over. */
static bool random_openings(const ShKind *kind, const char *settings, int want, uint64_t seed,
                            MatchOpening **list, int *count, char *error, size_t size)
{
    int cap = 0;
    char (*seen)[SH_PLAY_TEXT_SIZE] = calloc((size_t)(want > 0 ? want : 1), sizeof *seen);
    if (!seen) {
        snprintf(error, size, "out of memory");
        return false;
    }
    bool failed = false;
    for (int tries = 0; *count < want && tries < want * 20 && !failed; tries++) {
        MatchOpening m;
        memset(&m, 0, sizeof m);
        ShPlayOptions options = {.settings = settings, .lot = mix(&seed)};
        ShPlay *play = NULL;
        ShError err;
        if (sh_play_new(&play, kind, &options, &err) != SH_OK) {
            snprintf(error, size, "%s", err.message);
            failed = true;
            break;
        }
        if (kind->family != SH_FAMILY_OTHER) /* the start drawn, as a FEN */
            sh_play_position_text(play, 0, m.start, sizeof m.start);
        int plies = 2 + (int)(mix(&seed) % 4);
        bool ok = true;
        for (int i = 0; i < plies && ok; i++) {
            int n = 0;
            ShPlayMove *moves = sh_play_moves(play, &n);
            ok = n > 0;
            if (ok) {
                const char *text = moves[mix(&seed) % (uint64_t)n].full;
                ok = opening_add_move(&m, text) && sh_play_move(play, text, NULL, NULL) == SH_OK;
            }
            free(moves);
        }
        int left = 0;
        free(sh_play_moves(play, &left));
        ok = ok && left > 0;
        char after[SH_PLAY_TEXT_SIZE]; /* where the opening leads, to tell openings apart */
        sh_play_position_text(play, -1, after, sizeof after);
        for (int i = 0; ok && i < *count; i++)
            ok = strcmp(seen[i], after) != 0;
        sh_play_free(play);
        if (!ok)
            continue;
        snprintf(m.name, sizeof m.name, "%s random %d", kind->name, *count + 1);
        snprintf(seen[*count], sizeof seen[0], "%s", after);
        if (!list_add(list, count, &cap, &m)) {
            snprintf(error, size, "out of memory");
            failed = true;
        }
    }
    free(seen);
    if (!failed && *count == 0)
        snprintf(error, size, "no opening could be made from the start of %s", kind->name);
    return !failed && *count > 0;
}

bool match_openings_load(const char *source, const ShKind *kind, const char *settings,
                         int count, uint64_t seed, MatchOpening **list, int *n, char *error,
                         size_t size)
{
    *list = NULL;
    *n = 0;
    error[0] = '\0';
    if (strcmp(source, "random") == 0)
        return random_openings(kind, settings, count, seed, list, n, error, size);
    if (is_ballots(source)) {
        if (!kind->ballots) {
            snprintf(error, size, "the ballots are Russian openings; %s plays 'random' or a file",
                     kind->name);
            return false;
        }
        return builtin(source, kind, list, n, error, size);
    }
    if (settings && *settings) {
        snprintf(error, size, "--settings goes with random openings: a file's positions carry "
                 "their own");
        return false;
    }
    return from_file(source, kind, list, n, error, size);
}

ShPlay *match_opening_play(const MatchOpening *o, const ShKind *kind, const char *settings,
                           ShError *err)
{
    ShPlayOptions options = {.settings = o->start[0] ? NULL : settings,
                             .start = o->start[0] ? o->start : NULL, .automatic_draws = true};
    ShPlay *play = NULL;
    if (sh_play_new(&play, kind, &options, err) != SH_OK)
        return NULL;
    char moves[sizeof o->moves];
    snprintf(moves, sizeof moves, "%s", o->moves);
    char *save = NULL;
    for (char *m = strtok_r(moves, " ", &save); m; m = strtok_r(NULL, " ", &save))
        if (sh_play_move(play, m, NULL, err) != SH_OK) {
            sh_play_free(play);
            return NULL;
        }
    return play;
}

void match_openings_shuffle(MatchOpening *list, int count, uint64_t seed)
{
    for (int i = count - 1; i > 0; i--) {
        int j = (int)(mix(&seed) % (uint64_t)(i + 1));
        MatchOpening t = list[i];
        list[i] = list[j];
        list[j] = t;
    }
}
