/* puzzle_set.c - the web app's puzzles, read from a PDN collection (see puzzle_set.h). */
#include "puzzle_set.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern const unsigned char PUZZLES_PDN[];
extern const unsigned long PUZZLES_PDN_size;

const char *const PUZZLE_THEMES[] = {"shot", "breakthrough", "king", "endgame", "opposition", NULL};

static bool theme_known(const char *theme)
{
    for (int i = 0; PUZZLE_THEMES[i]; i++)
        if (strcmp(PUZZLE_THEMES[i], theme) == 0)
            return true;
    return false;
}

static void copy_tag(const ShGame *g, const char *name, char *out, size_t size)
{
    const char *v = sh_game_tag(g, name);
    snprintf(out, size, "%s", v ? v : "");
}

/* A tag that must be an integer in [min, max]. */
static bool int_tag(const ShGame *g, const char *name, int min, int max, int *out)
{
    const char *v = sh_game_tag(g, name);
    if (!v || !*v)
        return false;
    char *end;
    long n = strtol(v, &end, 10);
    if (*end || n < min || n > max)
        return false;
    *out = (int)n;
    return true;
}

/* One game as a puzzle; false with what is wrong in err. */
static bool puzzle_from(const ShGame *g, Puzzle *p, char *err, size_t errsize)
{
    memset(p, 0, sizeof *p);
    const char *id = sh_game_tag(g, "PuzzleId");
    if (!id || !*id || strlen(id) >= sizeof p->id || strspn(id, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                                             "abcdefghijklmnopqrstuvwxyz"
                                                             "0123456789-_") != strlen(id)) {
        snprintf(err, errsize, "no PuzzleId tag, or one that is not 1-15 letters, digits, - or _");
        return false;
    }
    snprintf(p->id, sizeof p->id, "%s", id);
    copy_tag(g, "PuzzleGoal", p->goal, sizeof p->goal);
    if (strcmp(p->goal, "win") && strcmp(p->goal, "material")) {
        snprintf(err, errsize, "puzzle %s: PuzzleGoal must be win or material", id);
        return false;
    }
    copy_tag(g, "PuzzleTheme", p->theme, sizeof p->theme);
    if (!theme_known(p->theme)) {
        snprintf(err, errsize,
                 "puzzle %s: PuzzleTheme must be shot, breakthrough, king, endgame or opposition",
                 id);
        return false;
    }
    if (!int_tag(g, "PuzzleDifficulty", 1, 5, &p->difficulty)) {
        snprintf(err, errsize, "puzzle %s: PuzzleDifficulty must be 1 to 5", id);
        return false;
    }
    if (!int_tag(g, "PuzzleRating", 100, 4000, &p->rating)) {
        snprintf(err, errsize, "puzzle %s: PuzzleRating must be a number from 100 to 4000", id);
        return false;
    }
    copy_tag(g, "PuzzleSource", p->source, sizeof p->source);
    copy_tag(g, "Event", p->event, sizeof p->event);
    copy_tag(g, "Site", p->site, sizeof p->site);
    copy_tag(g, "Date", p->date, sizeof p->date);
    copy_tag(g, "Round", p->round, sizeof p->round);
    copy_tag(g, "White", p->white, sizeof p->white);
    copy_tag(g, "Black", p->black, sizeof p->black);
    p->start = *sh_game_start(g);
    int plies = sh_game_ply_count(g);
    if (plies < 1 || plies > PUZZLE_MAX_PLIES) {
        snprintf(err, errsize, "puzzle %s: the solution must have 1 to %d moves, not %d", id,
                 PUZZLE_MAX_PLIES, plies);
        return false;
    }
    ShColor solver = sh_position_side(&p->start);
    for (int i = 0; i < plies; i++) {
        const ShPosition *at = sh_game_position_at(g, i);
        if ((sh_position_side(at) == solver) != (i % 2 == 0)) {
            snprintf(err, errsize, "puzzle %s: the solution's moves must alternate sides", id);
            return false;
        }
        p->line[i] = *sh_game_move_at(g, i);
    }
    p->plies = plies;
    p->solver_moves = (plies + 1) / 2;
    return true;
}

