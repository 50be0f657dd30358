/* record_notes.c - what follows a move in an other game's record (shashki_other.h, "Records"):
 * a comment and NAGs, as the draughts games' records carry them, so that a review's verdicts
 * (engine/review.h, `shashki pdn annotate`, the web app's reviews) have a place in these
 * records too. The notes are kept apart from the moves, grown as they are set: a record that
 * has none costs nothing. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "shashki_other.h"

static ShStatus no_move(const ShOtherRecord *rec, int ply, ShError *err)
{
    return error_set(err, SH_ERR_ARGUMENT, 0, 0, "no move %d: the record has %d", ply + 1,
                     rec->move_count);
}

/* The note of move `ply`, the array grown to hold it; NULL when out of memory. */
static ShOtherNote *note_for(ShOtherRecord *rec, int ply)
{
    if (ply >= rec->note_capacity) {
        int cap = rec->note_capacity ? rec->note_capacity : 16;
        while (cap <= ply)
            cap *= 2;
        ShOtherNote *grown = realloc(rec->notes, (size_t)cap * sizeof *grown);
        if (!grown)
            return NULL;
        memset(grown + rec->note_capacity, 0,
               (size_t)(cap - rec->note_capacity) * sizeof *grown);
        rec->notes = grown;
        rec->note_capacity = cap;
    }
    return &rec->notes[ply];
}

static const ShOtherNote *note_at(const ShOtherRecord *rec, int ply)
{
    return rec && ply >= 0 && ply < rec->move_count && ply < rec->note_capacity
               ? &rec->notes[ply]
               : NULL;
}

/* The comment as the record keeps it: blanks (line ends too) made single spaces, none at the
 * ends, so that the text wrapped on writing reads back the same. */
static char *comment_copy(const char *text)
{
    char *out = malloc(strlen(text) + 1), *o = out;
    if (!out)
        return NULL;
    bool blank = false;
    for (const char *p = text; *p; p++) {
        if (isspace((unsigned char)*p)) {
            blank = o != out;
            continue;
        }
        if (blank)
            *o++ = ' ';
        blank = false;
        *o++ = *p;
    }
    *o = '\0';
    return out;
}

ShStatus sh_other_record_set_comment(ShOtherRecord *rec, int ply, const char *text,
                                     ShError *err)
{
    if (!rec || ply < 0 || ply >= rec->move_count)
        return rec ? no_move(rec, ply, err)
                   : error_set(err, SH_ERR_ARGUMENT, 0, 0, "no record");
    char *copy = NULL;
    if (text && *text) {
        if (!(copy = comment_copy(text)))
            return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
        if (!*copy) {
            free(copy);
            copy = NULL;
        }
    }
    if (!copy && ply >= rec->note_capacity)
        return SH_OK; /* nothing to remove */
    ShOtherNote *n = note_for(rec, ply);
    if (!n) {
        free(copy);
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    }
    free(n->comment);
    n->comment = copy;
    return SH_OK;
}

const char *sh_other_record_comment(const ShOtherRecord *rec, int ply)
{
    const ShOtherNote *n = note_at(rec, ply);
    return n ? n->comment : NULL;
}

ShStatus sh_other_record_add_nag(ShOtherRecord *rec, int ply, int nag, ShError *err)
{
    if (!rec || ply < 0 || ply >= rec->move_count)
        return rec ? no_move(rec, ply, err)
                   : error_set(err, SH_ERR_ARGUMENT, 0, 0, "no record");
    if (nag < 1 || nag > 255)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "a NAG is a number from 1 to 255, not %d",
                         nag);
    ShOtherNote *n = note_for(rec, ply);
    if (!n)
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    if (n->nag_count == SH_OTHER_MAX_NAGS)
        return error_set(err, SH_ERR_LIMIT, 0, 0, "at most %d NAGs a move", SH_OTHER_MAX_NAGS);
    n->nags[n->nag_count++] = nag;
    return SH_OK;
}

int sh_other_record_nags(const ShOtherRecord *rec, int ply, int nags[SH_OTHER_MAX_NAGS])
{
    const ShOtherNote *n = note_at(rec, ply);
    if (!n)
        return 0;
    memcpy(nags, n->nags, (size_t)n->nag_count * sizeof *nags);
    return n->nag_count;
}

void sh_other_record_clear_notes(ShOtherRecord *rec, int from)
{
    if (!rec)
        return;
    for (int i = from < 0 ? 0 : from; i < rec->note_capacity; i++) {
        free(rec->notes[i].comment);
        memset(&rec->notes[i], 0, sizeof rec->notes[i]);
    }
    if (from <= 0) {
        free(rec->notes);
        rec->notes = NULL;
        rec->note_capacity = 0;
    }
}

bool sh_other_record_copy_notes(ShOtherRecord *dst, const ShOtherRecord *src)
{
    dst->notes = NULL;
    dst->note_capacity = 0;
    if (!src->notes || src->note_capacity == 0)
        return true;
    ShOtherNote *copy = calloc((size_t)src->note_capacity, sizeof *copy);
    if (!copy)
        return false;
    for (int i = 0; i < src->note_capacity; i++) {
        copy[i] = src->notes[i];
        if (src->notes[i].comment && !(copy[i].comment = comment_copy(src->notes[i].comment))) {
            for (int k = 0; k < i; k++)
                free(copy[k].comment);
            free(copy);
            return false;
        }
    }
    dst->notes = copy;
    dst->note_capacity = src->note_capacity;
    return true;
}
