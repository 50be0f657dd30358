/* test_tournament.c - competitions: the Dutch system against 40 whole reference tournaments
 * (tests/data/pairings, paired by bbpPairings), its rules as properties over random events,
 * Berger tables against the published ones, knockout brackets, tie-breaks, the event model. */
#include <dirent.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "shashki_tournament.h"
#include "test.h"

/* ---- the reference tournaments ---- */

static int by_name(const struct dirent **a, const struct dirent **b)
{
    return strcmp((*a)->d_name, (*b)->d_name);
}

/* The TRF of rounds 1..r-1 of t, with the absences of round r and the rounds of t. */
static void truncate_trf(const ShTrf *t, int r, int total, int color, ShTrf *u)
{
    sh_trf_init(u);
    u->count = t->count;
    u->players = calloc((size_t)t->count, sizeof(ShTrfPlayer));
    u->total_rounds = total;
    u->initial_color = color;
    for (int i = 0; i < t->count; i++) {
        u->players[i] = t->players[i];
        u->players[i].cells = NULL;
        u->players[i].cells = calloc((size_t)r + 1, sizeof(ShTrfCell));
        int k = r - 1;
        for (int j = 0; j < k && j < t->players[i].rounds; j++)
            u->players[i].cells[j] = t->players[i].cells[j];
        if (r - 1 < t->players[i].rounds) {
            const ShTrfCell *c = &t->players[i].cells[r - 1];
            bool paired = c->opponent > 0 || c->result == 'U' || c->result == '+';
            if (!paired) {
                u->players[i].cells[k] = *c;
                k = r;
            }
        }
        u->players[i].rounds = k;
        /* the points of the rounds kept */
        int pts = 0;
        for (int j = 0; j < r - 1 && j < t->players[i].rounds; j++) {
            char x = t->players[i].cells[j].result;
            pts += x == '1' || x == '+' || x == 'U' || x == 'F' ? 10 : x == '=' || x == 'H' ? 5 : 0;
        }
        u->players[i].points = pts;
    }
}

/* The colour of round 1 as the reference files give it: the top player's. */
static int first_color(const ShTrf *t)
{
    for (int i = 0; i < t->count; i++) {
        char c = t->players[i].rounds ? t->players[i].cells[0].color : '-';
        if (c == 'w' || c == 'b')
            return (c == 'w') != (i % 2 == 1) ? SH_WHITE : SH_BLACK;
    }
    return SH_WHITE;
}

/* Round r's pairs as the reference file has them, "W B" lines sorted, the bye "N 0". */
static int expected_pairs(const ShTrf *t, int r, char lines[][16])
{
    int n = 0;
    for (int i = 0; i < t->count; i++) {
        if (r - 1 >= t->players[i].rounds)
            continue;
        const ShTrfCell *c = &t->players[i].cells[r - 1];
        if (c->result == 'U')
            snprintf(lines[n++], 16, "%d 0", i + 1);
        else if (c->opponent > 0 && c->color == 'w')
            snprintf(lines[n++], 16, "%d %d", (i + 1) % 10000, c->opponent % 10000);
    }
    return n;
}

static int cmp_line(const void *a, const void *b)
{
    return strcmp(a, b);
}

