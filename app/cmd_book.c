/* cmd_book.c - shashki book: build the opening book, describe it, probe a position.
 *
 * The build searches, in order, the positions of the first N plies from the start (the
 * engine's best moves and the moves played in the game collections lead from one ply to the
 * next) and the positions of the ballots (IDF-64, FMJD-64 moves and set-ups). Each search is
 * from a cleared engine with one thread, so a position's entry does not depend on what was
 * searched before it, and a build stopped and run again gives the same book. */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "book.h"
#include "cli.h"
#include "engine.h"
#include "engine_text.h"

static const char HELP[] =
    "usage: shashki book build [--out FILE] [--depth D | --time S] [--plies N] [--multipv K]\n"
    "                          [--ballots all|idf|fmjd|none] [--ballot-plies N]\n"
    "                          [--game-plies N] [--hash MB]\n"
    "                          [--games PDN...]\n"
    "       shashki book info FILE\n"
    "       shashki book probe FILE FEN [--numeric|--algebraic]\n"
    "\n"
    "The opening book (docs/book.md). FILE 'built-in' is the book built into the program.\n"
    "\n"
    "build: search the positions of the first N plies from the start (the engine's best move\n"
    "and every move played in the games lead on) and after each ballot (IDF-64 and FMJD-64),\n"
    "the K best moves of each position to depth D and each other move played in the games to\n"
    "depth D - 1, and count the games' moves and results in their first plies. The book is\n"
    "written after every position: run it again to continue where it stopped (positions\n"
    "searched at depth D or deeper are kept). Runs on one thread; start it under nice.\n"
    "\n"
    "  --out FILE        the book (default book.bin)\n"
    "  --depth D         search depth (default 16)\n"
    "  --time S          seconds a position instead of a depth\n"
    "  --plies N         plies from the start position (default 6)\n"
    "  --ballots SET     the ballots searched: all (the default), idf, fmjd (its move ballots\n"
    "                    and set-ups) or none\n"
    "  --ballot-plies N  plies to follow from each ballot's position (default 0)\n"
    "  --multipv K       best moves searched in each position (default 3)\n"
    "  --game-plies N    plies of each game counted (default 40)\n"
    "  --hash MB         transposition table (default 64)\n"
    "  --games PDN...    game collections (default: the .pdn files of tests/data/games and\n"
    "                    data/games, where present); the rest of the arguments\n"
    "\n"
    "info: positions, how many searched and to what depth, moves, games counted.\n"
    "probe: the moves the book holds for FEN ('start' for the start), best first: score,\n"
    "depth, and the games with the results for the side to move (W/D/L).\n";

/* ---- reading the collections ---- */

/* Count the games of one collection into the book; returns the games counted. */
static int count_collection(Book *book, const char *path, int plies)
{
    size_t size;
    char *text = cli_read_file(path, &size);
    if (!text) {
        cli_error("cannot read '%s'", path);
        return -1;
    }
    ShPdnReader reader;
    sh_pdn_reader_init(&reader, text, size, NULL);
    int games = 0;
    for (;;) {
        ShGame *game = NULL;
        ShError err;
        ShStatus st = sh_pdn_read_next(&reader, &game, NULL, &err);
        if (st == SH_OK && !game)
            break;
        if (st == SH_OK && book_count_game(book, game, plies) > 0)
            games++;
        sh_game_free(game);
        if (reader.offset >= size)
            break;
    }
    free(text);
    return games;
}

static int compare_strings(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The .pdn files of a folder, sorted, appended to list. */
static void folder_pdns(const char *dir, char ***list, int *count)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    int start = *count;
    struct dirent *ent;
    while ((ent = readdir(d))) {
        size_t n = strlen(ent->d_name);
        if (n < 5 || strcmp(ent->d_name + n - 4, ".pdn") != 0)
            continue;
        char **bigger = realloc(*list, sizeof **list * (size_t)(*count + 1));
        if (!bigger)
            break;
        *list = bigger;
        size_t len = strlen(dir) + n + 2;
        (*list)[*count] = malloc(len);
        snprintf((*list)[*count], len, "%s/%s", dir, ent->d_name);
        (*count)++;
    }
    closedir(d);
    qsort(*list + start, (size_t)(*count - start), sizeof **list, compare_strings);
}

/* ---- the work list ---- */

typedef struct Work {
    ShPosition pos;
    int ply;          /* plies from the start or from the ballot */
    char name[40];    /* "start", "start +3", "IDF 1-III" */
} Work;

