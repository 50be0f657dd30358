/* web_variant.c - the games the web app plays: a variant named in a request, and the list
 * GET /api/variants gives the page (how each board is drawn and numbered, who moves first,
 * how a game starts). See docs/web-api.md. */
#include "web_variant.h"

#include <stdio.h>
#include <string.h>

#include "web_app.h"
#include "web_json.h"
#include "live.h"

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
    /* the game's usual notation (ShKind.numeric: 10x10, 12x12, English, pool), as its games'
     * records are written */
    const ShKind *kind = sh_kind_of_variant(variant);
    if (kind && kind->numeric)
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

/* The games of the analysis board's resources: not the column games, whose squares hold
 * columns that the Position's board string (a letter a square) cannot say. */
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

bool web_kind_parse(const char *text, const char *field, const ShKind **out, HttpResponse *res)
{
    *out = sh_kind_of_variant(SH_VARIANT_RUSSIAN);
    if (!text || !*text)
        return true;
    const ShKind *k = strlen(text) <= 40 ? sh_kind_find(text) : NULL;
    if (k) {
        *out = k;
        return true;
    }
    char names[1024];
    sh_kind_names(names, sizeof names);
    http_field_error(res, 400, field, 0, 0, "no game '%.40s%s' here: %s must be one of %s", text,
                     strlen(text) > 40 ? "..." : "", field, names);
    return false;
}

bool web_kind_member(json_t *body, const ShKind **out, HttpResponse *res)
{
    const char *text = NULL;
    *out = sh_kind_of_variant(SH_VARIANT_RUSSIAN);
    return http_get_string(body, "variant", &text, res) && web_kind_parse(text, "variant", out, res);
}

bool web_kind_query(const HttpRequest *req, const ShKind **out, HttpResponse *res)
{
    return web_kind_parse(http_query(req, "variant"), "variant", out, res);
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

static void on_variants(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    (void)req;
    (void)ctx;
    json_t *list = json_array();
    for (int i = 0; i < sh_kind_count(); i++)
        json_array_append_new(list, live_json_kind(sh_kind_at(i)));
    http_json(res, 200, json_pack("{s:o}", "variants", list));
}

static const HttpRoute ROUTES[] = {
    {"GET", "/api/variants", on_variants},
};

WEB_ROUTES(WEB_VARIANT_ROUTES, ROUTES);
