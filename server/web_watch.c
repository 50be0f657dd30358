/* web_watch.c - a game's server-sent events: every watcher (the players' devices, spectators)
 * gets the Game at once and again each time it changes. A watcher that falls behind gets the
 * latest state, not every one in between: each carries its version and the whole game. The
 * event's text is made once per version and shared by the watchers (live.c). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "web_app.h"

#define EVENT_WAIT_SECONDS 15

typedef struct GameStream {
    WebGames *games;
    long id;
    unsigned seen;
    bool first;
    char *pending; /* text not yet sent */
    size_t pending_size, pending_at;
} GameStream;

static long pending_copy(GameStream *s, char *buf, size_t max)
{
    size_t n = s->pending_size - s->pending_at;
    if (n > max)
        n = max;
    memcpy(buf, s->pending + s->pending_at, n);
    s->pending_at += n;
    if (s->pending_at == s->pending_size) {
        free(s->pending);
        s->pending = NULL;
    }
    return (long)n;
}

static long game_stream_next(void *state, char *buf, size_t max)
{
    GameStream *s = state;
    if (s->pending)
        return pending_copy(s, buf, max);
    WebGames *g = s->games;
    pthread_mutex_lock(&g->lock);
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += EVENT_WAIT_SECONDS;
    for (;;) {
        if (g->stopping) {
            pthread_mutex_unlock(&g->lock);
            return -1;
        }
        Live *l = live_get(g, s->id);
        if (!l) {
            pthread_mutex_unlock(&g->lock);
            return -1;
        }
        if (s->first || l->version != s->seen) {
            s->first = false;
            s->seen = l->version;
            const char *text = live_event_text(l);
            s->pending = text ? strdup(text) : NULL;
            pthread_mutex_unlock(&g->lock);
            if (!s->pending)
                return -1;
            s->pending_size = strlen(s->pending);
            s->pending_at = 0;
            return pending_copy(s, buf, max);
        }
        if (pthread_cond_timedwait(live_watch_cond(g, s->id), &g->lock, &until) == ETIMEDOUT) {
            pthread_mutex_unlock(&g->lock);
            return 0;
        }
    }
}

static void game_stream_done(void *state)
{
    GameStream *s = state;
    free(s->pending);
    free(s);
}

static void on_events(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    Live *l = web_game_for(app, req, res);
    if (!l)
        return;
    long id = l->id;
    pthread_mutex_unlock(&app->games->lock);
    GameStream *s = calloc(1, sizeof *s);
    if (!s) {
        http_error(res, 500, "out of memory");
        return;
    }
    s->games = app->games;
    s->id = id;
    s->first = true;
    res->has_stream = true;
    res->stream = (HttpStream){game_stream_next, game_stream_done, s};
}

static const HttpRoute ROUTES[] = {
    {"GET", "/api/games/*/events", on_events},
};

WEB_ROUTES(WEB_WATCH_ROUTES, ROUTES);
