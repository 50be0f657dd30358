/* test_book.c - the opening book (engine/book.h): a tiny book built by `shashki book build`
 * agrees with the engine's own search and the games it counted; files round-trip; probing
 * gives back what was stored; the choice never plays a move the search scored as losing; a
 * build run again skips what is done; a bad file is refused with the byte where it goes
 * wrong; the engine plays the book's move at level 10 only. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "book.h"
#include "engine.h"
#include "test.h"

static int run(const char *command, char *out, size_t size)
{
    FILE *p = popen(command, "r");
    size_t n = 0;
    if (p)
        n = fread(out, 1, size - 1, p);
    out[n] = '\0';
    return p ? pclose(p) : -1;
}

static ShMove parse(const ShPosition *pos, const char *text)
{
    ShMove m;
    memset(&m, 0, sizeof m);
    ShError err;
    if (sh_move_parse(pos, text, &m, &err) != SH_OK)
        test_fail(__FILE__, __LINE__, "move %s: %s", text, err.message);
    return m;
}

static BookMove searched(const ShPosition *pos, const char *text, int score, int depth)
{
    BookMove b;
    memset(&b, 0, sizeof b);
    b.move = parse(pos, text);
    b.searched = true;
    b.score = score;
    b.depth = depth;
    return b;
}

static void write_bytes(const char *path, const unsigned char *data, size_t size)
{
    FILE *f = fopen(path, "wb");
    if (f) {
        fwrite(data, 1, size, f);
        fclose(f);
    }
}

/* Expect reading `data` to fail at byte `offset`. */
static void check_bad(const unsigned char *data, size_t size, int offset, const char *what)
{
    test_case("a bad book is refused with its offset: %s", what);
    Book *b = NULL;
    ShError err;
    memset(&err, 0, sizeof err);
    ShStatus st = book_read(data, size, &b, &err);
    CHECK_INT(st, SH_ERR_SYNTAX);
    CHECK(b == NULL);
    CHECK_INT(err.column, offset);
    char want[32];
    snprintf(want, sizeof want, "offset %d:", offset);
    CHECK_MSG(strstr(err.message, want) != NULL, "message '%s' lacks '%s'", err.message, want);
}

