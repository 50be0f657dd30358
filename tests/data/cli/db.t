# shashki db: a club's file described and copied into another one, every event kept (the same
# copy moves a file into PostgreSQL and back: tests/test_store.c, suite store-pg); a copy into a
# database that holds events, from a missing file, a role for nobody: refused, nothing changed.
$ shashki tournament create Club system=swiss --db $DB
event 1: Club (swiss)

$ shashki tournament add Club Anna --rating 1800 --db $DB
player 1: Anna

$ shashki db info $DB
SQLite database, layout *
...

$ shashki db copy $DB $DB-copy
copying *
...

$ shashki tournament list --db $DB-copy
   1  Club * 1 players  not begun

$ shashki db copy $DB $DB-copy
copying *
! the destination already holds rows (table tournaments)
! nothing was changed
? 1

$ shashki tournament list --db $DB-copy
   1  Club * 1 players  not begun

$ shashki db copy $DB-nothing $DB-other
copying *
! no such file
? 1

$ shashki db role $DB nobody +arbiter
! no account is called 'nobody'
? 1

$ shashki db role $DB nobody +king
! a role is given as +arbiter or taken as -arbiter
? 2

$ shashki db
! usage: shashki db copy FROM TO
? 2

$ rm -f $DB-copy $DB-copy-wal $DB-copy-shm

# a PostgreSQL password on the command line: a warning that says how to keep it out (ps shows
# it), and the name printed with *** for it (tests/test_ops.c: ps itself, libpq's files)
$ shashki db info postgresql://someone:s3cret-pw@127.0.0.1:1/nothing
! warning: the database's password is on the command line, where ps shows it
! keep it in ~/.pgpass (or the file PGPASSFILE names) or a service file
! postgresql://someone:***@127.0.0.1:1/nothing: cannot connect to the PostgreSQL database
? 1

$ shashki db copy $DB "host=127.0.0.1 port=1 password='it s3cret' dbname=x"
copying * into host=127.0.0.1 port=1 password=*** dbname=x
! warning: the database's password is on the command line
! host=127.0.0.1 port=1 password=*** dbname=x: cannot connect to the PostgreSQL database
? 1
