/*
 * book.c - the opening book (book.h; the file format is in docs/book.md).
 *
 * In memory a book is a pool of entries, each with its moves inline in the file's record
 * form (squares, captured set, score, depth, game counts), and an open-addressing table from
 * the book key to the entry. Writing sorts the entries by key, so a file's bytes depend only
 * on its contents. Reading checks every field and says at which byte a bad file goes wrong.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "book.h"
#include "engine.h"
#include "error.h"
#include "thread.h"

#define HEADER_SIZE 32
#define ENTRY_SIZE 16
#define MOVE_SIZE 16
#define VERSION 1
static const char MAGIC[8] = {'S', 'H', 'B', 'O', 'O', 'K', '1', '\n'};

typedef struct RawMove {
    uint8_t from, to, depth, flags; /* flags bit 0: searched */
    uint32_t captured;              /* bit i: square i (0-based PDN numbering) */
    int16_t score;
    uint16_t wins, draws, losses;
} RawMove;

typedef struct Entry {
    uint64_t key;
    uint8_t depth, count;
    RawMove moves[BOOK_MAX_MOVES];
} Entry;

struct Book {
    Entry *entries;
    int count, capacity;
    int *slots; /* entry index + 1, 0 = empty; size slot_mask + 1 */
    uint64_t slot_mask;
};

/* ---- keys ---- */