bool puzzle_set_read(const char *text, size_t size, PuzzleSet *set, char *err, size_t errsize)
{
    memset(set, 0, sizeof *set);
    ShPdnReader reader;
    sh_pdn_reader_init(&reader, text, size, NULL);
    int capacity = 0;
    for (;;) {
        ShGame *g = NULL;
        ShPdnInfo info;
        ShError e;
        if (sh_pdn_read_next(&reader, &g, &info, &e) != SH_OK) {
            snprintf(err, errsize, "line %d, column %d: %s", e.line, e.column, e.message);
            sh_game_free(g);
            puzzle_set_free(set);
            return false;
        }
        if (!g)
            break;
        if (set->count == capacity) {
            capacity = capacity ? capacity * 2 : 64;
            Puzzle *grown = realloc(set->items, (size_t)capacity * sizeof *grown);
            if (!grown) {
                sh_game_free(g);
                puzzle_set_free(set);
                snprintf(err, errsize, "out of memory");
                return false;
            }
            set->items = grown;
        }
        char why[200];
        Puzzle *p = &set->items[set->count];
        bool ok = puzzle_from(g, p, why, sizeof why);
        sh_game_free(g);
        if (ok && puzzle_set_find(set, p->id)) {
            snprintf(why, sizeof why, "a second puzzle %s", p->id);
            ok = false;
        }
        if (!ok) {
            snprintf(err, errsize, "the game at line %d: %s", info.line, why);
            puzzle_set_free(set);
            return false;
        }
        set->count++;
    }
    return true;
}

bool puzzle_set_builtin(PuzzleSet *set, char *err, size_t errsize)
{
    if (!puzzle_set_read((const char *)PUZZLES_PDN, PUZZLES_PDN_size, set, err, errsize)) {
        char inner[256];
        snprintf(inner, sizeof inner, "%s", err);
        snprintf(err, errsize, "the built-in puzzles (data/puzzles.pdn), %s", inner);
        return false;
    }
    return true;
}

bool puzzle_set_load(const char *path, PuzzleSet *set, char *err, size_t errsize)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errsize, "cannot read the puzzles %s", path);
        return false;
    }
    char *text = NULL;
    size_t size = 0, cap = 0;
    for (;;) {
        if (size + 65536 + 1 > cap) {
            cap = cap ? cap * 2 : 131072;
            char *grown = realloc(text, cap);
            if (!grown) {
                free(text);
                fclose(f);
                snprintf(err, errsize, "out of memory reading %s", path);
                return false;
            }
            text = grown;
        }
        size_t n = fread(text + size, 1, 65536, f);
        size += n;
        if (n < 65536)
            break;
    }
    fclose(f);
    text[size] = '\0';
    char inner[256];
    bool ok = puzzle_set_read(text, size, set, inner, sizeof inner);
    free(text);
    if (!ok)
        snprintf(err, errsize, "the puzzles %s, %s", path, inner);
    else if (set->count == 0) {
        snprintf(err, errsize, "the puzzles %s: no puzzle in it", path);
        puzzle_set_free(set);
        return false;
    }
    return ok;
}

void puzzle_set_free(PuzzleSet *set)
{
    free(set->items);
    set->items = NULL;
    set->count = 0;
}

const Puzzle *puzzle_set_find(const PuzzleSet *set, const char *id)
{
    for (int i = 0; i < set->count; i++)
        if (strcmp(set->items[i].id, id) == 0)
            return &set->items[i];
    return NULL;
}

void puzzle_position_at(const Puzzle *p, int ply, ShPosition *out)
{
    *out = p->start;
    for (int i = 0; i < ply && i < p->plies; i++)
        sh_position_play(out, &p->line[i], out);
}
