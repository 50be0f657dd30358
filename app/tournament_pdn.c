/* tournament_pdn.c - PDN and events: the PDN of every game recorded in an event (replayed
 * from the games' archive), and `shashki tournament from-pdn`, the crosstable of a round
 * robin rebuilt from a collection of its games.
 *
 * from-pdn knows nothing but the games: the players are the names in the White and Black
 * tags, the results the records' (1-0, 2-0 ... any form the PDN reader takes). The field is
 * taken to be a round robin of as many cycles as the most games any two players have
 * between them, unless --players and --cycles say what the event was; then the table says
 * how many games are missing, overall and for each player, and which players have no game
 * in the collection at all. Ranks go by points, then Sonneborn-Berger, then wins. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "tournament.h"

/* ---- an event's games ---- */

int tour_write_pdn(FILE *out, Store *store, const ShEvent *e, CliNotation notation)
{
    const ShEventSettings *s = sh_event_settings(e);
    const ShEventPairing *all;
    int n = sh_event_all_pairings(e, &all), written = 0;
    for (int i = 0; i < n; i++) {
        const ShEventPairing *p = &all[i];
        for (int g = 0; g < p->ngames; g++) {
            if (!p->games[g].game_id)
                continue;
            StoredGame row;
            StoredMove *moves;
            int count;
            if (!store_load(store, p->games[g].game_id, &row, &moves, &count)) {
                cli_error("round %d board %d game %d: game %ld is not in the archive", p->round,
                          p->board, g + 1, p->games[g].game_id);
                continue;
            }
            char why[300];
            ShPlay *game = store_replay(&row, moves, count, why, sizeof why);
            free(moves);
            if (!game) {
                cli_error("game %ld cannot be replayed: %s", row.id, why);
                continue;
            }
            int white, black;
            sh_event_game_players(p, g, &white, &black);
            char round[48], date[16];
            if (s->stage_count > 1)
                snprintf(round, sizeof round, "%d.%d.%d", p->stage, p->round, p->board);
            else
                snprintf(round, sizeof round, "%d.%d", p->round, p->board);
            if (p->ngames > 1) {
                size_t len = strlen(round);
                snprintf(round + len, sizeof round - len, ".%d", g + 1);
            }
            snprintf(date, sizeof date, "%.10s", row.created);
            for (char *c = date; *c; c++)
                if (*c == '-')
                    *c = '.';
            sh_play_set_tag(game, "Event", s->name, NULL);
            sh_play_set_tag(game, "Site", s->site[0] ? s->site : "?", NULL);
            sh_play_set_tag(game, "Date", date, NULL);
            sh_play_set_tag(game, "Round", round, NULL);
            sh_play_set_tag(game, "White", sh_event_player(e, white)->name, NULL);
            sh_play_set_tag(game, "Black", sh_event_player(e, black)->name, NULL);
            for (int k = 2; k < p->seats; k++) /* a table's third and fourth: Red, Blue */
                sh_play_set_tag(game, sh_play_player_tag(k),
                                sh_event_player(e, p->seat[k])->name, NULL);
            if (row.time_control[0])
                sh_play_set_tag(game, "TimeControl", row.time_control, NULL);
            if (p->games[g].opening[0])
                sh_play_set_tag(game, "Opening", p->games[g].opening, NULL);
            if (strcmp(row.result, "*") != 0 && !sh_play_over(game))
                sh_play_end(game, row.result, "recorded", NULL);
            char *text;
            if (cli_play_pdn(game, notation, false, &text, NULL) == SH_OK) {
                fputs(text, out);
                fputc('\n', out);
                free(text);
                written++;
            }
            sh_play_free(game);
        }
    }
    return written;
}

/* ---- from-pdn ---- */

static const char FROM_PDN_HELP[] =
    "usage: shashki tournament from-pdn FILE... [--players N] [--cycles K]\n"
    "                                   [--format text|csv|html] [--scoring 1-0.5-0|2-1-0]\n"
    "\n"
    "Rebuild the crosstable of a round robin from a collection of its games: the players are\n"
    "the names in the White and Black tags, the points the records' results. Ranks go by\n"
    "points, then Sonneborn-Berger, then wins. With --players and --cycles (the event's field\n"
    "and cycles), the table says which games are missing: overall, for each player, and the\n"
    "players without a game in the collection. A game that cannot be read is reported and\n"
    "left out; it counts as missing.\n";

