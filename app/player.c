/* player.c - match players: the built-in engine, or a Hub engine in a child process. */
#include "player.h"

#include "play_engine.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

struct Player {
    PlayerSpec spec;
    char name[128];
    Engine *engine;   /* built-in, the draughts and column games */
    PlayEngine *other;/* built-in, the other games */
    ShPosition *positions; /* the game so far, for the draughts engines: its positions */
    ShMove *moves;         /* ... and moves */
    int capacity;
    pid_t pid;        /* external */
    int to_child, from_child;
    char buf[1 << 16];
    size_t buffered;
};

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- the spec ---- */

static bool set_option(PlayerSpec *s, const char *name, const char *value, char *error, size_t size)
{
    char *end;
    long v = strtol(value, &end, 10);
    bool number = *value && !*end;
    if (strcmp(name, "threads") == 0 || strcmp(name, "hash") == 0 || strcmp(name, "level") == 0 ||
        strcmp(name, "seed") == 0) {
        if (!number || v < 0) {
            snprintf(error, size, "%s must be a whole number, not '%s'", name, value);
            return false;
        }
        if (name[0] == 't')
            s->options.threads = (int)v;
        else if (name[0] == 'h')
            s->options.hash_mb = (int)v;
        else if (name[0] == 'l')
            s->options.level = (int)v;
        else
            s->options.seed = (uint64_t)v;
        return true;
    }
    if (s->settings == PLAYER_MAX_SETTINGS) {
        snprintf(error, size, "too many settings");
        return false;
    }
    snprintf(s->setting_name[s->settings], sizeof s->setting_name[0], "%s", name);
    snprintf(s->setting_value[s->settings], sizeof s->setting_value[0], "%s", value);
    s->settings++;
    return true;
}

