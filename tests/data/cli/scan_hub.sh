#!/bin/sh
# scan_hub.sh - a stub Hub engine that starts up exactly as Scan 3.1 does, for match_hub.t.
#
#   sh scan_hub.sh [--no-variant] [--trace] COMMAND...
#
# Scan's start-up, as its hub_loop (main.cpp) and var.cpp have it (read at rhalbersma/scan
# 7aae17e; the same lines in Scan's protocol.txt and in lidraughts-bot's README):
#   - `hub` is answered with its id, its parameters and `wait`; the variant parameter lists
#     `normal killer bt frisian losing` (`normal`: international draughts);
#   - `set-param name=variant value=V` with any other V is refused as Scan refuses it: it
#     prints `error: variant = "V"` on standard error and exits with status 1 (var::update);
#     other parameters are kept without a word; a set-param without a name is answered
#     `error message="missing name"`;
#   - `init` is answered `ready`.
# With --no-variant the answer to `hub` lists no variant parameter (an engine of one game);
# with --trace each line of the start-up is copied to standard error ("scan < LINE").
#
# The searches are not Scan's: at `init` the stub hands the rest of the conversation to
# COMMAND (a Hub engine that plays international and Frisian draughts, e.g. `shashki hub`),
# told the game first. Killer, breakthrough and losing draughts are accepted, as Scan accepts
# them, but cannot be searched here: `init` then ends the stub with a note.
no_variant=false
trace=false
while :; do
    case $1 in
    --no-variant) no_variant=true ;;
    --trace) trace=true ;;
    *) break ;;
    esac
    shift
done
variant=normal

# The value of KEY= in a Hub line (quoted or not); empty if absent.
value_of() {
    case " $1" in
    *" $2="*) ;;
    *) return ;;
    esac
    v=${1#*"$2="}
    case $v in
    \"*) v=${v#\"}; v=${v%%\"*} ;;
    *) v=${v%% *} ;;
    esac
    printf '%s' "$v"
}

while IFS= read -r line; do
    if [ "$trace" = true ]; then
        echo "scan < $line" >&2
    fi
    command=${line%% *}
    case $command in
    hub)
        echo 'id name=Scan version=3.1 author="Fabien Letouzey" country=France'
        if [ "$no_variant" = false ]; then
            echo 'param name=variant value=normal type=enum values="normal killer bt frisian losing"'
        fi
        echo 'param name=book value=true type=bool'
        echo 'param name=book-ply value=4 type=int min=0 max=20'
        echo 'param name=book-margin value=4 type=int min=0 max=100'
        echo 'param name=ponder value=false type=bool'
        echo 'param name=threads value=1 type=int min=1 max=16'
        echo 'param name=tt-size value=24 type=int min=16 max=30'
        echo 'param name=bb-size value=0 type=int min=0 max=7'
        echo 'wait'
        ;;
    set-param)
        name=$(value_of "$line" name)
        value=$(value_of "$line" value)
        if [ -z "$name" ]; then
            echo 'error message="missing name"'
        elif [ "$name" = variant ]; then
            case $value in
            normal | killer | breakthrough | bt | frisian | losing) variant=$value ;;
            *)
                echo "error: variant = \"$value\"" >&2
                exit 1
                ;;
            esac
        fi
        ;;
    init)
        case $variant in
        normal) game=international ;;
        frisian) game=frisian ;;
        *)
            echo "scan_hub.sh: $variant draughts cannot be searched by this stub" >&2
            exit 1
            ;;
        esac
        { printf 'set-param name=variant value=%s\ninit\n' "$game"; cat; } | "$@"
        exit $?
        ;;
    ping) echo pong ;;
    quit) exit 0 ;;
    '') echo 'error message="missing command"' ;;
    *) echo 'error message="bad command"' ;;
    esac
done