#define MAX_NAMES 256

typedef struct Field {
    int n;
    char *name[MAX_NAMES];
    int games[MAX_NAMES];
    int points[MAX_NAMES]; /* half points */
    int wins[MAX_NAMES];
    /* the results between two players, in order: "1", "=", "0" each */
    char cell[MAX_NAMES][MAX_NAMES][12];
    int met[MAX_NAMES][MAX_NAMES];
    int scored[MAX_NAMES][MAX_NAMES]; /* half points of row against column */
} Field;

static int field_player(Field *f, const char *name)
{
    for (int i = 0; i < f->n; i++)
        if (!strcmp(f->name[i], name))
            return i;
    if (f->n == MAX_NAMES)
        return -1;
    size_t len = strlen(name);
    f->name[f->n] = malloc(len + 1);
    if (!f->name[f->n])
        return -1;
    memcpy(f->name[f->n], name, len + 1);
    return f->n++;
}

static void field_game(Field *f, int w, int b, ShResult r)
{
    int hw = r == SH_RESULT_WHITE_WINS ? 2 : r == SH_RESULT_DRAW ? 1 : 0;
    int hb = 2 - hw;
    int who[2] = {w, b}, half[2] = {hw, hb};
    for (int k = 0; k < 2; k++) {
        int me = who[k], them = who[1 - k];
        f->games[me]++;
        f->points[me] += half[k];
        f->wins[me] += half[k] == 2;
        f->met[me][them]++;
        f->scored[me][them] += half[k];
        size_t len = strlen(f->cell[me][them]);
        if (len + 2 < sizeof f->cell[me][them]) {
            f->cell[me][them][len] = half[k] == 2 ? '1' : half[k] == 1 ? '=' : '0';
            f->cell[me][them][len + 1] = '\0';
        }
    }
}

typedef struct Rank {
    int who;
    int points; /* half points */
    int sb;     /* quarter points: the sum over opponents of their points times the score */
    int wins;
} Rank;

static int by_rank(const void *a, const void *b)
{
    const Rank *x = a, *y = b;
    if (x->points != y->points)
        return y->points - x->points;
    if (x->sb != y->sb)
        return y->sb - x->sb;
    if (x->wins != y->wins)
        return y->wins - x->wins;
    return x->who - y->who;
}

static const char *half_points(int half, bool two, char *buf)
{
    /* half points: 1-0.5-0 scoring shows half, 2-1-0 shows the whole number */
    if (two)
        snprintf(buf, 16, "%d", half);
    else
        snprintf(buf, 16, half % 2 ? "%d.5" : "%d", half / 2);
    return buf;
}

static bool read_collection(const char *path, Field *f, int *games, int *bad)
{
    size_t size;
    char *text = cli_read_file(path, &size);
    if (!text) {
        cli_error("cannot read %s: %s", path, strerror(errno));
        return false;
    }
    ShPdnReader reader;
    sh_pdn_reader_init(&reader, text, size, NULL);
    for (int guard = 0; guard < 1000000; guard++) {
        ShGame *game = NULL;
        ShPdnInfo info;
        ShError err;
        ShStatus st = sh_pdn_read_next(&reader, &game, &info, &err);
        if (st == SH_OK && !game)
            break;
        /* a game whose moves do not read still has its players and result */
        const char *w = game ? sh_game_tag(game, "White") : NULL;
        const char *b = game ? sh_game_tag(game, "Black") : NULL;
        ShResult r = info.recorded;
        if (!w || !b || !*w || !*b || !info.has_result) {
            cli_error("%s: game %d (line %d): %s", path, info.number, info.line,
                      st != SH_OK ? err.message : "no players or no result: left out");
            (*bad)++;
            sh_game_free(game);
            continue;
        }
        if (st != SH_OK)
            fprintf(stderr, "shashki: %s: game %d (line %d): %s (its result counts)\n", path,
                    info.number, err.line, err.message);
        int iw = field_player(f, w), ib = field_player(f, b);
        if (iw >= 0 && ib >= 0 && iw != ib) {
            field_game(f, iw, ib, r);
            (*games)++;
        }
        sh_game_free(game);
    }
    free(text);
    return true;
}

