# shashki match against Hub engines that name the games their own way. scan_hub.sh, next to
# this file, starts up exactly as Scan 3.1 does: its variant parameter lists "normal killer bt
# frisian losing", and any other name in set-param name=variant ends it (it exits, as Scan's
# var.cpp does), so a match that sent our name for international draughts would stop at once.
# Its searches are this program's `shashki hub`; with --trace it copies what it reads at
# start-up to standard error ("scan < LINE").

# international draughts: Scan's name for it, normal, is sent, and two games are played
$ shashki match --variant international --games 2 --depth 1 --first "scan=hub:sh $DATA/cli/scan_hub.sh --trace shashki hub" --quiet
Score of scan vs self: * - * - * [*] 2
Elo difference: *
! scan < set-param name=variant value=normal

# Frisian: the same name on both sides
$ shashki match --variant frisian --games 2 --depth 1 --first "scan=hub:sh $DATA/cli/scan_hub.sh --trace shashki hub" --quiet
Score of scan vs self: * - * - * [*] 2
Elo difference: *
! scan < set-param name=variant value=frisian

# a game the engine does not list: refused before any set-param, with the engine's names
$ shashki match --games 1 --depth 1 --first "hub:sh $DATA/cli/scan_hub.sh shashki hub"
! Scan ('sh
! names its games "normal killer bt frisian losing" (its variant parameter): none of them is russian
? 1

# Scan's losing is losing draughts on 10x10, not our giveaway (Russian), though the library
# reads "losing" as giveaway
$ shashki match --variant giveaway --games 1 --depth 1 --first "hub:sh $DATA/cli/scan_hub.sh shashki hub"
! none of them is giveaway
? 1

# an engine with no variant parameter cannot be told the game: it is refused by the name it
# gives itself (issue 35), not assumed to play the 10x10 game
$ shashki match --variant international --games 1 --depth 1 --first "hub:sh $DATA/cli/scan_hub.sh --no-variant shashki hub"
! Scan ('sh
! has no variant parameter (none in its answer to 'hub'): it cannot be told to play international
? 1

# and so in an engine event of the 10x10 game
$ shashki tournament run T10 --engine "scan=hub:sh $DATA/cli/scan_hub.sh --no-variant shashki hub" --engine two=self:level=1 system=round-robin variant=international --depth 1 --quiet --db $DB
Event 1: T10, 2 engines, round-robin
! scan: Scan ('sh
! has no variant parameter (none in its answer to 'hub'): it cannot be told to play international
? 1

# this program's own Hub engine lists its own names: they are sent as they are
$ shashki match --variant international --games 2 --depth 1 --first "own=hub:tee /dev/stderr | shashki hub" --quiet
Score of own vs self: * - * - * [*] 2
Elo difference: *
! set-param name=variant value=international

$ shashki match --variant frisian --games 2 --depth 1 --first "own=hub:tee /dev/stderr | shashki hub" --quiet
Score of own vs self: * - * - * [*] 2
Elo difference: *
! set-param name=variant value=frisian

$ shashki match --games 2 --depth 1 --first "own=hub:tee /dev/stderr | shashki hub" --quiet
Score of own vs self: * - * - * [*] 2
Elo difference: *
! set-param name=variant value=russian