static void suite_files(const char *dir)
{
    ShPosition start, after;
    sh_position_start(&start, SH_VARIANT_RUSSIAN);
    ShMove c3d4 = parse(&start, "c3-d4");
    sh_position_play(&start, &c3d4, &after);

    test_case("round trip: a hand-made book written and read gives the same moves back");
    Book *b = book_new();
    BookMove m[4];
    m[0] = searched(&start, "c3-d4", 12, 10);
    m[0].wins = 3;
    m[0].draws = 7;
    m[0].losses = 1;
    m[1] = searched(&start, "g3-h4", -40, 9);
    memset(&m[2], 0, sizeof m[2]);
    m[2].move = parse(&start, "a3-b4");
    m[2].losses = 2;
    ShError err;
    CHECK_INT(book_put(b, &start, 10, m, 3, &err), SH_OK);
    BookMove r[2];
    r[0] = searched(&after, "f6-g5", 5, 8);
    r[1] = searched(&after, "b6-a5", -3, 8);
    CHECK_INT(book_put(b, &after, 8, r, 2, &err), SH_OK);
    char path[600], path2[600];
    snprintf(path, sizeof path, "%s/hand.bin", dir);
    snprintf(path2, sizeof path2, "%s/hand2.bin", dir);
    CHECK_INT(book_write(b, path, &err), SH_OK);
    Book *back = NULL;
    CHECK_INT(book_load(path, &back, &err), SH_OK);
    CHECK_INT(book_positions(back), 2);
    CHECK_INT(book_searched(back), 2);
    CHECK_INT(book_move_count(back), 5);
    CHECK_INT(book_depth(back, &start), 10);
    CHECK_INT(book_depth(back, &after), 8);
    BookMove got[BOOK_MAX_MOVES];
    test_case("probe returns the stored moves: searched by score, then by games");
    int n = book_probe(back, &start, got);
    CHECK_INT(n, 3);
    if (n == 3) {
        CHECK(sh_move_equal(&got[0].move, &m[0].move));
        CHECK(got[0].searched);
        CHECK_INT(got[0].score, 12);
        CHECK_INT(got[0].depth, 10);
        CHECK_INT(got[0].wins, 3);
        CHECK_INT(got[0].draws, 7);
        CHECK_INT(got[0].losses, 1);
        CHECK(sh_move_equal(&got[1].move, &m[1].move));
        CHECK_INT(got[1].score, -40);
        CHECK(sh_move_equal(&got[2].move, &m[2].move));
        CHECK(!got[2].searched);
        CHECK_INT(got[2].losses, 2);
    }
    CHECK_INT(book_probe(back, &after, got), 2);
    ShPosition other;
    CHECK_INT(sh_fen_read("W:W21,22,23,24,25,26,27,28,29,30,31:B1,2,3,4,5,6,7,8,9,10,11,12",
                          &other, &err), SH_OK);
    CHECK_INT(book_probe(back, &other, got), 0);
    CHECK_INT(book_depth(back, &other), -1);
    test_case("round trip: writing what was read gives the same bytes");
    CHECK_INT(book_write(back, path2, &err), SH_OK);
    size_t s1 = 0, s2 = 0;
    char *t1 = test_read_file(path, &s1), *t2 = test_read_file(path2, &s2);
    CHECK_INT(s1, 32 + 2 * 16 + 5 * 16);
    CHECK(t1 && t2 && s1 == s2 && memcmp(t1, t2, s1) == 0);

    /* the bad files, each one change from the good one */
    if (t1 && s1 == 32 + 2 * 16 + 5 * 16) {
        unsigned char *bad = malloc(s1);
        memcpy(bad, t1, s1);
        check_bad(bad, 10, 10, "cut inside the header");
        bad[0] = 'X';
        check_bad(bad, s1, 0, "no signature");
        memcpy(bad, t1, s1);
        check_bad(bad, s1 - 3, (int)s1 - 3, "a move record cut short");
        bad[64 + 16 + 1] = 40; /* the second move's destination: no square 41 */
        check_bad(bad, s1, 64 + 16, "a square off the board");
        memcpy(bad, t1, s1);
        unsigned char tmp[8]; /* swap the two entries' keys: out of order */
        memcpy(tmp, bad + 32, 8);
        memcpy(bad + 32, bad + 48, 8);
        memcpy(bad + 48, tmp, 8);
        check_bad(bad, s1, 48, "positions out of key order");
        memcpy(bad, t1, s1);
        bad[64 + 3] = 0; /* the first move: searched with a depth, flag cleared */
        check_bad(bad, s1, 64, "a depth on an unsearched move");
        free(bad);
    }
    free(t1);
    free(t2);
    test_case("a missing file is an I/O error");
    Book *none = NULL;
    char missing[700];
    snprintf(missing, sizeof missing, "%s/no-such.bin", dir);
    CHECK_INT(book_load(missing, &none, &err), SH_ERR_IO);
    write_bytes(path2, (const unsigned char *)"SHBOOK1\n", 8);
    CHECK_INT(book_load(path2, &none, &err), SH_ERR_SYNTAX);
    CHECK(strstr(err.message, "hand2.bin") != NULL);

    test_case("a stored move that is not legal in the position is left out");
    BookMove wrong[1];
    wrong[0] = searched(&start, "c3-d4", 0, 4);
    /* a position whose c3 man is gone: the book's c3-d4 for it does not apply */
    ShPosition gone = start;
    sh_position_set_piece(&gone, sh_square_at(2, 2), SH_EMPTY);
    CHECK_INT(book_put(b, &gone, 4, wrong, 1, &err), SH_OK);
    CHECK_INT(book_probe(b, &gone, got), 0);
    CHECK_INT(book_depth(b, &gone), 4);
    CHECK_INT(book_put(b, &start, 4, m, BOOK_MAX_MOVES + 1, &err), SH_ERR_ARGUMENT);
    book_free(b);
    book_free(back);
}

