/* pdn_annotate.c - shashki pdn annotate: every game of a collection reviewed by the engine
 * (engine/review.h) and written back with the engine's scores, lines and the move marks.
 *
 * The games go out one by one as each is done, so a run stopped half-way has written every
 * game before. Ctrl-C (SIGINT), SIGTERM or SIGHUP (the terminal closed) stops the search of the
 * current game: it is written with the moves reviewed so far, and the command ends (status
 * 128 + the signal: 130, 143, 129). The signals are taken by a thread of their own (sigwait),
 * which stops the engine: the search threads and the writing of the games never see a signal
 * handler. With --output FILE the games go to FILE.part, renamed FILE when the run ends (done
 * or stopped): FILE is never half written, and a terminal that closes takes nothing with it. A progress bar (games, moves, the time left) goes to
 * standard error when that is a terminal. */
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "review.h"

typedef struct Annotate {
    ReviewLimits limits;
    int threads, hash;
    bool numeric;
    const char *egdb;  /* --egdb DIR, or NULL for the default */
    const ShKind *fallback;
    const char *file;
    const char *output; /* --output FILE, or NULL: standard output */
    FILE *out;          /* where the games go */
} Annotate;

/* What the progress bar and the stop share. */
typedef struct Progress {
    bool bar;          /* standard error is a terminal */
    int games, game;   /* games to review, the one now (1-based) */
    int positions;     /* positions of every game to review */
    int done;          /* ... searched so far */
    int game_first, game_plies; /* the current game's */
    double started;
} Progress;

typedef struct Stopper {
    atomic_bool stop;  /* a signal came: stop */
    atomic_int signal; /* which */
    atomic_bool done;  /* the command is ending: the thread may go */
    PlayEngine *engine;
    sigset_t signals;
    pthread_t thread;
} Stopper;

static void *stopper_main(void *arg)
{
    Stopper *s = arg;
    for (;;) {
        int sig = 0;
        if (sigwait(&s->signals, &sig) != 0 || atomic_load(&s->done))
            return NULL;
        if (sig == SIGINT || sig == SIGTERM || sig == SIGHUP) {
            atomic_store(&s->signal, sig);
            atomic_store(&s->stop, true);
            play_engine_stop(s->engine);
        }
    }
}

/* Take SIGINT, SIGTERM and SIGHUP from every thread made after this (the engine's too) to the
 * stopper's own; SIGUSR1 tells it to go. */
static bool stopper_start(Stopper *s)
{
    sigemptyset(&s->signals);
    sigaddset(&s->signals, SIGINT);
    sigaddset(&s->signals, SIGTERM);
    sigaddset(&s->signals, SIGHUP);
    atomic_store(&s->signal, 0);
    sigaddset(&s->signals, SIGUSR1);
    atomic_store(&s->stop, false);
    atomic_store(&s->done, false);
    return pthread_sigmask(SIG_BLOCK, &s->signals, NULL) == 0 &&
           pthread_create(&s->thread, NULL, stopper_main, s) == 0;
}

static void stopper_end(Stopper *s)
{
    atomic_store(&s->done, true);
    pthread_kill(s->thread, SIGUSR1);
    pthread_join(s->thread, NULL);
    pthread_sigmask(SIG_UNBLOCK, &s->signals, NULL);
}

