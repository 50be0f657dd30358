/* kind.c - the record of every game (shashki_play.h, "Kinds"): the draughts and column games
 * from their ShRules records, the other games from their ShOtherGame records. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "error.h"
#include "play_impl.h"
#include "thread.h"

static const char *const TWO_NAMES[] = {"White", "Black"};
static const char *const TWO_COLOURS[] = {"#f4efe4", "#2b2623"};

/* The Russian names of the draughts games, in ShVariant order. */
static const char *const TITLES_RU[SH_VARIANT_COUNT] = {
    [SH_VARIANT_RUSSIAN] = "Русские шашки",
    [SH_VARIANT_BRAZILIAN] = "Бразильские шашки",
    [SH_VARIANT_POOL] = "Пул-чекерс",
    [SH_VARIANT_ENGLISH] = "Английские шашки",
    [SH_VARIANT_ITALIAN] = "Итальянские шашки",
    [SH_VARIANT_SPANISH] = "Испанские шашки",
    [SH_VARIANT_CZECH] = "Чешские шашки",
    [SH_VARIANT_TURKISH] = "Турецкие шашки",
    [SH_VARIANT_INTERNATIONAL] = "Международные шашки",
    [SH_VARIANT_FRISIAN] = "Фризские шашки",
    [SH_VARIANT_GIVEAWAY] = "Поддавки",
    [SH_VARIANT_FLYING] = "Летучие шашки",
    [SH_VARIANT_DIAGONAL] = "Диагональные шашки",
    [SH_VARIANT_NORTHERN] = "Северные шашки",
    [SH_VARIANT_SELF_EATERS] = "Самоеды",
    [SH_VARIANT_TWO_MOVE] = "Двухходовые шашки",
    [SH_VARIANT_COLUMNS] = "Столбовые шашки (башни)",
    [SH_VARIANT_LASCA] = "Ласка (игра Ласкера)",
    [SH_VARIANT_CANADIAN] = "Канадские шашки",
    [SH_VARIANT_SPANTSIRETTI] = "80-клеточные шашки (Спанцирети)",
};

#define KIND_MAX (SH_VARIANT_COUNT + 16)

typedef struct KindTable {
    int count;
    ShKind kinds[KIND_MAX];
    char game_types[SH_VARIANT_COUNT][8];
} KindTable;

/* The Russian ballots open the games played on the Russian board from its start with White
 * first, one move a turn (sh_game_new_opening_variant). */
static bool has_ballots(ShVariant v)
{
    return v == SH_VARIANT_RUSSIAN || v == SH_VARIANT_GIVEAWAY || v == SH_VARIANT_NORTHERN;
}

/* The games whose players write squares as numbers: the 10x10 and 12x12 games (FMJD, Scan,
 * lidraughts), English checkers (the EDA and ACF literature, PDN's GameType 21) and American
 * pool (the APCA's rules place the men on "the first twelve dark squares"; its records, as
 * English checkers', are numbered). The Russian games (80-square draughts too: PDN's GameType
 * "41,W,10,8,A0,0" names letters and figures), Brazilian, Czech, Italian, Spanish,
 * Turkish and the column games are written with letters and figures (c3-d4). */
static bool usual_numeric(ShVariant v)
{
    return sh_rules_get(v)->board_rows >= 10 || v == SH_VARIANT_ENGLISH || v == SH_VARIANT_POOL;
}

static void table_fill(KindTable *t)
{
    for (int v = 0; v < SH_VARIANT_COUNT; v++) {
        const ShRules *r = sh_rules_get((ShVariant)v);
        ShKind *k = &t->kinds[t->count++];
        snprintf(t->game_types[v], sizeof t->game_types[v], "%d", r->pdn_game_type);
        *k = (ShKind){
            .name = r->name,
            .title_en = r->title,
            .title_ru = TITLES_RU[v] ? TITLES_RU[v] : r->title,
            .family = r->columns ? SH_FAMILY_COLUMNS : SH_FAMILY_DRAUGHTS,
            .players = 2,
            .player_names = TWO_NAMES,
            .player_colours = TWO_COLOURS,
            .engine = true,
            .draws = true,
            .claims = true,
            .numeric = usual_numeric((ShVariant)v),
            .ballots = has_ballots((ShVariant)v),
            .start_drawn = r->start_drawn,
            .variant = v,
            .pdn_game_type = t->game_types[v],
        };
    }
    for (int i = 0; i < sh_other_count() && t->count < KIND_MAX; i++) {
        const ShOtherGame *g = sh_other_at(i);
        ShKind *k = &t->kinds[t->count++];
        *k = (ShKind){
            .name = g->name,
            .title_en = g->title_en,
            .title_ru = g->title_ru,
            .family = SH_FAMILY_OTHER,
            .players = g->players,
            .player_names = g->player_names,
            .player_colours = g->player_colours,
            .settings = g->settings,
            .setting_count = g->setting_count,
            .engine = sh_other_playable(g) && g->searchable && g->evaluate != NULL,
            .draws = g->players == 2,
            .variant = -1,
            .other = g,
            .pdn_game_type = g->game_type,
        };
    }
}