static void reference_tournaments(void)
{
    struct dirent **entries;
    int n = scandir(test_data("pairings"), &entries, NULL, by_name);
    test_case("list tests/data/pairings");
    CHECK(n > 0);
    int files = 0, rounds = 0;
    char (*want)[16] = malloc(sizeof(char[16]) * 512), (*got)[16] = malloc(sizeof(char[16]) * 512);
    for (int f = 0; f < n; f++) {
        const char *name = entries[f]->d_name;
        size_t len = strlen(name);
        if (len < 5 || strcmp(name + len - 4, ".trf") != 0) {
            free(entries[f]);
            continue;
        }
        char path[512];
        snprintf(path, sizeof path, "pairings/%s", name);
        size_t size;
        char *text = test_read_file(test_data(path), &size);
        ShTrf t;
        ShError err;
        test_case("read %s", name);
        if (!text || sh_trf_read(text, size, &t, &err) != SH_OK) {
            CHECK_MSG(false, "%s: %d:%d %s", name, err.line, err.column, err.message);
            free(text);
            free(entries[f]);
            continue;
        }
        files++;
        int total = 0;
        for (int i = 0; i < t.count; i++)
            if (t.players[i].rounds > total)
                total = t.players[i].rounds;
        int color = first_color(&t);
        for (int r = 1; r <= total; r++) {
            test_case("%s round %d re-paired from the rounds before it", name, r);
            rounds++;
            ShTrf u;
            truncate_trf(&t, r, total, color, &u);
            ShPairing p;
            ShStatus st = sh_trf_pair(&u, &p, &err);
            CHECK_MSG(st == SH_OK, "%s", err.message);
            int k = expected_pairs(&t, r, want);
            if (st == SH_OK) {
                for (int i = 0; i < p.count && i < 512; i++)
                    snprintf(got[i], 16, "%d %d", p.pairs[i].white, p.pairs[i].black);
                CHECK_INT(p.count, k);
                qsort(want, (size_t)k, 16, cmp_line);
                qsort(got, (size_t)p.count, 16, cmp_line);
                for (int i = 0; i < k && i < p.count; i++)
                    CHECK_STR(got[i], want[i]);
                /* the published order: scores down, the bye last */
                if (p.count > 1 && p.pairs[p.count - 1].black != 0)
                    for (int i = 0; i < p.count; i++)
                        CHECK(p.pairs[i].black != 0);
                sh_pairing_free(&p);
            }
            /* the command line, the contract outside checks use */
            if (r == total || r == 1 || r % 3 == 0) {
                char *trf;
                sh_trf_write(&u, &trf, NULL, &err);
                char in_path[] = "/tmp/shashki-trf-XXXXXX", out_path[] = "/tmp/shashki-pair-XXXXXX";
                int fi = mkstemp(in_path), fo = mkstemp(out_path);
                if (fi >= 0 && fo >= 0) {
                    FILE *fin = fdopen(fi, "w");
                    fputs(trf, fin);
                    fclose(fin);
                    close(fo);
                    char cmd[2048];
                    snprintf(cmd, sizeof cmd, "%s tournament pair %s >%s 2>&1", test_program(),
                             in_path, out_path);
                    int status = system(cmd);
                    CHECK_MSG(WIFEXITED(status) && WEXITSTATUS(status) == 0, "exit %d",
                              WEXITSTATUS(status));
                    char *out = test_read_file(out_path, NULL);
                    char *cursor = out, *line = out ? test_next_line(&cursor) : NULL;
                    CHECK_MSG(line && atoi(line) == k, "first line '%s', expected %d pairs",
                              line ? line : "", k);
                    int m = 0;
                    while (line && (line = test_next_line(&cursor)) && m < 512)
                        snprintf(got[m++], 16, "%s", line);
                    qsort(got, (size_t)m, 16, cmp_line);
                    CHECK_INT(m, k);
                    for (int i = 0; i < k && i < m; i++)
                        CHECK_STR(got[i], want[i]);
                    free(out);
                }
                unlink(in_path);
                unlink(out_path);
                free(trf);
            }
            for (int i = 0; i < u.count; i++)
                free(u.players[i].cells);
            free(u.players);
        }
        sh_trf_free(&t);
        free(text);
        free(entries[f]);
    }
    free(entries);
    free(want);
    free(got);
    test_case("40 reference tournaments, every round");
    CHECK_INT(files, 40);
    CHECK(rounds > 250);
}

/* ---- random events: the rules as properties ---- */

typedef struct Sim {
    uint64_t rng;
    ShEvent *e;
    int n, rounds;
} Sim;

static int rnd(Sim *s, int k)
{
    return (int)(test_random(&s->rng) % (uint64_t)k);
}

/* Every colour a player had in games played over the board, in order ('w'/'b'). */
static int played_colors(const ShEvent *e, int id, int upto, char *out)
{
    const ShEventPairing *all;
    int n = sh_event_all_pairings(e, &all), k = 0;
    for (int r = 1; r <= upto; r++)
        for (int i = 0; i < n; i++) {
            const ShEventPairing *p = &all[i];
            if (p->round != r || p->type != SH_PAIRING_GAME || (p->white != id && p->black != id))
                continue;
            ShGameResult res = p->games[0].result;
            if (res == SH_GAME_WHITE_WINS || res == SH_GAME_DRAW || res == SH_GAME_BLACK_WINS)
                out[k++] = p->white == id ? 'w' : 'b';
        }
    out[k] = '\0';
    return k;
}

