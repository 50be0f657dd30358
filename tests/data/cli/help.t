# help texts and unknown commands

# the count of games is the rules table's and the other games' list: Russian, the 18 of
# docs/variants.md's table and its 8 other games of the seeds
$ shashki --help
usage: shashki [COMMAND] [ARGS...]
*
Russian checkers, 19 more draughts games and 8 other games of a checkers set
...

$ shashki --version
shashki *

$ shashki perft --help
usage: shashki perft DEPTH [FEN] [--variant NAME] [--paths] [--threads N]
...

$ shashki divide --help
usage: shashki divide DEPTH [FEN] [--variant NAME] [--paths] [--numeric|--algebraic]
...

$ shashki frobnicate
! unknown command 'frobnicate'
? 2

$ shashki game --help
usage: shashki game [--variant NAME] [--settings S] [--time CONTROL]
...

$ shashki pdn --help
usage: shashki pdn check [--quiet] [--variant NAME] [--numeric|--algebraic] FILE...
...

$ shashki pdn check --help
usage: shashki pdn check [--quiet] [--variant NAME] [--numeric|--algebraic] FILE...
...

$ shashki solve --help
usage: shashki solve FEN *
...

$ shashki puzzles --help
usage: shashki puzzles PDN... *
...

# the --numeric/--algebraic lines are indented as the command's other options (issue 35): in
# game --help their continuation starts where --time's does
$ shashki game --help | grep -A3 -- '^  --numeric, --algebraic' | cut -c1-36
  --numeric, --algebraic  squares as
                    letters and figu
                    numbers in inter
                    in the others

$ shashki game --help | grep -A1 -- '^  --time CONTROL' | cut -c1-36
  --time CONTROL    clocks: 45m, 5m+
                    delay), or a pre
