/* cmd_dxp.c - shashki dxp: the engine over DXP (DamExchange), as follower or initiator. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "dxp.h"
#include "dxp_session.h"
#include "match.h"

static const char HELP[] =
    "usage: shashki dxp serve [--port N] [--host ADDRESS] [--once] [OPTIONS]\n"
    "       shashki dxp connect HOST[:PORT] [--games N] [--time MINUTES] [--moves N]\n"
    "                           [--openings SOURCE] [--seed N] [OPTIONS]\n"
    "\n"
    "Play international draughts (10x10) with other programs over DXP, the DamExchange\n"
    "Protocol of Scan, Kingsrow, Dam, Flits and Tornado (docs/dxp.md).\n"
    "\n"
    "serve waits for initiators and plays the games they ask for, as the follower. Its first\n"
    "line is 'listening on ADDRESS:PORT'; then a line per game and the score per connection.\n"
    "  --port N         the port (default 27531; 0: any free port, told on the first line)\n"
    "  --host ADDRESS   the address to listen on (default 127.0.0.1; 0.0.0.0: every one)\n"
    "  --once           stop after the first connection\n"
    "\n"
    "connect asks the follower at HOST:PORT (default port 27531) for games, as the initiator:\n"
    "Shashki has White in the odd games, Black in the even ones; a line per game, then the\n"
    "score (wins - losses - draws) and the games per minute.\n"
    "  --games N        games to play (default 2)\n"
    "  --time MINUTES   thinking time per player for the whole game (default 5; 0: no clock)\n"
    "  --moves N        the number of moves of a game, after which it is a draw (default 0:\n"
    "                   no limit; the rules end every game)\n"
    "  --openings SOURCE  start positions, each played twice with the colours swapped:\n"
    "                   random (random openings of a few plies), or a file of FEN lines or\n"
    "                   move lists (default: the usual start)\n"
    "  --seed N         the seed of the random openings (default 1)\n"
    "\n"
    "OPTIONS (both):\n"
    "  --depth D | --nodes N | --movetime S   the engine's limit per move (default: it\n"
    "                   plays on the game's clock)\n"
    "  --level L        playing strength 1-10 (default 10)\n"
    "  --threads N      search threads (default 1)\n"
    "  --hash MB        transposition table size (default 64)\n"
    "  --name NAME      the name sent to the other program (default 'Shashki VERSION')\n"
    "  --pdn FILE       write every game to FILE\n"
    "  --timeout S      give up when the other side is silent for S seconds (default: wait)\n"
    "  --trace          print every message sent ('> ') and received ('< ')\n"
    "  --variant NAME   the game, a 50-square one (default international)\n";

typedef struct Options {
    DxpSettings settings;
    const char *address;
    const char *host;
    int port;
    bool once;
    const char *openings;
    const char *pdn;
    long seed;
} Options;

static bool parse_seconds(const char *text, double min, double *out)
{
    char *end;
    double v = text ? strtod(text, &end) : 0;
    if (!text || !*text || *end || !(v >= min)) {
        cli_error("'%s' is not a number of seconds", text ? text : "");
        return false;
    }
    *out = v;
    return true;
}

/* Parse the options after the subcommand; returns 0, or the exit status of a bad option. */
static int parse(int argc, char **argv, bool serve, Options *o)
{
    memset(o, 0, sizeof *o);
    dxp_settings_default(&o->settings);
    o->port = serve ? DXP_DEFAULT_PORT : 0;
    o->seed = 1;
    DxpSettings *st = &o->settings;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        long v;
        bool flag = strcmp(a, "--once") == 0 || strcmp(a, "--trace") == 0;
        if (a[0] != '-' && !serve && !o->address) {
            o->address = a;
            continue;
        }
        if (a[0] != '-' || (!flag && i + 1 >= argc)) {
            cli_error(a[0] == '-' ? "%s needs a value" : "unexpected argument '%s'", a);
            return 2;
        }
        const char *val = flag ? NULL : argv[++i];
        if (strcmp(a, "--once") == 0 && serve) {
            o->once = true;
        } else if (strcmp(a, "--trace") == 0) {
            st->trace = true;
        } else if (strcmp(a, "--port") == 0 && serve) {
            if (!cli_parse_int(val, 0, 65535, "--port", &v))
                return 2;
            o->port = (int)v;
        } else if (strcmp(a, "--host") == 0 && serve) {
            o->host = val;
        } else if (strcmp(a, "--games") == 0 && !serve) {
            if (!cli_parse_int(val, 1, 100000, "--games", &v))
                return 2;
            st->games = (int)v;
        } else if (strcmp(a, "--time") == 0 && !serve) {
            if (!cli_parse_int(val, 0, 999, "--time", &v))
                return 2;
            st->minutes = (int)v;
        } else if (strcmp(a, "--moves") == 0 && !serve) {
            if (!cli_parse_int(val, 0, 999, "--moves", &v))
                return 2;
            st->moves = (int)v;
        } else if (strcmp(a, "--openings") == 0 && !serve) {
            o->openings = val;
        } else if (strcmp(a, "--seed") == 0 && !serve) {
            if (!cli_parse_int(val, 0, 1L << 30, "--seed", &o->seed))
                return 2;
        } else if (strcmp(a, "--depth") == 0) {
            if (!cli_parse_int(val, 1, ENGINE_MAX_PLY - 1, "--depth", &v))
                return 2;
            st->limits.depth = (int)v;
        } else if (strcmp(a, "--nodes") == 0) {
            if (!cli_parse_int(val, 1, 1L << 40, "--nodes", &v))
                return 2;
            st->limits.nodes = (uint64_t)v;
        } else if (strcmp(a, "--movetime") == 0) {
            if (!parse_seconds(val, 0.001, &st->limits.move_time))
                return 2;
        } else if (strcmp(a, "--level") == 0) {
            if (!cli_parse_int(val, 1, ENGINE_LEVEL_MAX, "--level", &v))
                return 2;
            st->engine.level = (int)v;
        } else if (strcmp(a, "--threads") == 0) {
            if (!cli_parse_int(val, 1, ENGINE_MAX_THREADS, "--threads", &v))
                return 2;
            st->engine.threads = (int)v;
        } else if (strcmp(a, "--hash") == 0) {
            if (!cli_parse_int(val, 1, ENGINE_MAX_HASH_MB, "--hash", &v))
                return 2;
            st->engine.hash_mb = (int)v;
        } else if (strcmp(a, "--name") == 0) {
            snprintf(st->name, sizeof st->name, "%s", val);
        } else if (strcmp(a, "--pdn") == 0) {
            o->pdn = val;
        } else if (strcmp(a, "--timeout") == 0) {
            if (!parse_seconds(val, 0.001, &st->timeout))
                return 2;
        } else if (strcmp(a, "--variant") == 0) {
            if (!cli_parse_variant(val, &st->variant))
                return 2;
            if (sh_board_squares(st->variant) != DXP_BOARD_SQUARES) {
                cli_error("DXP plays the 50-square games (international), not %s", val);
                return 2;
            }
        } else {
            cli_error("unknown option '%s' for dxp %s (see shashki dxp --help)", a,
                      serve ? "serve" : "connect");
            return 2;
        }
    }
    if (!serve && !o->address) {
        cli_error("dxp connect needs HOST[:PORT] (see shashki dxp --help)");
        return 2;
    }
    return 0;
}

