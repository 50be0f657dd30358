/* test_egdb.c - the endgame databases: built to 4 pieces in a temporary folder (5 with --slow),
 * every value checked against its successors, against a plain exhaustive solver
 * (test_egdb_plain.c) and against known endings from tests/data/egdb_positions.txt; then the
 * engine with them: its scores, its moves, databases completed while it runs, the programs'
 * output, and won endings played out under the arbiter's counts. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "egdb/dbbuild.h"
#include "egdb/dbfile.h"
#include "egdb/dbprobe.h"
#include "egdb/dbverify.h"
#include "engine.h"
#include "play_engine.h"
#include "test.h"

static void remove_dir(const char *dir)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", dir);
}

/* The standard output of a shell command (at most size - 1 bytes); its exit status. */
static int run(const char *command, char *out, size_t size)
{
    FILE *p = popen(command, "r");
    size_t n = 0;
    if (p)
        n = fread(out, 1, size - 1, p);
    out[n] = '\0';
    return p ? pclose(p) : -1;
}

static void check_known_endings(Db *db)
{
    char *text = test_read_file(test_data("egdb_positions.txt"), NULL);
    char *cursor = text;
    for (char *line; text && db && (line = test_next_line(&cursor)) != NULL;) {
        if (!*line || line[0] == '#')
            continue;
        char *semi = strchr(line, ';');
        if (!semi)
            continue;
        *semi = '\0';
        char *want = semi + 1;
        while (*want == ' ')
            want++;
        test_case("egdb: %s is a %s", line, want);
        ShPosition pos;
        ShError err;
        CHECK_INT(sh_fen_read(line, &pos, &err), SH_OK);
        DbValue v;
        CHECK(dbprobe_value(db, &pos, &v));
        static const char *NAMES[] = {"draw", "win", "loss", "?"};
        CHECK_STR(NAMES[v.result & 3], want);
    }
    CHECK(text != NULL);
    free(text);
}

/* The engine given the databases: a won position scores as a database win and its move keeps
 * the win; the same pieces in another game are not looked up. */