typedef struct Build {
    Book *book;
    Engine *engine;
    const char *out;
    int depth;
    double time;
    int multipv;
    Work *work;
    int count, capacity;
    uint64_t *seen; /* book keys queued, open addressing; 0 = empty */
    uint64_t seen_mask;
    int searched, skipped;
    double cpu;
} Build;

static double cpu_seconds(void)
{
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return (double)u.ru_utime.tv_sec + (double)u.ru_utime.tv_usec / 1e6 +
           (double)u.ru_stime.tv_sec + (double)u.ru_stime.tv_usec / 1e6;
}

/* Queue a position unless it is queued already (or has no move). */
static bool queue(Build *b, const ShPosition *pos, int ply, const char *name)
{
    if (sh_moves_count(pos) == 0)
        return true;
    uint64_t key = book_key(pos) | 1;
    if ((uint64_t)(b->count + 1) * 2 > b->seen_mask + 1) {
        uint64_t mask = b->seen_mask ? b->seen_mask * 2 + 1 : 4095;
        uint64_t *seen = calloc(mask + 1, sizeof *seen);
        if (!seen)
            return false;
        for (uint64_t i = 0; b->seen && i <= b->seen_mask; i++) {
            if (!b->seen[i])
                continue;
            uint64_t j = b->seen[i] & mask;
            while (seen[j])
                j = (j + 1) & mask;
            seen[j] = b->seen[i];
        }
        free(b->seen);
        b->seen = seen;
        b->seen_mask = mask;
    }
    uint64_t j = key & b->seen_mask;
    while (b->seen[j]) {
        if (b->seen[j] == key)
            return true;
        j = (j + 1) & b->seen_mask;
    }
    b->seen[j] = key;
    if (b->count == b->capacity) {
        int cap = b->capacity ? b->capacity * 2 : 1024;
        Work *w = realloc(b->work, sizeof *w * (size_t)cap);
        if (!w)
            return false;
        b->work = w;
        b->capacity = cap;
    }
    Work *w = &b->work[b->count++];
    w->pos = *pos;
    w->ply = ply;
    snprintf(w->name, sizeof w->name, "%s", name);
    return true;
}

/* The score of the move leading to a position scored `child` for its side to move. */
static int negate(int child)
{
    if (engine_score_is_win(child) && !engine_score_is_db(child))
        return -child + 1;
    if (engine_score_is_loss(child) && !engine_score_is_db(child))
        return -child - 1;
    return -child;
}

typedef struct Lines {
    EngineInfo *lines;
    int count;
    int depth;
} Lines;

static void on_info(const EngineInfo *info, void *user)
{
    Lines *l = user;
    if (info->bound != ENGINE_BOUND_EXACT || info->multipv < 1 || info->pv_length < 1 ||
        info->multipv > ENGINE_MAX_MULTIPV)
        return;
    if (info->depth > l->depth) {
        l->depth = info->depth;
        l->count = 0;
    }
    if (info->depth == l->depth && info->multipv == l->count + 1)
        l->lines[l->count++] = *info;
}

static bool search(Build *b, const ShPosition *pos, int depth, int multipv, EngineResult *r,
                   EngineInfo *lines, int *line_count)
{
    EngineLimits limits;
    engine_limits_default(&limits);
    if (b->time > 0)
        limits.move_time = b->time;
    else
        limits.depth = depth;
    limits.multipv = multipv;
    engine_clear(b->engine);
    Lines l = {lines, 0, 0};
    ShError err;
    if (engine_search(b->engine, pos, NULL, 0, &limits, lines ? on_info : NULL, &l, r, &err) !=
        SH_OK) {
        cli_report("search", &err);
        return false;
    }
    if (line_count)
        *line_count = l.count;
    return true;
}

static int find_move(const BookMove *moves, int n, const ShMove *m)
{
    for (int i = 0; i < n; i++)
        if (sh_move_equal(&moves[i].move, m))
            return i;
    return -1;
}

