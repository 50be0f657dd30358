# shashki dxp: its help and its refusals (the games themselves: tests/test_dxp.c, a match
# between two instances over loopback and a server driven by hand)

$ shashki dxp --help
usage: shashki dxp serve [--port N] [--host ADDRESS] [--once] [OPTIONS]
       shashki dxp connect HOST[:PORT] *
...

$ shashki dxp
! usage: shashki dxp serve
? 2

$ shashki dxp play
! dxp: unknown subcommand 'play' (serve or connect)
? 2

$ shashki dxp connect
! dxp connect needs HOST[:PORT]
? 2

$ shashki dxp connect 127.0.0.1:http
! '127.0.0.1:http' is not HOST:PORT
? 2

$ shashki dxp serve --port 70000
! --port must be a whole number from 0 to 65535, not '70000'
? 2

$ shashki dxp serve --games 3
! unknown option '--games' for dxp serve
? 2

$ shashki dxp serve --host 300.1.1.1 --port 0
! '300.1.1.1' is not an IPv4 address
? 1

$ shashki dxp serve --variant russian
! DXP plays the 50-square games (international), not russian
? 2

$ shashki dxp connect 127.0.0.1 --time 1000
! --time must be a whole number from 0 to 999, not '1000'
? 2

$ shashki dxp connect 127.0.0.1:9 --nodes
! --nodes needs a value
? 2

$ shashki dxp connect 127.0.0.1:1 --games 1
! cannot connect to 127.0.0.1:1
? 1