static void check_engine(const char *dir, Db *db)
{
    test_case("egdb: the engine scores a won ending as a database win and converts soonest");
    ShError err;
    Engine *e = engine_create(NULL, &err);
    CHECK(e != NULL);
    if (!e)
        return;
    CHECK_INT(engine_set_param(e, "egdb-path", dir, &err), SH_OK);
    /* two men and a king against a man and a king: 5 pieces */
    ShPosition pos;
    CHECK_INT(sh_fen_read("W:Wc3,e3,Kg1:Bf6,Kh8", &pos, &err), SH_OK);
    DbValue v;
    CHECK(!dbprobe_value(db, &pos, &v)); /* 5 pieces: not in a 4-piece build */
    CHECK_INT(sh_fen_read("W:Wc3,Ka1:Bf6,Kh8", &pos, &err), SH_OK);
    CHECK(dbprobe_value(db, &pos, &v) && v.result == DB_WIN && v.dtc > 1);
    EngineLimits l;
    engine_limits_default(&l);
    l.depth = 6;
    EngineResult r;
    CHECK_INT(engine_search(e, &pos, NULL, 0, &l, NULL, NULL, &r, &err), SH_OK);
    EngineEgdbValue verdict;
    CHECK(engine_egdb_probe(e, &pos, &verdict));
    CHECK_INT(verdict.result, v.result == DB_WIN ? 1 : v.result == DB_LOSS ? -1 : 0);
    CHECK_INT(verdict.pieces, 4);
    if (v.result == DB_WIN) {
        CHECK_MSG(engine_score_is_db(r.score) && r.score > 0, "score %d", r.score);
        ShPosition child;
        sh_position_play(&pos, &r.move, &child);
        DbValue cv = {DB_LOSS, 0};
        CHECK(!child.pieces[child.side] || (dbprobe_value(db, &child, &cv) && cv.result == DB_LOSS));
        /* the quickest conversion: the move's distance is the position's */
        int plies = r.move.captured || r.move.promotes ? 1 : cv.dtc + 1;
        CHECK_INT(plies, v.dtc);
    }
    CHECK(!engine_score_is_db(1234) && engine_score_plies(r.score) == 0);

    test_case("egdb: a drawn ending scores 0 and the engine keeps the draw");
    CHECK_INT(sh_fen_read("W:WKc1,Kh2:BKd4", &pos, &err), SH_OK); /* two kings against one */
    CHECK(dbprobe_value(db, &pos, &v) && v.result == DB_DRAW);
    CHECK_INT(engine_set_param(e, "egdb", "0", &err), SH_OK); /* not the kings-only tables */
    CHECK_INT(engine_search(e, &pos, NULL, 0, &l, NULL, NULL, &r, &err), SH_OK);
    CHECK_INT(r.score, 0);
    ShPosition child;
    sh_position_play(&pos, &r.move, &child);
    CHECK(dbprobe_value(db, &child, &v) && v.result == DB_DRAW);
    CHECK_INT(engine_set_param(e, "egdb", "1", &err), SH_OK);

    test_case("egdb: other games are not looked up");
    ShPosition other;
    CHECK_INT(sh_fen_read_variant("W:Wc3,Ka1:Bf6,Kh8", SH_VARIANT_BRAZILIAN, &other, &err), SH_OK);
    CHECK(!engine_egdb_probe(e, &other, &verdict));
    l.depth = 4;
    CHECK_INT(engine_search(e, &other, NULL, 0, &l, NULL, NULL, &r, &err), SH_OK);
    CHECK(!engine_score_is_db(r.score));
    CHECK(!dbprobe_value(db, &other, &v));
    /* international draughts: its squares would read as other squares of the 8x8 board */
    CHECK_INT(sh_fen_read_variant("W:W31,K46:B20,K5", SH_VARIANT_INTERNATIONAL, &other, &err),
              SH_OK);
    CHECK(!dbprobe_value(db, &other, &v) && !dbprobe_covers(db, &other));
    CHECK(!engine_egdb_probe(e, &other, &verdict));
    CHECK_INT(engine_search(e, &other, NULL, 0, &l, NULL, NULL, &r, &err), SH_OK);
    CHECK(!engine_score_is_db(r.score));

    test_case("egdb: a folder with no databases is refused, \"none\" plays without");
    CHECK(engine_set_param(e, "egdb-path", "/nonexistent-egdb-folder", &err) != SH_OK);
    CHECK(strstr(err.message, "/nonexistent-egdb-folder") != NULL);
    CHECK_INT(engine_set_param(e, "egdb-path", "none", &err), SH_OK);
    CHECK(!engine_egdb_probe(e, &pos, &verdict));
    engine_free(e);
}

/* The programs: analyse's verdict line, Hub's info lines, the conversion tool. */
static void check_programs(const char *dir)
{
    char cmd[2048], out[16384];
    test_case("egdb: analyse --egdb prints the databases' verdict and a database win");
    snprintf(cmd, sizeof cmd, "%s analyse --depth 3 --egdb '%s' 'W:Wc3,Ka1:Bf6,Kh8'",
             test_program(), dir);
    CHECK_INT(run(cmd, out, sizeof out), 0);
    CHECK_MSG(strncmp(out, "egdb win, conversion in ", 24) == 0, "%s", out);
    CHECK_MSG(strstr(out, "(4 pieces)\n") && strstr(out, "score win by database"), "%s", out);

    test_case("egdb: hub --egdb: the folder among the params, egdb= and egdb-hits= in info");
    char script[] = "/tmp/shashki-egdb-hub-XXXXXX";
    int fd = mkstemp(script);
    CHECK(fd >= 0);
    if (fd >= 0) {
        /* white: a man on c3 and a king on a1; black: a man on f6, a king on h8 */
        static const char LINES[] = "hub\ninit\npos pos=WeeeBeeeeeebeeeeeeeeeeweeeeeeWeee\n"
                                    "level depth=3\ngo think\n";
        CHECK(write(fd, LINES, sizeof LINES - 1) == (ssize_t)(sizeof LINES - 1));
        close(fd);
        snprintf(cmd, sizeof cmd, "%s hub --egdb '%s' < %s", test_program(), dir, script);
        CHECK_INT(run(cmd, out, sizeof out), 0);
        char want[4200];
        snprintf(want, sizeof want, "param name=egdb-path value=\"%s\" type=string", dir);
        CHECK_MSG(strstr(out, want) != NULL, "%s", out);
        CHECK_MSG(strstr(out, " egdb=win egdb-dtc=") && strstr(out, " egdb-hits="), "%s", out);
        CHECK_MSG(strstr(out, "done move=") != NULL, "%s", out);
        unlink(script);
    }

    test_case("egdb: 100 random won endings of 4 pieces won within the counts");
    snprintf(cmd, sizeof cmd, "%s egdb convert --dir '%s' --pieces 4 --positions 100 --nodes 3000",
             test_program(), dir);
    CHECK_INT(run(cmd, out, sizeof out), 0);
    CHECK_MSG(strncmp(out, "100 of 100 won positions of 4 pieces converted", 46) == 0, "%s", out);
}