/* Search one position and store its entry. */
static bool build_one(Build *b, const Work *w, int index)
{
    BookMove moves[BOOK_MAX_MOVES];
    int n = book_probe(b->book, &w->pos, moves); /* the games' moves, counts kept */
    for (int i = 0; i < n; i++) {
        moves[i].searched = false;
        moves[i].score = moves[i].depth = 0;
    }
    double t0 = cpu_seconds();
    EngineInfo lines[ENGINE_MAX_MULTIPV];
    int count = 0;
    EngineResult r;
    int legal = sh_moves_count(&w->pos);
    int k = b->multipv < legal ? b->multipv : legal;
    if (!search(b, &w->pos, b->depth, k, &r, lines, &count))
        return false;
    int depth = r.depth;
    if (count == 0 && r.has_move) { /* a single reply, or a stop: the result alone */
        lines[0].pv[0] = r.move;
        lines[0].score = r.score;
        lines[0].pv_length = 1;
        count = 1;
    }
    for (int i = 0; i < count; i++) {
        int j = find_move(moves, n, &lines[i].pv[0]);
        if (j < 0) {
            if (n == BOOK_MAX_MOVES)
                continue;
            j = n++;
            memset(&moves[j], 0, sizeof moves[j]);
            moves[j].move = lines[i].pv[0];
        }
        moves[j].searched = true;
        moves[j].score = lines[i].score;
        moves[j].depth = depth > 0 ? depth : 1;
    }
    /* the games' other moves: the position after each, one ply less */
    for (int i = 0; i < n; i++) {
        if (moves[i].searched)
            continue;
        ShPosition child;
        sh_position_play(&w->pos, &moves[i].move, &child);
        EngineResult cr;
        if (sh_moves_count(&child) == 0) {
            moves[i].score = ENGINE_SCORE_WIN - 1;
        } else {
            if (!search(b, &child, b->depth > 1 ? b->depth - 1 : 1, 1, &cr, NULL, NULL))
                return false;
            moves[i].score = negate(cr.score);
        }
        moves[i].searched = true;
        moves[i].depth = depth > 1 ? depth - 1 : 1;
    }
    ShError err;
    int entry_depth = b->time > 0 ? (depth > 0 ? depth : 1) : b->depth;
    if (book_put(b->book, &w->pos, entry_depth, moves, n, &err) != SH_OK ||
        book_write(b->book, b->out, &err) != SH_OK) {
        cli_report(b->out, &err);
        return false;
    }
    double spent = cpu_seconds() - t0;
    b->cpu += spent;
    b->searched++;
    BookMove best[BOOK_MAX_MOVES];
    book_probe(b->book, &w->pos, best);
    char mv[SH_MOVE_TEXT_SIZE], score[32];
    sh_move_write(&w->pos, &best[0].move, SH_NOTATION_SHORT, mv, NULL);
    engine_text_score(best[0].score, score, sizeof score);
    printf("[%d/%d] %s depth %d: %s %s, %d moves (%.1f s)\n", index + 1, b->count, w->name,
           depth, mv, score, n, spent);
    fflush(stdout);
    return true;
}

/* The moves leading on from a position in the book: its best searched move and those
 * played in the games. */
static int next_moves(const Build *b, const ShPosition *pos, ShMove out[BOOK_MAX_MOVES])
{
    BookMove moves[BOOK_MAX_MOVES];
    int n = book_probe(b->book, pos, moves), k = 0;
    for (int i = 0; i < n; i++)
        if ((i == 0 && moves[i].searched) || moves[i].wins + moves[i].draws + moves[i].losses > 0)
            out[k++] = moves[i].move;
    return k;
}

