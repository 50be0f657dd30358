# shashki serve --puzzles: a file that cannot be read, or holds a record that is not a puzzle,
# stops the server before it starts, naming the file and the record's line (docs/puzzles.md, "In the web app")

$ shashki serve --port 0 --db $DB --puzzles $DATA/web/no-such-puzzles.pdn
! cannot read the puzzles
? 1

$ shashki serve --port 0 --db $DB --puzzles $DATA/web/puzzles-bad.pdn
! the game at line 21: puzzle P0002: PuzzleTheme must be shot, breakthrough, king, endgame or opposition
? 1

$ shashki serve --puzzles
! --puzzles needs a value
? 2

# serve --set-password in a script or a service: the password from a pipe, or from a file
# (--set-password-file, tests/test_ops.c); started in the background (&) at a terminal it stops
# with a message, not at its prompt (script(1) gives bash a terminal, bash -i job control)
$ script -qec 'bash --norc -ic "true; shashki serve --port 0 --db $DB --no-egdb-build --set-password & wait \$!; echo status \$?"' /dev/null < /dev/null | tr -d '\r' | grep -v '^\['
shashki: --set-password: started in the background at a terminal, where its prompt cannot be answered: give the password on standard input (a pipe) or with --set-password-file FILE
status 2

$ shashki serve --port 0 --db $DB --set-password-file $DB-no-such-file
! --set-password-file: cannot read a line from
? 2

$ shashki serve --port 0 --db $DB --set-password --set-password-file $DB
! give one of them
? 2

$ shashki serve --trust-proxy 10.0.0.0/8,192.0.2.300
! --trust-proxy: item 2, '192.0.2.300', is not an IPv4 or IPv6 address
? 2
