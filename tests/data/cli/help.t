# help texts and unknown commands

$ shashki --help
usage: shashki [COMMAND] [ARGS...]
...

$ shashki --version
shashki *

$ shashki perft --help
usage: shashki perft DEPTH [FEN] [--variant NAME] [--paths] [--threads N]
...

$ shashki divide --help
usage: shashki divide DEPTH [FEN] [--variant NAME] [--paths]
...

$ shashki frobnicate
! unknown command 'frobnicate'
? 2

$ shashki game --help
usage: shashki game [--variant NAME] [--time CONTROL] [--fen FEN | --opening CODE]
...

$ shashki pdn --help
usage: shashki pdn check [--quiet] [--variant NAME] FILE...
...

$ shashki pdn check --help
usage: shashki pdn check [--quiet] [--variant NAME] FILE...
...

$ shashki solve --help
usage: shashki solve FEN *
...

$ shashki puzzles --help
usage: shashki puzzles PDN... *
...
