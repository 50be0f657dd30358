/* cmd_other.c - shashki other: the other games of a checkers set (shashki_other.h) listed with
 * their settings, a game the engine plays with itself to its end, and records checked. The
 * commands moves, perft, analyse, game, match and pdn take these games as they take the
 * draughts games (--variant NAME), through the game interface. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "play_engine.h"
#include "shashki_other.h"

/* ---- shashki other ------------------------------------------------------------------------ */

static const char OTHER_HELP[] =
    "usage: shashki other list\n"
    "       shashki other selfplay --variant NAME [--settings S] [--depth D] [--nodes N]\n"
    "                              [--level L] [--seed N] [--max-plies N]\n"
    "                              [--numeric|--algebraic]\n"
    "       shashki other check FILE\n"
    "\n"
    "The other games played with a checkers set (docs/variants.md \"Other games of the seeds\").\n"
    "\n"
    "  list       each game: its name (for --variant), players, whether the engine plays it,\n"
    "             its titles in English and Russian, and its settings (KEY=V1|V2 and the\n"
    "             default value)\n"
    "  selfplay   the engine plays every seat from the start to the end of the game (default\n"
    "             --depth 2, level 10, at most --max-plies 3000); prints the game's record\n"
    "             (PDN: GameType, Variant, Settings tags) and on stderr its length and end;\n"
    "             any game the engine plays, the draughts games too\n"
    "  check      read every record of FILE (replaying each move; records of any game, each\n"
    "             named by its GameType or Variant tag, Russian without one); print 'N games'\n"
    "             or the first error with its line and column (shashki pdn check tells\n"
    "             more: a line for every game)\n"
    "\n"
    "Every command takes --variant NAME of these games, as of the draughts games: shashki\n"
    "moves --variant corners, shashki perft --variant goban 3, shashki analyse --variant\n"
    "belarusian --depth 6 [POSITION], shashki game --variant pskov, shashki match --variant\n"
    "corners, shashki pdn check FILE. Positions are the game's position text (shashki moves\n"
    "prints them), the start's choices --settings KEY=VALUE,...\n"
    "\n"
    "Exit status: 0 done, 1 a record that does not read, 2 a bad argument.\n";

static int other_list(void)
{
    for (int i = 0; i < sh_other_count(); i++) {
        const ShOtherGame *g = sh_other_at(i);
        printf("%-11s %d players  %-9s %s / %s", g->name, g->players,
               !sh_other_playable(g) ? "not yet" : g->searchable ? "engine" : "people", g->title_en,
               g->title_ru);
        for (int k = 0; k < g->setting_count; k++)
            printf("%s%s=%s (default %s)", k ? ", " : "  settings: ", g->settings[k].key,
                   g->settings[k].values, g->settings[k].fallback);
        printf("\n");
    }
    return 0;
}

/* The engine plays every seat of a game from its start to its end. */
static int other_selfplay(int argc, char **argv)
{
    const ShKind *kind = NULL;
    const char *settings = NULL;
    long depth = 2, nodes = 0, level = 0, seed = 0, max_plies = 3000;
    CliNotation notation = CLI_NOTATION_USUAL;
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i];
        if (cli_notation_option(o, &notation))
            continue;
        if (i + 1 >= argc || o[0] != '-' || o[1] != '-') {
            cli_error(o[0] == '-' ? "%s needs a value" : "unexpected argument '%s'", o);
            return 2;
        }
        const char *v = argv[++i];
        bool ok = strcmp(o, "--variant") == 0   ? cli_parse_kind(v, &kind)
                  : strcmp(o, "--settings") == 0 ? (settings = v, true)
                  : strcmp(o, "--depth") == 0    ? cli_parse_int(v, 1, 32, o, &depth)
                  : strcmp(o, "--nodes") == 0    ? cli_parse_int(v, 1, 4000000000L, o, &nodes)
                  : strcmp(o, "--level") == 0    ? cli_parse_int(v, 1, 10, o, &level)
                  : strcmp(o, "--seed") == 0     ? cli_parse_int(v, 0, 2000000000L, o, &seed)
                  : strcmp(o, "--max-plies") == 0 ? cli_parse_int(v, 1, 100000, o, &max_plies)
                                                  : (cli_error("unknown option %s (see shashki "
                                                               "other --help)", o),
                                                     false);
        if (!ok)
            return 2;
    }
    if (!kind) {
        cli_error("say which game: --variant NAME");
        return 2;
    }
    if (!kind->engine) {
        cli_error("%s has no engine: it is played by people only", kind->name);
        return 2;
    }
    ShPlay *play = cli_play_open(kind, settings, NULL);
    ShError err;
    PlayEngine *engine = play ? play_engine_create(NULL, &err) : NULL;
    if (!engine) {
        sh_play_free(play);
        return 2;
    }
    sh_play_set_tag(play, "Event", "shashki other selfplay", NULL);
    for (int p = 0; p < kind->players; p++)
        sh_play_set_tag(play, sh_play_player_tag(p), "shashki", NULL);
    int status = 0;
    for (long ply = 0; ply < max_plies && !sh_play_over(play); ply++) {
        PlayLimits limits = {.level = (int)level, .time_left = -1, .nodes = (uint64_t)nodes,
                             .depth = (int)depth,
                             .seed = (uint64_t)seed * 1000003u + (uint64_t)ply};
        PlayChoice choice;
        if (play_engine_search(engine, play, &limits, &choice, &err) != SH_OK) {
            cli_report("search", &err);
            status = 2;
            break;
        }
        if (!choice.has_move)
            break;
        if (sh_play_move(play, choice.move, NULL, &err) != SH_OK) {
            cli_report("the engine's move", &err);
            status = 2;
            break;
        }
    }
    char *text = NULL;
    if (cli_play_pdn(play, notation, false, &text, &err) == SH_OK)
        fputs(text, stdout);
    free(text);
    ShVerdict v;
    sh_play_verdict(play, &v);
    fprintf(stderr, "%s: %d plies, %s\n", kind->name, sh_play_ply_count(play),
            v.over ? v.reason : "not over");
    play_engine_free(engine);
    sh_play_free(play);
    return status;
}

/* Every record of a file read and replayed: "N games", or the first that does not read. */
static int other_check(int argc, char **argv)
{
    if (argc != 3) {
        cli_error("usage: shashki other check FILE");
        return 2;
    }
    size_t size;
    char *text = cli_read_file(argv[2], &size);
    if (!text) {
        cli_error("cannot read %s", argv[2]);
        return 2;
    }
    ShPlayReader reader;
    sh_play_reader_init(&reader, text, size);
    int status = 0;
    for (;;) {
        ShPlay *play = NULL;
        ShError err;
        if (sh_play_read_next(&reader, &play, &err) != SH_OK) {
            cli_error("%s:%d:%d: %s", argv[2], err.line, err.column, err.message);
            status = 1;
            break;
        }
        if (!play)
            break;
        sh_play_free(play);
    }
    free(text);
    if (status == 0)
        printf("%d games\n", reader.games);
    return status;
}

int cmd_other(int argc, char **argv)
{
    if (argc < 2 || cli_wants_help(argc, argv)) {
        fputs(OTHER_HELP, argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    if (strcmp(argv[1], "list") == 0)
        return other_list();
    if (strcmp(argv[1], "selfplay") == 0)
        return other_selfplay(argc - 1, argv + 1);
    if (strcmp(argv[1], "check") == 0)
        return other_check(argc, argv);
    cli_error("unknown: shashki other %s (list, selfplay or check)", argv[1]);
    return 2;
}
