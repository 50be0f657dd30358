/* test_cli.c - the shashki program driven as a person or a script would, from the data-driven
 * transcripts in tests/data/cli (the files ending in .t):
 *
 *   $ shashki perft 3        a command ("shashki" is the program under test, $DATA the data folder,
 *                            $DB a database file of the transcript's own, empty at its start)
 *   < play c3-d4             a line given on standard input
 *   perft 1 7 *              an expected line of standard output ('*' matches any text)
 *   ! bad FEN                text that standard error must contain
 *   ? 2                      the expected exit status (0 if not given)
 *   ...                      any further output
 *
 * A case runs from its "$" line to the next one; every output line must match, in order. */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "test.h"

#define MAX_LINES 256

typedef struct CliCase {
    char command[1024];
    char *input[MAX_LINES];
    int ninput;
    char *output[MAX_LINES];
    int noutput;
    char *errors[MAX_LINES];
    int nerrors;
    int status;
    int line;
} CliCase;

/* The transcript's own database ($DB), made afresh for each file. */
static char db_path[64];

static void append_replaced(char *out, size_t size, const char *text)
{
    size_t n = strlen(out);
    for (const char *p = text; *p && n + 1 < size;) {
        if (strncmp(p, "shashki", 7) == 0 &&
            (p == text || p[-1] == ' ' || p[-1] == '|' || p[-1] == ':') &&
            (p[7] == ' ' || p[7] == '\0')) {
            n += (size_t)snprintf(out + n, size - n, "%s", test_program());
            p += 7;
        } else if (strncmp(p, "$DB", 3) == 0) {
            n += (size_t)snprintf(out + n, size - n, "%s", db_path);
            p += 3;
        } else if (strncmp(p, "$DATA", 5) == 0) {
            n += (size_t)snprintf(out + n, size - n, "%s", test_data(""));
            if (n > 0 && out[n - 1] == '/')
                out[--n] = '\0';
            p += 5;
        } else {
            out[n++] = *p++;
            out[n] = '\0';
        }
    }
}

/* '*' matches any text; every other character stands for itself. */
static bool glob_match(const char *pattern, const char *text)
{
    if (*pattern == '\0')
        return *text == '\0';
    if (*pattern == '*') {
        for (const char *t = text;; t++) {
            if (glob_match(pattern + 1, t))
                return true;
            if (*t == '\0')
                return false;
        }
    }
    return *pattern == *text && glob_match(pattern + 1, text + 1);
}

static char *slurp(const char *path)
{
    char *text = test_read_file(path, NULL);
    return text ? text : calloc(1, 1);
}

static void run_case(const char *file, CliCase *c)
{
    test_case("%s:%d $ %s", file, c->line, c->command);
    char in_path[] = "/tmp/shashki-cli-in-XXXXXX", out_path[] = "/tmp/shashki-cli-out-XXXXXX",
         err_path[] = "/tmp/shashki-cli-err-XXXXXX";
    int fin = mkstemp(in_path), fout = mkstemp(out_path), ferr = mkstemp(err_path);
    if (fin < 0 || fout < 0 || ferr < 0) {
        CHECK_MSG(false, "cannot make temporary files");
        return;
    }
    FILE *in = fdopen(fin, "w");
    for (int i = 0; i < c->ninput; i++)
        fprintf(in, "%s\n", c->input[i]);
    fclose(in);
    close(fout);
    close(ferr);
    char shell[4096] = "";
    append_replaced(shell, sizeof shell, c->command);
    char full[8192];
    snprintf(full, sizeof full, "(%s) <%s >%s 2>%s", shell, in_path, out_path, err_path);
    int raw = system(full);
    int status = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
    char *out = slurp(out_path), *err = slurp(err_path);
    CHECK_MSG(status == c->status, "exit status %d, expected %d; stderr: %.300s", status,
              c->status, err);
    char *cursor = out;
    int i = 0;
    for (char *line; (line = test_next_line(&cursor)); i++) {
        if (i < c->noutput && strcmp(c->output[i], "...") == 0) {
            i = c->noutput;
            break;
        }
        if (i >= c->noutput) {
            CHECK_MSG(false, "unexpected output line %d: '%s'", i + 1, line);
            break;
        }
        CHECK_MSG(glob_match(c->output[i], line), "output line %d: '%s', expected '%s'", i + 1,
                  line, c->output[i]);
    }
    if (i < c->noutput && strcmp(c->output[i], "...") != 0)
        CHECK_MSG(false, "output ends after %d lines; expected '%s' next", i, c->output[i]);
    for (int k = 0; k < c->nerrors; k++)
        CHECK_MSG(strstr(err, c->errors[k]), "stderr lacks '%s'; it is: %.300s", c->errors[k], err);
    free(out);
    free(err);
    unlink(in_path);
    unlink(out_path);
    unlink(err_path);
}

static int run_file(const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "cli/%s", name);
    char *text = test_read_file(test_data(path), NULL);
    if (!text) {
        test_case("read %s", path);
        CHECK(false);
        return 0;
    }
    snprintf(db_path, sizeof db_path, "/tmp/shashki-cli-db-XXXXXX");
    int fdb = mkstemp(db_path);
    if (fdb >= 0)
        close(fdb);
    CliCase c;
    bool open = false;
    int line_no = 0, cases = 0;
    char *cursor = text;
    for (char *line;;) {
        line = test_next_line(&cursor);
        line_no++;
        if (!line || strncmp(line, "$ ", 2) == 0) {
            if (open) {
                run_case(name, &c);
                cases++;
            }
            if (!line)
                break;
            memset(&c, 0, sizeof c);
            snprintf(c.command, sizeof c.command, "%s", line + 2);
            c.line = line_no;
            open = true;
        } else if (!open || line[0] == '#') {
            continue;
        } else if (strncmp(line, "< ", 2) == 0 && c.ninput < MAX_LINES) {
            c.input[c.ninput++] = line + 2;
        } else if (strncmp(line, "! ", 2) == 0 && c.nerrors < MAX_LINES) {
            c.errors[c.nerrors++] = line + 2;
        } else if (strncmp(line, "? ", 2) == 0) {
            c.status = atoi(line + 2);
        } else if (line[0] != '\0' && c.noutput < MAX_LINES) {
            c.output[c.noutput++] = line;
        }
    }
    free(text);
    /* the database and SQLite's files beside it */
    static const char *const SUFFIXES[] = {"", "-wal", "-shm", "-journal"};
    for (size_t i = 0; i < sizeof SUFFIXES / sizeof SUFFIXES[0]; i++) {
        char file[96];
        snprintf(file, sizeof file, "%s%s", db_path, SUFFIXES[i]);
        unlink(file);
    }
    return cases;
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
    return strcmp((*a)->d_name, (*b)->d_name);
}

void suite_cli(void)
{
    struct dirent **entries;
    int n = scandir(test_data("cli"), &entries, NULL, by_name);
    test_case("list tests/data/cli");
    CHECK(n > 0);
    int cases = 0;
    for (int i = 0; i < n; i++) {
        size_t len = strlen(entries[i]->d_name);
        if (len > 2 && strcmp(entries[i]->d_name + len - 2, ".t") == 0)
            cases += run_file(entries[i]->d_name);
        free(entries[i]);
    }
    if (n > 0)
        free(entries);
    test_case("the transcripts hold cases");
    CHECK(cases > 10);
}
