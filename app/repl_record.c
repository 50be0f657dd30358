/* repl_record.c - the game of `shashki play` as a PDN record: shown, saved, and read back
 * from any game's PDN to play on. The record names the engine's players and carries the
 * result where the rules ended the game (the prompt's game is read as a record, so its own
 * result stays open); it is written in the session's notation. A game read back is replayed
 * move by move on the session's board, its tags kept. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "repl.h"

/* The tags a record read back keeps. */
static const char *const KEPT[] = {"Event", "Site", "Date", "Round", "White", "Black", "Red",
                                   "Blue", "TimeControl"};

/* Player p's name for the record: the engine when it made every move of p's played here (or p
 * made none and the engine plays p now), "?" (a person, or `name`, the tag read back) when
 * nobody else did, both when they shared them ("go" hands a side to the engine halfway:
 * "? and Shashki (level 3)"). The side the engine played before "go" gave it the other one
 * keeps its name. */
static const char *player_name(const Session *s, int p, const char *name)
{
    static char text[96];
    int engine = 0, person = 0, plies = sh_play_ply_count(s->play);
    for (int ply = sh_play_opening_plies(s->play); ply < plies; ply++)
        if (sh_play_to_move(s->play, ply) == p) {
            if (ply < s->by_engine_size && s->by_engine[ply])
                engine++;
            else
                person++;
        }
    const char *who = name && *name ? name : "?";
    if (!engine && (person || !s->seats[p]))
        return who;
    if (person)
        snprintf(text, sizeof text, "%s and Shashki (level %d)", who, s->level);
    else
        snprintf(text, sizeof text, "Shashki (level %d)", s->level);
    return text;
}

/* The record as PDN (malloc'ed), NULL with the error printed. */
static char *record(const Session *s)
{
    ShPlay *copy = sh_play_copy(s->play);
    if (!copy) {
        printf("error: out of memory\n");
        return NULL;
    }
    const ShKind *kind = sh_play_kind(copy);
    const char *event = sh_play_tag(copy, "Event");
    if (!event || !*event || strcmp(event, "?") == 0)
        sh_play_set_tag(copy, "Event", "Shashki play", NULL);
    const char *date = sh_play_tag(copy, "Date");
    if (!date || !*date || date[0] == '?') {
        char today[16] = "????.??.??";
        time_t now = time(NULL);
        struct tm tm;
        if (localtime_r(&now, &tm))
            strftime(today, sizeof today, "%Y.%m.%d", &tm);
        sh_play_set_tag(copy, "Date", today, NULL);
    }
    for (int p = 0; p < kind->players; p++) {
        const char *tag = sh_play_player_tag(p), *name = sh_play_tag(copy, tag);
        if (!name || !*name || strcmp(name, "?") == 0)
            sh_play_set_tag(copy, tag, player_name(s, p, name), NULL);
    }
    char said[SH_PLAY_REASON_SIZE], result[SH_PLAY_RESULT_SIZE];
    const ShGame *game = sh_play_game(copy);
    if (cli_play_end(s->play, true, said, sizeof said, result, sizeof result) && game) {
        ShReason why;
        sh_game_verdict(game, &why);
        sh_play_end(copy, result, sh_reason_name(why), NULL);
    }
    char *text = NULL;
    ShError err;
    if (cli_play_pdn(copy, s->notation, false, &text, &err) != SH_OK) {
        printf("error: %s\n", err.message);
        text = NULL;
    }
    sh_play_free(copy);
    return text;
}

static void save(const Session *s, const char *file)
{
    char *text = record(s);
    if (!text)
        return;
    cli_save_text(text, file);
    free(text);
}

/* The game read, replayed on a board of the session's kind of play (read as a record: any
 * move goes), its tags kept; NULL with the error printed. */
static ShPlay *replayed(const ShPlay *read)
{
    const ShKind *kind = sh_play_kind(read);
    char start[SH_PLAY_TEXT_SIZE];
    sh_play_position_text(read, 0, start, sizeof start);
    /* a draughts game from its first position (a ballot's moves become moves); an other
     * game's start is its settings' unless it was set up */
    bool own_start = kind->family != SH_FAMILY_OTHER || sh_play_set_up(read);
    ShPlayOptions options = {.settings = own_start ? NULL : sh_play_settings(read),
                             .start = own_start ? start : NULL, .replay = true};
    ShPlay *play = NULL;
    ShError err;
    if (sh_play_new(&play, kind, &options, &err) != SH_OK) {
        printf("error: the game's start: %s\n", err.message);
        return NULL;
    }
    for (int i = 0; i < sh_play_ply_count(read); i++) {
        ShPlayMove m;
        if (sh_play_move_at(read, i, &m, &err) != SH_OK ||
            sh_play_move(play, m.full, NULL, &err) != SH_OK) {
            printf("error: move %d: %s\n", i + 1, err.message);
            sh_play_free(play);
            return NULL;
        }
    }
    for (size_t k = 0; k < sizeof KEPT / sizeof KEPT[0]; k++) {
        const char *v = sh_play_tag(read, KEPT[k]);
        if (v && *v)
            sh_play_set_tag(play, KEPT[k], v, NULL);
    }
    return play;
}

/* "load FILE [N]": the N-th game of FILE (any game, each named by its GameType). */
static void load(Session *s, char *arg)
{
    char *number = strrchr(arg, ' ');
    long n = 1;
    if (number) {
        char *end;
        n = strtol(number + 1, &end, 10);
        if (*end || n < 1) {
            n = 1;
        } else {
            *number = '\0';
        }
    }
    size_t size;
    char *text = cli_read_file(arg, &size);
    if (!text) {
        printf("error: cannot read %s\n", arg);
        return;
    }
    ShPlayReader reader;
    sh_play_reader_init(&reader, text, size);
    reader.fallback = sh_play_kind(s->play);
    ShPlay *read = NULL;
    for (long i = 1; i <= n; i++) {
        ShError err;
        sh_play_free(read);
        read = NULL;
        ShStatus st = sh_play_read_next(&reader, &read, &err);
        if (st == SH_OK && !read) {
            printf("error: %s holds %ld game%s\n", arg, i - 1, i == 2 ? "" : "s");
            break;
        }
        if (st != SH_OK && i == n) {
            printf("error: %s: game %ld (line %d): line %d, column %d: %s\n", arg, n,
                   reader.info.line, err.line, err.column, err.message);
            sh_play_free(read);
            read = NULL;
        }
    }
    free(text);
    ShPlay *play = read ? replayed(read) : NULL;
    if (play) {
        const ShKind *kind = sh_play_kind(play);
        repl_replace_game(s, play);
        printf("loaded %s game %ld: %s, %d moves\n", arg, n, kind->title_en,
               sh_play_ply_count(play));
        repl_engine_turns(s);
        repl_status(s);
    }
    sh_play_free(read);
}

bool repl_record_command(Session *s, const char *cmd, const char *arg)
{
    if (strcmp(cmd, "pdn") == 0) {
        save(s, NULL);
    } else if (strcmp(cmd, "save") == 0) {
        if (*arg)
            save(s, arg);
        else
            printf("error: save needs a file name\n");
    } else if (strcmp(cmd, "load") == 0) {
        char copy[1024];
        snprintf(copy, sizeof copy, "%s", arg);
        if (*copy)
            load(s, copy);
        else
            printf("error: load needs a file name (and the game's number)\n");
    } else {
        return false;
    }
    return true;
}
