/* test_pdn.c - reading and writing PDN.
 *
 * 1. The edge cases of the files in tests/data/pdn, checked against tests/data/pdn/expected.txt:
 *
 *      file NAME GAMES            the file holds GAMES games (good and bad)
 *      game N ok PLIES RESULT     game N reads, with PLIES moves and the result marker given
 *      game N error LINE COLUMN ~TEXT   game N is reported at LINE, COLUMN with TEXT
 *      tag NAME VALUE             a tag of the last game (VALUE to the end of the line)
 *      comment INDEX TEXT         the comment after move INDEX (-1: before the first move)
 *      nags INDEX N...            its NAGs
 *      variation INDEX WHICH TEXT its variations as read
 *      move INDEX FULL            move INDEX in full notation
 *      start FEN                  the start position
 *      reason NAME                the reason of the game's result
 *      settled N                  moves settled by the moves after them
 *      end PLY RESULT REASON [LINE COLUMN]   where the rules (or a clock comment) ended the
 *                                 game, and the first move that does not count; "end none"
 *      writes TEXT                the game written (short notation) holds TEXT
 *    A "\n" in TEXT stands for a line break.
 *
 * 2. The 858 real games of tests/data/games (see its README): every good game replays, the two
 *    known-bad games of abatsiev.pdn are reported as such, the three semi-short moves of the
 *    1998 world championship that only the continuation settles are settled, and wherever the
 *    rules decide the final position the verdict is the recorded result.
 *
 * 3. Round trips, for every game of both: write(read(x)) reads back to the same game in every
 *    notation, and writing that again gives the same text. */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "test.h"

/* ---- comparing games ---- */

static int tag_compare(const void *a, const void *b)
{
    const char *const *x = a, *const *y = b;
    int c = strcmp(x[0], y[0]);
    return c ? c : strcmp(x[1], y[1]);
}

/* The same game: start, moves, result and reason, tags (in any order), comments, NAGs, and
 * the same number of variations. Returns a description of the first difference, or NULL. */
static const char *game_difference(const ShGame *a, const ShGame *b)
{
    static char why[256];
    if (!sh_position_equal(sh_game_start(a), sh_game_start(b)))
        return "start position";
    if (sh_game_ply_count(a) != sh_game_ply_count(b)) {
        snprintf(why, sizeof why, "plies %d and %d", sh_game_ply_count(a), sh_game_ply_count(b));
        return why;
    }
    for (int i = 0; i < sh_game_ply_count(a); i++)
        if (!sh_move_equal(sh_game_move_at(a, i), sh_game_move_at(b, i))) {
            snprintf(why, sizeof why, "move %d", i);
            return why;
        }
    ShReason ra, rb;
    if (sh_game_opening_plies(a) != sh_game_opening_plies(b))
        return "ballot plies";
    if (sh_game_result(a, &ra) != sh_game_result(b, &rb) || ra != rb) {
        snprintf(why, sizeof why, "result %s %s and %s %s", sh_result_pdn(sh_game_result(a, NULL), 0),
                 sh_reason_name(ra), sh_result_pdn(sh_game_result(b, NULL), 0), sh_reason_name(rb));
        return why;
    }
    int n = sh_game_tag_count(a);
    if (n != sh_game_tag_count(b))
        return "number of tags";
    const char *(*ta)[2] = calloc((size_t)n + 1, sizeof *ta), *(*tb)[2] = calloc((size_t)n + 1, sizeof *tb);
    for (int i = 0; i < n; i++) {
        sh_game_tag_at(a, i, &ta[i][0], &ta[i][1]);
        sh_game_tag_at(b, i, &tb[i][0], &tb[i][1]);
    }
    qsort(ta, (size_t)n, sizeof *ta, tag_compare);
    qsort(tb, (size_t)n, sizeof *tb, tag_compare);
    const char *diff = NULL;
    for (int i = 0; i < n && !diff; i++)
        if (strcmp(ta[i][0], tb[i][0]) || strcmp(ta[i][1], tb[i][1])) {
            snprintf(why, sizeof why, "tag %s \"%s\" and %s \"%s\"", ta[i][0], ta[i][1], tb[i][0],
                     tb[i][1]);
            diff = why;
        }
    free(ta);
    free(tb);
    if (diff)
        return diff;
    for (int i = -1; i < sh_game_ply_count(a); i++) {
        const char *ca = sh_game_comment(a, i), *cb = sh_game_comment(b, i);
        if ((ca == NULL) != (cb == NULL) || (ca && strcmp(ca, cb))) {
            snprintf(why, sizeof why, "comment %d: '%s' and '%s'", i, ca ? ca : "", cb ? cb : "");
            return why;
        }
        int na[SH_GAME_MAX_NAGS], nb[SH_GAME_MAX_NAGS];
        int ka = sh_game_nags(a, i, na), kb = sh_game_nags(b, i, nb);
        if (ka != kb || memcmp(na, nb, (size_t)ka * sizeof *na))
            return "NAGs";
        if (sh_game_variation_count(a, i) != sh_game_variation_count(b, i))
            return "variations";
    }
    return NULL;
}