static uint64_t mix64(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

uint64_t book_key(const ShPosition *pos)
{
    uint64_t h = 0x5348424f4f4b3100ULL;
    for (int sq = 0; sq < SH_SQUARES; sq++) {
        ShPiece p = sh_position_piece_at(pos, sq);
        if (p != SH_EMPTY)
            h ^= mix64((uint64_t)sq << 3 | (uint64_t)p);
    }
    if (sh_position_side(pos) == SH_BLACK)
        h ^= mix64(0xb1ac4ULL);
    return h;
}

/* ---- the table ---- */

Book *book_new(void)
{
    Book *b = calloc(1, sizeof *b);
    if (!b)
        return NULL;
    b->slot_mask = 63;
    b->slots = calloc(b->slot_mask + 1, sizeof *b->slots);
    if (!b->slots) {
        free(b);
        return NULL;
    }
    return b;
}

void book_free(Book *b)
{
    if (!b)
        return;
    free(b->entries);
    free(b->slots);
    free(b);
}

static Entry *find(const Book *b, uint64_t key)
{
    for (uint64_t i = key & b->slot_mask;; i = (i + 1) & b->slot_mask) {
        int s = b->slots[i];
        if (s == 0)
            return NULL;
        if (b->entries[s - 1].key == key)
            return &b->entries[s - 1];
    }
}

static void slot_insert(Book *b, int index)
{
    uint64_t i = b->entries[index].key & b->slot_mask;
    while (b->slots[i])
        i = (i + 1) & b->slot_mask;
    b->slots[i] = index + 1;
}

/* A new entry for key (not in the book); NULL when memory is short. */
static Entry *add(Book *b, uint64_t key)
{
    if (b->count == b->capacity) {
        int cap = b->capacity ? b->capacity * 2 : 256;
        Entry *e = realloc(b->entries, sizeof *e * (size_t)cap);
        if (!e)
            return NULL;
        b->entries = e;
        b->capacity = cap;
    }
    if ((uint64_t)(b->count + 1) * 2 > b->slot_mask + 1) {
        uint64_t mask = b->slot_mask * 2 + 1;
        int *slots = calloc(mask + 1, sizeof *slots);
        if (!slots)
            return NULL;
        free(b->slots);
        b->slots = slots;
        b->slot_mask = mask;
        for (int i = 0; i < b->count; i++)
            slot_insert(b, i);
    }
    Entry *e = &b->entries[b->count];
    memset(e, 0, sizeof *e);
    e->key = key;
    slot_insert(b, b->count++);
    return e;
}

/* ---- moves ---- */

static void raw_from_move(const BookMove *m, RawMove *r)
{
    memset(r, 0, sizeof *r);
    r->from = (uint8_t)sh_move_from(&m->move);
    r->to = (uint8_t)sh_move_to(&m->move);
    int sq[SH_MAX_CAPTURES];
    int n = sh_move_captured_squares(&m->move, sq);
    for (int i = 0; i < n; i++)
        r->captured |= 1u << sq[i];
    if (m->searched) {
        r->flags = 1;
        r->depth = (uint8_t)(m->depth < 1 ? 1 : m->depth > 255 ? 255 : m->depth);
        int s = m->score;
        r->score = (int16_t)(s > ENGINE_SCORE_WIN ? ENGINE_SCORE_WIN
                             : s < -ENGINE_SCORE_WIN ? -ENGINE_SCORE_WIN
                                                     : s);
    }
    r->wins = (uint16_t)(m->wins > 65535 ? 65535 : m->wins);
    r->draws = (uint16_t)(m->draws > 65535 ? 65535 : m->draws);
    r->losses = (uint16_t)(m->losses > 65535 ? 65535 : m->losses);
}

static uint32_t captured_mask(const ShMove *m)
{
    int sq[SH_MAX_CAPTURES];
    int n = sh_move_captured_squares(m, sq);
    uint32_t mask = 0;
    for (int i = 0; i < n; i++)
        mask |= 1u << sq[i];
    return mask;
}

/* The legal move a record names in pos; false if none. */
static bool raw_resolve(const ShPosition *pos, const ShMoveList *legal, const RawMove *r,
                        BookMove *out)
{
    (void)pos;
    for (int i = 0; i < legal->count; i++) {
        const ShMove *m = &legal->moves[i];
        if (sh_move_from(m) == r->from && sh_move_to(m) == r->to &&
            captured_mask(m) == r->captured) {
            out->move = *m;
            out->searched = r->flags & 1;
            out->score = out->searched ? r->score : 0;
            out->depth = out->searched ? r->depth : 0;
            out->wins = r->wins;
            out->draws = r->draws;
            out->losses = r->losses;
            return true;
        }
    }
    return false;
}

static const Entry *entry_of(const Book *b, const ShPosition *pos)
{
    if (!b || pos->variant != SH_VARIANT_RUSSIAN)
        return NULL;
    return find(b, book_key(pos));
}

/* ---- probing and choosing ---- */

int book_positions(const Book *b)
{
    return b ? b->count : 0;
}

int book_searched(const Book *b)
{
    int n = 0;
    for (int i = 0; b && i < b->count; i++)
        n += b->entries[i].depth > 0;
    return n;
}

int book_move_count(const Book *b)
{
    int n = 0;
    for (int i = 0; b && i < b->count; i++)
        n += b->entries[i].count;
    return n;
}

int book_depth(const Book *b, const ShPosition *pos)
{
    const Entry *e = entry_of(b, pos);
    return e ? e->depth : -1;
}

static int games_of(const BookMove *m)
{
    return (int)(m->wins + m->draws + m->losses);
}

static int compare_moves(const void *pa, const void *pb)
{
    const BookMove *a = pa, *b = pb;
    if (a->searched != b->searched)
        return a->searched ? -1 : 1;
    if (a->searched && a->score != b->score)
        return a->score > b->score ? -1 : 1;
    return games_of(b) - games_of(a);
}

int book_probe(const Book *b, const ShPosition *pos, BookMove moves[BOOK_MAX_MOVES])
{
    const Entry *e = entry_of(b, pos);
    if (!e)
        return 0;
    ShMoveList legal;
    sh_moves_generate(pos, &legal);
    int n = 0;
    for (int i = 0; i < e->count; i++)
        if (raw_resolve(pos, &legal, &e->moves[i], &moves[n]))
            n++;
    /* a stable order: insertion sort by the comparison above */
    for (int i = 1; i < n; i++) {
        BookMove m = moves[i];
        int j = i;
        while (j > 0 && compare_moves(&moves[j - 1], &m) > 0) {
            moves[j] = moves[j - 1];
            j--;
        }
        moves[j] = m;
    }
    return n;
}

bool book_choose(const Book *b, const ShPosition *pos, int margin, uint64_t seed,
                 BookMove *chosen)
{
    BookMove moves[BOOK_MAX_MOVES];
    int n = book_probe(b, pos, moves);
    if (n == 0 || !moves[0].searched || engine_score_is_loss(moves[0].score))
        return false;
    if (margin < 0)
        margin = 0;
    if (margin > BOOK_BOUND)
        margin = BOOK_BOUND;
    int best = moves[0].score;
    int weights[BOOK_MAX_MOVES], total = 0, k = 0;
    for (int i = 0; i < n; i++) {
        if (!moves[i].searched || engine_score_is_loss(moves[i].score))
            break;
        int behind = best - moves[i].score;
        if (behind > margin || behind > BOOK_BOUND)
            break;
        weights[k] = margin - behind + 1;
        total += weights[k++];
    }
    uint64_t r = mix64(seed ^ book_key(pos)) % (uint64_t)total;
    for (int i = 0; i < k; i++) {
        if (r < (uint64_t)weights[i]) {
            *chosen = moves[i];
            return true;
        }
        r -= (uint64_t)weights[i];
    }
    *chosen = moves[0];
    return true;
}

/* ---- building ---- */

ShStatus book_put(Book *b, const ShPosition *pos, int depth, const BookMove *moves, int count,
                  ShError *err)
{
    if (pos->variant != SH_VARIANT_RUSSIAN)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "the book holds Russian positions only");
    if (count < 0 || count > BOOK_MAX_MOVES)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "%d moves: at most %d a position", count,
                         BOOK_MAX_MOVES);
    uint64_t key = book_key(pos);
    Entry *e = find(b, key);
    if (!e && !(e = add(b, key)))
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    e->depth = (uint8_t)(depth < 0 ? 0 : depth > 255 ? 255 : depth);
    e->count = (uint8_t)count;
    for (int i = 0; i < count; i++)
        raw_from_move(&moves[i], &e->moves[i]);
    return SH_OK;
}

