/* tournament_print.c - standings, crosstables and pairings as text, CSV or a printable HTML
 * page (see tournament.h). Everything is computed from the event when printed. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "tournament.h"

bool tour_format_parse(const char *text, TourFormat *format)
{
    if (!strcmp(text, "text"))
        *format = TOUR_TEXT;
    else if (!strcmp(text, "csv"))
        *format = TOUR_CSV;
    else if (!strcmp(text, "html"))
        *format = TOUR_HTML;
    else
        return false;
    return true;
}

const char *tour_points(int t, char *buf)
{
    if (t % 10)
        snprintf(buf, 16, "%s%d.%d", t < 0 ? "-" : "", abs(t) / 10, abs(t) % 10);
    else
        snprintf(buf, 16, "%d", t / 10);
    return buf;
}

/* ---- output in three formats: a row of cells at a time ---- */

typedef struct Table {
    FILE *out;
    TourFormat format;
    int columns;
    int width[64];
    bool right[64];
} Table;

static void html_text(FILE *out, const char *s)
{
    for (; *s; s++)
        switch (*s) {
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '&': fputs("&amp;", out); break;
        case '"': fputs("&quot;", out); break;
        default: fputc(*s, out);
        }
}

static void csv_text(FILE *out, const char *s)
{
    if (!strpbrk(s, ",\"\n")) {
        fputs(s, out);
        return;
    }
    fputc('"', out);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', out);
        fputc(*s, out);
    }
    fputc('"', out);
}

/* Display width of UTF-8 text (code points). */
static int text_width(const char *s)
{
    int n = 0;
    for (; *s; s++)
        n += ((unsigned char)*s & 0xc0) != 0x80;
    return n;
}

static void html_begin(FILE *out, const char *title)
{
    fputs("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>", out);
    html_text(out, title);
    fputs("</title>\n<style>\nbody{font-family:sans-serif;margin:1.5em}\n"
          "table{border-collapse:collapse;margin-bottom:1.5em}\n"
          "th,td{border:1px solid #888;padding:.15em .45em;text-align:left}\n"
          "td.n{text-align:right}th{background:#eee}\n"
          "@media print{body{margin:0}th{background:none}}\n</style></head><body>\n",
          out);
}

static void html_end(FILE *out)
{
    fputs("</body></html>\n", out);
}

static void heading(FILE *out, TourFormat f, const char *text)
{
    if (f == TOUR_TEXT)
        fprintf(out, "%s\n\n", text);
    else if (f == TOUR_HTML) {
        fputs("<h2>", out);
        html_text(out, text);
        fputs("</h2>\n", out);
    }
}

/* A row of `n` cells; the first row of a table is its head. Text tables are laid out by
 * the widths the caller measured first (table_measure). */
static void table_row(Table *t, char **cells, bool head)
{
    if (t->format == TOUR_CSV) {
        for (int i = 0; i < t->columns; i++) {
            if (i)
                fputc(',', t->out);
            csv_text(t->out, cells[i]);
        }
        fputc('\n', t->out);
    } else if (t->format == TOUR_HTML) {
        fputs("<tr>", t->out);
        for (int i = 0; i < t->columns; i++) {
            fputs(head ? "<th>" : t->right[i] ? "<td class=\"n\">" : "<td>", t->out);
            html_text(t->out, cells[i]);
            fputs(head ? "</th>" : "</td>", t->out);
        }
        fputs("</tr>\n", t->out);
    } else {
        for (int i = 0; i < t->columns; i++) {
            int pad = t->width[i] - text_width(cells[i]);
            if (t->right[i] && !head)
                fprintf(t->out, "%*s", pad > 0 ? pad : 0, "");
            fputs(cells[i], t->out);
            if (i + 1 < t->columns)
                fprintf(t->out, "%*s", (!t->right[i] || head ? (pad > 0 ? pad : 0) : 0) + 2, "");
        }
        fputc('\n', t->out);
    }
}