/* write(read(x)) == read(x) in several notations, and the writing is a fixed point. */
static void round_trip(const ShGame *g, const char *where)
{
    static const int NOTATIONS[] = {SH_NOTATION_SHORT, SH_NOTATION_FULL,
                                    SH_NOTATION_SHORT | SH_NOTATION_NUMERIC,
                                    SH_NOTATION_FULL | SH_NOTATION_NUMERIC,
                                    SH_NOTATION_SEMISHORT};
    for (size_t k = 0; k < sizeof NOTATIONS / sizeof NOTATIONS[0]; k++) {
        char *text = NULL, *again = NULL;
        ShGame *back = NULL, *back2 = NULL;
        ShError err;
        if (sh_pdn_write(g, NOTATIONS[k], &text, NULL, &err) != SH_OK) {
            CHECK_MSG(false, "%s: write: %s", where, err.message);
            continue;
        }
        if (sh_pdn_read_game(text, &back, &err) != SH_OK) {
            CHECK_MSG(false, "%s: reading what was written (notation %d): %s at %d:%d\n%s", where,
                      NOTATIONS[k], err.message, err.line, err.column, text);
        } else {
            const char *diff = game_difference(g, back);
            CHECK_MSG(!diff, "%s: read back differs (notation %d): %s\n%s", where, NOTATIONS[k],
                      diff, text);
            if (sh_pdn_write(back, NOTATIONS[k], &again, NULL, &err) == SH_OK)
                CHECK_MSG(strcmp(text, again) == 0, "%s: writing is not a fixed point:\n%s---\n%s",
                          where, text, again);
            /* the variations, written again, read as the same moves */
            for (int i = 0; i < sh_game_ply_count(back); i++) {
                int count = sh_game_variation_count(back, i);
                for (int v = 0; v < count; v++)
                    CHECK(sh_game_add_variation(back, i, sh_game_variation(back, i, v), NULL) ==
                          SH_OK);
            }
        }
        free(again);
        free(text);
        sh_game_free(back);
        sh_game_free(back2);
    }
}

/* ---- reading a file ---- */

typedef struct Read {
    ShGame *games[1024];
    ShPdnInfo infos[1024];
    ShError errors[1024];
    ShStatus status[1024];
    int count;
    char *text;
} Read;

static bool read_file(const char *path, Read *r)
{
    memset(r, 0, sizeof *r);
    size_t size;
    r->text = test_read_file(path, &size);
    if (!r->text)
        return false;
    ShPdnReader reader;
    sh_pdn_reader_init(&reader, r->text, size, NULL);
    size_t last_end = 0;
    for (;;) {
        ShGame *g = NULL;
        ShPdnInfo info;
        ShError err;
        ShStatus st = sh_pdn_read_next(&reader, &g, &info, &err);
        if (st == SH_OK && !g)
            break;
        if (r->count == 1024) {
            sh_game_free(g);
            break;
        }
        CHECK_MSG(info.number == r->count + 1, "game numbers run on (%d)", info.number);
        CHECK_MSG(info.start >= last_end && info.end >= info.start && info.end <= size,
                  "game %d spans %zu..%zu", info.number, info.start, info.end);
        last_end = info.end;
        r->games[r->count] = g;
        r->infos[r->count] = info;
        r->errors[r->count] = err;
        r->status[r->count] = st;
        r->count++;
    }
    return true;
}

static void read_free(Read *r)
{
    for (int i = 0; i < r->count; i++)
        sh_game_free(r->games[i]);
    free(r->text);
}

/* ---- 1. the edge cases ---- */