static RawMove *raw_find(Entry *e, const ShMove *m)
{
    uint32_t mask = captured_mask(m);
    int from = sh_move_from(m), to = sh_move_to(m);
    for (int i = 0; i < e->count; i++)
        if (e->moves[i].from == from && e->moves[i].to == to && e->moves[i].captured == mask)
            return &e->moves[i];
    return NULL;
}

int book_count_game(Book *b, const ShGame *g, int max_plies)
{
    ShReason reason;
    ShResult result = sh_game_result(g, &reason);
    if (result == SH_RESULT_NONE || sh_game_start(g)->variant != SH_VARIANT_RUSSIAN)
        return 0;
    int n = sh_game_ply_count(g), counted = 0;
    for (int i = 0; i < n && i < max_plies; i++) {
        const ShPosition *pos = sh_game_position_at(g, i);
        const ShMove *m = sh_game_move_at(g, i);
        uint64_t key = book_key(pos);
        Entry *e = find(b, key);
        if (!e && !(e = add(b, key)))
            return counted;
        RawMove *r = raw_find(e, m);
        if (!r) {
            if (e->count == BOOK_MAX_MOVES)
                continue;
            BookMove bm;
            memset(&bm, 0, sizeof bm);
            bm.move = *m;
            r = &e->moves[e->count++];
            raw_from_move(&bm, r);
        }
        ShColor mover = sh_position_side(pos);
        uint16_t *c = result == SH_RESULT_DRAW ? &r->draws
                      : (result == SH_RESULT_WHITE_WINS) == (mover == SH_WHITE) ? &r->wins
                                                                                : &r->losses;
        if (*c < 65535)
            (*c)++;
        counted++;
    }
    return counted;
}

void book_clear_counts(Book *b)
{
    for (int i = 0; i < b->count; i++)
        for (int j = 0; j < b->entries[i].count; j++) {
            RawMove *r = &b->entries[i].moves[j];
            r->wins = r->draws = r->losses = 0;
        }
}

bool book_entry_at(const Book *b, int index, uint64_t *key, int *depth, int *count)
{
    if (!b || index < 0 || index >= b->count)
        return false;
    *key = b->entries[index].key;
    *depth = b->entries[index].depth;
    *count = b->entries[index].count;
    return true;
}

/* ---- the file ---- */

static void put16(unsigned char *p, unsigned v)
{
    p[0] = (unsigned char)(v & 0xff);
    p[1] = (unsigned char)(v >> 8 & 0xff);
}
static void put32(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (unsigned char)(v >> (8 * i) & 0xff);
}
static void put64(unsigned char *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (unsigned char)(v >> (8 * i) & 0xff);
}
static unsigned get16(const unsigned char *p)
{
    return (unsigned)p[0] | (unsigned)p[1] << 8;
}
static uint32_t get32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static uint64_t get64(const unsigned char *p)
{
    return (uint64_t)get32(p) | (uint64_t)get32(p + 4) << 32;
}