static int player_score(const ShEvent *e, int id)
{
    const ShEventPairing *all;
    int n = sh_event_all_pairings(e, &all), s = 0;
    for (int i = 0; i < n; i++) {
        int w, b, win;
        if (all[i].white != id && all[i].black != id)
            continue;
        sh_event_pairing_points(e, &all[i], &w, &b, &win);
        s += all[i].white == id ? w : b;
    }
    return s;
}

/* Check the round just paired against the absolute rules. */
static void check_round(const ShEvent *e, int round, int total)
{
    const ShEventPairing *all, *p;
    int na = sh_event_all_pairings(e, &all);
    int np = sh_event_pairings(e, 1, round, &p);
    const ShEventSettings *st = sh_event_settings(e);
    int threshold = (round - 1) * st->win / 2;
    for (int i = 0; i < np; i++) {
        if (p[i].type == SH_PAIRING_BYE) {
            /* at most one bye each, and none after a point won without playing */
            int byes = 0;
            for (int k = 0; k < na; k++) {
                const ShEventPairing *q = &all[k];
                if (q->round >= round)
                    continue;
                if (q->white == p[i].white &&
                    (q->type == SH_PAIRING_BYE || q->type == SH_PAIRING_FULL_BYE))
                    byes++;
                if (q->type == SH_PAIRING_GAME &&
                    ((q->white == p[i].white && q->games[0].result == SH_GAME_WHITE_FORFEIT) ||
                     (q->black == p[i].white && q->games[0].result == SH_GAME_BLACK_FORFEIT)))
                    byes++;
            }
            CHECK_MSG(byes == 0, "round %d: player %d has a second bye (or one after a win "
                                 "without playing)",
                      round, p[i].white);
            continue;
        }
        if (p[i].type != SH_PAIRING_GAME)
            continue;
        int w = p[i].white, b = p[i].black;
        for (int k = 0; k < na; k++) {
            const ShEventPairing *q = &all[k];
            if (q->round >= round || q->type != SH_PAIRING_GAME)
                continue;
            ShGameResult res = q->games[0].result;
            bool played = res == SH_GAME_WHITE_WINS || res == SH_GAME_DRAW ||
                          res == SH_GAME_BLACK_WINS;
            CHECK_MSG(!(played && ((q->white == w && q->black == b) ||
                                   (q->white == b && q->black == w))),
                      "round %d: %d and %d meet again", round, w, b);
        }
        bool last = round == total;
        bool top = player_score(e, w) > threshold || player_score(e, b) > threshold;
        if (last && top)
            continue;
        for (int side = 0; side < 2; side++) {
            int id = side ? b : w;
            char colors[256];
            int k = played_colors(e, id, round - 1, colors);
            colors[k++] = side ? 'b' : 'w';
            colors[k] = '\0';
            int diff = 0;
            for (int j = 0; j < k; j++)
                diff += colors[j] == 'w' ? 1 : -1;
            CHECK_MSG(abs(diff) <= 2, "round %d: player %d's colours %s differ by %d", round,
                      id, colors, diff);
            CHECK_MSG(!(k >= 3 && colors[k - 1] == colors[k - 2] && colors[k - 2] == colors[k - 3]),
                      "round %d: player %d has one colour three times running: %s", round, id,
                      colors);
        }
    }
}

/* The same round paired from the event's TRF gives the same pairs and colours. */
static void check_trf(ShEvent *e, int round)
{
    ShTrf t;
    ShError err;
    CHECK(sh_event_to_trf(e, 1, &t, &err) == SH_OK);
    char *text;
    CHECK(sh_trf_write(&t, &text, NULL, &err) == SH_OK);
    sh_trf_free(&t);
    ShTrf back;
    ShStatus st = sh_trf_read(text, strlen(text), &back, &err);
    CHECK_MSG(st == SH_OK, "the event's TRF does not read back: %d:%d %s", err.line,
              err.column, err.message);
    free(text);
    if (st != SH_OK)
        return;
    ShPairing p;
    st = sh_trf_pair(&back, &p, &err);
    /* the TRF's pairing numbers are the stage's order */
    int ids[512] = {0};
    sh_event_stage_players(e, 1, ids + 1);
    if (st == SH_OK)
        for (int i = 0; i < p.count; i++) {
            p.pairs[i].white = ids[p.pairs[i].white];
            p.pairs[i].black = p.pairs[i].black ? ids[p.pairs[i].black] : 0;
        }
    const ShEventPairing *ev;
    int n = sh_event_pairings(e, 1, round, &ev), k = 0;
    if (st == SH_OK) {
        for (int i = 0; i < n; i++) {
            if (ev[i].type != SH_PAIRING_GAME && ev[i].type != SH_PAIRING_BYE)
                continue;
            CHECK_MSG(k < p.count && p.pairs[k].white == ev[i].white &&
                          p.pairs[k].black == ev[i].black,
                      "round %d board %d: the event pairs %d-%d, its TRF %d-%d", round,
                      ev[i].board, ev[i].white, ev[i].black, k < p.count ? p.pairs[k].white : -1,
                      k < p.count ? p.pairs[k].black : -1);
            k++;
        }
        CHECK_INT(p.count, k);
        sh_pairing_free(&p);
    } else {
        CHECK_MSG(false, "round %d: the TRF does not pair: %s", round, err.message);
    }
    sh_trf_free(&back);
}

