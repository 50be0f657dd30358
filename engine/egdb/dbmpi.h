/*
 * dbmpi.h - the database build across machines, on Open MPI.
 *
 *   mpirun -np K shashki egdb build --mpi --pieces N --dir SHARED_DIR
 *
 * Rank 0 keeps the schedule (dbbuild.h) and hands a slice to each rank that asks for work as
 * soon as the slice's dependencies are done; ranks 1..K-1 build the slices they are given
 * into the shared folder and report back. Each slice is solved by one rank exactly as on one
 * machine, so the files are the same byte for byte. With -np 1 the one rank builds alone.
 * The program is built with MPI when the Open MPI headers are installed (make test's
 * packages); without them --mpi says so and fails.
 */
#ifndef SHASHKI_DBMPI_H
#define SHASHKI_DBMPI_H

#include "egdb/dbbuild.h"

/* Whether this program was built with MPI. */
bool dbmpi_available(void);

/* The build of dbbuild_run shared over the ranks of MPI_COMM_WORLD. */
ShStatus dbmpi_build(const DbBuildOptions *o, ShError *err);

#endif
