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