static void random_swiss(uint64_t seed, bool with_trf, int *paired, int *impossible)
{
    Sim s = {seed * 7919 + 17, NULL, 0, 0};
    ShEventSettings set;
    sh_event_settings_init(&set);
    s.n = 5 + rnd(&s, 40);
    int rec = sh_swiss_recommended_rounds(s.n);
    s.rounds = rec - 1 + rnd(&s, 3);
    if (s.rounds >= s.n)
        s.rounds = s.n - 1;
    set.stages[0].rounds = s.rounds;
    if (rnd(&s, 3) == 0) {
        set.win = 20;
        set.draw = 10;
        set.bye_points = 20;
    }
    set.initial_color = rnd(&s, 2) ? SH_WHITE : SH_BLACK;
    ShError err;
    sh_event_new(&s.e, &set, &err);
    for (int i = 0; i < s.n; i++) {
        ShEventPlayer p;
        memset(&p, 0, sizeof p);
        snprintf(p.name, sizeof p.name, "P%d", i + 1);
        p.rating = 1200 + rnd(&s, 1400);
        sh_event_add_player(s.e, &p, NULL, &err);
    }
    for (int r = 1; r <= s.rounds; r++) {
        /* requests, withdrawals and late entries now and then */
        if (r > 1 && r < s.rounds && rnd(&s, 4) == 0)
            sh_event_request_bye(s.e, 1 + rnd(&s, sh_event_player_count(s.e)), r,
                                 rnd(&s, 2) ? SH_PAIRING_HALF_BYE : SH_PAIRING_ABSENT, &err);
        if (r > 1 && rnd(&s, 8) == 0)
            sh_event_withdraw(s.e, 1 + rnd(&s, sh_event_player_count(s.e)), r, &err);
        if (r == 2 && rnd(&s, 4) == 0) {
            ShEventPlayer p;
            memset(&p, 0, sizeof p);
            snprintf(p.name, sizeof p.name, "Late%d", r);
            p.rating = 1500;
            sh_event_add_player(s.e, &p, NULL, &err);
        }
        int stage, round;
        ShStatus st = sh_event_pair_next(s.e, &stage, &round, &err);
        if (st == SH_ERR_NO_PAIRING) {
            (*impossible)++;
            break;
        }
        CHECK_MSG(st == SH_OK, "seed %llu round %d: %s", (unsigned long long)seed, r,
                  err.message);
        if (st != SH_OK)
            break;
        (*paired)++;
        check_round(s.e, round, s.rounds);
        if (with_trf)
            check_trf(s.e, round);
        const ShEventPairing *p;
        int np = sh_event_pairings(s.e, 1, round, &p);
        for (int i = 0; i < np; i++) {
            if (p[i].type != SH_PAIRING_GAME || p[i].games[0].result != SH_GAME_PENDING)
                continue;
            int x = rnd(&s, 100);
            ShGameResult res = x < 40   ? SH_GAME_WHITE_WINS
                               : x < 70 ? SH_GAME_BLACK_WINS
                               : x < 95 ? SH_GAME_DRAW
                               : x < 97 ? SH_GAME_WHITE_FORFEIT
                               : x < 99 ? SH_GAME_BLACK_FORFEIT
                                        : SH_GAME_DOUBLE_FORFEIT;
            CHECK(sh_event_set_result(s.e, 1, round, p[i].board, 0, res, 0, &err) == SH_OK);
        }
    }
    sh_event_free(s.e);
}