/* A whole table: rows x columns cells (row 0 the head). */
static void table_print(FILE *out, TourFormat f, char ***rows, int nrows, int columns,
                        const bool *right)
{
    Table t = {out, f, columns, {0}, {0}};
    for (int c = 0; c < columns && c < 64; c++) {
        t.right[c] = right ? right[c] : false;
        for (int r = 0; r < nrows; r++) {
            int w = text_width(rows[r][c]);
            if (w > t.width[c])
                t.width[c] = w;
        }
    }
    if (f == TOUR_HTML)
        fputs("<table>\n", out);
    for (int r = 0; r < nrows; r++)
        table_row(&t, rows[r], r == 0);
    if (f == TOUR_HTML)
        fputs("</table>\n", out);
    else if (f == TOUR_TEXT)
        fputc('\n', out);
}

void tour_table_print(FILE *out, TourFormat f, const char *title, char ***rows, int nrows,
                      int columns, const bool *right)
{
    if (f == TOUR_HTML)
        html_begin(out, title);
    heading(out, f, title);
    table_print(out, f, rows, nrows, columns, right);
    if (f == TOUR_HTML)
        html_end(out);
}

/* Cells are kept in one arena per table. */
typedef struct Grid {
    int rows, columns;
    char ***cell;
} Grid;

static bool grid_new(Grid *g, int rows, int columns)
{
    g->rows = rows;
    g->columns = columns;
    g->cell = calloc((size_t)rows, sizeof(char **));
    if (!g->cell)
        return false;
    for (int r = 0; r < rows; r++) {
        g->cell[r] = calloc((size_t)columns, sizeof(char *));
        if (!g->cell[r])
            return false;
        for (int c = 0; c < columns; c++) {
            g->cell[r][c] = calloc(1, 64);
            if (!g->cell[r][c])
                return false;
        }
    }
    return true;
}

static void grid_free(Grid *g)
{
    if (!g->cell)
        return;
    for (int r = 0; r < g->rows; r++) {
        if (!g->cell[r])
            continue;
        for (int c = 0; c < g->columns; c++)
            free(g->cell[r][c]);
        free(g->cell[r]);
    }
    free(g->cell);
}

static void set(Grid *g, int r, int c, const char *format, ...)
    __attribute__((format(printf, 4, 5)));
static void set(Grid *g, int r, int c, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    vsnprintf(g->cell[r][c], 64, format, args);
    va_end(args);
}

/* ---- standings ---- */

static const char *stage_title(const ShEvent *e, int stage, char *buf, size_t size)
{
    const ShEventSettings *s = sh_event_settings(e);
    if (stage == 0)
        snprintf(buf, size, "%s", s->name);
    else if (s->stage_count == 1)
        snprintf(buf, size, "%s (%s)", s->name, sh_system_name(s->stages[0].system));
    else
        snprintf(buf, size, "%s, stage %d (%s)", s->name, stage,
                 sh_system_name(s->stages[stage - 1].system));
    return buf;
}

const char *tour_rank_text(const ShStanding *rows, int n, int i, char buf[16])
{
    const ShStanding *r = &rows[i];
    bool shared = (i > 0 && rows[i - 1].rank == r->rank && rows[i - 1].group == r->group) ||
                  (i + 1 < n && rows[i + 1].rank == r->rank && rows[i + 1].group == r->group);
    snprintf(buf, 16, "%d%s", r->rank, shared ? "=" : "");
    return buf;
}

