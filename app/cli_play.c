/* cli_play.c - every game on the command line (cli.h, "Every game"): the game --variant
 * names, a position of it read from its text, its end in words, its moves and positions as
 * the commands print them. The commands know a game through the game interface
 * (include/shashki_play.h); only what the draughts games have alone (numeric notation, FEN in
 * either numbering, the rules' verdict on a position read from a FEN) looks at their ShGame. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

bool cli_notation_option(const char *arg, CliNotation *notation)
{
    if (strcmp(arg, "--numeric") == 0)
        *notation = CLI_NOTATION_NUMERIC;
    else if (strcmp(arg, "--algebraic") == 0)
        *notation = CLI_NOTATION_ALGEBRAIC;
    else
        return false;
    return true;
}

bool cli_numeric(const ShKind *kind, CliNotation notation)
{
    return notation == CLI_NOTATION_USUAL ? kind->numeric : notation == CLI_NOTATION_NUMERIC;
}

int cli_notation_flags(const ShKind *kind, CliNotation notation, int style)
{
    return style | (cli_numeric(kind, notation) ? SH_NOTATION_NUMERIC : 0);
}

ShStatus cli_play_pdn(const ShPlay *play, CliNotation notation, bool full, char **text,
                      ShError *err)
{
    const ShGame *game = sh_play_game(play);
    if (!game)
        return sh_play_write_pdn(play, false, text, NULL, err);
    int style = full ? SH_NOTATION_FULL : SH_NOTATION_SHORT;
    return sh_pdn_write(game, cli_notation_flags(sh_play_kind(play), notation, style), text,
                        NULL, err);
}

bool cli_parse_kind(const char *text, const ShKind **kind)
{
    const ShKind *found = text ? sh_kind_find(text) : NULL;
    if (found) {
        *kind = found;
        return true;
    }
    char names[1024];
    sh_kind_names(names, sizeof names);
    cli_error("unknown variant '%s': %s", text ? text : "", names);
    return false;
}

const ShKind *cli_kind_default(void)
{
    return sh_kind_of_variant(SH_VARIANT_RUSSIAN);
}

bool cli_kind_draughts(const ShKind *kind)
{
    return kind->family != SH_FAMILY_OTHER;
}

ShPlay *cli_play_open(const ShKind *kind, const char *settings, const char *position)
{
    ShError err;
    if (sh_kind_check_settings(kind, settings, &err) != SH_OK) {
        cli_report("bad --settings", &err);
        return NULL;
    }
    bool start = !position || strcmp(position, "start") == 0;
    if (!start && settings && *settings) {
        cli_error("--settings goes with the start position: a position's text keeps its own");
        return NULL;
    }
    char fen[SH_FEN_SIZE];
    if (start && kind->start_drawn) {
        /* the game's own start, never one drawn by lot (flying) */
        ShPosition pos;
        sh_position_start(&pos, (ShVariant)kind->variant);
        sh_fen_write(&pos, kind->numeric, fen);
        position = fen;
        start = false;
    }
    ShPlayOptions options = {.settings = settings, .start = start ? NULL : position,
                             .replay = true};
    ShPlay *play = NULL;
    if (sh_play_new(&play, kind, &options, &err) == SH_OK)
        return play;
    if (cli_kind_draughts(kind))
        cli_error("bad FEN '%s': %s", position, err.message);
    else
        cli_report("bad position", &err);
    return NULL;
}

/* The draughts position of a draughts or column game; NULL for the others. */
static const ShPosition *draughts_position(const ShPlay *play)
{
    const ShGame *game = sh_play_game(play);
    return game ? sh_game_position(game) : NULL;
}

bool cli_play_end(const ShPlay *play, bool counts, char *said, size_t size, char *result,
                  size_t result_size)
{
    const ShGame *game = sh_play_game(play);
    if (game) {
        /* read as a record, the game has no result: the rules' verdict on the position, or
         * the arbiter's on the game so far */
        ShReason why;
        ShResult r = counts ? sh_game_verdict(game, &why)
                            : sh_position_result(sh_game_position(game), &why);
        if (r == SH_RESULT_NONE)
            return false;
        sh_result_describe(r, why, said, size);
        if (result)
            snprintf(result, result_size, "%s", sh_result_pdn(r, false));
        return true;
    }
    ShVerdict v;
    sh_play_verdict(play, &v);
    if (v.over) {
        snprintf(said, size, "%s", v.reason);
        if (result)
            snprintf(result, result_size, "%s", v.result);
    }
    return v.over;
}