static void random_events(void)
{
    int paired = 0, impossible = 0;
    int count = test_slow() ? 20000 : 2000;
    test_case("%d random Swiss events: no rematch, colours within the rules, one bye each", count);
    for (int i = 0; i < count && !test_case_failed(); i++)
        random_swiss((uint64_t)i, false, &paired, &impossible);
    CHECK(paired > count * 4);
    test_case("300 random Swiss events: each round paired again from the event's TRF agrees");
    for (int i = 0; i < 300 && !test_case_failed(); i++)
        random_swiss((uint64_t)i + 1000000, true, &paired, &impossible);
}

/* ---- Berger tables ---- */

/* Whether the pair "w-b" is one of the comma-separated pairs of the line. */
static bool listed(const char *line, const char *pair)
{
    size_t len = strlen(pair);
    for (const char *p = strstr(line, pair); p; p = strstr(p + 1, pair))
        if ((p == line || p[-1] == ' ') && (p[len] == ',' || p[len] == '\0' || p[len] == '.'))
            return true;
    return false;
}

static void berger(void)
{
    char *text = test_read_file(test_data("tournament/berger.txt"), NULL);
    test_case("read tournament/berger.txt");
    CHECK(text != NULL);
    char *cursor = text;
    int lines = 0;
    for (char *line; text && (line = test_next_line(&cursor));) {
        if (line[0] == '#' || !line[0])
            continue;
        int n, round, used;
        if (sscanf(line, "%d: %d.%n", &n, &round, &used) != 2)
            continue;
        lines++;
        for (int players = n - 1; players <= n; players++) {
            test_case("Berger table for %d players, round %d", players, round);
            ShPair pairs[32];
            int k = sh_berger_round(players, round, 1, false, pairs);
            char got[512] = "";
            for (int i = 0; i < k; i++) {
                int w = pairs[i].white, b = pairs[i].black ? pairs[i].black : n;
                char one[32];
                snprintf(one, sizeof one, "%s%d-%d", i ? ", " : "", w, b);
                strcat(got, one);
            }
            /* the published line lists the free round's game where it falls; ours last */
            char want[512];
            snprintf(want, sizeof want, "%s", line + used + 1);
            size_t len = strlen(want);
            if (len && want[len - 1] == '.')
                want[len - 1] = '\0';
            if (players == n) {
                CHECK_STR(got, want);
            } else {
                /* the same games; the one with n is the free round */
                int found = 0;
                for (int i = 0; i < k; i++) {
                    /* the free round: the published game with n, either colour */
                    char one[32], two[32];
                    snprintf(one, sizeof one, "%d-%d", pairs[i].white,
                             pairs[i].black ? pairs[i].black : n);
                    snprintf(two, sizeof two, "%d-%d", n, pairs[i].white);
                    if (listed(want, one) || (!pairs[i].black && listed(want, two)))
                        found++;
                    if (!pairs[i].black)
                        CHECK_INT(i, k - 1);
                }
                CHECK_INT(found, k);
            }
        }
    }
    CHECK(lines >= 41);
    free(text);
    for (int n = 3; n <= 20; n++) {
        for (int cycles = 1; cycles <= 2; cycles++) {
            test_case("Berger table for %d players, %d cycle%s: everyone meets everyone, "
                      "colours balanced",
                      n, cycles, cycles > 1 ? "s" : "");
            int per = sh_berger_rounds(n);
            int met[21][21] = {{0}}, whites[21] = {0}, games[21] = {0};
            char seq[21][64] = {{0}};
            for (int r = 1; r <= per * cycles; r++) {
                ShPair pairs[16];
                int k = sh_berger_round(n, r, cycles, cycles > 1, pairs);
                CHECK_INT(k, (n + 1) / 2);
                for (int i = 0; i < k; i++) {
                    int w = pairs[i].white, b = pairs[i].black;
                    CHECK(w >= 1 && w <= n && b >= 0 && b <= n && w != b);
                    if (!b)
                        continue;
                    met[w][b]++;
                    met[b][w]++;
                    whites[w]++;
                    games[w]++;
                    games[b]++;
                    strcat(seq[w], "w");
                    strcat(seq[b], "b");
                }
            }
            for (int a = 1; a <= n; a++) {
                for (int b = 1; b <= n; b++)
                    if (a != b)
                        CHECK_MSG(met[a][b] == cycles, "%d and %d meet %d times", a, b, met[a][b]);
                CHECK_INT(games[a], (n - 1) * cycles);
                CHECK_MSG(abs(2 * whites[a] - games[a]) <= (cycles == 2 ? 0 : 1) + (n % 2 && cycles == 2 ? 2 : 0),
                          "player %d: %d whites in %d games", a, whites[a], games[a]);
                if (cycles == 2 && n % 2 == 0)
                    CHECK_MSG(!strstr(seq[a], "www") && !strstr(seq[a], "bbb"),
                              "player %d: %s", a, seq[a]);
            }
        }
    }
}