static void suite_choice(void)
{
    ShPosition start;
    sh_position_start(&start, SH_VARIANT_RUSSIAN);
    ShError err;
    test_case("the choice never plays a move scored as losing, whatever the margin and seed");
    Book *b = book_new();
    BookMove m[7];
    m[0] = searched(&start, "c3-d4", 20, 12);                        /* the best */
    m[1] = searched(&start, "c3-b4", 15, 12);                        /* 5 behind */
    m[2] = searched(&start, "g3-f4", 20 - BOOK_BOUND - 1, 12);       /* just past the bound */
    m[3] = searched(&start, "g3-h4", -500, 11);                      /* losing a man */
    m[4] = searched(&start, "e3-d4", -(ENGINE_SCORE_WIN - 9), 11);   /* a proven loss */
    memset(&m[5], 0, sizeof m[5]);                                   /* games only */
    m[5].move = parse(&start, "e3-f4");
    m[5].wins = 500;
    m[6] = searched(&start, "a3-b4", 20 - BOOK_BOUND, 11);           /* at the bound */
    CHECK_INT(book_put(b, &start, 12, m, 7, &err), SH_OK);
    int picked[7] = {0};
    for (int margin = 0; margin <= 1000; margin += margin < 40 ? 1 : 480)
        for (uint64_t seed = 0; seed < 200; seed++) {
            BookMove c;
            if (!book_choose(b, &start, margin, seed, &c)) {
                CHECK_MSG(false, "no book move at margin %d seed %llu", margin,
                          (unsigned long long)seed);
                continue;
            }
            int which = -1;
            for (int i = 0; i < 7; i++)
                if (sh_move_equal(&c.move, &m[i].move))
                    which = i;
            CHECK(which >= 0);
            if (which < 0)
                continue;
            picked[which]++;
            CHECK_MSG(which == 0 || which == 1 || which == 6, "margin %d seed %llu chose move %d",
                      margin, (unsigned long long)seed, which);
            if (margin < 5)
                CHECK_MSG(which == 0, "margin %d chose a move %d behind", margin,
                          20 - m[which].score);
            if (margin < BOOK_BOUND)
                CHECK(which != 6);
        }
    CHECK(picked[0] > 0 && picked[1] > 0 && picked[6] > 0);
    CHECK_INT(picked[2] + picked[3] + picked[4] + picked[5], 0);

    test_case("the same seed gives the same choice; no move when the best loses");
    BookMove a, c;
    CHECK(book_choose(b, &start, 10, 77, &a) && book_choose(b, &start, 10, 77, &c));
    CHECK(sh_move_equal(&a.move, &c.move));
    BookMove lost[2];
    lost[0] = searched(&start, "c3-d4", -(ENGINE_SCORE_WIN - 20), 12);
    lost[1] = searched(&start, "g3-h4", -(ENGINE_SCORE_WIN - 30), 12);
    CHECK_INT(book_put(b, &start, 12, lost, 2, &err), SH_OK);
    CHECK(!book_choose(b, &start, 10, 1, &c));
    BookMove only[1];
    memset(only, 0, sizeof only);
    only[0].move = parse(&start, "c3-d4");
    only[0].draws = 9;
    CHECK_INT(book_put(b, &start, 0, only, 1, &err), SH_OK);
    CHECK(!book_choose(b, &start, 10, 1, &c));

    test_case("the engine plays the book's move at level 10, and searches below it");
    CHECK_INT(book_put(b, &start, 12, m, 7, &err), SH_OK);
    char path[] = "/tmp/shashki-book-engine-XXXXXX";
    int fd = mkstemp(path);
    if (fd >= 0)
        close(fd);
    CHECK_INT(book_write(b, path, &err), SH_OK);
    Engine *e = engine_create(NULL, &err);
    CHECK(e != NULL);
    if (e) {
        CHECK_INT(engine_set_param(e, "book", path, &err), SH_OK);
        CHECK_INT(engine_set_param(e, "book-margin", "0", &err), SH_OK);
        EngineLimits l;
        engine_limits_default(&l);
        l.nodes = 20000;
        EngineResult res;
        CHECK_INT(engine_search(e, &start, NULL, 0, &l, NULL, NULL, &res, &err), SH_OK);
        CHECK(res.has_move && sh_move_equal(&res.move, &m[0].move));
        CHECK_INT(res.nodes, 0);
        CHECK_INT(res.score, 20);
        EngineOptions o;
        engine_get_options(e, &o);
        o.level = 9;
        CHECK_INT(engine_configure(e, &o, &err), SH_OK);
        CHECK_INT(engine_search(e, &start, NULL, 0, &l, NULL, NULL, &res, &err), SH_OK);
        CHECK(res.nodes > 0);
        o.level = 10;
        CHECK_INT(engine_configure(e, &o, &err), SH_OK);
        l.multipv = 2;
        CHECK_INT(engine_search(e, &start, NULL, 0, &l, NULL, NULL, &res, &err), SH_OK);
        CHECK(res.nodes > 0);
        CHECK_INT(engine_set_param(e, "book", "no-such-book.bin", &err), SH_ERR_IO);
        CHECK_INT(engine_set_param(e, "book-margin", "31", &err), SH_ERR_ARGUMENT);
        engine_free(e);
    }
    remove(path);
    book_free(b);
}

