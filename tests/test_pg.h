/* test_pg.h - a private PostgreSQL cluster for the tests that run the store on PostgreSQL.
 *
 * The first call initialises a cluster in a temporary folder (as the `postgres` user when the
 * tests run as root: initdb refuses root), starts it on 127.0.0.1 at a free port, and every call
 * creates a new empty database in it. The cluster is stopped and its folder removed when the
 * tests end. Debian's `postgresql` package gives the server (pg_config --bindir names where). */
#ifndef SHASHKI_TEST_PG_H
#define SHASHKI_TEST_PG_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* A new database's connection text ("host=127.0.0.1 port=N user=shashki dbname=tN") in name;
 * false with the reason in name when the cluster cannot be started. */
bool test_pg_database(char *name, size_t size);
/* Stop the cluster (pg_ctl stop -m fast: every connection to it ends) and start it again on
 * the same port with the same databases (the faults' tests); whether it worked. */
bool test_pg_stop(void);
bool test_pg_start(void);

/* A role that must give its password (scram-sha-256 in pg_hba.conf, from 127.0.0.1) and a new
 * database it owns: "host=127.0.0.1 port=N dbname=tN" in name (no user, no password), the port
 * in *port_out; false with the reason in name. The role is made once; later calls give it
 * another database. */
bool test_pg_password_database(const char *user, const char *password, char *name, size_t size,
                               int *port_out);

/* The CPU seconds the cluster's processes have used so far (the postmaster, its backends and
 * every backend that ended); 0 when no cluster runs. */
double test_pg_cpu_seconds(void);
/* The CPU seconds a process and its children (alive, and those ended and waited for) have
 * used: nginx's master and workers, say; 0 when it cannot be read. */
double test_tree_cpu_seconds(pid_t root);
/* The CPU seconds (user and system) a process has used itself, from /proc; 0 when it cannot
 * be read. */
double test_process_cpu_seconds(pid_t pid);

#endif
