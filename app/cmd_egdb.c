/* cmd_egdb.c - shashki egdb: build, list, check and probe the endgame databases. */
#include <inttypes.h>
#include <time.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "engine.h"
#include "egdb/dbbuild.h"
#include "egdb/dbfile.h"
#include "egdb/dbmpi.h"
#include "egdb/dbprobe.h"
#include "egdb/dbverify.h"

static const char HELP[] =
    "usage: shashki egdb build --pieces N [--dir DIR] [--threads T] [--memory MB] [--mpi]\n"
    "       shashki egdb info [DIR]\n"
    "       shashki egdb verify [DIR] [--pieces N] [--sample K] [--threads T]\n"
    "       shashki egdb probe [--dir DIR] [--numeric|--algebraic] FEN\n"
    "       shashki egdb convert [--dir DIR] [--pieces N] [--positions K] [--nodes N]\n"
    "                            [--min-dtc D] [--seed S]\n"
    "       shashki egdb bench [--dir DIR] [--probes N] [--seed S]\n"
    "\n"
    "Endgame databases: the value (win, draw or loss for the side to move) of every position\n"
    "of up to N pieces, men and kings, solved by retrograde analysis under the rules of the\n"
    "library; up to 5 pieces also the plies to the next capture or crowning (the conversion)\n"
    "with best play. DIR defaults to $SHASHKI_EGDB, else the folder egdb beside the program\n"
    "(build/egdb for build/shashki: make builds 4 pieces there, shashki serve completes them\n"
    "to 5 in the background, make egdb6 to 6).\n"
    "\n"
    "  build   solve every slice (a material and the leading ranks of its men) not yet in DIR;\n"
    "          a killed build resumes where it stopped. --threads T builds T slices at once;\n"
    "          --memory MB caps the tables kept loaded for lookups (default 4096). With\n"
    "          --mpi, under mpirun -np K: rank 0 hands out slices, the others build them\n"
    "          (DIR must be shared); the files are the same as a build on one machine.\n"
    "  info    each slice: its positions, wins, draws, losses and bytes on disk; the totals.\n"
    "  verify  every stored value against the values of its successors (win: a successor\n"
    "          lost; loss: all won; and the distances), then a sample of K positions (default\n"
    "          1000) against a plain search. Exit status 1 on any mismatch.\n"
    "  probe   the value of a position, and its conversion distance where stored, and the\n"
    "          databases' best move.\n"
    "  convert K random positions of N pieces (default 200 of 5) that the databases call won\n"
    "          (with a conversion at least D plies away, default 0, and no further than the\n"
    "          arbiter's counts allow),\n"
    "          each played out under the arbiter's counts: the engine (with the databases,\n"
    "          N nodes a move, default 20000) for the winner against the databases' best\n"
    "          defence. A line per game that is not won, then the count; exit status 1 unless\n"
    "          every one is won.\n"
    "  bench   probe speed over N random positions (default 20000): warm (their blocks\n"
    "          cached), cold (a block read and decompressed) and from the disk.\n";

static const char *default_dir(void)
{
    return cli_egdb_default();
}

static int egdb_build(int argc, char **argv)
{
    DbBuildOptions o = {.dir = default_dir(), .threads = 1, .variant = SH_VARIANT_RUSSIAN,
                        .log = stdout};
    bool mpi = false;
    for (int i = 1; i < argc; i++) {
        long v;
        if (strcmp(argv[i], "--pieces") == 0 && i + 1 < argc) {
            if (!cli_parse_int(argv[++i], 2, 7, "--pieces", &v))
                return 2;
            o.pieces = (int)v;
        } else if (strcmp(argv[i], "--dir") == 0 && i + 1 < argc) {
            o.dir = argv[++i];
        } else if (strcmp(argv[i], "--threads") == 0 && i + 1 < argc) {
            if (!cli_parse_int(argv[++i], 1, 64, "--threads", &v))
                return 2;
            o.threads = (int)v;
        } else if (strcmp(argv[i], "--memory") == 0 && i + 1 < argc) {
            if (!cli_parse_int(argv[++i], 64, 1 << 20, "--memory", &v))
                return 2;
            o.memory_mb = (size_t)v;
        } else if (strcmp(argv[i], "--mpi") == 0) {
            mpi = true;
        } else {
            cli_error("egdb build: unknown argument '%s' (see shashki egdb --help)", argv[i]);
            return 2;
        }
    }
    if (!o.pieces) {
        cli_error("egdb build needs --pieces N (2 to 7)");
        return 2;
    }
    ShError err;
    memset(&err, 0, sizeof err);
    ShStatus st = mpi ? dbmpi_build(&o, &err) : dbbuild_run(&o, &err);
    if (st != SH_OK) {
        cli_error("egdb build: %s", err.message);
        return 1;
    }
    return 0;
}

