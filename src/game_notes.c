/* game_notes.c - what a game carries besides its moves: the PDN tags, and the comments, NAGs
 * and variations attached to its moves (shashki.h "Games"). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "error.h"
#include "game.h"

/* ---- tags ---- */

static bool tag_name_ok(const char *name)
{
    if (!name || !*name || strlen(name) > 64)
        return false;
    for (const char *p = name; *p; p++)
        if (!isalnum((unsigned char)*p) && *p != '_')
            return false;
    return true;
}

static bool tag_reserved(const char *name)
{
    return strcasecmp(name, "Result") == 0 || strcasecmp(name, "GameType") == 0 ||
           strcasecmp(name, "FEN") == 0;
}

const char *sh_game_tag(const ShGame *g, const char *name)
{
    for (int i = 0; name && i < g->tag_count; i++)
        if (strcmp(g->tags[i].name, name) == 0)
            return g->tags[i].value;
    return NULL;
}

ShStatus game_add_tag(ShGame *g, const char *name, const char *value, ShError *err)
{
    Tag *tags = realloc(g->tags, (size_t)(g->tag_count + 1) * sizeof *tags);
    if (!tags)
        return game_no_memory(err);
    g->tags = tags;
    char *n = game_text_copy(name), *v = game_text_copy(value);
    if (!n || !v) {
        free(n);
        free(v);
        return game_no_memory(err);
    }
    tags[g->tag_count].name = n;
    tags[g->tag_count].value = v;
    g->tag_count++;
    return SH_OK;
}

ShStatus sh_game_set_tag(ShGame *g, const char *name, const char *value, ShError *err)
{
    if (!tag_name_ok(name))
        return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                         "'%s' is not a tag name (letters, digits and _, at most 64)",
                         name ? name : "");
    if (tag_reserved(name))
        return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                         "the %s tag comes from the game itself (its result or start)", name);
    if (value && strpbrk(value, "\r\n"))
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "a tag value is one line");
    for (int i = 0; i < g->tag_count; i++) {
        if (strcmp(g->tags[i].name, name) != 0)
            continue;
        if (!value) {
            free(g->tags[i].name);
            free(g->tags[i].value);
            memmove(&g->tags[i], &g->tags[i + 1], (size_t)(g->tag_count - i - 1) * sizeof *g->tags);
            g->tag_count--;
            return SH_OK;
        }
        char *v = game_text_copy(value);
        if (!v)
            return game_no_memory(err);
        free(g->tags[i].value);
        g->tags[i].value = v;
        return SH_OK;
    }
    return value ? game_add_tag(g, name, value, err) : SH_OK;
}

int sh_game_tag_count(const ShGame *g)
{
    return g->tag_count;
}

bool sh_game_tag_at(const ShGame *g, int index, const char **name, const char **value)
{
    if (index < 0 || index >= g->tag_count)
        return false;
    if (name)
        *name = g->tags[index].name;
    if (value)
        *value = g->tags[index].value;
    return true;
}

/* ---- annotations ---- */

static Note *note_at(const ShGame *g, int index)
{
    return index >= -1 && index + 1 < g->count ? &g->notes[index + 1] : NULL;
}

static ShStatus no_place(const ShGame *g, int index, ShError *err)
{
    return error_set(err, SH_ERR_ARGUMENT, 0, 0, "no move %d: the game has %d", index,
                     g->count - 1);
}

const char *sh_game_comment(const ShGame *g, int index)
{
    const Note *n = note_at(g, index);
    return n ? n->comment : NULL;
}

void game_normalise_comment(char *text)
{
    if (!text || !strchr(text, '}'))
        return;
    /* only a one-line comment can hold a '}' (PDN writes it after ';') */
    char *out = text;
    bool space = false;
    for (const char *p = text; *p; p++) {
        if (isspace((unsigned char)*p)) {
            space = out != text;
            continue;
        }
        if (space)
            *out++ = ' ';
        space = false;
        *out++ = *p;
    }
    *out = '\0';
}

ShStatus sh_game_set_comment(ShGame *g, int index, const char *text, ShError *err)
{
    Note *n = note_at(g, index);
    if (!n)
        return no_place(g, index, err);
    ShStatus st = game_set_text(&n->comment, text, err);
    game_normalise_comment(n->comment);
    if (n->comment && !*n->comment) {
        free(n->comment);
        n->comment = NULL;
    }
    return st;
}

int sh_game_nags(const ShGame *g, int index, int nags[SH_GAME_MAX_NAGS])
{
    const Note *n = note_at(g, index);
    if (!n)
        return 0;
    for (int i = 0; i < n->nag_count; i++)
        nags[i] = n->nags[i];
    return n->nag_count;
}

ShStatus sh_game_add_nag(ShGame *g, int index, int nag, ShError *err)
{
    Note *n = note_at(g, index);
    if (!n || index < 0)
        return no_place(g, index, err);
    if (nag < 1 || nag > 255)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "a NAG is a number from 1 to 255, not %d",
                         nag);
    if (n->nag_count == SH_GAME_MAX_NAGS)
        return error_set(err, SH_ERR_LIMIT, 0, 0, "at most %d NAGs a move", SH_GAME_MAX_NAGS);
    n->nags[n->nag_count++] = nag;
    return SH_OK;
}

int sh_game_variation_count(const ShGame *g, int index)
{
    const Note *n = note_at(g, index);
    return n ? n->variation_count : 0;
}

const char *sh_game_variation(const ShGame *g, int index, int which)
{
    const Note *n = note_at(g, index);
    return n && which >= 0 && which < n->variation_count ? n->variations[which] : NULL;
}

ShStatus game_add_variation_raw(ShGame *g, int index, const char *text, ShError *err)
{
    Note *n = note_at(g, index);
    if (!n || index < 0)
        return no_place(g, index, err);
    char **vars = realloc(n->variations, (size_t)(n->variation_count + 1) * sizeof *vars);
    if (!vars)
        return game_no_memory(err);
    n->variations = vars;
    if (!(vars[n->variation_count] = game_text_copy(text)))
        return game_no_memory(err);
    n->variation_count++;
    return SH_OK;
}

ShStatus sh_game_add_variation(ShGame *g, int index, const char *pdn, ShError *err)
{
    if (!pdn)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "no variation");
    if (!note_at(g, index) || index < 0)
        return no_place(g, index, err);
    ShStatus st = pdn_check_line(&g->plies[index].pos, pdn, err);
    return st ? st : game_add_variation_raw(g, index, pdn, err);
}