static int compare_keys(const void *pa, const void *pb)
{
    const Entry *const *a = pa, *const *b = pb;
    return (*a)->key < (*b)->key ? -1 : (*a)->key > (*b)->key;
}

static bool kept(const RawMove *r)
{
    return (r->flags & 1) || r->wins || r->draws || r->losses;
}

ShStatus book_write(const Book *b, const char *path, ShError *err)
{
    int moves = 0, entries = 0;
    for (int i = 0; i < b->count; i++) {
        int k = 0;
        for (int j = 0; j < b->entries[i].count; j++)
            k += kept(&b->entries[i].moves[j]);
        moves += k;
        entries += k > 0;
    }
    size_t size = HEADER_SIZE + (size_t)entries * ENTRY_SIZE + (size_t)moves * MOVE_SIZE;
    unsigned char *buf = calloc(1, size);
    const Entry **order = malloc(sizeof *order * (size_t)(b->count + 1));
    if (!buf || !order) {
        free(buf);
        free(order);
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    }
    for (int i = 0; i < b->count; i++)
        order[i] = &b->entries[i];
    qsort(order, (size_t)b->count, sizeof *order, compare_keys);
    memcpy(buf, MAGIC, sizeof MAGIC);
    put32(buf + 8, VERSION);
    put32(buf + 12, (uint32_t)entries);
    put32(buf + 16, (uint32_t)moves);
    unsigned char *ep = buf + HEADER_SIZE;
    unsigned char *mp = ep + (size_t)entries * ENTRY_SIZE;
    uint32_t first = 0;
    for (int i = 0; i < b->count; i++) {
        const Entry *e = order[i];
        int k = 0;
        for (int j = 0; j < e->count; j++) {
            const RawMove *r = &e->moves[j];
            if (!kept(r))
                continue;
            mp[0] = r->from;
            mp[1] = r->to;
            mp[2] = r->depth;
            mp[3] = r->flags;
            put32(mp + 4, r->captured);
            put16(mp + 8, (unsigned)(uint16_t)r->score);
            put16(mp + 10, r->wins);
            put16(mp + 12, r->draws);
            put16(mp + 14, r->losses);
            mp += MOVE_SIZE;
            k++;
        }
        if (k == 0)
            continue;
        put64(ep, e->key);
        put32(ep + 8, first);
        ep[12] = (unsigned char)k;
        ep[13] = e->depth;
        ep += ENTRY_SIZE;
        first += (uint32_t)k;
    }
    free(order);
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "wb");
    bool ok = f && fwrite(buf, 1, size, f) == size;
    int why = ok ? 0 : errno;
    if (f && fclose(f) != 0 && ok) {
        ok = false;
        why = errno;
    }
    free(buf);
    if (ok && rename(tmp, path) != 0) {
        ok = false;
        why = errno;
    }
    if (!ok) {
        remove(tmp);
        return error_set(err, SH_ERR_IO, 0, 0, "cannot write '%s': %s", path,
                         strerror(why ? why : EIO));
    }
    return SH_OK;
}

static ShStatus bad(ShError *err, size_t offset, const char *what)
{
    error_set(err, SH_ERR_SYNTAX, 0, (int)offset, "offset %zu: %s", offset, what);
    return SH_ERR_SYNTAX;
}