static int egdb_info(int argc, char **argv)
{
    const char *dir = default_dir();
    for (int i = 1; i < argc; i++) {
        if (argv[i][0] == '-') {
            cli_error("egdb info: unknown argument '%s'", argv[i]);
            return 2;
        }
        dir = argv[i];
    }
    ShError err;
    DbInfo *info = dbprobe_info(dir, &err);
    if (!info) {
        cli_error("egdb info: %s", err.message);
        return 1;
    }
    printf("%-16s %6s %14s %14s %14s %14s %12s\n", "slice", "pieces", "positions", "wins",
           "draws", "losses", "bytes");
    uint64_t tot[5] = {0};
    uint64_t by_pieces[DB_MAX_PIECES + 1][5];
    memset(by_pieces, 0, sizeof by_pieces);
    for (int i = 0; i < info->count; i++) {
        const DbInfoSlice *s = &info->slices[i];
        printf("%-16s %6d %14" PRIu64 " %14" PRIu64 " %14" PRIu64 " %14" PRIu64 " %12" PRIu64
               "\n",
               s->name, s->pieces, s->positions, s->wins, s->draws, s->losses, s->bytes);
        uint64_t v[5] = {s->positions, s->wins, s->draws, s->losses, s->bytes};
        for (int k = 0; k < 5; k++) {
            tot[k] += v[k];
            by_pieces[s->pieces][k] += v[k];
        }
    }
    for (int p = 2; p <= DB_MAX_PIECES; p++)
        if (by_pieces[p][0])
            printf("%-9s %d pieces %14" PRIu64 " %14" PRIu64 " %14" PRIu64 " %14" PRIu64
                   " %12" PRIu64 "\n",
                   "total", p, by_pieces[p][0], by_pieces[p][1], by_pieces[p][2],
                   by_pieces[p][3], by_pieces[p][4]);
    printf("%-16s %6s %14" PRIu64 " %14" PRIu64 " %14" PRIu64 " %14" PRIu64 " %12" PRIu64
           "\n",
           "total", "", tot[0], tot[1], tot[2], tot[3], tot[4]);
    printf("%d slices in %s\n", info->count, dir);
    dbprobe_info_free(info);
    return 0;
}

static int egdb_verify(int argc, char **argv)
{
    DbVerifyOptions o = {default_dir(), 0, 1000, 1, stdout};
    for (int i = 1; i < argc; i++) {
        long v;
        if (strcmp(argv[i], "--pieces") == 0 && i + 1 < argc) {
            if (!cli_parse_int(argv[++i], 2, DB_MAX_PIECES, "--pieces", &v))
                return 2;
            o.pieces = (int)v;
        } else if (strcmp(argv[i], "--sample") == 0 && i + 1 < argc) {
            if (!cli_parse_int(argv[++i], 0, 100000000, "--sample", &v))
                return 2;
            o.sample = (int)v;
        } else if (strcmp(argv[i], "--threads") == 0 && i + 1 < argc) {
            if (!cli_parse_int(argv[++i], 1, 64, "--threads", &v))
                return 2;
            o.threads = (int)v;
        } else if (argv[i][0] != '-') {
            o.dir = argv[i];
        } else {
            cli_error("egdb verify: unknown argument '%s' (see shashki egdb --help)", argv[i]);
            return 2;
        }
    }
    ShError err;
    DbVerifyResult r;
    if (dbverify_run(&o, &r, &err) != SH_OK) {
        cli_error("egdb verify: %s", err.message);
        return 1;
    }
    printf("consistency: %d slices, %" PRIu64 " positions checked, %" PRIu64 " mismatches\n",
           r.slices, r.positions, r.mismatches);
    printf("search: %d positions sampled, %d proven by the search, %d mismatches\n", r.sampled,
           r.proven, r.sample_mismatches);
    bool ok = r.mismatches == 0 && r.sample_mismatches == 0 && r.slices > 0;
    printf("%s\n", ok ? "verified" : "MISMATCH");
    return ok ? 0 : 1;
}

