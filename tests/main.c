/* main.c - the test runner: runs every suite and prints "N passed, M failed".
 *
 *   shashki-tests [--program PATH] [--data DIR] [--only SUITE] [--slow] [--verbose]
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "test.h"

typedef struct Suite {
    const char *name;
    void (*run)(void);
} Suite;

static const Suite SUITES[] = {
    {"board", suite_board},
    {"rules", suite_rules},
    {"perft", suite_perft},
    {"fen", suite_fen},
    {"notation", suite_notation},
    {"openings", suite_openings},
    {"properties", suite_properties},
    {"columns", suite_columns},
    {"wide", suite_wide},
    {"board80", suite_board80},
    {"other", suite_other},
    {"other-engine", suite_other_engine},
    {"other-record", suite_other_record},
    {"play", suite_play},
    {"store", suite_store},
    {"game", suite_game},
    {"clock", suite_clock},
    {"pdn", suite_pdn},
    {"engine", suite_engine},
    {"nnue", suite_nnue},
    {"egdb", suite_egdb},
    {"solve", suite_solve},
    {"book", suite_book},
    {"cli", suite_cli},
    {"dxp", suite_dxp},
    {"web", suite_web},
    {"tournament", suite_tournament},
    {"tournament-store", suite_tournament_store},
    {"trf", suite_trf},
    {"team", suite_team},
    {"tables", suite_tables},
    {"contest", suite_contest},
    {"rating", suite_rating},
    {"store-pg", suite_store_pg},
    {"tournament-store-pg", suite_tournament_store_pg},
    {"web-pg", suite_web_pg},
    {"faults-pg", suite_faults_pg},
    {"ops", suite_ops},
    {"ops-pg", suite_ops_pg},
    {"pool-pg", suite_pool_pg},
    {"browser", suite_browser},
    {"load", suite_load},
};

static const char *data_dir = "tests/data";
static const char *program = "build/shashki";
static bool slow, verbose;
static int passed, failed;
static char current[512];
static bool current_open, current_failed;
static const char *current_suite;

static void case_end(void)
{
    if (!current_open)
        return;
    if (current_failed)
        failed++;
    else
        passed++;
    if (verbose && !current_failed)
        printf("ok   %s: %s\n", current_suite, current);
    current_open = false;
}

void test_case(const char *format, ...)
{
    case_end();
    va_list args;
    va_start(args, format);
    vsnprintf(current, sizeof current, format, args);
    va_end(args);
    current_open = true;
    current_failed = false;
}

bool test_case_failed(void)
{
    return current_failed;
}

void test_fail(const char *file, int line, const char *format, ...)
{
    if (!current_open)
        test_case("(unnamed)");
    if (!current_failed)
        printf("FAIL %s: %s\n", current_suite, current);
    current_failed = true;
    va_list args;
    va_start(args, format);
    printf("     %s:%d: ", file, line);
    vprintf(format, args);
    printf("\n");
    va_end(args);
}

const char *test_data(const char *name)
{
    static char path[4][1024];
    static int next;
    char *p = path[next++ % 4];
    snprintf(p, sizeof path[0], "%s/%s", data_dir, name);
    return p;
}

const char *test_program(void)
{
    return program;
}

bool test_slow(void)
{
    return slow;
}

char *test_read_file(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        size_t got = fread(buf + n, 1, cap - n - 1, f);
        n += got;
        if (n + 1 < cap)
            break;
        cap *= 2;
        char *bigger = realloc(buf, cap);
        if (!bigger) {
            free(buf);
            buf = NULL;
        }
        buf = bigger;
    }
    fclose(f);
    if (buf) {
        buf[n] = '\0';
        if (size)
            *size = n;
    }
    return buf;
}

char *test_next_line(char **cursor)
{
    char *line = *cursor;
    if (!line || !*line)
        return NULL;
    char *nl = strchr(line, '\n');
    if (nl) {
        *nl = '\0';
        *cursor = nl + 1;
    } else {
        *cursor = line + strlen(line);
    }
    size_t n = strlen(line);
    if (n && line[n - 1] == '\r')
        line[n - 1] = '\0';
    return line;
}

uint64_t test_random(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

/* Whether the comma-separated list names the suite (a whole name: "store" is not "store-pg"). */
static bool listed(const char *list, const char *name)
{
    size_t len = strlen(name);
    for (const char *p = list; *p;) {
        size_t n = strcspn(p, ",");
        if (n == len && strncmp(p, name, len) == 0)
            return true;
        p += n + (p[n] == ',');
    }
    return false;
}

int main(int argc, char **argv)
{
    const char *only = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--program") == 0 && i + 1 < argc)
            program = argv[++i];
        else if (strcmp(argv[i], "--data") == 0 && i + 1 < argc)
            data_dir = argv[++i];
        else if (strcmp(argv[i], "--only") == 0 && i + 1 < argc)
            only = argv[++i];
        else if (strcmp(argv[i], "--slow") == 0)
            slow = true;
        else if (strcmp(argv[i], "--verbose") == 0 || strcmp(argv[i], "-v") == 0)
            verbose = true;
        else {
            fprintf(stderr, "usage: %s [--program PATH] [--data DIR] [--only SUITE[,SUITE]] "
                            "[--slow] [--verbose]\n", argv[0]);
            return 2;
        }
    }
    /* The programs run by the tests look for endgame databases in a folder that is not there
     * (not in the ones `make` built beside the program), unless a test names its own. */
    char no_egdb[64];
    snprintf(no_egdb, sizeof no_egdb, "/tmp/shashki-tests-%ld/no-egdb", (long)getpid());
    setenv("SHASHKI_EGDB", no_egdb, 1);
    for (size_t i = 0; i < sizeof SUITES / sizeof SUITES[0]; i++) {
        if (only && !listed(only, SUITES[i].name))
            continue;
        current_suite = SUITES[i].name;
        int before = passed + failed;
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        SUITES[i].run();
        case_end();
        clock_gettime(CLOCK_MONOTONIC, &t1);
        double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
        printf("suite %-12s %5d cases  %6.2f s\n", SUITES[i].name, passed + failed - before, secs);
        fflush(stdout);
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
