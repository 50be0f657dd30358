/* web_variant.c - the games the web app plays: a variant named in a request, and the list
 * GET /api/variants gives the page (how each board is drawn and numbered, who moves first,
 * how a game starts). See docs/web-api.md. */
#include "web_variant.h"

#include <stdio.h>
#include <string.h>

#include "web_app.h"
#include "web_json.h"

const char *web_variant_name(ShVariant variant)
{
    const ShRules *rules = sh_rules_get(variant);
    return rules ? rules->name : "russian";
}

bool web_variant_has_ballots(ShVariant variant)
{
    return variant == SH_VARIANT_RUSSIAN || variant == SH_VARIANT_GIVEAWAY ||
           variant == SH_VARIANT_NORTHERN;
}

int web_variant_pdn_notation(ShVariant variant, bool numeric)
{
    const ShRules *rules = sh_rules_get(variant);
    if (rules && rules->board_size >= 10)
        numeric = true;
    return SH_NOTATION_SHORT | (numeric ? SH_NOTATION_NUMERIC : 0);
}

ShVariant web_variant_stored(const char *name)
{
    ShVariant v = SH_VARIANT_RUSSIAN;
    if (name && *name && !sh_rules_find(name, &v))
        v = SH_VARIANT_RUSSIAN;
    return v;
}

/* The games the web app serves: not yet the column games, whose squares hold columns that
 * the API's board strings (a letter a square) cannot say. */
static bool served(ShVariant v)
{
    return !sh_rules_get(v)->columns;
}

bool web_variant_parse(const char *text, const char *field, ShVariant *out, HttpResponse *res)
{
    *out = SH_VARIANT_RUSSIAN;
    if (!text || !*text)
        return true;
    if (strlen(text) <= 40 && sh_rules_find(text, out) && served(*out))
        return true;
    *out = SH_VARIANT_RUSSIAN;
    char names[512] = "";
    size_t n = 0;
    for (int i = 0; i < SH_VARIANT_COUNT && n < sizeof names; i++)
        if (served((ShVariant)i))
            n += (size_t)snprintf(names + n, sizeof names - n, "%s%s", n ? ", " : "",
                                  sh_rules_get((ShVariant)i)->name);
    http_field_error(res, 400, field, 0, 0, "no game '%.40s%s' here: %s must be one of %s", text,
                     strlen(text) > 40 ? "..." : "", field, names);
    return false;
}

bool web_variant_member(json_t *body, ShVariant *out, HttpResponse *res)
{
    const char *text = NULL;
    *out = SH_VARIANT_RUSSIAN;
    return http_get_string(body, "variant", &text, res) &&
           web_variant_parse(text, "variant", out, res);
}

bool web_variant_query(const HttpRequest *req, ShVariant *out, HttpResponse *res)
{
    return web_variant_parse(http_query(req, "variant"), "variant", out, res);
}

static const char *board_kind(const ShRules *r)
{
    if (r->board == SH_BOARD_ORTHOGONAL)
        return "orthogonal";
    return r->a1_playable ? "diagonal" : "turned";
}

static json_t *variant_json(ShVariant v)
{
    const ShRules *r = sh_rules_get(v);
    ShPosition start;
    sh_position_start(&start, v);
    char fen[SH_FEN_SIZE], fen_numeric[SH_FEN_SIZE], board[SH_MAX_SQUARES + 1];
    sh_fen_write(&start, false, fen);
    sh_fen_write(&start, true, fen_numeric);
    wj_board(&start, board);
    json_t *j = json_pack("{s:s,s:s,s:s,s:i,s:s,s:s,s:s,s:s,s:i,s:o}", "name", r->name, "title",
                          r->title, "board", board_kind(r), "squares", r->squares, "first",
                          r->first == SH_WHITE ? "white" : "black", "start_fen", fen,
                          "start_fen_numeric", fen_numeric, "start_board", board,
                          "pdn_game_type", r->pdn_game_type, "pdn_variant",
                          r->pdn_variant ? json_string(r->pdn_variant) : json_null());
    json_object_set_new(j, "size", json_integer(r->board_size));
    json_object_set_new(j, "ballots", json_boolean(web_variant_has_ballots(v)));
    json_object_set_new(j, "start_drawn", json_boolean(r->start_drawn));
    json_object_set_new(j, "moves_per_turn", json_integer(r->moves_per_turn));
    json_object_set_new(j, "flying_kings", json_boolean(r->flying_kings));
    json_object_set_new(j, "promotion_continues", json_boolean(r->promotion_continues));
    json_object_set_new(j, "goal",
                        json_string(r->goal == SH_GOAL_GIVEAWAY ? "giveaway" : "normal"));
    return j;
}

static void on_variants(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    (void)req;
    (void)ctx;
    json_t *list = json_array();
    for (int i = 0; i < SH_VARIANT_COUNT; i++)
        if (served((ShVariant)i))
            json_array_append_new(list, variant_json((ShVariant)i));
    http_json(res, 200, json_pack("{s:o}", "variants", list));
}

static const HttpRoute ROUTES[] = {
    {"GET", "/api/variants", on_variants},
};

WEB_ROUTES(WEB_VARIANT_ROUTES, ROUTES);
