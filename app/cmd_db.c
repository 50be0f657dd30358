/* cmd_db.c - shashki db: a site's database moved between SQLite and PostgreSQL, and looked at. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "accounts.h"
#include "db.h"
#include "store_copy.h"

static const char DB_HELP[] =
    "usage: shashki db copy FROM TO\n"
    "       shashki db info NAME\n"
    "       shashki db role NAME ACCOUNT +ROLE|-ROLE\n"
    "\n"
    "The database the web app keeps its games, events and players in (shashki serve --db).\n"
    "A NAME is an SQLite file's path, or a PostgreSQL database: postgresql://USER@HOST/DB (or\n"
    "libpq's form, \"host=... dbname=...\", or service=NAME); the PostgreSQL database must\n"
    "exist (createdb). Keep its password out of NAME, where ps shows it: ~/.pgpass, PGPASSFILE\n"
    "or a service file (docs/postgresql.md); a name is printed with *** for a password.\n"
    "\n"
    "  copy FROM TO  every game, event, seat and setting of FROM into TO, ids kept, in one\n"
    "                transaction: a club's SQLite file into the PostgreSQL database of a\n"
    "                server with several processes, or back. Both are brought to this\n"
    "                program's layout first; TO must hold no games or events yet. FROM is\n"
    "                only read.\n"
    "  info NAME     the database's layout version and the rows of each table\n"
    "  role NAME ACCOUNT +arbiter   give an account a role (-arbiter takes it): an\n"
    "                account with the role arbiter has the arbiter's rights in the web app\n"
    "\n"
    "Exit status: 0 done, 1 refused (a database that cannot be opened, TO not empty),\n"
    "2 bad usage.\n";

static void say_table(void *ctx, const char *table, long long rows)
{
    (void)ctx;
    printf("  %-24s %lld rows\n", table, rows);
}

static int db_copy(const char *from, const char *to)
{
    char err[600];
    printf("copying %s into %s\n", cli_db_shown(from), cli_db_shown(to));
    if (!store_copy(from, to, say_table, NULL, err, sizeof err)) {
        cli_error("%s; nothing was changed", err);
        return 1;
    }
    printf("done\n");
    return 0;
}

static int db_info(const char *given)
{
    char err[512];
    const char *name = cli_db_shown(given);
    Db *db = db_open(given, err, sizeof err);
    if (!db) {
        cli_error("%s: %s", name, err);
        return 1;
    }
    char names[64][64];
    int n = db_tables(db, names, 64);
    if (n < 0) {
        cli_error("%s: %s", name, db_error(db));
        db_close(db);
        return 1;
    }
    printf("%s database, layout %d\n", db_kind(db) == DB_POSTGRES ? "PostgreSQL" : "SQLite",
           db_layout(db));
    for (int i = 0; i < n; i++) {
        char sql[160];
        snprintf(sql, sizeof sql, "SELECT COUNT(*) FROM \"%.63s\"", names[i]);
        DbStmt *st = db_prepare(db, sql);
        if (st && db_step(st) == DB_ROW)
            printf("  %-24s %lld rows\n", names[i], db_column_int(st, 0));
        if (st)
            db_finalize(st);
    }
    db_close(db);
    return 0;
}

static int db_role(const char *given, const char *account, const char *change)
{
    const char *name = cli_db_shown(given);
    if ((change[0] != '+' && change[0] != '-') || strcmp(change + 1, "arbiter") != 0) {
        cli_error("a role is given as +arbiter or taken as -arbiter, not '%s'", change);
        return 2;
    }
    char err[512];
    Store *games = store_open(given, err, sizeof err); /* its tables first: accounts name games */
    if (!games) {
        cli_error("%s: %s", name, err);
        return 1;
    }
    store_close(games);
    Accounts *a = accounts_open(given, err, sizeof err);
    if (!a) {
        cli_error("%s: %s", name, err);
        return 1;
    }
    AccountStatus st = accounts_set_role(a, account, change + 1, change[0] == '+');
    if (st == ACCOUNT_MISSING)
        cli_error("no account is called '%s'; nothing was changed", account);
    else if (st != ACCOUNT_OK)
        cli_error("%s; nothing was changed", accounts_error(a));
    else
        printf("%s %s the role %s\n", account, change[0] == '+' ? "has" : "no longer has",
               change + 1);
    accounts_close(a);
    return st == ACCOUNT_OK ? 0 : 1;
}

int cmd_db(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        fputs(DB_HELP, stdout);
        return 0;
    }
    if (argc == 4 && strcmp(argv[1], "copy") == 0)
        return db_copy(argv[2], argv[3]);
    if (argc == 5 && strcmp(argv[1], "role") == 0)
        return db_role(argv[2], argv[3], argv[4]);
    if (argc == 3 && strcmp(argv[1], "info") == 0)
        return db_info(argv[2]);
    fputs(DB_HELP, stderr);
    return 2;
}
