/*
 * web_events.h - what the events' handlers share (web_events.c, web_event_games.c,
 * web_event_view.c; docs/web-api.md "Events").
 *
 * An event lives in the store (tstore.h), loaded for each request and saved, one transaction
 * per change, with the change's line in its log. The games' lock (WebGames.lock) guards the
 * events too, so that a game that ends (on a thread of its own: a move, the engine, a flag)
 * and the arbiter's change of the same event follow one another. Every change bumps
 * WebApp.events_version and wakes the events' streams (they wait on WebGames.changed).
 */
#ifndef SHASHKI_WEB_EVENTS_H
#define SHASHKI_WEB_EVENTS_H

#include "web_app.h"

/* The event named by the route's first parameter, loaded (lock taken); false with a 404
 * (lock released) if there is none. */
bool web_event_load(WebApp *app, const HttpRequest *req, HttpResponse *res, long *id,
                    ShEvent **event);
/* Save the event with its change (lock held) and announce it; false with a 500 in res (when
 * res is given) if it could not be saved. */
bool web_event_commit(WebApp *app, long id, const ShEvent *event, const char *change,
                      HttpResponse *res);
/* The Event of docs/web-api.md: settings, players, rounds with their pairings, standings. */
json_t *web_event_json(WebApp *app, long id, const ShEvent *event);
/* The standings of a stage (0: the whole event) as JSON rows; NULL with err set. */
json_t *web_event_standings_json(const ShEvent *event, int stage, char *err, size_t size);
/* A team event's or individual-team event's part of the Event (teams, matches, team
 * standings, board prizes: web_event_teams.c); NULL for an individual event. */
json_t *web_event_team_json(const ShEvent *event);
/* Points in tenths as a JSON number (15 -> 1.5). */
json_t *web_event_points(int tenths);
/* An engine player's level from its spec ("self:level=3" -> 3), 0 for a person. */
int web_event_engine_level(const ShEventPlayer *player);

/* Start the app's game of a pairing's next game (lock held): the seats of its people open
 * (codes), the engine's side played by the server; *game_id gets the game's id. False with
 * the reason in why. */
bool web_event_start_game(WebApp *app, long event_id, ShEvent *event,
                          const ShEventPairing *pairing, long *game_id, char *why,
                          size_t size);
/* Start the games of the round's pairings of two engines (lock held; the event saved). */
void web_event_start_engine_games(WebApp *app, long event_id, ShEvent *event, int stage,
                                  int round);

#endif
