/* dbmpi.c - the build over MPI ranks (see dbmpi.h). */
#include "egdb/dbmpi.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "error.h"

#ifdef SHASHKI_MPI
#include <mpi.h>

enum { TAG_ASK = 1, TAG_WORK = 2, TAG_DONE = 3, TAG_FAIL = 4 };
#define NO_WORK (-2)

bool dbmpi_available(void)
{
    return true;
}

/* Rank 0: hand out slices as their dependencies are done; return when every rank is told
 * there is nothing more. */
static ShStatus serve(const DbBuildOptions *o, int ranks, ShError *err)
{
    DbSlice *slices;
    DbSchedule sched;
    /* the folder's lock, as dbbuild_run takes it: no other build (make's, a server's) writes
     * the same slices meanwhile; held by rank 0 for the whole build, as only it hands out work */
    int lock = dbbuild_lock(o->dir, o->log, err);
    ShStatus st = lock < 0 ? (err && err->code ? err->code : SH_ERR_IO)
                           : dbbuild_prepare(o->dir, o->pieces, &slices, &sched, err);
    int stopped = 0, fail = 0;
    int *waiting = calloc((size_t)ranks, sizeof(int)); /* ranks asking, with nothing yet */
    int *busy = calloc((size_t)ranks, sizeof(int));    /* slice + 1 a rank is building */
    if (st != SH_OK || !waiting || !busy) {
        fail = 1;
        if (st == SH_OK)
            error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    }
    if (o->log && st == SH_OK && sched.done)
        fprintf(o->log, "%d of %d slices already built in %s\n", sched.done, sched.count,
                o->dir);
    while (stopped < ranks - 1) {
        int msg[2];
        MPI_Status status;
        MPI_Recv(msg, 2, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
        int from = status.MPI_SOURCE;
        if (status.MPI_TAG == TAG_DONE && !fail) {
            dbschedule_finish(&sched, msg[0]);
            busy[from] = 0;
            if (o->log) {
                char name[32];
                dbindex_name(&slices[msg[0]].t[0], name);
                fprintf(o->log, "%-16s built by rank %d  [%d/%d]\n", name, from, sched.done,
                        sched.count);
                fflush(o->log);
            }
        } else if (status.MPI_TAG == TAG_FAIL) {
            if (!fail)
                error_set(err, SH_ERR_IO, 0, 0, "rank %d could not build a slice", from);
            fail = 1;
            busy[from] = 0;
        }
        if (status.MPI_TAG != TAG_ASK && waiting)
            waiting[from] = 1; /* a rank that reports asks for more */
        else if (waiting)
            waiting[from] = 1;
        /* Give work to every waiting rank that can have some. */
        for (int r = 1; r < ranks; r++) {
            if (!waiting || !waiting[r])
                continue;
            int next = fail ? -2 : dbschedule_next(&sched);
            if (next == -1) {
                bool any_busy = false;
                for (int q = 1; q < ranks; q++)
                    any_busy |= busy[q] != 0;
                if (any_busy)
                    break; /* wait for a slice to finish */
                next = -2;
            }
            int work = next >= 0 ? next : NO_WORK;
            MPI_Send(&work, 1, MPI_INT, r, TAG_WORK, MPI_COMM_WORLD);
            waiting[r] = 0;
            if (work == NO_WORK)
                stopped++;
            else
                busy[r] = work + 1;
        }
    }
    bool complete = !fail && sched.done == sched.count;
    if (st == SH_OK) {
        dbschedule_free(&sched);
        free(slices);
    }
    free(waiting);
    free(busy);
    if (lock >= 0)
        close(lock); /* the lock goes with it */
    if (fail)
        return err && err->code ? err->code : SH_ERR_IO;
    if (!complete)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "the build stopped before its end");
    return SH_OK;
}

/* Ranks 1..K-1: ask, build, report, until told there is nothing more. */
static ShStatus work(const DbBuildOptions *o, int rank, ShError *err)
{
    DbSlice *slices;
    int count = dbbuild_slices(o->pieces, &slices);
    DbBuilder *b = count >= 0 ? dbbuild_create(o->dir, o->variant, o->memory_mb, err) : NULL;
    int msg[2] = {0, 0};
    MPI_Send(msg, 2, MPI_INT, 0, TAG_ASK, MPI_COMM_WORLD);
    ShStatus result = SH_OK;
    for (;;) {
        int slice;
        MPI_Recv(&slice, 1, MPI_INT, 0, TAG_WORK, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (slice == NO_WORK)
            break;
        DbSliceStats st;
        ShStatus s = b && slice < count ? dbbuild_slice(b, &slices[slice], &st, err)
                                        : SH_ERR_NO_MEMORY;
        msg[0] = slice;
        if (s == SH_OK && o->log) {
            fprintf(o->log, "rank %d: ", rank);
            dbbuild_log(o->log, &slices[slice], &st, 0, count);
        }
        if (s != SH_OK)
            result = s;
        MPI_Send(msg, 2, MPI_INT, 0, s == SH_OK ? TAG_DONE : TAG_FAIL, MPI_COMM_WORLD);
    }
    dbbuild_free(b);
    if (count >= 0)
        free(slices);
    return result;
}

ShStatus dbmpi_build(const DbBuildOptions *o, ShError *err)
{
    int provided;
    if (MPI_Init_thread(NULL, NULL, MPI_THREAD_SINGLE, &provided) != MPI_SUCCESS)
        return error_set(err, SH_ERR_IO, 0, 0, "MPI_Init failed");
    int rank, ranks;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    ShStatus st;
    if (ranks == 1)
        st = dbbuild_run(o, err);
    else if (rank == 0)
        st = serve(o, ranks, err);
    else
        st = work(o, rank, err);
    /* Every rank learns whether all went well. */
    int mine = st == SH_OK ? 0 : 1, any = 0;
    MPI_Allreduce(&mine, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Finalize();
    if (st == SH_OK && any)
        st = error_set(err, SH_ERR_IO, 0, 0, "another rank failed");
    return st;
}

#else

bool dbmpi_available(void)
{
    return false;
}

ShStatus dbmpi_build(const DbBuildOptions *o, ShError *err)
{
    (void)o;
    return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                     "this shashki was built without MPI (install libopenmpi-dev and rebuild)");
}

#endif