static int build(int argc, char **argv)
{
    Build b;
    memset(&b, 0, sizeof b);
    b.out = "book.bin";
    b.depth = 16;
    b.multipv = 3;
    long plies = 6, ballot_plies = 0, game_plies = 40, hash = 64, v;
    char **games = NULL;
    int game_count = 0;
    const char *ballots = "all";
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        const char *next = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--out") == 0 && next) {
            b.out = argv[++i];
        } else if (strcmp(a, "--depth") == 0 && next) {
            if (!cli_parse_int(argv[++i], 1, ENGINE_MAX_PLY - 1, "--depth", &v))
                return 2;
            b.depth = (int)v;
        } else if (strcmp(a, "--time") == 0 && next) {
            char *end;
            b.time = strtod(argv[++i], &end);
            if (*end || b.time <= 0) {
                cli_error("--time must be a number of seconds above 0, not '%s'", argv[i]);
                return 2;
            }
        } else if (strcmp(a, "--plies") == 0 && next) {
            if (!cli_parse_int(argv[++i], 0, 40, "--plies", &plies))
                return 2;
        } else if (strcmp(a, "--ballots") == 0 && next) {
            ballots = argv[++i];
            if (strcmp(ballots, "all") && strcmp(ballots, "idf") && strcmp(ballots, "fmjd") &&
                strcmp(ballots, "none")) {
                cli_error("--ballots is all, idf, fmjd or none, not '%s'", ballots);
                return 2;
            }
        } else if (strcmp(a, "--ballot-plies") == 0 && next) {
            if (!cli_parse_int(argv[++i], 0, 20, "--ballot-plies", &ballot_plies))
                return 2;
        } else if (strcmp(a, "--game-plies") == 0 && next) {
            if (!cli_parse_int(argv[++i], 0, 400, "--game-plies", &game_plies))
                return 2;
        } else if (strcmp(a, "--multipv") == 0 && next) {
            if (!cli_parse_int(argv[++i], 1, ENGINE_MAX_MULTIPV, "--multipv", &v))
                return 2;
            b.multipv = (int)v;
        } else if (strcmp(a, "--hash") == 0 && next) {
            if (!cli_parse_int(argv[++i], 1, ENGINE_MAX_HASH_MB, "--hash", &hash))
                return 2;
        } else if (strcmp(a, "--games") == 0) {
            games = argv + i + 1;
            game_count = argc - i - 1;
            break;
        } else {
            cli_error("book build: unknown option '%s' (see shashki book --help)", a);
            return 2;
        }
    }
    char **found = NULL;
    if (!games) {
        folder_pdns("tests/data/games", &found, &game_count);
        folder_pdns("data/games", &found, &game_count);
        games = found;
    }

    ShError err;
    FILE *exists = fopen(b.out, "rb");
    if (exists) {
        fclose(exists);
        if (book_load(b.out, &b.book, &err) != SH_OK) {
            cli_report(b.out, &err);
            return 1;
        }
        printf("continuing %s: %d positions, %d searched\n", b.out, book_positions(b.book),
               book_searched(b.book));
    } else if (!(b.book = book_new())) {
        cli_error("out of memory");
        return 1;
    }
    book_clear_counts(b.book);
    int total_games = 0;
    for (int i = 0; i < game_count; i++) {
        int n = count_collection(b.book, games[i], (int)game_plies);
        if (n < 0)
            return 1;
        printf("games: %s: %d\n", games[i], n);
        total_games += n;
    }
    for (int i = 0; found && i < game_count; i++)
        free(found[i]);
    free(found);
    printf("games counted: %d (first %ld plies), %d positions\n", total_games, game_plies,
           book_positions(b.book));
    if (book_write(b.book, b.out, &err) != SH_OK) {
        cli_report(b.out, &err);
        return 1;
    }

    EngineOptions options;
    engine_options_default(&options);
    options.hash_mb = (int)hash;
    b.engine = engine_create(&options, &err);
    if (!b.engine) {
        cli_report("engine", &err);
        return 1;
    }
    ShPosition start;
    sh_position_start(&start, SH_VARIANT_RUSSIAN);
    queue(&b, &start, 0, "start");
    int first_ballot = -1;
    /* The start tree first, a ply at a time (the queue grows as entries are made), then the
     * ballots and what follows them. */
    bool ok = true;
    int ballots_queued = 0;
    for (int i = 0; ok && i < b.count; i++) {
        Work w = b.work[i];
        int done = book_depth(b.book, &w.pos);
        if (b.time <= 0 && done >= b.depth)
            b.skipped++;
        else if (b.time > 0 && done > 0)
            b.skipped++;
        else
            ok = build_one(&b, &w, i);
        long limit = first_ballot >= 0 && i >= first_ballot ? ballot_plies : plies;
        if (ok && w.ply < limit) {
            ShMove next[BOOK_MAX_MOVES];
            int n = next_moves(&b, &w.pos, next);
            for (int j = 0; j < n; j++) {
                ShPosition child;
                sh_position_play(&w.pos, &next[j], &child);
                char name[40];
                snprintf(name, sizeof name, "%.24s +%d", w.name, w.ply + 1);
                char *plus = strstr(w.name, " +");
                if (plus)
                    snprintf(name, sizeof name, "%.*s +%d", (int)(plus - w.name), w.name,
                             w.ply + 1);
                ok = ok && queue(&b, &child, w.ply + 1, name);
            }
        }
        if (ok && i + 1 == b.count && !ballots_queued) {
            ballots_queued = 1;
            first_ballot = b.count;
            for (int j = 0; ok && j < sh_openings_count(); j++) {
                ShOpening o;
                ShPosition pos;
                ShMove line[SH_OPENING_MAX_PLIES];
                int count;
                if (!sh_opening_at(j, &o) || sh_opening_line(&o, &pos, line, &count, &err))
                    continue;
                bool idf = o.table[0] == 'I';
                if (strcmp(ballots, "none") == 0 || (idf && strcmp(ballots, "fmjd") == 0) ||
                    (!idf && strcmp(ballots, "idf") == 0))
                    continue;
                for (int k = 0; k < count; k++) {
                    ShPosition after;
                    sh_position_play(&pos, &line[k], &after);
                    pos = after;
                }
                char name[40];
                snprintf(name, sizeof name, "%s %s", o.table[0] == 'I' ? "IDF" : "FMJD", o.code);
                ok = queue(&b, &pos, 0, name);
            }
        }
    }
    engine_free(b.engine);
    printf("done: %d positions searched now (%.0f s CPU), %d already at depth %d; %s holds %d "
           "positions, %d searched\n",
           b.searched, b.cpu, b.skipped, b.depth, b.out, book_positions(b.book),
           book_searched(b.book));
    book_free(b.book);
    free(b.work);
    free(b.seen);
    return ok ? 0 : 1;
}