static void print_score(const char *us, const char *them, const DxpScore *s, double seconds)
{
    double points = s->wins + 0.5 * s->draws;
    int scored = s->wins + s->draws + s->losses;
    printf("Score of %s vs %s: %d - %d - %d [%.3f] %d\n", us, them, s->wins, s->losses, s->draws,
           scored ? points / scored : 0.0, s->games);
    if (s->unfinished)
        printf("Unfinished: %d\n", s->unfinished);
    printf("Games: %d in %.1f s, %.1f games/min, %d plies\n", s->games, seconds,
           seconds > 0 ? s->games * 60.0 / seconds : 0.0, s->plies);
    fflush(stdout);
}

static int serve(Options *o)
{
    ShError err;
    int fd, port;
    if (dxp_listen(o->host, o->port, &fd, &port, &err) != SH_OK) {
        cli_error("%s", err.message);
        return 1;
    }
    printf("listening on %s:%d\n", o->host && *o->host ? o->host : "127.0.0.1", port);
    fflush(stdout);
    int status = 0;
    for (;;) {
        DxpLink link;
        if (dxp_accept(fd, &link, &err) != SH_OK) {
            cli_error("%s", err.message);
            status = 1;
            break;
        }
        printf("connection from %s\n", link.peer);
        fflush(stdout);
        DxpScore score;
        double start = cli_now();
        ShStatus st = dxp_session_follow(&link, &o->settings, &score, &err);
        dxp_link_close(&link);
        if (st != SH_OK) {
            cli_error("%s", err.message);
            status = 1;
            break;
        }
        print_score(o->settings.name, score.peer[0] ? score.peer : "initiator", &score, cli_now() - start);
        if (o->once)
            break;
    }
    close(fd);
    return status;
}