/* Copy the slice files of up to `pieces` pieces from one folder into another (as a build
 * writes them: whole, under their own names). */
static void copy_slices(const char *from, const char *to, int pieces)
{
    DbSlice *slices;
    int count = dbbuild_slices(pieces, &slices);
    for (int i = 0; i < count; i++) {
        char src[4200], dst[4200];
        dbbuild_path(from, &slices[i], src, sizeof src);
        dbbuild_path(to, &slices[i], dst, sizeof dst);
        size_t size = 0;
        char *data = test_read_file(src, &size);
        FILE *f = data ? fopen(dst, "wb") : NULL;
        CHECK_MSG(f && fwrite(data, 1, size, f) == size, "%s", dst);
        if (f)
            fclose(f);
        free(data);
    }
    if (count > 0)
        free(slices);
}

/* Databases that a build finishes while the engines run (the web app's, egdb_task.h): after
 * dbprobe_refresh an engine takes them at its next search, whether it had fewer (2-3 pieces,
 * then 4) or none (a play engine given a folder still empty). */
static void check_refresh(const char *dir)
{
    char more[] = "/tmp/shashki-egdb-more-XXXXXX", none[] = "/tmp/shashki-egdb-none-XXXXXX";
    test_case("egdb: databases completed later are used from the engine's next search");
    CHECK(mkdtemp(more) && mkdtemp(none));
    copy_slices(dir, more, 3);
    ShError err;
    Engine *e = engine_create(NULL, &err);
    CHECK(e != NULL);
    if (!e)
        return;
    CHECK_INT(engine_set_param(e, "egdb-path", more, &err), SH_OK);
    ShPosition pos; /* a man and a king against a man and a king, won (check_engine) */
    CHECK_INT(sh_fen_read("W:Wc3,Ka1:Bf6,Kh8", &pos, &err), SH_OK);
    EngineLimits l;
    engine_limits_default(&l);
    l.depth = 4;
    EngineResult r;
    EngineEgdbValue verdict;
    CHECK_INT(engine_search(e, &pos, NULL, 0, &l, NULL, NULL, &r, &err), SH_OK);
    CHECK(!engine_egdb_probe(e, &pos, &verdict)); /* 4 pieces: not in 2-3 */
    CHECK(!engine_score_is_db(r.score));
    copy_slices(dir, more, 4);
    CHECK(!engine_egdb_probe(e, &pos, &verdict)); /* the folder as it was listed */
    unsigned generation = dbprobe_generation();
    dbprobe_refresh(more);
    CHECK_INT(dbprobe_generation(), generation + 1);
    CHECK_INT(engine_search(e, &pos, NULL, 0, &l, NULL, NULL, &r, &err), SH_OK);
    CHECK(engine_egdb_probe(e, &pos, &verdict));
    CHECK_INT(verdict.result, 1);
    CHECK_INT(verdict.pieces, 4);
    CHECK_MSG(engine_score_is_db(r.score) && r.score > 0, "score %d", r.score);

    test_case("egdb: a play engine given a folder with no databases yet takes them once built");
    PlayEngineOptions po = {.egdb = none};
    PlayEngine *pe = play_engine_create(&po, &err);
    ShPlay *play = NULL;
    ShPlayOptions start = {.start = "W:Wc3,Ka1:Bf6,Kh8"};
    CHECK_INT(sh_play_new(&play, sh_kind_find("russian"), &start, &err), SH_OK);
    PlayLimits pl = {.depth = 4, .time_left = -1}; /* no clock */
    PlayChoice c;
    memset(&c, 0, sizeof c);
    CHECK(pe && play && play_engine_search(pe, play, &pl, &c, &err) == SH_OK && c.has_move);
    CHECK_MSG(!engine_score_is_db(c.score), "score %d", c.score);
    copy_slices(dir, none, 4);
    dbprobe_refresh(none);
    memset(&c, 0, sizeof c);
    CHECK(pe && play && play_engine_search(pe, play, &pl, &c, &err) == SH_OK && c.has_move);
    CHECK_MSG(engine_score_is_db(c.score) && c.score > 0, "score %d", c.score);
    sh_play_free(play);
    play_engine_free(pe);
    engine_free(e);
    remove_dir(more);
    remove_dir(none);
}

