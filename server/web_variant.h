/* web_variant.h - the games the web app plays (docs/web-api.md "Games"): a game named in a
 * request, checked, and the list of every game with what the page needs to draw and start it.
 * Games are played of every kind (web_kind_*); the analysis board's resources (positions,
 * analysis, the explorer, the solver) take the draughts games (web_variant_*). */
#ifndef SHASHKI_WEB_VARIANT_H
#define SHASHKI_WEB_VARIANT_H

#include <jansson.h>
#include <stdbool.h>

#include "http.h"
#include "shashki.h"
#include "shashki_play.h"

/* The game a request names in `text` (NULL or "" means Russian): any game of the project;
 * false with a 400 naming `field` and the games there are when it names none. */
bool web_kind_parse(const char *text, const char *field, const ShKind **out, HttpResponse *res);
bool web_kind_member(json_t *body, const ShKind **out, HttpResponse *res);
bool web_kind_query(const HttpRequest *req, const ShKind **out, HttpResponse *res);

/* The variant a request names in `text` (NULL or "" means Russian); false with a 400 naming
 * `field` and the games there are when it names none. */
bool web_variant_parse(const char *text, const char *field, ShVariant *out, HttpResponse *res);
/* The same for a member "variant" of a request object. */
bool web_variant_member(json_t *body, ShVariant *out, HttpResponse *res);
/* The same for the query parameter "variant". */
bool web_variant_query(const HttpRequest *req, ShVariant *out, HttpResponse *res);

/* The variant's name in the API ("russian", "english" ...). */
const char *web_variant_name(ShVariant variant);
/* Whether the Russian ballot openings fit the game (Russian, giveaway, northern). */
bool web_variant_has_ballots(ShVariant variant);
/* The notation a game of the variant is written in as PDN: short, in numbers when `numeric`
 * asks for them and always where the game's usual notation is numbers (ShKind.numeric: the
 * boards of 10x10 and more, which every program of the 10x10 world reads so, English and
 * pool), as its games' records are written. */
int web_variant_pdn_notation(ShVariant variant, bool numeric);
/* The variant a stored name gives (Russian for "" or an unknown name). */
ShVariant web_variant_stored(const char *name);

#endif