/* ---- knockout brackets ---- */

static void knockout_brackets(void)
{
    int out[128];
    test_case("the bracket of 16 in the usual seeding");
    int size = sh_knockout_bracket(16, out);
    CHECK_INT(size, 16);
    const int want16[16] = {1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11};
    for (int i = 0; i < 16; i++)
        CHECK_INT(out[i], want16[i]);
    for (int n = 5; n <= 64; n++) {
        test_case("knockout bracket for %d players: each seed once, byes to the top seeds, "
                  "seeds 1 and 2 meet only in the final",
                  n);
        size = sh_knockout_bracket(n, out);
        CHECK(size >= n && size < 2 * n && (size & (size - 1)) == 0);
        int seen[129] = {0};
        for (int i = 0; i < size; i++)
            seen[out[i]]++;
        for (int s = 1; s <= size; s++)
            CHECK_INT(seen[s], 1);
        for (int i = 0; i < size; i += 2) {
            CHECK_INT(out[i] + out[i + 1], size + 1);
            int hi = out[i] < out[i + 1] ? out[i] : out[i + 1];
            bool bye = out[i] > n || out[i + 1] > n;
            CHECK_MSG(!bye || hi <= size - n, "seed %d has a bye", hi);
        }
        int half1 = -1, half2 = -1;
        for (int i = 0; i < size; i++) {
            if (out[i] == 1)
                half1 = i < size / 2;
            if (out[i] == 2)
                half2 = i < size / 2;
        }
        CHECK(half1 != half2);
    }
}

/* A knockout event played out with random results, ties going to tie-break games. */
static void knockout_events(void)
{
    for (int n = 5; n <= 64; n += (n < 20 ? 1 : 7)) {
        test_case("a knockout of %d players played out: one winner, places shared by round",
                  n);
        ShEventSettings set;
        sh_event_settings_init(&set);
        set.stages[0].system = SH_SYSTEM_KNOCKOUT;
        set.stages[0].games = 2;
        set.stages[0].third_place = n >= 4;
        ShEvent *e;
        ShError err;
        CHECK(sh_event_new(&e, &set, &err) == SH_OK);
        for (int i = 0; i < n; i++) {
            ShEventPlayer p;
            memset(&p, 0, sizeof p);
            snprintf(p.name, sizeof p.name, "K%d", i + 1);
            p.rating = 2000 - 10 * i;
            sh_event_add_player(e, &p, NULL, &err);
        }
        uint64_t rng = (uint64_t)n;
        int guard = 0;
        while (!sh_event_finished(e) && guard++ < 200) {
            int stage, round;
            ShStatus st = sh_event_pair_next(e, &stage, &round, &err);
            CHECK_MSG(st == SH_OK, "%s", err.message);
            if (st != SH_OK)
                break;
            const ShEventPairing *p;
            int np = sh_event_pairings(e, 1, round, &p);
            for (int i = 0; i < np; i++) {
                int board = p[i].board;
                for (int tries = 0; tries < 40; tries++) {
                    const ShEventPairing *q;
                    sh_event_pairings(e, 1, round, &q);
                    int g = sh_event_next_game(e, &q[i], NULL, NULL);
                    if (g == -1)
                        break;
                    if (g == -2) {
                        int added;
                        CHECK(sh_event_add_tiebreak_games(e, 1, round, board, &added, &err) ==
                              SH_OK);
                        continue;
                    }
                    int x = (int)(test_random(&rng) % 3);
                    ShGameResult res = x == 0 ? SH_GAME_WHITE_WINS
                                       : x == 1 ? SH_GAME_DRAW
                                                : SH_GAME_BLACK_WINS;
                    ShStatus rs = sh_event_set_result(e, 1, round, board, g, res, 0, &err);
                    CHECK_MSG(rs == SH_OK, "round %d board %d game %d: %s", round, board, g,
                              err.message);
                }
            }
        }
        CHECK(sh_event_finished(e));
        ShStanding *rows;
        int k = sh_event_standings(e, 1, &rows, &err);
        CHECK_INT(k, n);
        int firsts = 0, size = 1, rounds = 0;
        while (size < n) {
            size *= 2;
            rounds++;
        }
        CHECK_INT(sh_event_rounds_paired(e, 1), rounds);
        for (int i = 0; i < k; i++) {
            firsts += rows[i].place_from == 1;
            CHECK(rows[i].place_from <= rows[i].place_to);
            if (i > 0)
                CHECK(rows[i].place_from >= rows[i - 1].place_from);
        }
        CHECK_INT(firsts, 1);
        CHECK_INT(rows[0].place_to, 1);
        CHECK_INT(rows[1].place_from, 2);
        free(rows);
        sh_event_free(e);
    }
}