bool tour_print_standings(FILE *out, const ShEvent *e, int stage, TourFormat f)
{
    const ShEventSettings *s = sh_event_settings(e);
    ShStanding *rows;
    ShError err;
    int n = sh_event_standings(e, stage, &rows, &err);
    if (n < 0) {
        cli_error("%s", err.message);
        return false;
    }
    int system_stage = stage ? stage : s->stage_count == 1 ? 1 : 0;
    bool knockout = system_stage && s->stages[system_stage - 1].system == SH_SYSTEM_KNOCKOUT;
    bool groups = false;
    for (int i = 0; i < n; i++)
        groups |= rows[i].group > 0;
    int ntb = stage == 0 && s->stage_count > 1 ? 0 : s->tiebreak_count;
    int columns = 0;
    enum { C_RANK, C_GROUP, C_NO, C_NAME, C_RATING, C_CLUB, C_POINTS, C_GAMES, C_WDL, C_TB,
           C_PERF = C_TB + SH_EVENT_MAX_TIEBREAKS, C_DELTA, C_COUNT };
    int col[C_COUNT];
    for (int c = 0; c < C_COUNT; c++)
        col[c] = -1;
    col[C_RANK] = columns++;
    if (groups)
        col[C_GROUP] = columns++;
    col[C_NO] = columns++;
    col[C_NAME] = columns++;
    col[C_RATING] = columns++;
    bool clubs = false;
    for (int i = 0; i < n; i++) {
        const ShEventPlayer *p = sh_event_player(e, rows[i].id);
        clubs |= p && (p->club[0] || p->team[0]);
    }
    if (clubs)
        col[C_CLUB] = columns++;
    col[C_POINTS] = columns++;
    col[C_GAMES] = columns++;
    col[C_WDL] = columns++;
    for (int k = 0; k < ntb && !knockout; k++)
        col[C_TB + k] = columns++;
    col[C_PERF] = columns++;
    col[C_DELTA] = columns++;
    Grid g;
    bool right[64] = {0};
    if (!grid_new(&g, n + 1, columns)) {
        grid_free(&g);
        free(rows);
        cli_error("out of memory");
        return false;
    }
    set(&g, 0, col[C_RANK], "%s", knockout ? "Place" : "Rank");
    if (groups)
        set(&g, 0, col[C_GROUP], "Group");
    set(&g, 0, col[C_NO], "No");
    set(&g, 0, col[C_NAME], "Name");
    set(&g, 0, col[C_RATING], "Rating");
    if (clubs)
        set(&g, 0, col[C_CLUB], "Club/team");
    set(&g, 0, col[C_POINTS], "%s", s->series_count && stage == 0 ? "Series" : "Points");
    set(&g, 0, col[C_GAMES], "Games");
    set(&g, 0, col[C_WDL], "+/=/-");
    for (int k = 0; k < ntb && !knockout; k++)
        set(&g, 0, col[C_TB + k], "%s", sh_tiebreak_name(s->tiebreaks[k]));
    set(&g, 0, col[C_PERF], "Perf");
    set(&g, 0, col[C_DELTA], "Elo +/-");
    for (int c = 0; c < columns; c++)
        right[c] = c != col[C_NAME] && c != col[C_CLUB];
    for (int i = 0; i < n; i++) {
        const ShStanding *r = &rows[i];
        const ShEventPlayer *p = sh_event_player(e, r->id);
        int row = i + 1;
        char pts[16];
        if (knockout) {
            if (r->place_from == r->place_to)
                set(&g, row, col[C_RANK], "%d", r->place_from);
            else
                set(&g, row, col[C_RANK], "%d-%d", r->place_from, r->place_to);
        } else {
            char rank[16];
            set(&g, row, col[C_RANK], "%s", tour_rank_text(rows, n, i, rank));
        }
        if (groups)
            set(&g, row, col[C_GROUP], "%d", r->group);
        set(&g, row, col[C_NO], "%d", r->id);
        set(&g, row, col[C_NAME], "%.60s", p ? p->name : "?");
        if (p && p->rating)
            set(&g, row, col[C_RATING], "%d", p->rating);
        if (clubs && p)
            set(&g, row, col[C_CLUB], "%.60s", p->club[0] ? p->club : p->team);
        set(&g, row, col[C_POINTS], "%s", tour_points(r->points, pts));
        set(&g, row, col[C_GAMES], "%d", r->games);
        set(&g, row, col[C_WDL], "%d/%d/%d", r->wins, r->draws, r->losses);
        for (int k = 0; k < ntb && !knockout; k++) {
            double v = r->tiebreaks[k];
            if (s->tiebreaks[k] == SH_TB_ARO || s->tiebreaks[k] == SH_TB_PERFORMANCE ||
                s->tiebreaks[k] == SH_TB_WINS || s->tiebreaks[k] == SH_TB_BLACK_WINS)
                set(&g, row, col[C_TB + k], "%.0f", v);
            else
                set(&g, row, col[C_TB + k], "%.2f", v);
        }
        if (r->performance > 0)
            set(&g, row, col[C_PERF], "%.0f", r->performance);
        if (p && p->rating && r->games)
            set(&g, row, col[C_DELTA], "%+.1f", r->rating_change);
    }
    char title[256];
    stage_title(e, stage, title, sizeof title);
    if (f == TOUR_HTML)
        html_begin(out, title);
    char head[300];
    snprintf(head, sizeof head, "%s: standings", title);
    heading(out, f, head);
    table_print(out, f, g.cell, g.rows, g.columns, right);
    if (system_stage && s->stages[system_stage - 1].system == SH_SYSTEM_SCHEVENINGEN && n > 0) {
        /* the match of the teams: each team's points */
        const char *team_a = sh_event_player(e, rows[0].id)->team, *team_b = NULL;
        int pa = 0, pb = 0;
        for (int i = 0; i < n; i++) {
            const ShEventPlayer *p = sh_event_player(e, rows[i].id);
            if (!strcmp(p->team, team_a)) {
                pa += rows[i].points;
            } else {
                team_b = p->team;
                pb += rows[i].points;
            }
        }
        char a[16], b[16], line[300];
        snprintf(line, sizeof line, "Teams: %.100s %s, %.100s %s", team_a[0] ? team_a : "?",
                 tour_points(pa, a), team_b && team_b[0] ? team_b : "?", tour_points(pb, b));
        if (f == TOUR_HTML) {
            fputs("<p>", out);
            html_text(out, line);
            fputs("</p>\n", out);
        } else if (f == TOUR_TEXT) {
            fprintf(out, "%s\n\n", line);
        }
    }
    if (f == TOUR_HTML)
        html_end(out);
    grid_free(&g);
    free(rows);
    return true;
}

