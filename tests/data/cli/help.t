# help texts and unknown commands

$ shashki --help
usage: shashki [COMMAND] [ARGS...]
...

$ shashki --version
shashki *

$ shashki perft --help
usage: shashki perft DEPTH [FEN] [--paths] [--threads N]
...

$ shashki divide --help
usage: shashki divide DEPTH [FEN] [--paths]
...

$ shashki frobnicate
! unknown command 'frobnicate'
? 2