/* ---- the event model: bad input changes nothing ---- */

static ShEvent *small_event(ShSystem system, int n, int games)
{
    ShEventSettings set;
    sh_event_settings_init(&set);
    set.stages[0].system = system;
    set.stages[0].games = games;
    ShEvent *e;
    ShError err;
    sh_event_new(&e, &set, &err);
    for (int i = 0; i < n; i++) {
        ShEventPlayer p;
        memset(&p, 0, sizeof p);
        snprintf(p.name, sizeof p.name, "Player %c", 'A' + i);
        snprintf(p.team, sizeof p.team, "%s", i < n / 2 ? "North" : "South");
        p.rating = 2000 - 25 * i;
        sh_event_add_player(e, &p, NULL, &err);
    }
    return e;
}

static void event_errors(void)
{
    ShError err;
    test_case("a duplicate player is refused and the list is unchanged");
    ShEvent *e = small_event(SH_SYSTEM_SWISS, 6, 1);
    ShEventPlayer p;
    memset(&p, 0, sizeof p);
    snprintf(p.name, sizeof p.name, "player a");
    CHECK(sh_event_add_player(e, &p, NULL, &err) == SH_ERR_ARGUMENT);
    CHECK(strstr(err.message, "already entered (player 1)") != NULL);
    CHECK_INT(sh_event_player_count(e), 6);

    test_case("a round paired twice is refused while results are missing");
    int stage, round;
    CHECK(sh_event_pair_next(e, &stage, &round, &err) == SH_OK);
    CHECK_INT(round, 1);
    CHECK(sh_event_pair_next(e, &stage, &round, &err) == SH_ERR_ARGUMENT);
    CHECK(strstr(err.message, "round 1 is not over: 3 boards") != NULL);
    CHECK_INT(sh_event_rounds_paired(e, 1), 1);

    test_case("a result for a board that does not exist is refused, nothing changes");
    CHECK(sh_event_set_result(e, 1, 1, 9, 0, SH_GAME_DRAW, 0, &err) == SH_ERR_ARGUMENT);
    CHECK(strstr(err.message, "no board 9 (boards 1 to 3)") != NULL);
    CHECK(sh_event_set_result(e, 1, 2, 1, 0, SH_GAME_DRAW, 0, &err) == SH_ERR_ARGUMENT);
    CHECK(strstr(err.message, "round 2 has not been paired") != NULL);
    CHECK(sh_event_set_result(e, 1, 1, 1, 1, SH_GAME_DRAW, 0, &err) == SH_ERR_ARGUMENT);
    const ShEventPairing *pp;
    sh_event_pairings(e, 1, 1, &pp);
    for (int i = 0; i < 3; i++)
        CHECK(pp[i].games[0].result == SH_GAME_PENDING);

    test_case("a game begun links its id while it has no result; the link is kept in the text");
    CHECK(sh_event_set_result(e, 1, 1, 2, 0, SH_GAME_PENDING, 77, &err) == SH_OK);
    sh_event_pairings(e, 1, 1, &pp);
    CHECK(pp[1].games[0].result == SH_GAME_PENDING);
    CHECK_INT((int)pp[1].games[0].game_id, 77);
    CHECK(!sh_event_round_complete(e, 1, 1));
    {
        char *text = NULL;
        ShEvent *back = NULL;
        CHECK(sh_event_write(e, &text, &err) == SH_OK);
        CHECK(text && sh_event_read(text, &back, &err) == SH_OK);
        const ShEventPairing *bp;
        if (back && sh_event_pairings(back, 1, 1, &bp) == 3)
            CHECK_INT((int)bp[1].games[0].game_id, 77);
        sh_event_free(back);
        free(text);
    }

    test_case("results in, the next round pairs; round 1 can no longer be taken back");
    for (int b = 1; b <= 3; b++)
        CHECK(sh_event_set_result(e, 1, 1, b, 0, SH_GAME_WHITE_WINS, 0, &err) == SH_OK);
    CHECK(sh_event_pair_next(e, &stage, &round, &err) == SH_OK);
    CHECK_INT(round, 2);
    CHECK(sh_event_unpair_last(e, &err) == SH_OK);
    CHECK(sh_event_unpair_last(e, &err) == SH_ERR_ARGUMENT);
    CHECK(strstr(err.message, "round 1 has results") != NULL);
    sh_event_free(e);

    test_case("a late entry in a round robin is refused");
    e = small_event(SH_SYSTEM_ROUND_ROBIN, 5, 1);
    CHECK(sh_event_pair_next(e, &stage, &round, &err) == SH_OK);
    snprintf(p.name, sizeof p.name, "Late");
    CHECK(sh_event_add_player(e, &p, NULL, &err) == SH_ERR_ARGUMENT);
    CHECK_INT(sh_event_player_count(e), 5);
    /* five players: one has the round off */
    CHECK_INT(sh_event_pairings(e, 1, 1, &pp), 3);
    CHECK(pp[2].type == SH_PAIRING_REST);
    sh_event_free(e);

    test_case("a Scheveningen stage: everyone meets the other team once, board order kept");
    e = small_event(SH_SYSTEM_SCHEVENINGEN, 8, 1);
    int met[9][9] = {{0}}, whites[9] = {0};
    for (int r = 1; r <= 4; r++) {
        CHECK(sh_event_pair_next(e, &stage, &round, &err) == SH_OK);
        int np = sh_event_pairings(e, 1, round, &pp);
        CHECK_INT(np, 4);
        for (int i = 0; i < np; i++) {
            met[pp[i].white][pp[i].black]++;
            met[pp[i].black][pp[i].white]++;
            whites[pp[i].white]++;
            int north = pp[i].white <= 4 ? pp[i].white : pp[i].black;
            CHECK_INT(north, i + 1); /* North's boards in order */
            CHECK(sh_event_set_result(e, 1, round, pp[i].board, 0, SH_GAME_DRAW, 0, &err) ==
                  SH_OK);
        }
    }
    for (int a = 1; a <= 4; a++)
        for (int b = 5; b <= 8; b++)
            CHECK_INT(met[a][b], 1);
    for (int a = 1; a <= 8; a++)
        CHECK_INT(whites[a], 2);
    CHECK(sh_event_finished(e));
    sh_event_free(e);

    test_case("micro-matches: two games on one ballot, colours swapped");
    {
        ShEventSettings set;
        sh_event_settings_init(&set);
        set.stages[0].system = SH_SYSTEM_SWISS;
        set.stages[0].games = 2;
        set.match_scoring = true;
        set.openings = SH_OPENINGS_PER_PAIRING;
        sh_event_new(&e, &set, &err);
        for (int i = 0; i < 6; i++) {
            snprintf(p.name, sizeof p.name, "M%d", i);
            sh_event_add_player(e, &p, NULL, &err);
        }
        CHECK(sh_event_pair_next(e, &stage, &round, &err) == SH_OK);
        sh_event_pairings(e, 1, 1, &pp);
        CHECK_INT(pp[0].ngames, 2);
        CHECK(pp[0].games[0].opening[0] != '\0');
        CHECK_STR(pp[0].games[0].opening, pp[0].games[1].opening);
        int w, b;
        sh_event_game_players(&pp[0], 1, &w, &b);
        CHECK_INT(w, pp[0].black);
        /* 1-0 and a draw: the match is won, 1 point in match scoring */
        CHECK(sh_event_set_result(e, 1, 1, 1, 0, SH_GAME_WHITE_WINS, 0, &err) == SH_OK);
        CHECK(sh_event_set_result(e, 1, 1, 1, 1, SH_GAME_DRAW, 0, &err) == SH_OK);
        int pw, pb, win;
        sh_event_pairing_points(e, &pp[0], &pw, &pb, &win);
        CHECK_INT(pw, 10);
        CHECK_INT(pb, 0);
        CHECK_INT(win, pp[0].white);
        sh_event_free(e);
    }
}

void suite_tournament(void)
{
    reference_tournaments();
    berger();
    knockout_brackets();
    knockout_events();
    event_errors();
    random_events();
}