static void clock_text(double seconds, char *out, size_t size)
{
    long s = (long)(seconds + 0.5);
    if (s >= 3600)
        snprintf(out, size, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
    else
        snprintf(out, size, "%ld:%02ld", s / 60, s % 60);
}

static void bar_draw(const Progress *p, int position)
{
    if (!p->bar)
        return;
    enum { WIDTH = 24 };
    int filled = p->positions ? (int)((long)WIDTH * p->done / p->positions) : WIDTH;
    char bar[WIDTH + 1], left[32] = "?";
    for (int i = 0; i < WIDTH; i++)
        bar[i] = i < filled ? '#' : '-';
    bar[WIDTH] = '\0';
    double spent = cli_now() - p->started;
    if (p->done > 0)
        clock_text(spent / p->done * (p->positions - p->done), left, sizeof left);
    /* `position` positions of the game are done: the moves before the last of them judged */
    int moves = p->game_plies - p->game_first, move = position - p->game_first - 1;
    move = move < 0 ? 0 : move > moves ? moves : move;
    fprintf(stderr, "\r[%s] game %d/%d, move %d/%d, %s left ", bar, p->game, p->games, move,
            moves, left);
    fflush(stderr);
}

static bool on_position(const Review *review, int position, void *user)
{
    (void)review;
    Progress *p = user;
    p->done++;
    bar_draw(p, position + 1);
    return true;
}

/* The games of the file, each with the review it gets (NULL: written as read). */
typedef struct Record {
    ShPlay *play;      /* NULL: a record that cannot be read, copied as it is */
    size_t start, end; /* its bytes */
    char why[1200];    /* why it is not reviewed, or why it cannot be read */
} Record;

static Record *read_records(const char *text, size_t size, const Annotate *a, int *count)
{
    int cap = 16, n = 0;
    Record *list = malloc((size_t)cap * sizeof *list);
    ShPlayReader reader;
    sh_play_reader_init(&reader, text, size);
    reader.fallback = a->fallback;
    while (list) {
        ShPlay *play = NULL;
        ShError err;
        ShStatus st = sh_play_read_next(&reader, &play, &err);
        if (st == SH_OK && !play)
            break;
        if (n == cap) {
            Record *bigger = realloc(list, (size_t)(cap *= 2) * sizeof *list);
            if (!bigger) {
                sh_play_free(play);
                break;
            }
            list = bigger;
        }
        Record *r = &list[n++];
        memset(r, 0, sizeof *r);
        r->play = st == SH_OK ? play : NULL;
        r->start = reader.info.start;
        r->end = reader.info.end;
        if (st != SH_OK) {
            sh_play_free(play);
            snprintf(r->why, sizeof r->why, "copied unchanged: line %d, column %d: %s", err.line,
                     err.column, err.message);
        }
    }
    *count = n;
    return list;
}

/* Review one game and write it; false when it could not be. */
static bool annotate_one(const Annotate *a, Record *rec, PlayEngine *engine, Progress *p,
                         const char *text)
{
    if (!rec->play || rec->why[0]) {
        if (rec->play) {
            char *out = NULL;
            if (sh_play_write_pdn(rec->play, a->numeric, &out, NULL, NULL) == SH_OK)
                fputs(out, a->out);
            free(out);
        } else {
            fwrite(text + rec->start, 1, rec->end - rec->start, a->out);
            fputs("\n\n", a->out);
        }
        return rec->play != NULL;
    }
    ShError err;
    Review *review = review_new(rec->play, &err);
    ShStatus st = review ? SH_OK : err.code;
    if (review) {
        p->game_first = review->first;
        p->game_plies = review->plies;
        /* a record that goes on after its rules ended the game is reviewed to that end */
        p->positions -= sh_play_ply_count(rec->play) - review->plies;
        bar_draw(p, review->first);
        st = review_run(review, engine, &a->limits, on_position, p, &err);
        /* what was reviewed is kept, whatever stopped it */
        ShError write_err;
        ShStatus written = review_annotate(review, rec->play, &write_err);
        if (st == SH_OK && written != SH_OK) {
            st = written;
            err = write_err;
        }
    }
    char *out = NULL;
    if (sh_play_write_pdn(rec->play, a->numeric, &out, NULL, NULL) == SH_OK)
        fputs(out, a->out);
    free(out);
    fflush(a->out);
    if (st != SH_OK)
        snprintf(rec->why, sizeof rec->why, "%s", err.message);
    review_free(review);
    return st == SH_OK;
}

/* --output FILE: the games are written to FILE.part, which becomes FILE at the end. */
static FILE *output_open(const Annotate *a, char *part, size_t size)
{
    if (!a->output)
        return stdout;
    snprintf(part, size, "%s.part", a->output);
    FILE *f = fopen(part, "w");
    if (!f)
        cli_error("cannot write %s: %s", part, strerror(errno));
    return f;
}

/* FILE.part closed and renamed FILE, so that FILE is whole or as it was; false with the
 * error said (FILE.part then kept, holding what was written). */
static bool output_close(const Annotate *a, FILE *f, const char *part)
{
    if (f == stdout)
        return fflush(stdout) == 0;
    bool ok = !ferror(f);
    int why = ok ? 0 : EIO;
    if (fclose(f) != 0 && ok) {
        ok = false;
        why = errno;
    }
    if (ok && rename(part, a->output) != 0) {
        ok = false;
        why = errno;
    }
    if (!ok)
        cli_error("cannot write %s: %s", a->output, strerror(why));
    return ok;
}

static int run(const Annotate *a)
{
    size_t size;
    char *text = cli_read_file(a->file, &size);
    if (!text) {
        cli_error("cannot open %s", a->file);
        return 2;
    }
    int count = 0;
    Record *records = read_records(text, size, a, &count);
    if (!records || count == 0) {
        cli_error("%s holds no game", a->file);
        free(records);
        free(text);
        return 1;
    }
    char part[4200] = "";
    FILE *out = output_open(a, part, sizeof part);
    if (!out) {
        for (int i = 0; i < count; i++)
            sh_play_free(records[i].play);
        free(records);
        free(text);
        return 2;
    }
    Progress p = {.bar = isatty(STDERR_FILENO) != 0, .started = cli_now()};
    for (int i = 0; i < count; i++) {
        if (records[i].play && !records[i].why[0]) {
            p.games++;
            p.positions += sh_play_ply_count(records[i].play) -
                           sh_play_opening_plies(records[i].play) + 1;
        }
    }
    char note[512];
    const char *egdb = cli_egdb_find(a->egdb, note, sizeof note);
    PlayEngineOptions options = {.hash_mb = a->hash, .threads = a->threads,
                                 .egdb = egdb ? egdb : "", .book = true};
    ShError err;
    Stopper stopper;
    PlayEngine *engine = NULL;
    int status = 0;
    if (!egdb) {
        status = 2;
    } else if (!stopper_start(&stopper)) {
        cli_error("cannot start the signal thread");
        status = 1;
    } else {
        engine = play_engine_create(&options, &err);
        if (!engine) {
            cli_error("%s", err.message);
            status = 1;
        }
        stopper.engine = engine;
    }
    ReviewLimits limits = a->limits;
    if (engine)
        limits.stop = &stopper.stop;
    Annotate run_with = *a;
    run_with.limits = limits;
    run_with.out = out;
    int bad = 0, written = 0;
    for (int i = 0; engine && i < count && !atomic_load(&stopper.stop); i++) {
        Record *r = &records[i];
        if (r->play && !r->why[0])
            p.game++;
        bool ok = annotate_one(&run_with, r, engine, &p, text);
        written++;
        if (!ok || r->why[0]) {
            if (p.bar)
                fputs("\r\033[K", stderr);
            cli_error("%s: game %d: %s", a->file, i + 1, r->why);
            bad += !ok;
        }
    }
    if (p.bar && engine)
        fputs("\r\033[K", stderr);
    if (engine && atomic_load(&stopper.stop)) {
        int sig = atomic_load(&stopper.signal);
        cli_error("%s: %d of %d games written, the last up to where its review got",
                  sig == SIGHUP ? "hung up" : sig == SIGTERM ? "terminated" : "interrupted",
                  written, count);
        status = 128 + (sig ? sig : SIGINT);
    }
    /* the file is made whole before the signals are let through again */
    if (!output_close(a, out, part) && !status)
        status = 1;
    if (engine) {
        stopper_end(&stopper);
        play_engine_free(engine);
    }
    for (int i = 0; i < count; i++)
        sh_play_free(records[i].play);
    free(records);
    free(text);
    return status ? status : bad ? 1 : 0;
}

int pdn_annotate(int argc, char **argv)
{
    Annotate a = {.threads = 1, .hash = 64, .fallback = cli_kind_default()};
    for (int i = 0; i < argc; i++) {
        const char *o = argv[i];
        const char *value = i + 1 < argc ? argv[i + 1] : NULL;
        long n;
        if (strcmp(o, "--numeric") == 0) {
            a.numeric = true;
        } else if (strcmp(o, "--nodes") == 0 || strcmp(o, "--depth") == 0 ||
                   strcmp(o, "--threads") == 0 || strcmp(o, "--hash") == 0) {
            bool nodes = o[2] == 'n', depth = o[2] == 'd', threads = o[2] == 't';
            if (!value ||
                !cli_parse_int(value, 1, nodes ? 4000000000L : depth ? 100 : threads ? 64 : 65536,
                               o, &n))
                return 2;
            i++;
            if (nodes)
                a.limits.nodes = (uint64_t)n;
            else if (depth)
                a.limits.depth = (int)n;
            else if (threads)
                a.threads = (int)n;
            else
                a.hash = (int)n;
        } else if (strcmp(o, "--time") == 0) {
            char *end = NULL;
            double t = value ? strtod(value, &end) : 0;
            if (!value || *end || !(t > 0) || !isfinite(t)) {
                cli_error("--time must be a number of seconds above 0, not '%s'",
                          value ? value : "");
                return 2;
            }
            a.limits.seconds = t;
            i++;
        } else if (strcmp(o, "--egdb") == 0 || strcmp(o, "--variant") == 0 ||
                   strcmp(o, "--output") == 0) {
            if (!value) {
                cli_error("%s needs a value", o);
                return 2;
            }
            i++;
            if (o[2] == 'o')
                a.output = value;
            else if (o[2] == 'e')
                a.egdb = value;
            else if (!cli_parse_kind(value, &a.fallback))
                return 2;
        } else if (o[0] == '-' && o[1] == '-') {
            cli_error("unknown option %s (see shashki pdn --help)", o);
            return 2;
        } else if (!a.file) {
            a.file = o;
        } else {
            cli_error("pdn annotate takes one file");
            return 2;
        }
    }
    if (!a.file) {
        cli_error("pdn annotate needs a file (see shashki pdn --help)");
        return 2;
    }
    return run(&a);
}
