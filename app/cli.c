/* cli.c - helpers shared by the commands. */
#include "cli.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "db.h"
#include "egdb/dbprobe.h"

void cli_error(const char *format, ...)
{
    va_list args;
    va_start(args, format);
    fputs("shashki: ", stderr);
    vfprintf(stderr, format, args);
    fputc('\n', stderr);
    va_end(args);
}

void cli_hide_passwords(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        if (!db_name_has_password(argv[i]))
            continue;
        char *copy = strdup(argv[i]);
        if (!copy)
            continue;
        /* ps reads the arguments from the process's memory: the password is starred there,
         * what the stars leave of the text's old length zeroed */
        size_t n = strlen(argv[i]);
        db_name_masked(copy, argv[i], n + 1);
        size_t m = strlen(argv[i]);
        memset(argv[i] + m, 0, n - m);
        argv[i] = copy;
        fprintf(stderr,
                "shashki: warning: the database's password is on the command line, where ps shows"
                " it to every user of this machine until the program starts: keep it in ~/.pgpass"
                " (or the file PGPASSFILE names) or a service file and name the database without"
                " it (docs/postgresql.md, \"The password\")\n");
    }
}

const char *cli_db_shown(const char *name)
{
    static char shown[4][512];
    static int next;
    char *out = shown[next++ % 4];
    db_name_masked(name, out, sizeof shown[0]);
    return out;
}

void cli_report(const char *what, const ShError *err)
{
    if (err->column > 0)
        cli_error("%s: %s (column %d)", what, err->message, err->column);
    else
        cli_error("%s: %s", what, err->message);
}

/* Read a whole file (or standard input for "-"); NULL with a message if it cannot. */
char *cli_read_file(const char *path, size_t *size)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    for (;;) {
        if (!buf)
            break;
        size_t got = fread(buf + n, 1, cap - n - 1, f);
        n += got;
        if (got == 0)
            break;
        if (n + 1 == cap) {
            char *bigger = realloc(buf, cap * 2);
            if (!bigger) {
                free(buf);
                buf = NULL;
                errno = ENOMEM;
                break;
            }
            buf = bigger;
            cap *= 2;
        }
    }
    if (buf && ferror(f)) {
        free(buf);
        buf = NULL;
        errno = EIO;
    }
    if (f != stdin)
        fclose(f);
    if (!buf)
        return NULL;
    buf[n] = '\0';
    *size = n;
    return buf;
}

void cli_save_text(const char *text, const char *file)
{
    if (!file) {
        fputs(text, stdout);
        return;
    }
    FILE *f = fopen(file, "w");
    bool ok = f && fputs(text, f) >= 0;
    int why = ok ? 0 : errno;
    if (f && fclose(f) != 0 && ok) {
        ok = false;
        why = errno;
    }
    if (ok)
        printf("saved %s\n", file);
    else
        printf("error: cannot write %s: %s\n", file, strerror(why ? why : EIO));
}

bool cli_wants_help(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0)
            return true;
    return false;
}

bool cli_parse_int(const char *text, long min, long max, const char *what, long *out)
{
    char *end;
    errno = 0;
    long v = text ? strtol(text, &end, 10) : 0;
    if (!text || !*text || *end || errno || v < min || v > max) {
        cli_error("%s must be a whole number from %ld to %ld, not '%s'", what, min, max,
                  text ? text : "");
        return false;
    }
    *out = v;
    return true;
}

bool cli_read_fen(const char *text, ShPosition *pos)
{
    return cli_read_fen_variant(text, SH_VARIANT_RUSSIAN, pos);
}

bool cli_read_fen_variant(const char *text, ShVariant variant, ShPosition *pos)
{
    if (strcmp(text, "start") == 0) {
        sh_position_start(pos, variant);
        return true;
    }
    ShError err;
    if (sh_fen_read_variant(text, variant, pos, &err) != SH_OK) {
        cli_error("bad FEN '%s': %s", text, err.message);
        return false;
    }
    return true;
}

bool cli_parse_variant(const char *text, ShVariant *variant)
{
    if (text && sh_rules_find(text, variant))
        return true;
    char names[512] = "";
    for (int i = 0; i < SH_VARIANT_COUNT; i++) {
        size_t n = strlen(names);
        snprintf(names + n, sizeof names - n, "%s%s", i ? ", " : "", sh_rules_get((ShVariant)i)->name);
    }
    if (text && sh_kind_find(text))
        cli_error("'%s' is one of the other games of a checkers set, which this command does "
                  "not play (play, moves, perft, divide, analyse, game, match, tournament, pdn "
                  "and other do: shashki other list); it plays %s",
                  text, names);
    else
        cli_error("unknown variant '%s': %s", text ? text : "", names);
    return false;
}

bool cli_no_moves(FILE *out, const ShPosition *pos)
{
    ShReason why;
    ShResult result = sh_position_result(pos, &why);
    if (result == SH_RESULT_NONE)
        return false;
    char said[160];
    sh_result_describe(result, why, said, sizeof said);
    fprintf(out, "no legal moves: %s\n", said);
    return true;
}

double cli_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

const char *cli_egdb_default(void)
{
    const char *env = getenv("SHASHKI_EGDB");
    if (env && *env)
        return env;
    /* beside the program: build/egdb for build/shashki, where `make` builds 4 pieces */
    static char beside[4096];
    if (!beside[0]) {
        char self[4096];
        ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
        self[n > 0 ? n : 0] = '\0';
        char *slash = strrchr(self, '/');
        if (slash && (size_t)(slash - self) + sizeof "/" DBPROBE_DEFAULT_DIR < sizeof beside)
            snprintf(beside, sizeof beside, "%.*s/%s", (int)(slash - self), self,
                     DBPROBE_DEFAULT_DIR);
        else
            snprintf(beside, sizeof beside, "%s", DBPROBE_DEFAULT_DIR);
    }
    return beside;
}

int cli_egdb_pieces(const char *dir)
{
    Db *db = dir && *dir ? dbprobe_open(dir, 1, NULL) : NULL;
    int pieces = db ? dbprobe_pieces(db) : 0;
    dbprobe_close(db);
    return pieces;
}

const char *cli_egdb_find(const char *named, char *note, size_t size)
{
    if (size)
        note[0] = '\0';
    const char *dir = named ? named : cli_egdb_default();
    ShError err;
    Db *db = dbprobe_open(dir, 1, &err);
    if (!db) {
        if (named) {
            cli_error("--egdb %s: %s", named, err.message);
            return NULL;
        }
        snprintf(note, size, "no endgame databases in %s: playing without them", dir);
        return "";
    }
    snprintf(note, size, "endgame databases: %s (every ending of up to %d pieces)", dir,
             dbprobe_pieces(db));
    dbprobe_close(db);
    return dir;
}