int tour_from_pdn(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        fputs(FROM_PDN_HELP, stdout);
        return 0;
    }
    const char *files[64];
    int nfiles = 0;
    long players = 0, cycles = 0;
    TourFormat format = TOUR_TEXT;
    bool two = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if ((!strcmp(a, "--players") || !strcmp(a, "--cycles") || !strcmp(a, "--format") ||
             !strcmp(a, "--scoring")) &&
            i + 1 >= argc) {
            cli_error("%s needs a value", a);
            return 2;
        }
        if (!strcmp(a, "--players")) {
            if (!cli_parse_int(argv[++i], 2, MAX_NAMES, "--players", &players))
                return 2;
        } else if (!strcmp(a, "--cycles")) {
            if (!cli_parse_int(argv[++i], 1, 10, "--cycles", &cycles))
                return 2;
        } else if (!strcmp(a, "--format")) {
            if (!tour_format_parse(argv[++i], &format)) {
                cli_error("a format is text, csv or html");
                return 2;
            }
        } else if (!strcmp(a, "--scoring")) {
            const char *v = argv[++i];
            if (strcmp(v, "2-1-0") && strcmp(v, "1-0.5-0")) {
                cli_error("--scoring is 1-0.5-0 or 2-1-0");
                return 2;
            }
            two = !strcmp(v, "2-1-0");
        } else if (a[0] == '-' && a[1]) {
            cli_error("unknown option '%s' (shashki tournament from-pdn --help)", a);
            return 2;
        } else if (nfiles < 64) {
            files[nfiles++] = a;
        }
    }
    if (!nfiles) {
        fputs(FROM_PDN_HELP, stderr);
        return 2;
    }
    Field *f = calloc(1, sizeof *f);
    if (!f)
        return 1;
    int games = 0, bad = 0, status = 0;
    for (int i = 0; i < nfiles && !status; i++)
        if (!read_collection(files[i], f, &games, &bad))
            status = 1;
    if (status || f->n < 2) {
        if (!status)
            cli_error("fewer than two players in the games");
        for (int i = 0; i < f->n; i++)
            free(f->name[i]);
        free(f);
        return status ? status : 1;
    }
    int most = 0;
    for (int i = 0; i < f->n; i++)
        for (int j = 0; j < f->n; j++)
            if (f->met[i][j] > most)
                most = f->met[i][j];
    if (!cycles)
        cycles = most;
    if (!players)
        players = f->n;
    if (players < f->n) {
        cli_error("the games have %d players, more than --players %ld", f->n, players);
        for (int i = 0; i < f->n; i++)
            free(f->name[i]);
        free(f);
        return 2;
    }
    Rank *rank = calloc((size_t)f->n, sizeof(Rank));
    if (!rank) {
        free(f);
        return 1;
    }
    for (int i = 0; i < f->n; i++) {
        rank[i].who = i;
        rank[i].points = f->points[i];
        rank[i].wins = f->wins[i];
        for (int j = 0; j < f->n; j++)
            rank[i].sb += f->scored[i][j] * f->points[j];
    }
    qsort(rank, (size_t)f->n, sizeof(Rank), by_rank);
    int *row_of = calloc((size_t)f->n, sizeof(int));
    int per_player = (int)((players - 1) * cycles);
    bool partial = games < (int)(players * (players - 1) / 2 * cycles);
    int columns = 2 + f->n + 3 + (partial ? 1 : 0);
    char ***cells = calloc((size_t)f->n + 1, sizeof(char **));
    bool ok = row_of && cells;
    for (int r = 0; ok && r <= f->n; r++) {
        cells[r] = calloc((size_t)columns, sizeof(char *));
        ok = cells[r] != NULL;
        for (int c = 0; ok && c < columns; c++)
            ok = (cells[r][c] = calloc(1, 64)) != NULL;
    }
    if (!ok) {
        cli_error("out of memory");
        status = 1;
    } else {
        for (int i = 0; i < f->n; i++)
            row_of[rank[i].who] = i;
        bool right[64 + MAX_NAMES] = {0};
        snprintf(cells[0][0], 64, "Rank");
        snprintf(cells[0][1], 64, "Name");
        for (int c = 0; c < f->n; c++) {
            snprintf(cells[0][2 + c], 64, "%d", c + 1);
            right[2 + c] = true;
        }
        snprintf(cells[0][2 + f->n], 64, "Points");
        snprintf(cells[0][3 + f->n], 64, "SB");
        snprintf(cells[0][4 + f->n], 64, "Games");
        if (partial)
            snprintf(cells[0][5 + f->n], 64, "Missing");
        right[0] = right[2 + f->n] = right[3 + f->n] = right[4 + f->n] = right[5 + f->n] = true;
        for (int i = 0; i < f->n; i++) {
            int who = rank[i].who;
            char buf[16];
            bool shared = (i > 0 && !by_rank(&rank[i - 1], &rank[i])) ||
                          (i + 1 < f->n && rank[i + 1].points == rank[i].points &&
                           rank[i + 1].sb == rank[i].sb && rank[i + 1].wins == rank[i].wins);
            int place = i;
            while (place > 0 && rank[place - 1].points == rank[i].points &&
                   rank[place - 1].sb == rank[i].sb && rank[place - 1].wins == rank[i].wins)
                place--;
            snprintf(cells[i + 1][0], 64, "%d%s", place + 1, shared ? "=" : "");
            snprintf(cells[i + 1][1], 64, "%.60s", f->name[who]);
            for (int j = 0; j < f->n; j++) {
                char *cell = cells[i + 1][2 + row_of[j]];
                if (j == who) {
                    snprintf(cell, 64, "x");
                    continue;
                }
                const char *s = f->cell[who][j];
                size_t k = 0;
                for (; *s && k + 4 < 64; s++) {
                    if (*s == '=' && format != TOUR_CSV) {
                        memcpy(cell + k, "\xc2\xbd", 2); /* ½ */
                        k += 2;
                    } else {
                        cell[k++] = *s;
                    }
                }
                for (int m = f->met[who][j]; m < cycles && k + 1 < 64; m++)
                    cell[k++] = partial ? '.' : ' ';
                cell[k] = '\0';
            }
            snprintf(cells[i + 1][2 + f->n], 64, "%s", half_points(rank[i].points, two, buf));
            snprintf(cells[i + 1][3 + f->n], 64, "%.2f", rank[i].sb / (two ? 1.0 : 4.0));
            snprintf(cells[i + 1][4 + f->n], 64, "%d", f->games[who]);
            if (partial)
                snprintf(cells[i + 1][5 + f->n], 64, "%d", per_player - f->games[who]);
        }
        char title[256];
        snprintf(title, sizeof title, "Crosstable from %s%s: %d players, %d game%s", files[0],
                 nfiles > 1 ? " ..." : "", f->n, games, games == 1 ? "" : "s");
        tour_table_print(stdout, format, title, cells, f->n + 1, columns, right);
        int expected = (int)(players * (players - 1) / 2 * cycles);
        FILE *note = format == TOUR_TEXT ? stdout : stderr;
        if (partial) {
            fprintf(note,
                    "Partial: %d of the %d games of a %s round robin of %ld players are in the "
                    "collection; %d are missing (a dot in the table is a game missing).\n",
                    games, expected, cycles == 1 ? "single" : cycles == 2 ? "double" : "multiple",
                    players, expected - games);
            if (players > f->n)
                fprintf(note, "%ld player%s of the field ha%s no game in the collection.\n",
                        players - f->n, players - f->n == 1 ? "" : "s",
                        players - f->n == 1 ? "s" : "ve");
            fprintf(note, "Points and ranks are those of the games present, not the event's.\n");
        } else {
            fprintf(note, "Complete: all %d games of a %s round robin of %ld players.\n", games,
                    cycles == 1 ? "single" : cycles == 2 ? "double" : "multiple", players);
        }
        if (bad)
            fprintf(note, "%d game%s could not be read and %s left out.\n", bad,
                    bad == 1 ? "" : "s", bad == 1 ? "is" : "are");
    }
    for (int r = 0; cells && r <= f->n; r++) {
        for (int c = 0; cells[r] && c < columns; c++)
            free(cells[r][c]);
        free(cells[r]);
    }
    free(cells);
    free(row_of);
    free(rank);
    for (int i = 0; i < f->n; i++)
        free(f->name[i]);
    free(f);
    return status;
}