static KindTable kind_table;
static pthread_once_t kind_table_once = PTHREAD_ONCE_INIT;

static void table_build(void)
{
    table_fill(&kind_table);
}

/* The table is built once, from records that never change. */
static const KindTable *table(void)
{
    pthread_once(&kind_table_once, table_build);
    return &kind_table;
}

int sh_kind_count(void)
{
    return table()->count;
}

const ShKind *sh_kind_at(int index)
{
    const KindTable *t = table();
    return index >= 0 && index < t->count ? &t->kinds[index] : NULL;
}

const ShKind *sh_kind_find(const char *name)
{
    if (!name || !*name)
        return NULL;
    ShVariant v;
    if (sh_rules_find(name, &v))
        return sh_kind_of_variant(v);
    if (strcasecmp(name, "bashni") == 0 || strcasecmp(name, "stolbovye") == 0)
        return sh_kind_of_variant(SH_VARIANT_COLUMNS);
    const KindTable *t = table();
    for (int i = 0; i < t->count; i++)
        if (strcasecmp(t->kinds[i].name, name) == 0)
            return &t->kinds[i];
    return NULL;
}

const ShKind *sh_kind_of_variant(ShVariant variant)
{
    if ((int)variant < 0 || variant >= SH_VARIANT_COUNT)
        return NULL;
    return &table()->kinds[variant];
}

size_t sh_kind_names(char *out, size_t size)
{
    size_t n = 0;
    if (out && size)
        out[0] = '\0';
    for (int i = 0; i < sh_kind_count(); i++) {
        const char *name = sh_kind_at(i)->name;
        int w = snprintf(out && n < size ? out + n : NULL, out && n < size ? size - n : 0, "%s%s",
                         i ? ", " : "", name);
        if (w > 0)
            n += (size_t)w;
    }
    return n;
}

ShStatus sh_kind_check_settings(const ShKind *kind, const char *settings, ShError *err)
{
    if (!kind)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "no game");
    if (!settings || !*settings)
        return SH_OK;
    if (kind->family != SH_FAMILY_OTHER)
        return error_set(err, SH_ERR_SYNTAX, 1, 1, "%s has no settings", kind->name);
    ShOtherState *st = malloc(sizeof *st);
    if (!st)
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    ShStatus s = sh_other_start(kind->other, settings, st, err);
    free(st);
    return s;
}

/* A draughts board: the playing squares in PDN order, at their files and ranks. */
static void draughts_geometry(ShVariant v, ShGeometry *out)
{
    const ShRules *r = sh_rules_get(v);
    int n = sh_board_squares(v);
    out->cell_count = n;
    out->width = (float)r->board_size;
    out->height = (float)r->board_rows;
    for (int sq = 0; sq < n && sq < SH_MAX_CELLS; sq++) {
        ShCell *c = &out->cell[sq];
        int file = sh_board_square_file(v, sq), rank = sh_board_square_rank(v, sq);
        c->x = (float)file + 0.5f;
        c->y = (float)(r->board_rows - 1 - rank) + 0.5f;
        c->shape = SH_CELL_SQUARE;
        c->dark = r->board != SH_BOARD_ORTHOGONAL;
        char name[SH_SQUARE_NAME_SIZE];
        sh_board_square_name(v, sq, false, name);
        snprintf(c->name, sizeof c->name, "%s", name);
    }
}

ShStatus sh_kind_geometry(const ShKind *kind, const char *settings, ShGeometry *out,
                          ShError *err)
{
    if (!kind || !out)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "no game or no board");
    memset(out, 0, sizeof *out);
    if (kind->family != SH_FAMILY_OTHER) {
        if (settings && *settings)
            return error_set(err, SH_ERR_SYNTAX, 1, 1, "%s has no settings", kind->name);
        draughts_geometry((ShVariant)kind->variant, out);
        return SH_OK;
    }
    ShOtherState *st = malloc(sizeof *st);
    if (!st)
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    ShStatus s = sh_other_start(kind->other, settings, st, err);
    if (s == SH_OK)
        kind->other->board(st, out);
    free(st);
    return s;
}

void play_draughts_geometry(ShVariant v, ShGeometry *out)
{
    memset(out, 0, sizeof *out);
    draughts_geometry(v, out);
}