/* The start positions of --openings: each opening's position after its moves. */
static bool load_starts(const Options *o, ShPosition **starts, int *count)
{
    MatchOpening *list = NULL;
    int n = 0;
    char error[256];
    int wanted = (o->settings.games + 1) / 2;
    const ShKind *kind = sh_kind_of_variant(o->settings.variant);
    if (!match_openings_load(o->openings, kind, NULL, wanted, (uint64_t)o->seed, &list, &n, error,
                             sizeof error)) {
        cli_error("%s", error);
        return false;
    }
    *starts = malloc(sizeof(ShPosition) * (size_t)(n > 0 ? n : 1));
    if (!*starts) {
        free(list);
        return false;
    }
    for (int i = 0; i < n; i++) {
        ShError err;
        ShPlay *play = match_opening_play(&list[i], kind, NULL, &err);
        if (!play) {
            cli_error("opening %s: %s", list[i].name, err.message);
            free(list);
            free(*starts);
            return false;
        }
        (*starts)[i] = *sh_game_position(sh_play_game(play));
        sh_play_free(play);
    }
    *count = n;
    free(list);
    return n > 0;
}

static int connect_to(Options *o)
{
    char host[256];
    int port;
    if (!dxp_address_parse(o->address, host, sizeof host, &port)) {
        cli_error("'%s' is not HOST:PORT", o->address);
        return 2;
    }
    ShPosition *starts = NULL;
    if (o->openings) {
        if (!load_starts(o, &starts, &o->settings.start_count))
            return 2;
        o->settings.starts = starts;
    }
    ShError err;
    DxpLink link;
    if (dxp_connect(host, port, &link, &err) != SH_OK) {
        cli_error("%s", err.message);
        free(starts);
        return 1;
    }
    DxpScore score;
    double start = cli_now();
    ShStatus st = dxp_session_initiate(&link, &o->settings, &score, &err);
    dxp_link_close(&link);
    free(starts);
    if (st != SH_OK) {
        cli_error("%s", err.message);
        return 1;
    }
    print_score(o->settings.name, score.peer[0] ? score.peer : "follower", &score, cli_now() - start);
    return score.games == o->settings.games ? 0 : 1;
}

int cmd_dxp(int argc, char **argv)
{
    if (argc < 2 || cli_wants_help(argc, argv)) {
        fputs(HELP, argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    bool is_serve = strcmp(argv[1], "serve") == 0;
    if (!is_serve && strcmp(argv[1], "connect") != 0) {
        cli_error("dxp: unknown subcommand '%s' (serve or connect)", argv[1]);
        return 2;
    }
    Options o;
    int status = parse(argc - 1, argv + 1, is_serve, &o);
    if (status)
        return status;
    FILE *pdn = NULL;
    if (o.pdn) {
        pdn = fopen(o.pdn, "w");
        if (!pdn) {
            cli_error("cannot write %s: %s", o.pdn, strerror(errno));
            return 1;
        }
    }
    o.settings.pdn = pdn;
    o.settings.log = stdout;
    status = is_serve ? serve(&o) : connect_to(&o);
    if (pdn)
        fclose(pdn);
    return status;
}
