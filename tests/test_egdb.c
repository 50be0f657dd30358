/* test_egdb.c - the endgame databases: built to 4 pieces in a temporary folder, every value
 * checked against its successors, and known endings from tests/data/egdb_positions.txt. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "egdb/dbbuild.h"
#include "egdb/dbfile.h"
#include "egdb/dbprobe.h"
#include "egdb/dbverify.h"
#include "test.h"

static void remove_dir(const char *dir)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", dir);
}

void suite_egdb(void)
{
    char dir[] = "/tmp/shashki-egdb-XXXXXX";
    if (!mkdtemp(dir)) {
        test_case("egdb: a temporary folder");
        CHECK(false);
        return;
    }
    test_case("egdb: build every ending of up to 4 pieces");
    DbBuildOptions o = {4, dir, 2, SH_VARIANT_RUSSIAN, 256, NULL};
    ShError err;
    CHECK_INT(dbbuild_run(&o, &err), SH_OK);

    test_case("egdb: a second build finds every slice done and rebuilds none");
    DbSlice *slices;
    int count = dbbuild_slices(4, &slices);
    int done = 0;
    for (int i = 0; i < count; i++)
        done += dbbuild_done(dir, &slices[i]);
    CHECK_INT(done, count);
    free(slices);

    test_case("egdb: every value agrees with its successors and a plain search");
    DbVerifyOptions vo = {dir, 0, 500, 2, stderr};
    DbVerifyResult r;
    CHECK_INT(dbverify_run(&vo, &r, &err), SH_OK);
    CHECK(r.positions > 6000000);
    CHECK_INT(r.mismatches, 0);
    CHECK_INT(r.sample_mismatches, 0);
    CHECK(r.proven > 0);

    Db *db = dbprobe_open(dir, 8, &err);
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
        CHECK_INT(sh_fen_read(line, &pos, &err), SH_OK);
        DbValue v;
        CHECK(dbprobe_value(db, &pos, &v));
        static const char *NAMES[] = {"draw", "win", "loss", "?"};
        CHECK_STR(NAMES[v.result & 3], want);
    }
    CHECK(text != NULL);
    free(text);
    dbprobe_close(db);
    remove_dir(dir);
}