/* The thread's processor time: on a loaded machine the wall clock would count other programs'
 * turns. */
static double seconds_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Probe speed: random positions of the folder, warm (their blocks in the cache), cold (the
 * block cache emptied before each probe, the files in the system's cache) and from the disk
 * (the files' pages dropped too). */
static int egdb_bench(int argc, char **argv)
{
    const char *dir = default_dir();
    long count = 20000, seed = 1;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--dir") == 0 && i + 1 < argc) {
            dir = argv[++i];
        } else if (strcmp(argv[i], "--probes") == 0 && i + 1 < argc) {
            if (!cli_parse_int(argv[++i], 1, 10000000, "--probes", &count))
                return 2;
        } else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc) {
            if (!cli_parse_int(argv[++i], 0, 1000000000L, "--seed", &seed))
                return 2;
        } else {
            cli_error("egdb bench: unknown argument '%s' (see shashki egdb --help)", argv[i]);
            return 2;
        }
    }
    ShError err;
    Db *db = dbprobe_open(dir, 256, &err);
    if (!db) {
        cli_error("egdb bench: %s", err.message);
        return 1;
    }
    DbSlice *slices = NULL;
    int n = dbbuild_slices(dbprobe_max_pieces(db), &slices);
    uint64_t total = 0;
    for (int i = 0; i < n; i++)
        if (dbprobe_has_table(db, &slices[i].t[0]))
            total += slices[i].positions;
    ShPosition *pos = malloc(sizeof *pos * (size_t)count);
    long got = 0;
    uint64_t state = (uint64_t)seed * 2654435761u + 7;
    for (long tries = 0; pos && total && got < count && tries < 100 * count; tries++) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        uint64_t at = (state >> 11) % total;
        for (int i = 0; i < n; i++) {
            if (!dbprobe_has_table(db, &slices[i].t[0]))
                continue;
            if (at >= slices[i].positions) {
                at -= slices[i].positions;
                continue;
            }
            uint64_t size = dbindex_size(&slices[i].t[0]);
            int t = at >= size ? 1 : 0;
            if (dbindex_unrank(&slices[i].t[t], at - (uint64_t)t * size, SH_VARIANT_RUSSIAN,
                               &pos[got]))
                got++;
            break;
        }
    }
    DbValue v;
    double warm = 0, cold = 0, disk = 0;
    uint64_t warm_probes = 0, warm_reads = 0;
    for (int pass = 0; pass < 2; pass++) { /* the first fills the cache */
        uint64_t p0, r0;
        dbprobe_stats(db, &p0, &r0);
        double start = seconds_now();
        for (long i = 0; i < got; i++)
            dbprobe_value(db, &pos[i], &v);
        warm = seconds_now() - start;
        dbprobe_stats(db, &warm_probes, &warm_reads);
        warm_probes -= p0;
        warm_reads -= r0;
    }
    /* Cold: a cache of the smallest size, so that nearly every probe reads its blocks; the
     * time is divided by the block reads. From the disk: the files' pages dropped before each
     * of a few hundred probes. */
    Db *small = dbprobe_open(dir, 1, &err);
    uint64_t probes = 0, reads = 0, disk_reads = 0;
    long kd = got < 500 ? got : 500;
    if (small) {
        for (long i = 0; i < got; i++) /* opens the files and reads their indexes */
            dbprobe_value(small, &pos[i], &v);
        uint64_t p0, r0;
        dbprobe_stats(small, &p0, &r0);
        double start = seconds_now();
        for (long i = 0; i < got; i++)
            dbprobe_value(small, &pos[i], &v);
        cold = seconds_now() - start;
        dbprobe_stats(small, &probes, &reads);
        probes -= p0;
        reads -= r0;
        r0 += reads;
        for (long i = 0; i < kd; i++) {
            dbprobe_evict(small);
            struct timespec t0, t1;
            clock_gettime(CLOCK_MONOTONIC, &t0);
            dbprobe_value(small, &pos[i], &v);
            clock_gettime(CLOCK_MONOTONIC, &t1);
            disk += (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
        }
        uint64_t p2;
        dbprobe_stats(small, &p2, &disk_reads);
        disk_reads -= r0;
        dbprobe_close(small);
    }
    if (got)
        printf("%ld random positions of up to %d pieces in %s:\n"
               "  warm  %8.0f ns a probe (its blocks in the cache, %.3f reads a probe; processor "
               "time)\n"
               "  cold  %8.0f ns a block read and decompressed (%.2f reads a probe, the files "
               "in the system's cache; processor time)\n"
               "  disk  %8.0f ns a probe with the files' pages dropped (%ld probes, %.2f "
               "reads a probe; wall clock)\n",
               got, dbprobe_max_pieces(db), dir, warm / (double)got * 1e9,
               warm_probes ? (double)warm_reads / (double)warm_probes : 0.0,
               reads ? cold / (double)reads * 1e9 : 0.0,
               probes ? (double)reads / (double)probes : 0.0,
               kd ? disk / (double)kd * 1e9 : 0.0, kd,
               kd ? (double)disk_reads / (double)kd : 0.0);
    free(pos);
    free(slices);
    dbprobe_close(db);
    return got ? 0 : 1;
}