/* "\n" in expected.txt stands for a line break. */
static void unescape(char *s)
{
    char *out = s;
    for (; *s; s++) {
        if (s[0] == '\\' && s[1] == 'n') {
            *out++ = '\n';
            s++;
        } else {
            *out++ = *s;
        }
    }
    *out = '\0';
}

static void edge_cases(void)
{
    char *text = test_read_file(test_data("pdn/expected.txt"), NULL);
    test_case("read pdn/expected.txt");
    CHECK(text != NULL);
    if (!text)
        return;
    Read *r = calloc(1, sizeof *r);
    bool have = false;
    const ShGame *g = NULL;
    char file[256] = "";
    int line_no = 0, game_no = 0;
    char *cursor = text;
    for (char *line; (line = test_next_line(&cursor));) {
        line_no++;
        if (*line == '\0' || *line == '#')
            continue;
        char word[32] = "";
        int used = 0;
        sscanf(line, "%31s %n", word, &used);
        char *rest = line + used;
        if (strcmp(word, "file") == 0) {
            if (have)
                read_free(r);
            int games = 0;
            sscanf(rest, "%255s %d", file, &games);
            char path[512];
            snprintf(path, sizeof path, "pdn/%s", file);
            test_case("%s holds %d games", file, games);
            have = read_file(test_data(path), r);
            CHECK_MSG(have, "cannot read %s", path);
            if (have)
                CHECK_INT(r->count, games);
            g = NULL;
            continue;
        }
        if (!have)
            continue;
        if (strcmp(word, "game") == 0) {
            char kind[16] = "", result[16] = "";
            int a = 0, b = 0;
            sscanf(rest, "%d %15s %d %d", &game_no, kind, &a, &b);
            test_case("%s game %d (expected.txt:%d)", file, game_no, line_no);
            if (game_no < 1 || game_no > r->count) {
                CHECK_MSG(false, "no game %d", game_no);
                g = NULL;
                continue;
            }
            int i = game_no - 1;
            g = r->games[i];
            if (strcmp(kind, "ok") == 0) {
                sscanf(rest, "%*d %*s %d %15s", &a, result);
                CHECK_MSG(r->status[i] == SH_OK, "error %d:%d %s", r->errors[i].line,
                          r->errors[i].column, r->errors[i].message);
                if (r->status[i] == SH_OK && g) {
                    CHECK_INT(sh_game_ply_count(g), a);
                    CHECK_STR(sh_result_pdn(sh_game_result(g, NULL), false), result);
                    round_trip(g, file);
                }
            } else {
                const char *want = strchr(rest, '~');
                CHECK_MSG(r->status[i] != SH_OK, "the game was read");
                CHECK_MSG(r->errors[i].line == a && r->errors[i].column == b,
                          "error at %d:%d, expected %d:%d (%s)", r->errors[i].line,
                          r->errors[i].column, a, b, r->errors[i].message);
                if (want)
                    CHECK_MSG(strstr(r->errors[i].message, want + 1), "'%s' lacks '%s'",
                              r->errors[i].message, want + 1);
                g = NULL;
            }
            continue;
        }
        if (!g) {
            CHECK_MSG(false, "expected.txt:%d: no game to check", line_no);
            continue;
        }
        int index = 0, n = 0;
        if (strcmp(word, "tag") == 0) {
            char name[64] = "";
            sscanf(rest, "%63s %n", name, &n);
            CHECK_MSG(sh_game_tag(g, name) && strcmp(sh_game_tag(g, name), rest + n) == 0,
                      "tag %s is '%s', expected '%s'", name,
                      sh_game_tag(g, name) ? sh_game_tag(g, name) : "(none)", rest + n);
        } else if (strcmp(word, "comment") == 0) {
            sscanf(rest, "%d %n", &index, &n);
            const char *c = sh_game_comment(g, index);
            unescape(rest + n);
            CHECK_MSG(c && strcmp(c, rest + n) == 0, "comment %d is '%s', expected '%s'", index,
                      c ? c : "(none)", rest + n);
        } else if (strcmp(word, "nags") == 0) {
            sscanf(rest, "%d %n", &index, &n);
            int nags[SH_GAME_MAX_NAGS], k = sh_game_nags(g, index, nags);
            char got[64] = "";
            for (int j = 0; j < k; j++)
                snprintf(got + strlen(got), sizeof got - strlen(got), "%s%d", j ? " " : "", nags[j]);
            CHECK_STR(got, rest + n);
        } else if (strcmp(word, "variation") == 0) {
            int which = 0;
            sscanf(rest, "%d %d %n", &index, &which, &n);
            const char *v = sh_game_variation(g, index, which);
            CHECK_MSG(v && strcmp(v, rest + n) == 0, "variation %d.%d is '%s', expected '%s'",
                      index, which, v ? v : "(none)", rest + n);
        } else if (strcmp(word, "move") == 0) {
            sscanf(rest, "%d %n", &index, &n);
            char out[SH_MOVE_TEXT_SIZE] = "(none)";
            const ShMove *m = sh_game_move_at(g, index);
            if (m)
                sh_move_write(sh_game_position_at(g, index), m, SH_NOTATION_FULL, out, NULL);
            CHECK_STR(out, rest + n);
        } else if (strcmp(word, "start") == 0) {
            char fen[SH_FEN_SIZE];
            sh_fen_write(sh_game_start(g), false, fen);
            CHECK_STR(fen, rest);
        } else if (strcmp(word, "reason") == 0) {
            ShReason reason;
            sh_game_result(g, &reason);
            CHECK_STR(sh_reason_name(reason), rest);
        } else if (strcmp(word, "writes") == 0) {
            char *out = NULL;
            unescape(rest);
            CHECK(sh_pdn_write(g, SH_NOTATION_SHORT, &out, NULL, NULL) == SH_OK);
            CHECK_MSG(out && strstr(out, rest), "the game written lacks '%s':\n%s", rest,
                      out ? out : "");
            free(out);
        } else if (strcmp(word, "settled") == 0) {
            CHECK_INT(r->infos[game_no - 1].settled, atoi(rest));
        } else if (strcmp(word, "end") == 0) {
            const ShPdnInfo *info = &r->infos[game_no - 1];
            char result[16] = "", reason[32] = "";
            int ply = -1, l = 0, c = 0;
            if (strcmp(rest, "none") != 0)
                sscanf(rest, "%d %15s %31s %d %d", &ply, result, reason, &l, &c);
            CHECK_INT(info->end_ply, ply);
            if (ply >= 0) {
                CHECK_STR(sh_result_pdn(info->end_result, false), result);
                CHECK_STR(sh_reason_name(info->end_reason), reason);
                CHECK_INT(info->end_line, l);
                CHECK_INT(info->end_column, c);
            }
        } else {
            CHECK_MSG(false, "expected.txt:%d: unknown line", line_no);
        }
    }
    if (have)
        read_free(r);
    free(r);
    free(text);
}