bool cli_play_over(const ShPlay *play, char *said, size_t size)
{
    return cli_play_end(play, false, said, size, NULL, 0);
}

void cli_play_move_text(const ShPlay *play, const ShPlayMove *m, bool numeric, char *out,
                        size_t size)
{
    const ShPosition *pos = draughts_position(play);
    ShMove move;
    char text[SH_MOVE_TEXT_SIZE];
    if (numeric && pos && sh_move_parse(pos, m->full, &move, NULL) == SH_OK &&
        sh_move_write(pos, &move, SH_NOTATION_FULL | SH_NOTATION_NUMERIC, text, NULL) == SH_OK)
        snprintf(out, size, "%s", text);
    else
        snprintf(out, size, "%s", m->full);
}

void cli_play_move_at_text(const ShPlay *play, int ply, bool numeric, char *out, size_t size)
{
    const ShGame *game = sh_play_game(play);
    ShPlayMove m;
    char text[SH_MOVE_TEXT_SIZE];
    if (sh_play_move_at(play, ply, &m, NULL) != SH_OK)
        snprintf(out, size, "?");
    else if (numeric && game &&
             sh_move_write(sh_game_position_at(game, ply), sh_game_move_at(game, ply),
                           SH_NOTATION_FULL | SH_NOTATION_NUMERIC, text, NULL) == SH_OK)
        snprintf(out, size, "%s", text);
    else
        snprintf(out, size, "%s", m.full);
}

void cli_play_line_text(const ShPlay *play, const char *line, bool numeric, char *out,
                        size_t size)
{
    ShPlay *walk = sh_play_copy(play);
    char *copy = strdup(line);
    size_t n = 0;
    if (size)
        out[0] = '\0';
    char *save = NULL;
    for (char *tok = walk && copy ? strtok_r(copy, " ", &save) : NULL; tok;
         tok = strtok_r(NULL, " ", &save)) {
        ShPlayMove m;
        char text[SH_PLAY_MOVE_TEXT_SIZE];
        size_t len = strlen(tok);
        if (isdigit((unsigned char)tok[0]) && tok[len - 1] == '.') { /* a move number: kept */
            if (n + len + 2 > size)
                break;
            n += (size_t)snprintf(out + n, size - n, "%s%s", n ? " " : "", tok);
            continue;
        }
        if (sh_play_parse_move(walk, tok, &m, NULL) != SH_OK)
            break;
        cli_play_move_text(walk, &m, numeric, text, sizeof text);
        if (n + strlen(text) + 2 > size || sh_play_move(walk, m.full, NULL, NULL) != SH_OK)
            break;
        n += (size_t)snprintf(out + n, size - n, "%s%s", n ? " " : "", text);
    }
    free(copy);
    sh_play_free(walk);
}

void cli_play_position_text(const ShPlay *play, bool numeric, char *out, size_t size)
{
    const ShPosition *pos = draughts_position(play);
    if (pos) {
        char fen[SH_FEN_SIZE];
        sh_fen_write(pos, numeric, fen);
        snprintf(out, size, "%s", fen);
    } else {
        sh_play_position_text(play, -1, out, size);
    }
}

bool cli_play_moves(ShPlay *play, const char *list)
{
    char *copy = strdup(list);
    bool ok = copy != NULL;
    char *save = NULL;
    for (char *tok = ok ? strtok_r(copy, " \t,", &save) : NULL; ok && tok;
         tok = strtok_r(NULL, " \t,", &save)) {
        char *dot = strrchr(tok, '.');
        if (dot && isdigit((unsigned char)tok[0])) { /* a move number: "1." or "1.c3-d4" */
            tok = dot + 1;
            if (!*tok)
                continue;
        }
        ShError err;
        if (sh_play_move(play, tok, NULL, &err) != SH_OK) {
            cli_error("move '%s': %s", tok, err.message);
            ok = false;
        }
    }
    free(copy);
    return ok;
}

ShPlay *cli_play_after(const ShPlay *play, const ShPlayMove *m)
{
    ShPlay *next = sh_play_copy(play);
    if (next && sh_play_move(next, m->full, NULL, NULL) != SH_OK) {
        sh_play_free(next);
        next = NULL;
    }
    return next;
}