static int egdb_probe(int argc, char **argv)
{
    const char *dir = default_dir(), *fen = NULL;
    CliNotation notation = CLI_NOTATION_USUAL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--dir") == 0 && i + 1 < argc)
            dir = argv[++i];
        else if (cli_notation_option(argv[i], &notation))
            continue;
        else if (argv[i][0] != '-' && !fen)
            fen = argv[i];
        else {
            cli_error("egdb probe: unknown argument '%s' (see shashki egdb --help)", argv[i]);
            return 2;
        }
    }
    if (!fen) {
        cli_error("egdb probe needs a FEN");
        return 2;
    }
    ShPosition pos;
    if (!cli_read_fen(fen, &pos))
        return 2;
    ShError err;
    Db *db = dbprobe_open(dir, 16, &err);
    if (!db) {
        cli_error("egdb probe: %s", err.message);
        return 1;
    }
    DbValue v;
    int status = 0;
    if (!pos.pieces[pos.side]) {
        printf("loss (the side to move has no pieces)\n");
    } else if (!pos.pieces[pos.side ^ 1]) {
        printf("win (the other side has no pieces)\n");
    } else if (!dbprobe_value(db, &pos, &v)) {
        cli_error("egdb probe: the position is not in the databases of %s", dir);
        status = 1;
    } else {
        static const char *NAMES[] = {"draw", "win", "loss"};
        printf("%s", NAMES[v.result]);
        if (v.dtc >= 0 && v.result != DB_DRAW)
            printf(", conversion in %d plies", v.dtc);
        ShMove m;
        if (v.result != DB_DRAW || v.dtc >= 0) {
            if (dbprobe_best_move(db, &pos, &m)) {
                char text[SH_MOVE_TEXT_SIZE];
                if (sh_move_write(&pos, &m,
                                  cli_notation_flags(cli_kind_default(), notation,
                                                     SH_NOTATION_FULL),
                                  text, NULL) == SH_OK)
                    printf(" (best %s)", text);
            }
        }
        printf("\n");
    }
    dbprobe_close(db);
    return status;
}

/* The plies the arbiter's counts leave a game that starts at `pos` (a large number if none
 * applies). */