/* ---- crosstables ---- */

const char *tour_cell_result(const ShEvent *e, const ShEventPairing *p, int id, bool ascii)
{
    switch (p->type) {
    case SH_PAIRING_BYE: return "U";
    case SH_PAIRING_HALF_BYE: return "H";
    case SH_PAIRING_FULL_BYE: return "F";
    case SH_PAIRING_ABSENT: return "Z";
    case SH_PAIRING_REST: return "";
    default: break;
    }
    int w, b, winner;
    sh_event_pairing_points(e, p, &w, &b, &winner);
    bool done = sh_event_next_game(e, p, NULL, NULL) == -1;
    if (!done)
        return "*";
    bool played = false;
    for (int g = 0; g < p->ngames; g++) {
        ShGameResult r = p->games[g].result;
        played |= r == SH_GAME_WHITE_WINS || r == SH_GAME_DRAW || r == SH_GAME_BLACK_WINS;
    }
    int mine = p->white == id ? w : b, theirs = p->white == id ? b : w;
    if (winner)
        mine = winner == id, theirs = winner != id;
    if (!played)
        return mine > theirs ? "+" : mine < theirs || mine == 0 ? "-" : "=";
    return mine > theirs ? "1" : mine < theirs ? "0" : ascii ? "=" : "½";
}

static const ShEventPairing *find_pairing(const ShEventPairing *all, int n, int stage, int round,
                                          int id)
{
    for (int i = 0; i < n; i++) {
        if (all[i].stage != stage || all[i].round != round)
            continue;
        if (all[i].white == id || all[i].black == id)
            return &all[i];
        for (int k = 2; k < all[i].seats; k++)
            if (all[i].seat[k] == id)
                return &all[i];
    }
    return NULL;
}