ShStatus book_read(const unsigned char *data, size_t size, Book **out, ShError *err)
{
    *out = NULL;
    if (size < HEADER_SIZE)
        return bad(err, size, "the file ends inside the header (not a book)");
    if (memcmp(data, MAGIC, sizeof MAGIC) != 0)
        return bad(err, 0, "not a Shashki book (no SHBOOK1 signature)");
    if (get32(data + 8) != VERSION)
        return bad(err, 8, "a book version this program does not read");
    uint32_t entries = get32(data + 12), moves = get32(data + 16);
    for (size_t i = 20; i < HEADER_SIZE; i++)
        if (data[i])
            return bad(err, i, "reserved header bytes are not zero");
    uint64_t want = HEADER_SIZE + (uint64_t)entries * ENTRY_SIZE + (uint64_t)moves * MOVE_SIZE;
    if (want != size) {
        char what[120];
        snprintf(what, sizeof what, "%u positions and %u moves need %llu bytes, the file has %zu",
                 entries, moves, (unsigned long long)want, size);
        return bad(err, size < want ? size : (size_t)want, what);
    }
    Book *b = book_new();
    if (!b)
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    const unsigned char *ep = data + HEADER_SIZE;
    const unsigned char *mbase = ep + (size_t)entries * ENTRY_SIZE;
    uint32_t first = 0;
    uint64_t last = 0;
    for (uint32_t i = 0; i < entries; i++, ep += ENTRY_SIZE) {
        size_t at = (size_t)(ep - data);
        uint64_t key = get64(ep);
        ShStatus st = SH_OK;
        if (i > 0 && key <= last)
            st = bad(err, at, "positions are not in increasing key order");
        else if (get32(ep + 8) != first)
            st = bad(err, at + 8, "an entry's first move is not where the previous ended");
        else if (ep[12] == 0 || ep[12] > BOOK_MAX_MOVES)
            st = bad(err, at + 12, "an entry has no moves or too many");
        else if (first + ep[12] > moves)
            st = bad(err, at + 12, "an entry's moves run past the move table");
        else if (ep[14] || ep[15])
            st = bad(err, at + 14, "reserved entry bytes are not zero");
        Entry *e = st == SH_OK ? add(b, key) : NULL;
        if (st == SH_OK && !e)
            st = error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
        if (st != SH_OK) {
            book_free(b);
            return st;
        }
        e->count = ep[12];
        e->depth = ep[13];
        for (int j = 0; j < e->count; j++) {
            const unsigned char *mp = mbase + (size_t)(first + (uint32_t)j) * MOVE_SIZE;
            size_t mat = (size_t)(mp - data);
            RawMove *r = &e->moves[j];
            r->from = mp[0];
            r->to = mp[1];
            r->depth = mp[2];
            r->flags = mp[3];
            r->captured = get32(mp + 4);
            r->score = (int16_t)get16(mp + 8);
            r->wins = (uint16_t)get16(mp + 10);
            r->draws = (uint16_t)get16(mp + 12);
            r->losses = (uint16_t)get16(mp + 14);
            const char *why = NULL;
            if (r->from >= SH_SQUARES || r->to >= SH_SQUARES || r->from == r->to)
                why = "a move's squares are off the board";
            else if (r->flags > 1)
                why = "unknown move flags";
            else if ((r->flags & 1) != (r->depth > 0))
                why = "a move is searched without a depth, or has a depth unsearched";
            else if (r->score > ENGINE_SCORE_WIN || r->score < -ENGINE_SCORE_WIN)
                why = "a score beyond a win";
            else if (!(r->flags & 1) && r->score != 0)
                why = "an unsearched move has a score";
            if (why) {
                book_free(b);
                return bad(err, mat, why);
            }
        }
        first += e->count;
        last = key;
    }
    if (first != moves) {
        book_free(b);
        return bad(err, (size_t)(mbase - data) + (size_t)first * MOVE_SIZE,
                   "moves after the last entry's");
    }
    *out = b;
    return SH_OK;
}

ShStatus book_load(const char *path, Book **out, ShError *err)
{
    *out = NULL;
    FILE *f = fopen(path, "rb");
    if (!f)
        return error_set(err, SH_ERR_IO, 0, 0, "cannot open book '%s'", path);
    size_t cap = 1 << 16, n = 0;
    unsigned char *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            unsigned char *bigger = realloc(buf, cap * 2);
            if (!bigger) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = bigger;
            cap *= 2;
        }
    }
    fclose(f);
    if (!buf)
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    ShStatus st = book_read(buf, n, out, err);
    free(buf);
    if (st == SH_ERR_SYNTAX && err) {
        char msg[SH_ERROR_MESSAGE_SIZE];
        snprintf(msg, sizeof msg, "%s", err->message);
        snprintf(err->message, sizeof err->message, "%.200s: %.700s", path, msg);
    }
    return st;
}

/* ---- the built-in book ---- */

extern const unsigned char BOOK_DATA[];
extern const unsigned long BOOK_DATA_size;

static Book *builtin;
static pthread_once_t builtin_once = PTHREAD_ONCE_INIT;

static void builtin_load(void)
{
    if (book_read(BOOK_DATA, (size_t)BOOK_DATA_size, &builtin, NULL) != SH_OK)
        builtin = NULL;
}

const Book *book_builtin(void)
{
    pthread_once(&builtin_once, builtin_load);
    return builtin;
}
