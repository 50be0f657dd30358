/* cmd_match.c - shashki match: engine against engine, in any game of two players. */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "match.h"

static const char HELP[] =
    "usage: shashki match [--first PLAYER] [--second PLAYER] [--openings SOURCE] [--games N]\n"
    "                     [--tc CLOCK | --movetime S | --depth D | --nodes N]\n"
    "                     [--concurrency N] [--pdn FILE] [--sprt elo0=A elo1=B]\n"
    "                     [--resign CM[/MOVES]] [--max-plies N] [--seed N] [--quiet]\n"
    "                     [--variant NAME] [--settings S] [--book FILE|on|none]\n"
    "                     [--numeric|--algebraic]\n"
    "\n"
    "Play engine against engine: each opening twice, the colours swapped, and print a line\n"
    "per game, then the score of the first player: wins - losses - draws, the Elo difference\n"
    "with its 95% interval, and the likelihood of superiority (LOS). Any game of two players:\n"
    "the draughts and column games, and the other games of a checkers set (corners, goban,\n"
    "belarusian, wiegman, stavropol, pskov), which the built-in engine plays.\n"
    "\n"
    "PLAYER is [NAME=]self, [NAME=]self:SETTING=VALUE,... or [NAME=]hub:COMMAND:\n"
    "  self                    this program's engine (the default for both players)\n"
    "  self:lmr=0,hash=32      ... with settings: threads, hash, level, seed and the engine's\n"
    "                          own (lmr probcut aspiration threat killers history\n"
    "                          single-reply prune shots progress egdb eval-file\n"
    "                          eval-zero eval nnue-file book book-margin)\n"
    "  hub:COMMAND             any Hub engine, started with sh -c COMMAND (the draughts and\n"
    "                          column games only: the protocol speaks draughts squares)\n"
    "In the other games self takes level and seed (self:level=3,seed=7) and plays with the\n"
    "other games' engine (engine/other_search.h).\n"
    "\n"
    "  --openings SOURCE  idf (IDF-64 ballots, the default), fmjd (FMJD-64 move ballots),\n"
    "                     fmjd-setups, ballots (idf and fmjd), all, random (200 openings of\n"
    "                     2-5 random plies from the start: the default of the games without\n"
    "                     ballots), or a file of FEN lines, move lists or PDN games (an\n"
    "                     other game: a position's text a line)\n"
    "  --variant NAME     another game of two players, any of shashki's (shashki moves\n"
    "                     --help lists them); a Hub engine is told it with set-param\n"
    "                     name=variant, by the name its variant parameter lists for it\n"
    "                     (Scan's normal for international draughts)\n"
    "  --settings S       an other game's choices (KEY=VALUE,...), with random openings\n"
    "  --games N          games to play (default: two per opening)\n"
    "  --tc CONTROL       a time control: 10s+0.1s, 3m, 10m+5s, 5m+d3s (Bronstein delay),\n"
    "                     1h10m/35+15m, 2h/50+1h/25, or as PDN's tag writes it: 60+0.5\n"
    "                     (seconds), 40/7200:3600 (default 10s+0.1s)\n"
    "  --movetime S       seconds per move instead of a clock\n"
    "  --depth D          a fixed depth per move\n"
    "  --nodes N          a fixed number of nodes per move\n"
    "  --concurrency N    games at once (default 1)\n"
    "  --pdn FILE         write the games to FILE (in the game's usual notation, or as\n"
    "                     --numeric or --algebraic says: squares as numbers or letters)\n"
    "  --sprt elo0=A elo1=B [alpha=0.05] [beta=0.05]\n"
    "                     stop as soon as the score shows the difference nearer A or B\n"
    "  --resign CM[/M]    adjudicate a game both engines see lost by CM centi-men (the other\n"
    "                     games: hundredths of a piece) for M moves in a row (default M 3;\n"
    "                     default off)\n"
    "  --max-plies N      adjudicate a draw after N plies (default 400; 0 = never)\n"
    "  --seed N           shuffle the openings with N (default 1; 0 = table order)\n"
    "  --quiet            only the summary\n"
    "  --book FILE|on|none the opening book of the built-in players that set none\n"
    "                     themselves (self:book=...): a book file, on (the built-in book) or\n"
    "                     none (the default); docs/book.md\n";

static bool parse_double(const char *text, double min, double *out)
{
    char *end;
    double v = strtod(text, &end);
    if (!*text || *end || v < min) {
        cli_error("'%s' is not a number of seconds", text);
        return false;
    }
    *out = v;
    return true;
}