static void build_and_verify(const char *dir, int pieces)
{
    test_case("egdb: build every ending of up to %d pieces", pieces);
    DbBuildOptions o = {.pieces = pieces, .dir = dir, .threads = 2,
                        .variant = SH_VARIANT_RUSSIAN, .memory_mb = 512};
    ShError err;
    CHECK_INT(dbbuild_run(&o, &err), SH_OK);

    test_case("egdb: a second build finds every slice of up to %d pieces done", pieces);
    DbSlice *slices;
    int count = dbbuild_slices(pieces, &slices);
    int done = 0;
    for (int i = 0; i < count; i++)
        done += dbbuild_done(dir, &slices[i]);
    CHECK_INT(done, count);
    free(slices);

    test_case("egdb: every value of up to %d pieces agrees with its successors and a plain "
              "search", pieces);
    DbVerifyOptions vo = {dir, pieces, 500, 2, stderr};
    DbVerifyResult r;
    CHECK_INT(dbverify_run(&vo, &r, &err), SH_OK);
    CHECK(r.positions > (pieces == 4 ? 6000000u : 140000000u));
    CHECK_INT(r.mismatches, 0);
    CHECK_INT(r.sample_mismatches, 0);
    CHECK(r.proven > 0);
}

void suite_egdb(void)
{
    char dir[] = "/tmp/shashki-egdb-XXXXXX";
    if (!mkdtemp(dir)) {
        test_case("egdb: a temporary folder");
        CHECK(false);
        return;
    }
    build_and_verify(dir, 4);

    test_case("egdb: a plain exhaustive solver agrees on every position of up to 3 pieces and "
              "of three kings against one");
    uint64_t checked, mismatches, wins;
    egdb_plain_check(dir, &checked, &mismatches, &wins);
    CHECK_INT(mismatches, 0);
    CHECK(checked > 600000);
    CHECK(wins > 100000);

    ShError err;
    Db *db = dbprobe_open(dir, 8, &err);
    CHECK(db != NULL);
    check_known_endings(db);
    if (db)
        check_engine(dir, db);
    dbprobe_close(db);
    check_refresh(dir);
    check_programs(dir);

    if (test_slow()) {
        build_and_verify(dir, 5);
        test_case("egdb: 200 random won endings of 5 pieces won within the counts");
        char cmd[2048], out[16384];
        snprintf(cmd, sizeof cmd, "%s egdb convert --dir '%s' --pieces 5 --positions 200",
                 test_program(), dir);
        CHECK_INT(run(cmd, out, sizeof out), 0);
        CHECK_MSG(strncmp(out, "200 of 200 won positions of 5 pieces", 36) == 0, "%s", out);
    }
    remove_dir(dir);
}