/* A line of `book probe` output for a move: its score text, or NULL. */
static const char *probe_line(const char *out, const char *move)
{
    size_t n = strlen(move);
    for (const char *p = out; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
        if (strncmp(p, move, n) == 0 && p[n] == ' ')
            return p;
    return NULL;
}

static void suite_build(const char *dir)
{
    char program[4096], data[4096];
    if (!realpath(test_program(), program) || !realpath(test_data("games/test.pdn"), data)) {
        test_case("book build: the program and the games");
        CHECK(false);
        return;
    }
    test_case("book build: a tiny book at depth 4 agrees with the engine's own search");
    char cmd[10000], out[1 << 15];
    const char *games = data;
    snprintf(cmd, sizeof cmd,
             "cd '%s' && '%s' book build --out tiny.bin --depth 4 --plies 1 --ballots none "
             "--games '%s' 2>&1",
             dir, program, games);
    int st = run(cmd, out, sizeof out);
    CHECK_MSG(st == 0, "%s", out);
    CHECK_MSG(strstr(out, "games counted: 3") != NULL, "%s", out);
    char path[700];
    snprintf(path, sizeof path, "%s/tiny.bin", dir);
    Book *b = NULL;
    ShError err;
    CHECK_INT(book_load(path, &b, &err), SH_OK);
    ShPosition start;
    sh_position_start(&start, SH_VARIANT_RUSSIAN);
    CHECK_INT(book_depth(b, &start), 4);

    /* the engine's 3 best lines at depth 4, searched here from a cleared engine */
    Engine *e = engine_create(NULL, &err);
    EngineLimits l;
    engine_limits_default(&l);
    l.depth = 4;
    l.multipv = 3;
    EngineResult res;
    CHECK_INT(engine_search(e, &start, NULL, 0, &l, NULL, NULL, &res, &err), SH_OK);
    BookMove got[BOOK_MAX_MOVES];
    int n = book_probe(b, &start, got);
    CHECK(n >= 3);
    int found = 0;
    for (int i = 0; i < n; i++)
        if (sh_move_equal(&got[i].move, &res.move)) {
            found++;
            CHECK(got[i].searched);
            CHECK_INT(got[i].score, res.score);
            CHECK_INT(got[i].depth, 4);
        }
    CHECK_INT(found, 1);
    /* the three games of test.pdn start 1.e3-d4 (1-0), 1.c3-d4 (1/2) and one more */
    test_case("book build: the games' first moves are counted with their results");
    unsigned games_at_start = 0;
    for (int i = 0; i < n; i++)
        games_at_start += got[i].wins + got[i].draws + got[i].losses;
    size_t size;
    char *text = test_read_file(games, &size);
    ShPdnReader reader;
    sh_pdn_reader_init(&reader, text ? text : "", text ? size : 0, NULL);
    unsigned expect = 0;
    for (;;) {
        ShGame *g = NULL;
        ShStatus rs = sh_pdn_read_next(&reader, &g, NULL, &err);
        if (rs == SH_OK && !g)
            break;
        ShReason why;
        if (rs == SH_OK && sh_game_ply_count(g) > 0 &&
            sh_position_equal(sh_game_start(g), &start) &&
            sh_game_result(g, &why) != SH_RESULT_NONE)
            expect++;
        sh_game_free(g);
        if (reader.offset >= size)
            break;
    }
    free(text);
    CHECK_INT(games_at_start, expect);
    ShMove e3d4 = parse(&start, "e3-d4");
    for (int i = 0; i < n; i++)
        if (sh_move_equal(&got[i].move, &e3d4)) {
            CHECK_INT(got[i].wins, 1); /* White won the game that began 1.e3-d4 */
            CHECK(got[i].searched);  /* a game move is searched too */
        }
    engine_free(e);
    book_free(b);

    test_case("book build run again skips the positions done at that depth");
    st = run(cmd, out, sizeof out);
    CHECK_MSG(st == 0, "%s", out);
    CHECK_MSG(strstr(out, "done: 0 positions searched now") != NULL, "%s", out);
    CHECK_MSG(strstr(out, "continuing tiny.bin") != NULL, "%s", out);
    snprintf(cmd, sizeof cmd,
             "cd '%s' && '%s' book build --out tiny.bin --depth 5 --plies 0 --ballots none "
             "--games '%s' 2>&1",
             dir, program, games);
    st = run(cmd, out, sizeof out);
    CHECK_MSG(st == 0 && strstr(out, "done: 1 positions searched now") != NULL, "%s", out);
    CHECK_INT(book_load(path, &b, &err), SH_OK);
    CHECK_INT(book_depth(b, &start), 5);
    book_free(b);

    test_case("book probe and info print the stored moves");
    snprintf(cmd, sizeof cmd, "'%s' book probe '%s' start", program, path);
    st = run(cmd, out, sizeof out);
    CHECK_MSG(st == 0 && probe_line(out, "e3-d4") && strstr(out, "book move "), "%s", out);
    snprintf(cmd, sizeof cmd, "'%s' book info '%s'", program, path);
    st = run(cmd, out, sizeof out);
    CHECK_MSG(st == 0 && strstr(out, "depth 5: 1 positions"), "%s", out);
    snprintf(cmd, sizeof cmd, "'%s' book info '%s' 2>&1", program, games);
    st = run(cmd, out, sizeof out);
    CHECK_MSG(st != 0 && strstr(out, "offset 0:"), "%s", out);
}

void suite_book(void)
{
    char dir[] = "/tmp/shashki-book-XXXXXX";
    if (!mkdtemp(dir)) {
        test_case("book: a temporary folder");
        CHECK(false);
        return;
    }
    suite_files(dir);
    suite_choice();
    suite_build(dir);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", dir);
}
