/* bench.c - the fixed positions of `shashki bench` (app/cmd_bench.c) and of the WebAssembly
 * build's bench (wasm/api.c): one list, so that both search the same tree. */
#include "bench.h"

const char *const ENGINE_BENCH_POSITIONS[ENGINE_BENCH_COUNT] = {
    /* The start and eight ballots of the IDF-64 table. */
    "W:W21-32:B1-12",
    "B:Wa1,e3,d4,h4,c1,e1,g1,b2,d2,f2,h2,a3:Bg5,b6,d6,f6,a7,c7,e7,g7,b8,d8,f8,h8",
    "B:Wa1,c3,e3,g3,c5,c1,e1,g1,b2,d2,f2,h2:Be5,b6,d6,h6,a7,c7,e7,g7,b8,d8,f8,h8",
    "W:Wa1,e3,g3,d4,c1,e1,g1,b2,d2,f2,h2,a3:Be5,b6,d6,h6,a7,c7,e7,g7,b8,d8,f8,h8",
    "W:Wa1,c3,e3,f4,c1,e1,g1,b2,d2,f2,h2,a3:Be5,b6,d6,h6,a7,c7,e7,g7,b8,d8,f8,h8",
    "B:Wa1,e3,b4,f4,c1,e1,g1,b2,d2,f2,h2,a3:Ba5,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8",
    "W:Wa1,c3,g3,d4,a5,c1,e1,g1,b2,d2,f2,h2:Bb4,g5,d6,h6,a7,c7,e7,g7,b8,d8,f8,h8",
    "W:Wa1,g3,b4,d4,c1,e1,g1,b2,d2,h2,a3:Bb6,d6,f6,h6,a7,e7,g7,b8,d8,f8,h8",
    "W:Wa1,c3,g3,c5,c1,e1,g1,b2,d2,f2,h2:Ba5,g5,h6,a7,c7,e7,g7,b8,d8,f8,h8",
    /* Middlegames: the KestoG perft suite. */
    "W:Wa7,a5,b4,c3,f2,h2,g1:Bb8,c7,e7,g7,g5,f4,h4",
    "W:Wd6,a3,g3,f2,h2,c1,g1:Bb8,f8,h8,b6,f6,h6,h4",
    "B:Wc5,e5,b4,a3,e3,f2,h2,g1:Bb8,h8,a7,c7,g7,h6,g5,h4",
    "W:Wc5,b4,d4,f4,a3,f2,h2,g1:Bd8,a7,e7,g7,d6,f6,h6,h4",
    "W:Wc5,e5,d4,g3,d2,f2,a1,c1,e1,g1:Bf8,h8,a7,c7,e7,g7,b6,h6,a5,g5",
    "B:Wb4,d4,f4,a3,e3,g3,b2,d2,f2,a1,e1,g1:Bb8,d8,f8,h8,a7,c7,e7,b6,h6,c5,g5,h4",
    "W:Wa5,d4,f4,a3,c3,e3,h2,c1:Bb8,a7,c7,b6,f6,h6,c5,g5",
    "W:Wg5,f4,h4,a3,e3,d2:Bf8,h8,e7,b6,d6,h6",
    "W:Wd4,f4,h4,a3,c3:Bd8,e7,b6,h6,c5",
    "W:Wd4,f4,a3,c3,e3,d2,f2,h2,c1,e1,g1:Bb8,d8,f8,h8,a7,b6,d6,h6,c5,g5,h4",
    "W:Wc5,d4,f4,h4,g3,h2,e1:Bf8,a7,e7,g7,d6,a5",
    "B:Wd4,f4,a3,e3,b2,f2,h2,e1,g1:Bb8,d8,h8,g7,b6,d6,h6,a5,c5,h4",
    /* Endgames: kings, runaway men, three kings against one. */
    "B:Wa1,Ka7,b2,d4,e1,e7,f2,f4,g1,h2:Bh6,h8",
    "W:Wb2,c1,f2,Kf8,h2,h6:Ba3,a5,f6,g3,g7,h8",
    "B:Wa1,a3,a7,Kb8,d2,e1,f2,g3,h2:Bd8,f6,f8,h6,h8",
    "W:Wg1,h4:Bb8,Kc1,c3,d6,d8,f6,g5,g7",
    "B:Wc1,d2,d4,Kd8,e1,f2,f4,g1,h2:Bf8,g7,h6,h8",
    "W:Wa1,a5,Kb2,g3:Ba7,b6,b8,c5,c7,d8,f8,h6",
    "W:Wa3,c3,e3,g3:Bb6,d6,f6,h6",
    "W:WKa1,c3,e3:Bb6,d6,h6",
    "W:WKa1,Kc3,Kh2:BKd8",
};

void engine_bench_warm(Engine *engine)
{
    /* The endgame tables are built on first use: build them before the clock starts. */
    EngineLimits limits;
    engine_limits_default(&limits);
    limits.depth = 1;
    ShPosition warm;
    if (sh_fen_read("W:WKa1,Kc3,Kh2:BKd8", &warm, NULL) == SH_OK)
        engine_search(engine, &warm, NULL, 0, &limits, NULL, NULL, NULL, NULL);
}
