/* repl_engine.c - the engine at the prompt of `shashki play`: the engine of every game
 * (engine/play_engine.h) plays the sides given to it and answers by itself, as CheckerBoard's
 * and Scan's players expect; a level (1-10) and a limit a move (seconds, depth, nodes); a
 * hint, the engine's line, and taking back to the person's move. A depth or node limit makes
 * its play the same every time (one thread, a fixed seed). */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine.h"
#include "engine_text.h"
#include "other_search.h"
#include "repl.h"

/* A move's time when nothing limits the full-strength engine. */
#define DEFAULT_SECONDS 2.0
/* Moves the engine plays on its own before it waits for a person (every seat its own). */
#define MAX_ENGINE_PLIES 1000

static PlayEngine *engine_of(Session *s)
{
    if (s->engine)
        return s->engine;
    char note[4200];
    const char *egdb = cli_egdb_find(NULL, note, sizeof note);
    PlayEngineOptions options = {.egdb = egdb && *egdb ? egdb : NULL};
    ShError err;
    s->engine = play_engine_create(&options, &err);
    if (!s->engine)
        printf("error: the engine: %s\n", err.message);
    return s->engine;
}

void repl_engine_free(Session *s)
{
    play_engine_free(s->engine);
    s->engine = NULL;
}

static PlayLimits limits_of(const Session *s)
{
    PlayLimits l = {.level = s->level, .move_time = s->move_time, .time_left = -1,
                    .nodes = s->nodes, .depth = s->depth, .seed = 1};
    if (l.move_time <= 0 && !l.depth && !l.nodes && s->level >= ENGINE_LEVEL_MAX)
        l.move_time = DEFAULT_SECONDS;
    if (sh_play_kind(s->play)->family == SH_FAMILY_OTHER && l.depth > OTHER_SEARCH_MAX_DEPTH)
        l.depth = OTHER_SEARCH_MAX_DEPTH;
    return l;
}

/* The engine's choice for the player to move; false (with the reason printed) when it has
 * none. */
static bool search(Session *s, PlayChoice *choice)
{
    const ShKind *kind = sh_play_kind(s->play);
    char said[SH_PLAY_REASON_SIZE];
    if (!kind->engine) {
        printf("error: %s has no engine: it is played by people only\n", kind->name);
        return false;
    }
    if (cli_play_over(s->play, said, sizeof said)) {
        printf("error: no legal moves: %s\n", said);
        return false;
    }
    PlayEngine *engine = engine_of(s);
    PlayLimits l = limits_of(s);
    ShError err;
    if (!engine || play_engine_search(engine, s->play, &l, choice, &err) != SH_OK) {
        if (engine)
            printf("error: the engine: %s\n", err.message);
        return false;
    }
    if (!choice->has_move)
        printf("error: the engine has no move\n");
    return choice->has_move;
}

/* " (depth 4, score +0.25)" */
static void choice_note(const Session *s, const PlayChoice *c, char *out, size_t size)
{
    char score[64];
    engine_text_play_score(sh_play_kind(s->play), c->score, score, sizeof score);
    snprintf(out, size, " (depth %d, score %s)", c->depth, score);
}

/* Whether the engine should move by itself now: it has the player to move, the rules have
 * not ended the game, and the position has not come round a third time (a draw to claim,
 * which the engine would play on for ever). */
static bool engine_to_move(const Session *s)
{
    char said[SH_PLAY_REASON_SIZE];
    int p = sh_play_to_move(s->play, -1);
    return p >= 0 && p < SH_MAX_PLAYERS && s->seats[p] && sh_play_kind(s->play)->engine &&
           !cli_play_end(s->play, true, said, sizeof said, NULL, 0) &&
           sh_play_repetitions(s->play) < 3;
}

void repl_engine_turns(Session *s)
{
    for (int plies = 0; plies < MAX_ENGINE_PLIES && engine_to_move(s); plies++) {
        PlayChoice c;
        char note[128];
        if (!search(s, &c))
            return;
        choice_note(s, &c, note, sizeof note);
        if (!repl_play(s, c.move, note))
            return;
    }
}

static bool anyone_else(const Session *s)
{
    for (int p = 0; p < sh_play_kind(s->play)->players; p++)
        if (!s->seats[p])
            return true;
    return false;
}

void repl_take_back(Session *s)
{
    int taken = 0;
    do {
        ShPlayMove m;
        char text[SH_PLAY_MOVE_TEXT_SIZE];
        int ply = sh_play_ply_count(s->play) - 1;
        if (ply < 0 || sh_play_move_at(s->play, ply, &m, NULL) != SH_OK) {
            if (!taken)
                printf("error: no move to take back\n");
            break;
        }
        cli_play_move_at_text(s->play, ply, repl_numeric(s), text, sizeof text);
        ShError err;
        if (sh_play_undo(s->play, &err) != SH_OK) {
            printf("error: %s\n", err.message);
            break;
        }
        printf("took back %s\n", text);
        taken++;
    } while (anyone_else(s) && s->seats[sh_play_to_move(s->play, -1)]);
    if (taken)
        repl_status(s);
}