/* ---- 2. the real games ---- */

typedef struct Collection {
    const char *file;
    int games;
} Collection;

/* The counts of tests/data/games/README.md. */
static const Collection COLLECTIONS[] = {
    {"World_Championship_1998.pdn", 460}, {"First_Computers_Match_Moscow_1998.pdn", 6},
    {"abatsiev.pdn", 198},                {"test.pdn", 3},
    {"ussr1947.pdn", 153},                {"ussr1924.pdn", 29},
    {"lidraughts2025.pdn", 9},
};

static void real_games(void)
{
    int total = 0, good = 0, decided = 0, settled = 0;
    Read *r = calloc(1, sizeof *r);
    for (size_t c = 0; c < sizeof COLLECTIONS / sizeof COLLECTIONS[0]; c++) {
        const char *file = COLLECTIONS[c].file;
        char path[256];
        snprintf(path, sizeof path, "games/%s", file);
        test_case("%s: %d games", file, COLLECTIONS[c].games);
        if (!read_file(test_data(path), r)) {
            CHECK_MSG(false, "cannot read %s", path);
            continue;
        }
        CHECK_INT(r->count, COLLECTIONS[c].games);
        total += r->count;
        for (int i = 0; i < r->count; i++) {
            const ShPdnInfo *info = &r->infos[i];
            bool known_bad = strcmp(file, "abatsiev.pdn") == 0 &&
                             (info->number == 36 || info->number == 142);
            if (known_bad) {
                test_case("%s game %d is known to be bad: it holds only '- -'", file, info->number);
                CHECK(r->status[i] == SH_ERR_SYNTAX);
                CHECK(strstr(r->errors[i].message, "not recorded") != NULL);
                CHECK_INT(r->errors[i].line, info->number == 36 ? 599 : 2351);
                CHECK_INT(r->errors[i].column, 4);
                continue;
            }
            if (r->status[i] != SH_OK) {
                test_case("%s game %d replays", file, info->number);
                CHECK_MSG(false, "line %d column %d: %s", r->errors[i].line, r->errors[i].column,
                          r->errors[i].message);
                continue;
            }
            good++;
            settled += info->settled;
            const ShGame *g = r->games[i];
            CHECK_MSG(sh_game_ply_count(g) > 0, "%s game %d has no moves", file, info->number);
            ShReason why;
            ShResult verdict = sh_game_verdict(g, &why);
            if (verdict != SH_RESULT_NONE) {
                decided++;
                test_case("%s game %d: the rules decide the final position as recorded", file,
                          info->number);
                CHECK_MSG(verdict == info->recorded, "verdict %s (%s), recorded %s",
                          sh_result_pdn(verdict, false), sh_reason_name(why),
                          sh_result_pdn(info->recorded, false));
                ShReason kept;
                CHECK(sh_game_result(g, &kept) == verdict && kept == why);
            }
        }
        test_case("%s: every game written and read back is the same", file);
        int before = test_case_failed() ? 1 : 0;
        for (int i = 0; i < r->count && !before; i++)
            if (r->status[i] == SH_OK)
                round_trip(r->games[i], file);
        read_free(r);
    }
    free(r);
    test_case("858 real games, 856 replay, 3 moves settled by the continuation");
    CHECK_INT(total, 858);
    CHECK_INT(good, 856);
    CHECK_INT(settled, 3);
    CHECK_MSG(decided >= 6, "%d final positions decided by the rules", decided);
}