static int fresh_counts(const ShPosition *pos)
{
    ShGame *g;
    if (sh_game_new(&g, pos, NULL, NULL) != SH_OK)
        return 0;
    ShDrawCount c[4];
    int n = sh_game_draw_counts(g, c), left = 1000;
    for (int i = 0; i < n; i++)
        if (c[i].limit - c[i].plies < left)
            left = c[i].limit - c[i].plies;
    sh_game_free(g);
    return left;
}

/* A random position of `pieces` pieces that the databases call won for the side to move, with
 * a conversion at least min_dtc plies away that the counts leave room for (*beyond counts the
 * won positions passed over because their conversion is further than the counts allow). */
static bool random_won(Db *db, const DbSlice *slices, int count, int pieces, int min_dtc,
                       uint64_t *seed, ShPosition *out, int *beyond)
{
    uint64_t total = 0;
    for (int i = 0; i < count; i++)
        if (dbindex_pieces(&slices[i].t[0]) == pieces)
            total += slices[i].positions;
    for (int tries = 0; total && tries < 1000000; tries++) {
        *seed = *seed * 6364136223846793005ULL + 1442695040888963407ULL;
        uint64_t at = (*seed >> 11) % total;
        for (int i = 0; i < count; i++) {
            const DbSlice *s = &slices[i];
            if (dbindex_pieces(&s->t[0]) != pieces)
                continue;
            if (at >= s->positions) {
                at -= s->positions;
                continue;
            }
            uint64_t size = dbindex_size(&s->t[0]);
            int t = at >= size ? 1 : 0;
            DbValue v;
            if (dbindex_unrank(&s->t[t], at - (uint64_t)t * size, SH_VARIANT_RUSSIAN, out) &&
                dbprobe_value(db, out, &v) && v.result == DB_WIN && v.dtc >= min_dtc) {
                out->key = sh_position_hash(out);
                if (v.dtc <= fresh_counts(out))
                    return true;
                (*beyond)++;
            }
            break;
        }
    }
    return false;
}

/* Play one game from a won position: the engine for the winner, the databases' best defence
 * for the loser, the arbiter deciding. Returns the result for the side that began. */
static ShResult convert_one(Engine *e, Db *db, const ShPosition *start, uint64_t nodes,
                            ShReason *reason, int *plies)
{
    ShGame *g;
    ShError err;
    if (sh_game_new(&g, start, NULL, &err) != SH_OK)
        return SH_RESULT_NONE;
    engine_clear(e);
    int winner = start->side;
    ShResult r = SH_RESULT_NONE;
    ShPosition history[512];
    while ((r = sh_game_result(g, reason)) == SH_RESULT_NONE && sh_game_ply_count(g) < 500) {
        const ShPosition *pos = sh_game_position(g);
        ShMove m;
        int n = sh_game_ply_count(g);
        if (pos->side == winner) {
            for (int i = 0; i < n && i < 512; i++)
                history[i] = *sh_game_position_at(g, i);
            EngineLimits l;
            engine_limits_default(&l);
            l.nodes = nodes;
            EngineResult res;
            if (engine_search(e, pos, history, n < 512 ? n : 512, &l, NULL, NULL, &res, &err) !=
                    SH_OK ||
                !res.has_move)
                break;
            m = res.move;
        } else if (!dbprobe_best_move(db, pos, &m)) {
            break;
        }
        if (sh_game_play(g, &m, &err) != SH_OK)
            break;
    }
    *plies = sh_game_ply_count(g);
    sh_game_free(g);
    if (r == SH_RESULT_NONE)
        return r;
    if (r == SH_RESULT_DRAW)
        return r;
    return (r == SH_RESULT_WHITE_WINS) == (winner == SH_WHITE) ? SH_RESULT_WHITE_WINS
                                                                : SH_RESULT_BLACK_WINS;
}