/* "engine black", "engine white,red", "engine all", "engine none" */
static bool engine_seats(Session *s, const char *arg)
{
    const ShKind *kind = sh_play_kind(s->play);
    bool seats[SH_MAX_PLAYERS] = {false};
    if (strcmp(arg, "all") == 0 || strcmp(arg, "both") == 0) {
        for (int p = 0; p < kind->players; p++)
            seats[p] = true;
    } else if (strcmp(arg, "none") != 0) {
        char list[256];
        snprintf(list, sizeof list, "%s", arg);
        char *save = NULL;
        for (char *w = strtok_r(list, ", ", &save); w; w = strtok_r(NULL, ", ", &save)) {
            int found = -1;
            for (int p = 0; p < kind->players; p++)
                if (strcasecmp(w, kind->player_names[p]) == 0)
                    found = p;
            if (found < 0) {
                printf("error: engine plays a player of %s (", kind->name);
                for (int p = 0; p < kind->players; p++)
                    printf("%s%s", p ? ", " : "", kind->player_names[p]);
                printf("), all or none; not '%s'\n", w);
                return false;
            }
            seats[found] = true;
        }
    }
    if (!kind->engine && (strcmp(arg, "none") != 0)) {
        printf("error: %s has no engine: it is played by people only\n", kind->name);
        return false;
    }
    memcpy(s->seats, seats, sizeof seats);
    return true;
}

/* "the engine: level 3, depth 4; it plays Black" */
static void describe(const Session *s)
{
    const ShKind *kind = sh_play_kind(s->play);
    printf("the engine: level %d", s->level);
    if (s->move_time > 0)
        printf(", %g s a move", s->move_time);
    if (s->depth)
        printf(", depth %d", s->depth);
    if (s->nodes)
        printf(", %" PRIu64 " nodes", s->nodes);
    if (s->move_time <= 0 && !s->depth && !s->nodes && s->level >= ENGINE_LEVEL_MAX)
        printf(", %g s a move", DEFAULT_SECONDS);
    int n = 0;
    for (int p = 0; p < kind->players; p++)
        if (s->seats[p])
            printf("%s%s", n++ ? " and " : "; it plays ", kind->player_names[p]);
    printf("%s\n", n ? "" : "; it plays nobody (engine SIDE, or go)");
}

static void hint(Session *s)
{
    PlayChoice c;
    if (!search(s, &c))
        return;
    char move[SH_PLAY_MOVE_TEXT_SIZE * 2], note[128];
    cli_play_line_text(s->play, c.move, repl_numeric(s), move, sizeof move);
    choice_note(s, &c, note, sizeof note);
    printf("hint: %s%s\n", move, note);
}

static void analyse(Session *s)
{
    PlayChoice c;
    if (!search(s, &c))
        return;
    char score[64], line[PLAY_PV_SIZE];
    engine_text_play_score(sh_play_kind(s->play), c.score, score, sizeof score);
    cli_play_line_text(s->play, c.pv, repl_numeric(s), line, sizeof line);
    printf("depth %d score %s nodes %" PRIu64 " pv %s\n", c.depth, score, c.nodes, line);
}

/* The engine plays the side to move now, and that side from then on. */
static void go(Session *s)
{
    int p = sh_play_to_move(s->play, -1);
    PlayChoice c;
    if (p < 0 || p >= SH_MAX_PLAYERS || !search(s, &c))
        return;
    memset(s->seats, 0, sizeof s->seats);
    s->seats[p] = true;
    char note[128];
    choice_note(s, &c, note, sizeof note);
    if (repl_play(s, c.move, note)) {
        repl_engine_turns(s);
        repl_status(s);
    }
}

/* "level 3", "depth 6", "nodes 20000", "time 1.5": a whole number (or seconds) in range. */
static bool limit(const char *cmd, const char *arg, double max, double *out)
{
    char *end;
    double v = strtod(arg, &end);
    bool whole = strcmp(cmd, "time") != 0;
    int min = strcmp(cmd, "level") == 0; /* a level from 1; the limits from 0 (none) */
    if (!*arg || *end || v < min || v > max || (whole && v != (double)(long long)v)) {
        printf("error: %s takes %s from %d to %.0f\n", cmd,
               whole ? "a whole number" : "seconds", min, max);
        return false;
    }
    *out = v;
    return true;
}

bool repl_engine_command(Session *s, const char *cmd, const char *arg)
{
    double v;
    if (strcmp(cmd, "hint") == 0) {
        hint(s);
    } else if (strcmp(cmd, "analyse") == 0 || strcmp(cmd, "analyze") == 0) {
        analyse(s);
    } else if (strcmp(cmd, "go") == 0) {
        go(s);
    } else if (strcmp(cmd, "engine") == 0) {
        if (*arg && !engine_seats(s, arg))
            return true;
        describe(s);
        if (*arg) {
            repl_engine_turns(s);
            repl_status(s);
        }
    } else if (strcmp(cmd, "level") == 0 || strcmp(cmd, "depth") == 0 ||
               strcmp(cmd, "nodes") == 0 || strcmp(cmd, "time") == 0) {
        double max = cmd[0] == 'l' ? ENGINE_LEVEL_MAX : cmd[0] == 'd' ? ENGINE_MAX_PLY - 1
                                     : cmd[0] == 'n' ? 1e12 : 1e5;
        if (*arg && !limit(cmd, arg, max, &v))
            return true;
        if (*arg && cmd[0] == 'l')
            s->level = (int)v;
        else if (*arg && cmd[0] == 'd')
            s->depth = (int)v;
        else if (*arg && cmd[0] == 'n')
            s->nodes = (uint64_t)v;
        else if (*arg)
            s->move_time = v;
        describe(s);
    } else {
        return false;
    }
    return true;
}