bool player_spec_parse(const char *text, PlayerSpec *s, char *error, size_t size)
{
    memset(s, 0, sizeof *s);
    engine_options_default(&s->options);
    s->options.hash_mb = 16;
    const char *eq = strchr(text, '=');
    const char *colon = strchr(text, ':');
    if (eq && (!colon || eq < colon) && (size_t)(eq - text) < sizeof s->name) {
        memcpy(s->name, text, (size_t)(eq - text));
        s->name[eq - text] = '\0';
        text = eq + 1;
    }
    if (strncmp(text, "hub:", 4) == 0) {
        if (!text[4]) {
            snprintf(error, size, "hub: needs a command");
            return false;
        }
        snprintf(s->command, sizeof s->command, "%s", text + 4);
        return true;
    }
    if (strncmp(text, "self", 4) != 0 || (text[4] && text[4] != ':')) {
        snprintf(error, size, "a player is self, self:SETTINGS or hub:COMMAND, not '%s'", text);
        return false;
    }
    if (!text[4])
        return true;
    char list[1024];
    snprintf(list, sizeof list, "%s", text + 5);
    char *save = NULL;
    for (char *item = strtok_r(list, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
        char *e = strchr(item, '=');
        if (!e) {
            snprintf(error, size, "setting '%s' has no value (name=value)", item);
            return false;
        }
        *e = '\0';
        if (!set_option(s, item, e + 1, error, size))
            return false;
    }
    return true;
}

static const ShKind *kind_of(const PlayerSpec *s)
{
    return s->kind ? s->kind : sh_kind_of_variant(SH_VARIANT_RUSSIAN);
}

bool player_spec_check(const PlayerSpec *s, const ShKind *kind, char *error, size_t size)
{
    if (kind->players != 2) {
        snprintf(error, size, "%s is a game of %d players: engines play games of two", kind->name,
                 kind->players);
        return false;
    }
    if (kind->family != SH_FAMILY_OTHER)
        return true;
    if (s->command[0]) {
        snprintf(error, size,
                 "a Hub engine plays the draughts games only: %s is an other game of a checkers "
                 "set, whose positions and moves the Hub protocol cannot carry (its pos= and "
                 "moves are draughts squares); play it with self",
                 kind->name);
        return false;
    }
    if (!kind->engine) {
        snprintf(error, size, "%s has no engine: it is played by people only", kind->name);
        return false;
    }
    for (int i = 0; i < s->settings; i++)
        if (strcmp(s->setting_name[i], "book") != 0) {
            snprintf(error, size,
                     "'%s' is a setting of the draughts engine; %s is played by the other "
                     "games' engine (level, seed)",
                     s->setting_name[i], kind->name);
            return false;
        }
    return true;
}

/* ---- external engines ---- */

static bool send_line(Player *p, const char *format, ...) __attribute__((format(printf, 2, 3)));

static bool send_line(Player *p, const char *format, ...)
{
    char line[8192];
    va_list args;
    va_start(args, format);
    int n = vsnprintf(line, sizeof line - 1, format, args);
    va_end(args);
    if (n < 0 || n >= (int)sizeof line - 1)
        return false;
    line[n++] = '\n';
    for (int off = 0; off < n;) {
        ssize_t w = write(p->to_child, line + off, (size_t)(n - off));
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return false;
        off += (int)w;
    }
    return true;
}

/* Read a line (without the newline) into out; false on end, error or the deadline (an
 * absolute time; negative = none). */
static bool read_line(Player *p, char *out, size_t size, double deadline, bool *timed_out)
{
    *timed_out = false;
    for (;;) {
        char *nl = memchr(p->buf, '\n', p->buffered);
        if (nl) {
            size_t len = (size_t)(nl - p->buf);
            size_t copy = len < size - 1 ? len : size - 1;
            memcpy(out, p->buf, copy);
            out[copy] = '\0';
            if (copy && out[copy - 1] == '\r')
                out[copy - 1] = '\0';
            memmove(p->buf, nl + 1, p->buffered - len - 1);
            p->buffered -= len + 1;
            return true;
        }
        if (p->buffered == sizeof p->buf)
            p->buffered = 0; /* an absurdly long line: drop it */
        int timeout = -1;
        if (deadline >= 0) {
            double left = deadline - now();
            if (left <= 0) {
                *timed_out = true;
                return false;
            }
            timeout = (int)(left * 1000) + 1;
        }
        struct pollfd pfd = {p->from_child, POLLIN, 0};
        int r = poll(&pfd, 1, timeout);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            return false;
        if (r == 0) {
            *timed_out = true;
            return false;
        }
        ssize_t got = read(p->from_child, p->buf + p->buffered, sizeof p->buf - p->buffered);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            return false;
        p->buffered += (size_t)got;
    }
}

/* The value of name= in a Hub line (quoted or not), into out; false if absent. */
static bool hub_value(const char *line, const char *name, char *out, size_t size)
{
    size_t n = strlen(name);
    for (const char *p = line; (p = strstr(p, name)) != NULL; p++) {
        if ((p != line && p[-1] != ' ') || p[n] != '=')
            continue;
        const char *v = p + n + 1, *end;
        if (*v == '"') {
            v++;
            end = strchr(v, '"');
            if (!end)
                end = v + strlen(v);
        } else {
            end = v;
            while (*end && *end != ' ')
                end++;
        }
        size_t len = (size_t)(end - v) < size - 1 ? (size_t)(end - v) : size - 1;
        memcpy(out, v, len);
        out[len] = '\0';
        return true;
    }
    return false;
}

static bool spawn(Player *p, char *error, size_t size)
{
    int in[2], out[2];
    if (pipe(in) != 0 || pipe(out) != 0) {
        snprintf(error, size, "pipe: %s", strerror(errno));
        return false;
    }
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(error, size, "fork: %s", strerror(errno));
        return false;
    }
    if (pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        close(in[0]);
        close(in[1]);
        close(out[0]);
        close(out[1]);
        execl("/bin/sh", "sh", "-c", p->spec.command, (char *)NULL);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    fcntl(in[1], F_SETFD, FD_CLOEXEC);
    fcntl(out[0], F_SETFD, FD_CLOEXEC);
    p->pid = pid;
    p->to_child = in[1];
    p->from_child = out[0];
    return true;
}

/* What a name an engine lists for its variant parameter means in the Hub's world: Scan and the
 * programs around it (Scan's protocol.txt; draughtsnet; lidraughts' bots through pydraughts)
 * name international draughts "normal" (lidraughts "standard"), and use "killer", "bt"
 * ("breakthrough") and "losing" ("antidraughts") for games of 10x10 this program does not
 * play: their "losing" is not our giveaway (Russian), whatever the library's aliases say. A
 * name not in this table is read as the library reads a game's name (sh_rules_find). */
static const struct {
    const char *name;
    const char *game; /* our game; NULL: one we do not play */
} HUB_NAMES[] = {
    {"normal", "international"}, {"standard", "international"},
    {"killer", NULL},            {"bt", NULL},
    {"breakthrough", NULL},      {"losing", NULL},
    {"antidraughts", NULL},      {"frysk", NULL},
    {"frysk!", NULL},
};

static bool hub_name_means(const char *name, const char *game)
{
    for (size_t i = 0; i < sizeof HUB_NAMES / sizeof HUB_NAMES[0]; i++)
        if (strcasecmp(name, HUB_NAMES[i].name) == 0)
            return HUB_NAMES[i].game && strcmp(HUB_NAMES[i].game, game) == 0;
    ShVariant v;
    return sh_rules_find(name, &v) && strcmp(sh_rules_get(v)->name, game) == 0;
}

/* The engine's name for our game among the names of its variant parameter (`values`, blank
 * separated): our own name if it lists it, else a name that means the game in the Hub's
 * world. False if none does. */
static bool hub_variant_name(const char *values, const char *game, char *out, size_t size)
{
    for (int pass = 0; pass < 2; pass++) {
        for (const char *v = values; *v;) {
            while (*v == ' ')
                v++;
            size_t n = strcspn(v, " ");
            if (n > 0 && n < 64) {
                char name[64];
                memcpy(name, v, n);
                name[n] = '\0';
                if (pass == 0 ? strcasecmp(name, game) == 0 : hub_name_means(name, game)) {
                    snprintf(out, size, "%s", name);
                    return true;
                }
            }
            v += n;
        }
    }
    return false;
}

static bool hub_start(Player *p, char *error, size_t size)
{
    if (!spawn(p, error, size))
        return false;
    char line[4096];
    bool timed_out;
    bool variant_param = false;
    char variants[1024] = ""; /* the names the variant parameter lists, if it does */
    char id[64] = "the engine"; /* its name, as its answer to 'hub' gives it */
    if (!send_line(p, "hub")) {
        snprintf(error, size, "cannot talk to '%s'", p->spec.command);
        return false;
    }
    double deadline = now() + 10;
    for (;;) {
        if (!read_line(p, line, sizeof line, deadline, &timed_out)) {
            snprintf(error, size, "'%s' did not answer 'hub' with 'wait'", p->spec.command);
            return false;
        }
        if (strncmp(line, "id ", 3) == 0) {
            char name[64];
            if (hub_value(line, "name", name, sizeof name)) {
                snprintf(id, sizeof id, "%s", name);
                if (!p->spec.name[0])
                    snprintf(p->name, sizeof p->name, "%s", name);
            }
        } else if (strncmp(line, "param ", 6) == 0) {
            char name[64];
            if (hub_value(line, "name", name, sizeof name) && strcmp(name, "variant") == 0) {
                variant_param = true;
                if (!hub_value(line, "values", variants, sizeof variants))
                    variants[0] = '\0';
            }
        } else if (strcmp(line, "wait") == 0) {
            break;
        }
    }
    const ShKind *kind = kind_of(&p->spec);
    if (variant_param) {
        /* the engine's own name for the game: Scan refuses any other (it exits) */
        char name[64];
        if (!variants[0])
            snprintf(name, sizeof name, "%s", kind->name);
        else if (!hub_variant_name(variants, kind->name, name, sizeof name)) {
            snprintf(error, size,
                     "%s ('%s') names its games \"%s\" (its variant parameter): none of them "
                     "is %s",
                     id, p->spec.command, variants, kind->name);
            return false;
        }
        send_line(p, "set-param name=variant value=%s", name);
    } else if (kind->variant != SH_VARIANT_RUSSIAN) {
        /* an engine of one game does not say which: taken to play Russian (the Hub's own
         * game), refused for any other rather than assumed to know it */
        snprintf(error, size,
                 "%s ('%s') has no variant parameter (none in its answer to 'hub'): it cannot "
                 "be told to play %s (an engine without one is taken to play russian)",
                 id, p->spec.command, kind->name);
        return false;
    }
    for (int i = 0; i < p->spec.settings; i++)
        send_line(p, "set-param name=%s value=\"%s\"", p->spec.setting_name[i],
                  p->spec.setting_value[i]);
    send_line(p, "init");
    deadline = now() + 60;
    char refusal[256] = ""; /* the engine's last error line before ready */
    for (;;) {
        if (!read_line(p, line, sizeof line, deadline, &timed_out)) {
            if (timed_out)
                snprintf(error, size, "'%s' did not answer 'init' with 'ready'%s%s",
                         p->spec.command, refusal[0] ? ": " : "", refusal);
            else
                snprintf(error, size, "'%s' ended before it answered 'init' with 'ready'%s%s",
                         p->spec.command, refusal[0] ? ": " : "", refusal);
            return false;
        }
        if (strcmp(line, "ready") == 0)
            return true;
        if (strncmp(line, "error", 5) == 0 && (line[5] == ' ' || line[5] == '\0')) {
            char message[200];
            if (hub_value(line, "message", message, sizeof message))
                snprintf(refusal, sizeof refusal, "%s", message);
            else
                snprintf(refusal, sizeof refusal, "%.200s", line);
        }
    }
}

static void hub_position(const ShPosition *pos, char out[SH_MAX_SQUARES + 2])
{
    static const char glyph[] = {'e', 'w', 'W', 'b', 'B'};
    int squares = sh_board_squares((ShVariant)pos->variant);
    out[0] = sh_position_side(pos) == SH_WHITE ? 'W' : 'B';
    for (int sq = 0; sq < squares; sq++)
        out[sq + 1] = glyph[sh_position_piece_at(pos, sq)];
    out[squares + 1] = '\0';
}

static void hub_move(Player *p, const ShPosition *positions, const ShMove *moves, int count,
                     const EngineLimits *l, double deadline, PlayerMove *out)
{
    char start[SH_MAX_SQUARES + 2];
    hub_position(&positions[0], start);
    size_t cap = (size_t)count * 24 + 16, n = 0;
    char *list = malloc(cap);
    if (!list) {
        out->status = PLAYER_FAILED;
        snprintf(out->error, sizeof out->error, "out of memory");
        return;
    }
    list[0] = '\0';
    for (int i = 0; i < count; i++) {
        char m[SH_MOVE_TEXT_SIZE];
        sh_move_write(&positions[i], &moves[i], SH_NOTATION_HUB, m, NULL);
        n += (size_t)snprintf(list + n, cap - n, "%s%s", i ? " " : "", m);
    }
    bool ok = count ? send_line(p, "pos pos=%s moves=\"%s\"", start, list)
                    : send_line(p, "pos pos=%s", start);
    free(list);
    if (l->depth)
        ok = ok && send_line(p, "level depth=%d", l->depth);
    else if (l->nodes)
        ok = ok && send_line(p, "level nodes=%llu", (unsigned long long)l->nodes);
    else if (l->move_time > 0)
        ok = ok && send_line(p, "level move-time=%.3f", l->move_time);
    else if (l->time_left >= 0) {
        double t = l->time_left - l->increment;
        if (l->moves_to_go)
            ok = ok && send_line(p, "level moves=%d time=%.3f inc=%.3f", l->moves_to_go,
                                 t < 0 ? 0 : t, l->increment);
        else
            ok = ok && send_line(p, "level time=%.3f inc=%.3f", t < 0 ? 0 : t, l->increment);
    }
    ok = ok && send_line(p, "go think");
    if (!ok) {
        out->status = PLAYER_FAILED;
        snprintf(out->error, sizeof out->error, "the engine has gone");
        return;
    }
    char line[16384];
    bool timed_out;
    for (;;) {
        if (!read_line(p, line, sizeof line, deadline, &timed_out)) {
            out->status = timed_out ? PLAYER_TIMEOUT : PLAYER_FAILED;
            snprintf(out->error, sizeof out->error, "%s",
                     timed_out ? "no move in time" : "the engine has gone");
            if (timed_out) {
                /* Take it back to a known state for the next game: stop, read to done. */
                send_line(p, "stop");
                double until = now() + 2;
                while (read_line(p, line, sizeof line, until, &timed_out))
                    if (strncmp(line, "done", 4) == 0)
                        return;
                kill(p->pid, SIGKILL);
            }
            return;
        }
        if (strncmp(line, "info", 4) == 0) {
            char v[64];
            if (hub_value(line, "score", v, sizeof v)) {
                out->has_score = true;
                out->score = (int)(strtod(v, NULL) * 100 + (v[0] == '-' ? -0.5 : 0.5));
            }
            if (hub_value(line, "depth", v, sizeof v))
                out->depth = atoi(v);
        } else if (strncmp(line, "done", 4) == 0 && (line[4] == '\0' || line[4] == ' ')) {
            char m[256];
            if (!hub_value(line, "move", m, sizeof m)) {
                out->status = PLAYER_NO_MOVE;
                return;
            }
            ShError err;
            ShMove move;
            if (sh_move_parse(&positions[count], m, &move, &err) != SH_OK) {
                out->status = PLAYER_ILLEGAL;
                snprintf(out->error, sizeof out->error, "move '%.40s': %.180s", m, err.message);
            } else {
                sh_move_write(&positions[count], &move, SH_NOTATION_FULL, out->move, NULL);
            }
            return;
        }
    }
}

/* ---- either kind ---- */

Player *player_open(const PlayerSpec *spec, char *error, size_t size)
{
    Player *p = calloc(1, sizeof *p);
    if (!p) {
        snprintf(error, size, "out of memory");
        return NULL;
    }
    p->spec = *spec;
    p->pid = -1;
    p->to_child = p->from_child = -1;
    if (spec->name[0])
        snprintf(p->name, sizeof p->name, "%s", spec->name);
    if (!player_spec_check(spec, kind_of(spec), error, size)) {
        free(p);
        return NULL;
    }
    if (spec->command[0]) {
        if (!p->name[0])
            snprintf(p->name, sizeof p->name, "hub");
        if (!hub_start(p, error, size)) {
            player_close(p);
            return NULL;
        }
        return p;
    }
    ShError err;
    if (kind_of(spec)->family == SH_FAMILY_OTHER) {
        p->other = play_engine_create(NULL, &err);
        if (!p->other) {
            snprintf(error, size, "%s", err.message);
            free(p);
            return NULL;
        }
        if (!p->name[0])
            snprintf(p->name, sizeof p->name, "shashki");
        return p;
    }
    p->engine = engine_create(&spec->options, &err);
    if (!p->engine) {
        snprintf(error, size, "%s", err.message);
        free(p);
        return NULL;
    }
    for (int i = 0; i < spec->settings; i++) {
        if (engine_set_param(p->engine, spec->setting_name[i], spec->setting_value[i], &err) !=
            SH_OK) {
            snprintf(error, size, "%s", err.message);
            player_close(p);
            return NULL;
        }
    }
    if (!p->name[0])
        snprintf(p->name, sizeof p->name, "shashki");
    return p;
}

void player_close(Player *p)
{
    if (!p)
        return;
    if (p->engine)
        engine_free(p->engine);
    play_engine_free(p->other);
    free(p->positions);
    free(p->moves);
    if (p->pid > 0) {
        send_line(p, "quit");
        close(p->to_child);
        for (int i = 0; i < 100; i++) {
            if (waitpid(p->pid, NULL, WNOHANG) == p->pid) {
                p->pid = -1;
                break;
            }
            struct timespec ts = {0, 10000000};
            nanosleep(&ts, NULL);
        }
        if (p->pid > 0) {
            kill(p->pid, SIGKILL);
            waitpid(p->pid, NULL, 0);
        }
        close(p->from_child);
    }
    free(p);
}

const char *player_name(const Player *p)
{
    return p->name;
}

void player_new_game(Player *p)
{
    if (p->engine)
        engine_clear(p->engine);
    else if (p->other)
        play_engine_clear(p->other);
    else if (p->pid > 0)
        send_line(p, "new-game");
}

/* The other games: the engine of every game, at the spec's level and seed. */
static void other_move(Player *p, const ShPlay *play, const EngineLimits *l, PlayerMove *out)
{
    PlayLimits limits = {.level = p->spec.options.level, .move_time = l->move_time,
                         .time_left = l->time_left, .increment = l->increment,
                         .moves_to_go = l->moves_to_go, .nodes = l->nodes, .depth = l->depth,
                         .seed = p->spec.options.seed};
    PlayChoice choice;
    ShError err;
    if (play_engine_search(p->other, play, &limits, &choice, &err) != SH_OK) {
        out->status = PLAYER_FAILED;
        snprintf(out->error, sizeof out->error, "%.200s", err.message);
    } else if (!choice.has_move) {
        out->status = PLAYER_NO_MOVE;
    } else {
        snprintf(out->move, sizeof out->move, "%s", choice.move);
        out->has_score = true;
        out->score = choice.score;
        out->depth = choice.depth;
    }
}

/* The draughts game's positions and moves in the arrays the draughts engines read; its ply
 * count, -1 if out of memory. */
static int game_arrays(Player *p, const ShGame *game)
{
    int n = sh_game_ply_count(game);
    if (n + 1 > p->capacity) {
        int cap = n + 256;
        ShPosition *positions = realloc(p->positions, sizeof(ShPosition) * (size_t)cap);
        if (positions)
            p->positions = positions;
        ShMove *moves = realloc(p->moves, sizeof(ShMove) * (size_t)cap);
        if (moves)
            p->moves = moves;
        if (!positions || !moves)
            return -1;
        p->capacity = cap;
    }
    for (int i = 0; i <= n; i++)
        p->positions[i] = *sh_game_position_at(game, i);
    for (int i = 0; i < n; i++)
        p->moves[i] = *sh_game_move_at(game, i);
    return n;
}

void player_move(Player *p, const ShPlay *play, const EngineLimits *limits, double deadline,
                 PlayerMove *out)
{
    memset(out, 0, sizeof *out);
    double start = now();
    const ShGame *game = sh_play_game(play);
    int count = game ? game_arrays(p, game) : 0;
    if (p->other) {
        other_move(p, play, limits, out);
    } else if (!game || count < 0) {
        out->status = PLAYER_FAILED;
        snprintf(out->error, sizeof out->error, "%s", game ? "out of memory" : "not a draughts game");
    } else if (p->engine) {
        EngineResult r;
        ShError err;
        if (engine_search(p->engine, &p->positions[count], p->positions, count, limits, NULL,
                          NULL, &r, &err) != SH_OK) {
            out->status = PLAYER_FAILED;
            snprintf(out->error, sizeof out->error, "%.200s", err.message);
        } else if (!r.has_move) {
            out->status = PLAYER_NO_MOVE;
        } else {
            sh_move_write(&p->positions[count], &r.move, SH_NOTATION_FULL, out->move, NULL);
            out->has_score = true;
            out->score = r.score;
            out->depth = r.depth;
        }
    } else {
        hub_move(p, p->positions, p->moves, count, limits, deadline >= 0 ? start + deadline : -1,
                 out);
    }
    out->seconds = now() - start;
}