static int egdb_convert(int argc, char **argv)
{
    const char *dir = default_dir();
    long pieces = 5, positions = 200, nodes = 20000, seed = 1, min_dtc = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--dir") == 0 && i + 1 < argc) {
            dir = argv[++i];
        } else if (strcmp(argv[i], "--pieces") == 0 && i + 1 < argc) {
            if (!cli_parse_int(argv[++i], 2, DB_MAX_PIECES, "--pieces", &pieces))
                return 2;
        } else if (strcmp(argv[i], "--positions") == 0 && i + 1 < argc) {
            if (!cli_parse_int(argv[++i], 1, 1000000, "--positions", &positions))
                return 2;
        } else if (strcmp(argv[i], "--nodes") == 0 && i + 1 < argc) {
            if (!cli_parse_int(argv[++i], 1, 1000000000L, "--nodes", &nodes))
                return 2;
        } else if (strcmp(argv[i], "--min-dtc") == 0 && i + 1 < argc) {
            if (!cli_parse_int(argv[++i], 0, 255, "--min-dtc", &min_dtc))
                return 2;
        } else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc) {
            if (!cli_parse_int(argv[++i], 0, 1000000000L, "--seed", &seed))
                return 2;
        } else {
            cli_error("egdb convert: unknown argument '%s' (see shashki egdb --help)", argv[i]);
            return 2;
        }
    }
    ShError err;
    Db *db = dbprobe_open(dir, 64, &err);
    if (!db) {
        cli_error("egdb convert: %s", err.message);
        return 1;
    }
    if (dbprobe_pieces(db) < pieces) {
        cli_error("egdb convert: %s does not hold every ending of %ld pieces", dir, pieces);
        dbprobe_close(db);
        return 1;
    }
    Engine *e = engine_create(NULL, &err);
    DbSlice *slices = NULL;
    int count = dbbuild_slices((int)pieces, &slices);
    if (!e || count < 0 || engine_set_param(e, "egdb-path", dir, &err) != SH_OK) {
        cli_error("egdb convert: %s", e ? err.message : "cannot start the engine");
        engine_free(e);
        free(slices);
        dbprobe_close(db);
        return 1;
    }
    uint64_t state = (uint64_t)seed * 2654435761u + 1;
    int won = 0, played = 0, beyond = 0;
    long total_plies = 0;
    for (long k = 0; k < positions; k++) {
        ShPosition start;
        if (!random_won(db, slices, count, (int)pieces, (int)min_dtc, &state, &start, &beyond))
            break;
        ShReason reason = SH_REASON_NONE;
        int plies = 0;
        ShResult r = convert_one(e, db, &start, (uint64_t)nodes, &reason, &plies);
        played++;
        total_plies += plies;
        char fen[SH_FEN_SIZE];
        sh_fen_write(&start, false, fen);
        if (r == SH_RESULT_WHITE_WINS) {
            won++;
        } else {
            DbValue v;
            dbprobe_value(db, &start, &v);
            printf("not won: %s (conversion in %d plies): %s after %d plies\n", fen, v.dtc,
                   r == SH_RESULT_DRAW ? sh_reason_name(reason) : "no result", plies);
        }
    }
    printf("%d of %d won positions of %ld pieces converted within the counts (%.1f plies a game "
           "on average, %ld nodes a move); %d won positions passed over, their conversion "
           "further than the counts allow\n",
           won, played, pieces, played ? (double)total_plies / played : 0.0, nodes, beyond);
    engine_free(e);
    free(slices);
    dbprobe_close(db);
    return played == positions && won == played ? 0 : 1;
}

int cmd_egdb(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        fputs(HELP, argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    if (cli_wants_help(argc - 1, argv + 1)) {
        fputs(HELP, stdout);
        return 0;
    }
    const char *sub = argv[1];
    if (strcmp(sub, "build") == 0)
        return egdb_build(argc - 1, argv + 1);
    if (strcmp(sub, "info") == 0)
        return egdb_info(argc - 1, argv + 1);
    if (strcmp(sub, "verify") == 0)
        return egdb_verify(argc - 1, argv + 1);
    if (strcmp(sub, "probe") == 0)
        return egdb_probe(argc - 1, argv + 1);
    if (strcmp(sub, "convert") == 0)
        return egdb_convert(argc - 1, argv + 1);
    if (strcmp(sub, "bench") == 0)
        return egdb_bench(argc - 1, argv + 1);
    cli_error("egdb: unknown command '%s' (build, info, verify, probe, convert, bench)", sub);
    return 2;
}