static bool parse_sprt(int argc, char **argv, int *i, Sprt *s)
{
    s->elo0 = 0;
    s->elo1 = 5;
    s->alpha = s->beta = 0.05;
    bool e0 = false, e1 = false;
    while (*i + 1 < argc && strchr(argv[*i + 1], '=') && argv[*i + 1][0] != '-') {
        const char *a = argv[++*i];
        double *field = strncmp(a, "elo0=", 5) == 0    ? &s->elo0
                        : strncmp(a, "elo1=", 5) == 0  ? &s->elo1
                        : strncmp(a, "alpha=", 6) == 0 ? &s->alpha
                        : strncmp(a, "beta=", 5) == 0  ? &s->beta
                                                       : NULL;
        if (!field) {
            cli_error("--sprt takes elo0= elo1= alpha= beta=, not '%s'", a);
            return false;
        }
        e0 |= field == &s->elo0;
        e1 |= field == &s->elo1;
        char *end;
        *field = strtod(strchr(a, '=') + 1, &end);
        if (*end) {
            cli_error("--sprt: '%s' is not a number", a);
            return false;
        }
    }
    if (!e0 || !e1 || s->elo1 <= s->elo0 || s->alpha <= 0 || s->alpha >= 0.5 || s->beta <= 0 ||
        s->beta >= 0.5) {
        cli_error("--sprt needs elo0=A elo1=B with A < B (alpha, beta between 0 and 0.5)");
        return false;
    }
    return true;
}