static bool crosstable_stage(FILE *out, const ShEvent *e, int stage, TourFormat f)
{
    const ShEventSettings *s = sh_event_settings(e);
    ShStanding *rows;
    ShError err;
    int n = sh_event_standings(e, stage, &rows, &err);
    if (n < 0) {
        cli_error("%s", err.message);
        return false;
    }
    const ShEventPairing *all;
    int np = sh_event_all_pairings(e, &all);
    int rounds = sh_event_rounds_paired(e, stage);
    bool matrix = s->stages[stage - 1].system == SH_SYSTEM_ROUND_ROBIN && n <= 40 &&
                  !sh_event_table_size(s);
    bool groups = false;
    for (int i = 0; i < n; i++)
        groups |= rows[i].group > 0;
    matrix = matrix && !groups;
    int *rank_of = calloc((size_t)sh_event_player_count(e) + 2, sizeof(int));
    int *row_of = calloc((size_t)sh_event_player_count(e) + 2, sizeof(int));
    int extra = matrix ? n : rounds;
    bool tiebreak = s->tiebreak_count && s->stages[stage - 1].system != SH_SYSTEM_KNOCKOUT;
    int columns = 3 + extra + 1 + (tiebreak ? 1 : 0);
    Grid g = {0};
    if (!rank_of || !row_of || columns > 64 || !grid_new(&g, n + 1, columns)) {
        free(rank_of);
        free(row_of);
        grid_free(&g);
        free(rows);
        if (columns > 64)
            cli_error("the crosstable has too many columns for a table (use the standings)");
        else
            cli_error("out of memory");
        return false;
    }
    for (int i = 0; i < n; i++) {
        rank_of[rows[i].id] = i + 1;
        row_of[rows[i].id] = i + 1;
    }
    bool right[64] = {0};
    set(&g, 0, 0, "Rank");
    set(&g, 0, 1, "Name");
    set(&g, 0, 2, "Rating");
    for (int c = 0; c < extra; c++) {
        set(&g, 0, 3 + c, "%d", c + 1);
        right[3 + c] = true;
    }
    set(&g, 0, 3 + extra, "Points");
    right[0] = right[2] = right[3 + extra] = true;
    if (tiebreak) {
        set(&g, 0, 4 + extra, "%s", sh_tiebreak_name(s->tiebreaks[0]));
        right[4 + extra] = true;
    }
    bool ascii = f == TOUR_CSV;
    for (int i = 0; i < n; i++) {
        const ShStanding *r = &rows[i];
        const ShEventPlayer *p = sh_event_player(e, r->id);
        int row = i + 1;
        char pts[16], rank[16];
        /* the rank as the standings give it; the cells name opponents by their row */
        set(&g, row, 0, "%s", tour_rank_text(rows, n, i, rank));
        set(&g, row, 1, "%.60s", p->name);
        if (p->rating)
            set(&g, row, 2, "%d", p->rating);
        if (matrix) {
            set(&g, row, 3 + i, "%s", f == TOUR_TEXT ? "x" : "X");
            for (int k = 0; k < np; k++) {
                const ShEventPairing *q = &all[k];
                if (q->stage != stage || q->type != SH_PAIRING_GAME ||
                    (q->white != r->id && q->black != r->id))
                    continue;
                int other = q->white == r->id ? q->black : q->white;
                char *cell = g.cell[row][3 + row_of[other] - 1];
                size_t len = strlen(cell);
                snprintf(cell + len, 64 - len, "%s", tour_cell_result(e, q, r->id, ascii));
            }
        } else {
            for (int rd = 1; rd <= rounds; rd++) {
                const ShEventPairing *q = find_pairing(all, np, stage, rd, r->id);
                if (!q)
                    continue;
                const char *res = tour_cell_result(e, q, r->id, ascii);
                if (q->seats) { /* a table: its number and the points scored there */
                    int tp[SH_MAX_PLAYERS], k = 0;
                    char buf[16];
                    sh_event_table_points(e, q, tp);
                    while (k < q->seats - 1 && q->seat[k] != r->id)
                        k++;
                    if (q->games[0].result == SH_GAME_TABLE)
                        set(&g, row, 3 + rd - 1, "t%d:%s", q->board, tour_points(tp[k], buf));
                    else
                        set(&g, row, 3 + rd - 1, "t%d:*", q->board);
                    continue;
                }
                if (q->type != SH_PAIRING_GAME) {
                    set(&g, row, 3 + rd - 1, "%s", res[0] ? res : "-");
                    continue;
                }
                int other = q->white == r->id ? q->black : q->white;
                set(&g, row, 3 + rd - 1, "%d%c%s", rank_of[other], q->white == r->id ? 'w' : 'b',
                    res);
            }
        }
        set(&g, row, 3 + extra, "%s", tour_points(r->points, pts));
        if (tiebreak)
            set(&g, row, 4 + extra, "%.2f", r->tiebreaks[0]);
    }
    char title[256], head[300];
    stage_title(e, stage, title, sizeof title);
    snprintf(head, sizeof head, "%s: crosstable after round %d", title, rounds);
    heading(out, f, head);
    table_print(out, f, g.cell, g.rows, g.columns, right);
    grid_free(&g);
    free(rank_of);
    free(row_of);
    free(rows);
    return true;
}

