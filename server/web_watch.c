/* web_watch.c - a game's server-sent events (stream.h): every watcher (the players' devices,
 * spectators) gets the Game at once and again each time it changes. The event's text is made
 * once per version and shared by the watchers, not copied for each (live.c, event_text.h). */
#include <stdlib.h>
#include <string.h>

#include "stream.h"
#include "web_accounts.h"
#include "web_app.h"

static bool game_version(WebGames *g, long id, void *context, unsigned *version)
{
    (void)context;
    Live *l = live_peek(g, id); /* kept fresh by the notifications: no query per wake-up */
    if (l)
        *version = l->version;
    return l != NULL;
}

static EventText *game_text(WebGames *g, long id, void *context)
{
    Live *l = live_peek(g, id);
    if (l && context) /* before its first text: the events say whether it is rated */
        web_rated_known(*(WebApp **)context, l);
    return l ? live_event_text(l) : NULL;
}

static const StreamSource GAME_STREAM = {game_version, NULL, live_watch_cond, game_text};

static void on_events(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    Live *l = web_game_for(app, req, res);
    if (!l)
        return;
    long id = l->id;
    pthread_mutex_unlock(&app->games->lock);
    WebApp **context = malloc(sizeof *context); /* the stream frees it */
    if (context)
        *context = app;
    stream_respond(res, app->games, &GAME_STREAM, id, context);
}

static const HttpRoute ROUTES[] = {
    {"GET", "/api/games/*/events", on_events},
};

WEB_ROUTES(WEB_WATCH_ROUTES, ROUTES);