/* ---- a few API checks ---- */

static void api(void)
{
    test_case("sh_pdn_read_game: one game, or an error");
    ShPdnReader reader;
    ShGame *g = NULL;
    ShError err;
    CHECK(sh_pdn_read_game("", &g, &err) == SH_ERR_SYNTAX && g == NULL);
    CHECK(sh_pdn_read_game("  {just a comment}  ", &g, &err) == SH_ERR_SYNTAX && g == NULL);
    CHECK(sh_pdn_read_game("1. c3-d4 *", &g, &err) == SH_OK && g && sh_game_ply_count(g) == 1);
    sh_game_free(g);
    CHECK(sh_pdn_read_game("1. c3-d5 *", &g, &err) == SH_ERR_SYNTAX && g == NULL);
    CHECK_INT(err.column, 7); /* d5, a light square */

    test_case("variations added by hand are checked from their position");
    CHECK(sh_game_new_fen(&g, "start", NULL, &err) == SH_OK);
    CHECK(sh_game_play_text(g, "c3-d4", NULL, &err) == SH_OK);
    CHECK(sh_game_play_text(g, "f6-g5", NULL, &err) == SH_OK);
    CHECK(sh_game_add_variation(g, 1, "1... b6-a5 2. d4-c5", &err) == SH_OK);
    CHECK(sh_game_add_variation(g, 1, "1... b6-c5", &err) == SH_OK);
    CHECK(sh_game_add_variation(g, 1, "1... c3-d4", &err) == SH_ERR_ILLEGAL_MOVE);
    CHECK(sh_game_add_variation(g, 0, "1. c3-b4 (1. g3-h4) f6-g5", &err) == SH_OK);
    CHECK(sh_game_add_variation(g, 0, "1. c3-b4 (", &err) == SH_ERR_SYNTAX);
    CHECK(sh_game_add_variation(g, 2, "1. c3-b4", &err) == SH_ERR_ARGUMENT);
    CHECK(sh_game_add_variation(g, 0, "[Event \"x\"] 1. c3-b4", &err) == SH_ERR_SYNTAX);
    CHECK(sh_game_set_comment(g, 0, "good", &err) == SH_OK);
    CHECK(sh_game_add_nag(g, 0, 5, &err) == SH_OK);
    CHECK(sh_game_add_nag(g, -1, 5, &err) == SH_ERR_ARGUMENT);
    CHECK(sh_game_add_nag(g, 0, 256, &err) == SH_ERR_ARGUMENT);
    CHECK(sh_game_set_tag(g, "White", "A \"B\" \\ C", &err) == SH_OK);
    CHECK(sh_game_set_tag(g, "Result", "1-0", &err) == SH_ERR_ARGUMENT);
    CHECK(sh_game_set_tag(g, "Bad name", "x", &err) == SH_ERR_ARGUMENT);
    CHECK(sh_game_set_tag(g, "Event", "two\nlines", &err) == SH_ERR_ARGUMENT);
    round_trip(g, "a game made by hand");
    char *text;
    CHECK(sh_pdn_write(g, SH_NOTATION_SHORT, &text, NULL, &err) == SH_OK);
    CHECK(strstr(text, "1. c3-d4 $5 {good} (1. c3-b4 (1. g3-h4) 1... f6-g5) 1... f6-g5 (1... b6-a5\n"
                       "2. d4-c5) (1... b6-c5) *") != NULL);
    CHECK(strstr(text, "[White \"A \\\"B\\\" \\\\ C\"]") != NULL);
    free(text);

    test_case("the writer gives each reason a Termination tag that reads back");
    CHECK(sh_game_resign(g, SH_BLACK, &err) == SH_OK);
    CHECK(sh_pdn_write(g, SH_NOTATION_SHORT, &text, NULL, &err) == SH_OK);
    CHECK(strstr(text, "[Termination \"White wins: Black resigned\"]") != NULL);
    ShGame *back = NULL;
    CHECK(sh_pdn_read_game(text, &back, &err) == SH_OK);
    ShReason why = SH_REASON_NONE;
    CHECK(back && sh_game_result(back, &why) == SH_RESULT_WHITE_WINS && why == SH_REASON_RESIGNATION);
    CHECK(back && sh_game_tag(back, "Termination") == NULL);
    sh_game_free(back);
    free(text);
    sh_game_free(g);

    test_case("comments with a NUL byte, CR CR LF, or a '}' and a line break round-trip");
    static const char odd[] = "1. c3-d4 {a\r\r\nb} f6-g5 {c \0 d} 2. g3-h4 ; e } f\n{g\nh} *";
    sh_pdn_reader_init(&reader, odd, sizeof odd - 1, NULL);
    CHECK(sh_pdn_read_next(&reader, &g, NULL, &err) == SH_OK && g);
    if (g) {
        CHECK_STR(sh_game_comment(g, 0), "a\nb");
        CHECK_STR(sh_game_comment(g, 1), "c");
        CHECK_STR(sh_game_comment(g, 2), "e } f g h");
        round_trip(g, "odd comments");
    }
    sh_game_free(g);

    test_case("a game begun from a ballot keeps its ballot through PDN");
    CHECK(sh_game_new_opening(&g, "FMJD 45-IX", NULL, &err) == SH_OK);
    CHECK(sh_game_play_text(g, "c3-d4", NULL, &err) == SH_OK);
    CHECK(sh_game_opening_plies(g) == 6);
    round_trip(g, "a ballot game");
    CHECK(sh_pdn_write(g, SH_NOTATION_SHORT, &text, NULL, &err) == SH_OK);
    CHECK(strstr(text, "[Opening \"FMJD-64 45-IX\"]") != NULL);
    CHECK(sh_pdn_read_game(text, &back, &err) == SH_OK);
    CHECK(back && sh_game_undo(back, &err) == SH_OK && sh_game_undo(back, &err) == SH_ERR_ARGUMENT);
    sh_game_free(back);
    free(text);
    sh_game_free(g);

    test_case("a game read goes on under the caller's rules");
    ShGameOptions automatic = {SH_REPETITION_AUTOMATIC, false};
    const char *pdn = "[FEN \"W:WKa1,a3,a5,e1:BKh6,b8,d8,f8\"]\n1. a1-b2 h6-g5 2. b2-a1 g5-h6 3. "
                      "a1-b2 h6-g5 4. b2-a1 *";
    sh_pdn_reader_init(&reader, pdn, strlen(pdn), &automatic);
    CHECK(sh_pdn_read_next(&reader, &g, NULL, &err) == SH_OK && g);
    if (g) {
        CHECK(sh_game_result(g, NULL) == SH_RESULT_NONE);
        CHECK(sh_game_play_text(g, "g5-h6", NULL, &err) == SH_OK);
        CHECK(sh_game_result(g, &why) == SH_RESULT_DRAW && why == SH_REASON_REPETITION);
    }
    sh_game_free(g);
    CHECK(sh_pdn_read_next(&reader, &g, NULL, &err) == SH_OK && g == NULL);
}

void suite_pdn(void)
{
    edge_cases();
    real_games();
    api();
}