/* ---- info and probe ---- */

static bool open_book(const char *path, Book **owned, const Book **book)
{
    *owned = NULL;
    if (strcmp(path, "built-in") == 0) {
        *book = book_builtin();
        if (!*book) {
            cli_error("this program has no built-in book");
            return false;
        }
        return true;
    }
    ShError err;
    if (book_load(path, owned, &err) != SH_OK) {
        cli_report("book", &err);
        return false;
    }
    *book = *owned;
    return true;
}

static int info(const char *path)
{
    Book *owned;
    const Book *book;
    if (!open_book(path, &owned, &book))
        return 1;
    int depths[256] = {0};
    for (int i = 0; i < book_positions(book); i++) {
        uint64_t key;
        int depth, count;
        book_entry_at(book, i, &key, &depth, &count);
        depths[depth]++;
    }
    printf("positions %d\nsearched %d\nmoves %d\n", book_positions(book), book_searched(book),
           book_move_count(book));
    for (int d = 1; d < 256; d++)
        if (depths[d])
            printf("depth %d: %d positions\n", d, depths[d]);
    if (depths[0])
        printf("games only: %d positions\n", depths[0]);
    book_free(owned);
    return 0;
}

static int probe(const char *path, const char *fen, CliNotation notation)
{
    int style = cli_notation_flags(cli_kind_default(), notation, SH_NOTATION_SHORT);
    ShPosition pos;
    if (!cli_read_fen(fen, &pos))
        return 2;
    Book *owned;
    const Book *book;
    if (!open_book(path, &owned, &book))
        return 1;
    BookMove moves[BOOK_MAX_MOVES];
    int n = book_probe(book, &pos, moves);
    if (n == 0)
        printf("not in the book\n");
    else
        printf("depth %d, %d moves\n", book_depth(book, &pos), n);
    for (int i = 0; i < n; i++) {
        char mv[SH_MOVE_TEXT_SIZE], score[32] = "-";
        sh_move_write(&pos, &moves[i].move, style, mv, NULL);
        if (moves[i].searched)
            engine_text_score(moves[i].score, score, sizeof score);
        unsigned g = moves[i].wins + moves[i].draws + moves[i].losses;
        printf("%-8s score %-8s depth %-3d games %u", mv, score, moves[i].depth, g);
        if (g)
            printf(" W %.0f%% D %.0f%% L %.0f%%", 100.0 * moves[i].wins / g,
                   100.0 * moves[i].draws / g, 100.0 * moves[i].losses / g);
        printf("\n");
    }
    BookMove chosen;
    if (book_choose(book, &pos, 0, 0, &chosen)) {
        char mv[SH_MOVE_TEXT_SIZE];
        sh_move_write(&pos, &chosen.move, style, mv, NULL);
        printf("book move %s\n", mv);
    }
    book_free(owned);
    return 0;
}

int cmd_book(int argc, char **argv)
{
    if (argc < 2 || cli_wants_help(argc, argv)) {
        fputs(HELP, argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    if (strcmp(argv[1], "build") == 0)
        return build(argc, argv);
    if (strcmp(argv[1], "info") == 0 && argc == 3)
        return info(argv[2]);
    CliNotation notation = CLI_NOTATION_USUAL;
    if (strcmp(argv[1], "probe") == 0 && argc == 5 && cli_notation_option(argv[4], &notation))
        argc--;
    if (strcmp(argv[1], "probe") == 0 && argc == 4)
        return probe(argv[2], argv[3], notation);
    cli_error("book: expected build, info FILE or probe FILE FEN (see shashki book --help)");
    return 2;
}