int cmd_match(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        fputs(HELP, stdout);
        return 0;
    }
    MatchConfig cfg;
    memset(&cfg, 0, sizeof cfg);
    const char *specs[2] = {"self", "self"};
    const char *openings = NULL, *pdn = NULL, *book = NULL, *settings = NULL;
    const ShKind *kind = cli_kind_default();
    long games = 0, v;
    long seed = 1;
    bool quiet = false, has_limit = false;
    cfg.concurrency = 1;
    cfg.max_plies = 400;
    cfg.resign_moves = 3;
    cfg.time.clock = true;
    sh_timecontrol_parse("10s+0.1s", &cfg.time.control, NULL);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--quiet") == 0) {
            quiet = true;
            continue;
        }
        if (cli_notation_option(a, &cfg.notation))
            continue;
        if (strcmp(a, "--sprt") == 0) {
            if (!parse_sprt(argc, argv, &i, &cfg.sprt_params))
                return 2;
            cfg.sprt = true;
            continue;
        }
        if (a[0] != '-' || a[1] != '-') {
            cli_error("unexpected argument '%s' (see shashki match --help)", a);
            return 2;
        }
        if (i + 1 >= argc) {
            cli_error("%s needs a value", a);
            return 2;
        }
        const char *val = argv[++i];
        if (strcmp(a, "--first") == 0 || strcmp(a, "--second") == 0) {
            specs[a[2] == 's' ? 1 : 0] = val;
        } else if (strcmp(a, "--openings") == 0) {
            openings = val;
        } else if (strcmp(a, "--variant") == 0) {
            if (!cli_parse_kind(val, &kind))
                return 2;
        } else if (strcmp(a, "--settings") == 0) {
            settings = val;
        } else if (strcmp(a, "--pdn") == 0) {
            pdn = val;
        } else if (strcmp(a, "--book") == 0) {
            book = val;
        } else if (strcmp(a, "--games") == 0) {
            if (!cli_parse_int(val, 1, 10000000, a, &games))
                return 2;
        } else if (strcmp(a, "--concurrency") == 0) {
            if (!cli_parse_int(val, 1, 256, a, &v))
                return 2;
            cfg.concurrency = (int)v;
        } else if (strcmp(a, "--max-plies") == 0) {
            if (!cli_parse_int(val, 0, 100000, a, &v))
                return 2;
            cfg.max_plies = (int)v;
        } else if (strcmp(a, "--seed") == 0) {
            if (!cli_parse_int(val, 0, 1000000000, a, &seed))
                return 2;
        } else if (strcmp(a, "--resign") == 0) {
            char buf[64];
            snprintf(buf, sizeof buf, "%s", val);
            char *slash = strchr(buf, '/');
            if (slash) {
                *slash = '\0';
                if (!cli_parse_int(slash + 1, 1, 100, "--resign moves", &v))
                    return 2;
                cfg.resign_moves = (int)v;
            }
            if (!cli_parse_int(buf, 1, 100000, "--resign", &v))
                return 2;
            cfg.resign_score = (int)v;
        } else if (strcmp(a, "--tc") == 0 || strcmp(a, "--movetime") == 0 ||
                   strcmp(a, "--depth") == 0 || strcmp(a, "--nodes") == 0) {
            if (has_limit) {
                cli_error("give one of --tc, --movetime, --depth, --nodes");
                return 2;
            }
            has_limit = true;
            memset(&cfg.time, 0, sizeof cfg.time);
            if (strcmp(a, "--tc") == 0) {
                ShError err;
                if (sh_timecontrol_parse(val, &cfg.time.control, &err) != SH_OK) {
                    cli_error("--tc '%s': %s", val, err.message);
                    return 2;
                }
                cfg.time.clock = true;
            } else if (strcmp(a, "--movetime") == 0) {
                if (!parse_double(val, 0.001, &cfg.time.move_time))
                    return 2;
            } else if (strcmp(a, "--depth") == 0) {
                if (!cli_parse_int(val, 1, ENGINE_MAX_PLY - 1, a, &v))
                    return 2;
                cfg.time.depth = (int)v;
            } else {
                if (!cli_parse_int(val, 1, 1000000000000L, a, &v))
                    return 2;
                cfg.time.nodes = (uint64_t)v;
            }
        } else {
            cli_error("unknown option %s (see shashki match --help)", a);
            return 2;
        }
    }
    char error[512];
    ShError err;
    if (sh_kind_check_settings(kind, settings, &err) != SH_OK) {
        cli_report("bad --settings", &err);
        return 2;
    }
    if (kind->players != 2) {
        cli_error("%s is a game of %d players: a match is between two engines (shashki game "
                  "plays it at one terminal)",
                  kind->name, kind->players);
        return 2;
    }
    cfg.kind = kind;
    cfg.settings = settings;
    for (int i = 0; i < 2; i++) {
        if (!player_spec_parse(specs[i], &cfg.players[i], error, sizeof error) ||
            !player_spec_check(&cfg.players[i], kind, error, sizeof error)) {
            cli_error("%s player: %s", i ? "second" : "first", error);
            return 2;
        }
        if (!cfg.players[i].name[0])
            snprintf(cfg.players[i].name, sizeof cfg.players[i].name, "%s", specs[i]);
        cfg.players[i].kind = kind;
        PlayerSpec *ps = &cfg.players[i];
        bool has_book = false;
        for (int k = 0; k < ps->settings; k++)
            has_book |= strcmp(ps->setting_name[k], "book") == 0;
        if (book && cli_kind_draughts(kind) && !ps->command[0] && !has_book &&
            ps->settings < PLAYER_MAX_SETTINGS) {
            snprintf(ps->setting_name[ps->settings], sizeof ps->setting_name[0], "book");
            snprintf(ps->setting_value[ps->settings], sizeof ps->setting_value[0], "%s", book);
            ps->settings++;
        }
    }
    if (!openings)
        openings = kind->ballots ? "idf" : "random";
    if (strcmp(cfg.players[0].name, cfg.players[1].name) == 0) {
        snprintf(cfg.players[0].name, sizeof cfg.players[0].name, "first");
        snprintf(cfg.players[1].name, sizeof cfg.players[1].name, "second");
    }
    MatchOpening *list;
    int count;
    if (!match_openings_load(openings, kind, settings, 200, (uint64_t)(seed ? seed : 1), &list,
                             &count, error, sizeof error)) {
        cli_error("%s", error);
        return 2;
    }
    if (seed)
        match_openings_shuffle(list, count, (uint64_t)seed);
    cfg.openings = list;
    cfg.opening_count = count;
    cfg.games = games ? (int)games : 2 * count;
    if (pdn) {
        cfg.pdn = fopen(pdn, "w");
        if (!cfg.pdn) {
            cli_error("cannot write '%s': %s", pdn, strerror(errno));
            free(list);
            return 2;
        }
    }
    cfg.log = stdout;
    FILE *null = NULL;
    if (quiet) {
        null = fopen("/dev/null", "w");
        cfg.log = null;
    }
    signal(SIGPIPE, SIG_IGN);
    MatchScore score;
    bool ok = match_run(&cfg, &score, error, sizeof error);
    if (quiet && ok)
        match_print_score(stdout, cfg.players[0].name, cfg.players[1].name, &score,
                          cfg.sprt ? &cfg.sprt_params : NULL);
    if (!ok)
        cli_error("%s", error);
    if (null)
        fclose(null);
    if (cfg.pdn)
        fclose(cfg.pdn);
    free(list);
    return ok ? 0 : 1;
}