bool tour_print_crosstable(FILE *out, const ShEvent *e, int stage, TourFormat f)
{
    const ShEventSettings *s = sh_event_settings(e);
    int from = stage ? stage : 1, to = stage ? stage : sh_event_current_stage(e);
    if (to < from)
        to = from;
    if (f == TOUR_HTML)
        html_begin(out, s->name);
    bool ok = true;
    for (int st = from; st <= to && ok; st++)
        ok = crosstable_stage(out, e, st, f);
    if (f == TOUR_HTML)
        html_end(out);
    return ok;
}

/* ---- pairings ---- */

ShGameResult tour_first_side(const ShEventPairing *p, int game, ShGameResult r)
{
    int white, black;
    sh_event_game_players(p, game, &white, &black);
    if (white == p->white)
        return r;
    switch (r) {
    case SH_GAME_WHITE_WINS: return SH_GAME_BLACK_WINS;
    case SH_GAME_BLACK_WINS: return SH_GAME_WHITE_WINS;
    case SH_GAME_WHITE_FORFEIT: return SH_GAME_BLACK_FORFEIT;
    case SH_GAME_BLACK_FORFEIT: return SH_GAME_WHITE_FORFEIT;
    default: return r;
    }
}

void tour_pairing_results(const ShEventPairing *p, char *out, size_t size)
{
    size_t n = 0;
    out[0] = '\0';
    if (p->seats) {
        sh_event_table_result_text(p, out, size);
        return;
    }
    for (int g = 0; g < p->ngames && n < size; g++)
        n += (size_t)snprintf(out + n, size - n, "%s%s", g ? " " : "",
                              sh_event_result_text(tour_first_side(p, g, p->games[g].result)));
}

void tour_print_pairings(FILE *out, const ShEvent *e, int stage, int round)
{
    const ShEventPairing *p;
    int n = sh_event_pairings(e, stage, round, &p);
    const ShEventSettings *s = sh_event_settings(e);
    fprintf(out, "Round %d", round);
    if (s->stage_count > 1)
        fprintf(out, " of stage %d (%s)", stage, sh_system_name(s->stages[stage - 1].system));
    fputc('\n', out);
    /* the results' column as wide as its widest (a match's games, tie-break games added) */
    int width = 9;
    bool matches = false;
    for (int i = 0; i < n; i++) {
        char results[SH_EVENT_MAX_GAMES * 8 + 1];
        tour_pairing_results(&p[i], results, sizeof results);
        int w = (int)strlen(results);
        width = w > width ? w : width;
        matches |= p[i].type == SH_PAIRING_GAME && p[i].ngames > 1;
    }
    if (matches)
        fprintf(out, "     (each game's result from the first-named player's side: White in "
                     "games 1, 3 ...)\n");
    for (int i = 0; i < n; i++) {
        const ShEventPlayer *w = sh_event_player(e, p[i].white);
        if (p[i].type != SH_PAIRING_GAME) {
            static const char *const WHAT[] = {"", "bye", "half-point bye", "full-point bye",
                                               "absent", "free round"};
            char left[64];
            snprintf(left, sizeof left, "%.28s (%d)", w->name, w->id);
            fprintf(out, "%3d  %-34s %s\n", p[i].board, left, WHAT[p[i].type]);
            continue;
        }
        if (p[i].seats) {
            /* a table: its players by seat (the first moves first), then the result */
            char results[32];
            fprintf(out, "%3d  ", p[i].board);
            for (int k = 0; k < p[i].seats; k++) {
                const ShEventPlayer *q = sh_event_player(e, p[i].seat[k]);
                fprintf(out, "%s%.28s (%d)", k ? ", " : "", q->name, q->id);
            }
            fprintf(out, "   %s\n", sh_event_table_result_text(&p[i], results, sizeof results));
            continue;
        }
        const ShEventPlayer *b = sh_event_player(e, p[i].black);
        char left[64], right[64], results[SH_EVENT_MAX_GAMES * 8 + 1];
        snprintf(left, sizeof left, "%.28s (%d)", w->name, w->id);
        snprintf(right, sizeof right, "%.28s (%d)", b->name, b->id);
        tour_pairing_results(&p[i], results, sizeof results);
        fprintf(out, "%3d  %-34s %-*s %s", p[i].board, left, width, results, right);
        if (p[i].games[0].opening[0])
            fprintf(out, "  [%s]", p[i].games[0].opening);
        fputc('\n', out);
    }
}
