/*
 * movegen_impl.h - the move generator for one rules record, included once per variant by
 * movegen.c (a C template). Before including it, define:
 *
 *   GEN(name)                 the name prefix of this variant's functions
 *   R_BOARD                   the ShVariant whose board layout the moves are in (ShMove.board)
 *   R_NE R_NW R_SW R_SE       the shifts of the four diagonal steps on that board's bit layout
 *                             (north: towards White's crowning row)
 *   R_EMPTY(p) R_PROMOTION(c) R_FILL(gen, pro, d)   its empty squares, crowning rows and the
 *                             occluded fill of its longest diagonal
 *   R_FLYING_KINGS            1: kings move and capture at a distance
 *   R_MEN_CAPTURE_BACKWARD    1: men capture backwards too
 *   R_PRECEDENCE              an ShPrecedence: which captures are legal when there are several
 *   R_PROMOTION_CONTINUES     1: a man crowned mid-capture continues capturing as a king;
 *                             0: it passes the crowning rank as a man, crowned only if it ends
 *                             there (with men that capture forwards only, the move ends there)
 *   R_MEN_TAKE_KINGS          0: a man may not capture a king (Italian)
 *   R_CAPTURE_OWN             1: pieces of both colours are captured (self-eaters)
 *
 * and, for a board whose word is not the 64-bit Bitboard of ShPosition (movegen_wide.c), the
 * T_ names below: the word and its operations, the position type the functions read, the
 * search state, the add of a capture and the play of a move. Left undefined, they are the
 * 64-bit ones, so the 8x8 and 10x10 generators are the same code as before they existed.
 *
 * Every parameter is a compile-time constant, so each variant gets straight-line code with
 * no tests of the rules in the hot paths. The design is explained at the top of movegen.c.
 */


#ifndef T_WORD
#define T_DEFAULTS 1
#define T_WORD Bitboard
#define T_POS ShPosition
#define T_SEARCH CaptureSearch
#define T_SHIFT bb_shift
#define T_BIT bb_bit
#define T_FIRST bb_first
#define T_COUNT bb_count
#define T_MEN pos_men
#define T_KINGS pos_kings
#define T_OCCUPIED pos_occupied
#define T_PIECES(p, c) ((p)->pieces[c])
#define T_ALL_KINGS(p) ((p)->kings)
#define T_CAPTURE_ADD capture_add
#define T_KEEP_BEST capture_keep_best
#define T_PLAY_BOARD pos_play_board
#define T_QUIET_EXT(m) ((void)0)
#endif

#define ALWAYS_INLINE static inline __attribute__((always_inline))

/* What a man may jump, what counts for the precedence rules, and the add of one capture. */
#if R_MEN_TAKE_KINGS
#define PREY(s) ((s)->enemy)
#else
#define PREY(s) ((s)->enemy & ~(s)->kings_all)
#endif
#if R_CAPTURE_OWN
/* Every other piece may be taken; the mover itself never. */
#define ENEMY(p, us) T_OCCUPIED(p)
#define MOVER_ONLY(s, p, us, sq) ((s)->enemy = T_OCCUPIED(p) & ~T_BIT(sq))
#else
#define ENEMY(p, us) T_PIECES(p, (us) ^ 1)
#define MOVER_ONLY(s, p, us, sq) ((void)0)
#endif
#if R_MEN_TAKE_KINGS
#define MEN_PREY(p, enemy) (enemy)
#else
#define MEN_PREY(p, enemy) ((enemy) & ~T_ALL_KINGS(p))
#endif
/* What the precedence rules and a man that may not take a king need to know. */
#if R_PRECEDENCE != P_FREE || !R_MEN_TAKE_KINGS
#define SET_KINGS_ALL(s, p) ((s)->kings_all = T_ALL_KINGS(p))
#define SET_FROM_KING(s, v) ((s)->from_king = (v))
#else
#define SET_KINGS_ALL(s, p) ((void)0)
#define SET_FROM_KING(s, v) ((void)0)
#endif
#define ADD(s, to, captured, promotes) T_CAPTURE_ADD(s, to, captured, promotes, R_BOARD, R_PRECEDENCE)

#if R_PRECEDENCE == P_ITALIAN
/* Italian: the order of the kinds taken (the first capture the highest bit) decides last. */
#define KINDS_PUSH(s, victim)                                                                     \
    uint32_t kinds_saved = (s)->kinds;                                                          \
    (s)->kinds = (kinds_saved << 1) | (((victim) & (s)->kings_all) != 0)
#define KINDS_POP(s) ((s)->kinds = kinds_saved)
#else
#define KINDS_PUSH(s, victim) ((void)0)
#define KINDS_POP(s) ((void)0)
#endif

/* ---- captures: depth-first search over the Turkish-strike rules ---- */

static bool GEN(king_capture)(T_SEARCH *s, int sq, T_WORD captured, int promoted,
                              unsigned dirs);

/* A king at `sq` captures in direction number k (0 NE, 1 NW, 2 SW, 3 SE) if the first piece
 * on the ray is an enemy not yet taken with a free square behind it. It must then land where
 * it can go on capturing if there is such a square among those behind the piece (rule 5);
 * otherwise the move may end on any of them. Going on straight ahead is the same capture from
 * every landing square, so it is followed once, from the first. */
ALWAYS_INLINE bool GEN(king_capture_dir)(T_SEARCH *s, int sq, T_WORD captured,
                                         int promoted, const int k)
{
    const int d = k == 0 ? R_NE : k == 1 ? R_NW : k == 2 ? R_SW : R_SE;
    T_WORD b = T_SHIFT(T_BIT(sq), d);
#if R_FLYING_KINGS
    while (b & s->empty)
        b = T_SHIFT(b, d);
#endif
    if (!(b & s->enemy & ~captured))
        return false;
    T_WORD victim = b;
    b = T_SHIFT(b, d);
    if (!(b & s->empty))
        return false;
    captured |= victim;
    KINDS_PUSH(s, victim);
    int first = T_FIRST(b);
    T_WORD lands = 0;
#if R_FLYING_KINGS
    while (b & s->empty) {
        lands |= b;
        b = T_SHIFT(b, d);
    }
#else
    lands = b;
    b = T_SHIFT(b, d);
#endif
    int depth = ++s->depth;
    bool more = false;
    if ((b & s->enemy & ~captured) && (T_SHIFT(b, d) & s->empty)) {
        s->path[depth] = (uint8_t)first;
        GEN(king_capture)(s, first, captured, promoted, 1u << k);
        more = true;
    }
    const unsigned sideways = (1u << ((k + 1) & 3)) | (1u << ((k + 3) & 3));
    for (T_WORD l = lands; l; l &= l - 1) {
        int to = T_FIRST(l);
        s->path[depth] = (uint8_t)to;
        if (GEN(king_capture)(s, to, captured, promoted, sideways))
            more = true;
    }
    if (!more) {
        for (T_WORD l = lands; l; l &= l - 1) {
            int to = T_FIRST(l);
            s->path[depth] = (uint8_t)to;
            ADD(s, to, captured, promoted);
        }
    }
    KINDS_POP(s);
    s->depth--;
    return true;
}

/* Go on capturing with a king from `sq` in the directions of the mask `dirs`; true if it can. */
static bool GEN(king_capture)(T_SEARCH *s, int sq, T_WORD captured, int promoted,
                              unsigned dirs)
{
    bool any = false;
    if (dirs & 1)
        any |= GEN(king_capture_dir)(s, sq, captured, promoted, 0);
    if (dirs & 2)
        any |= GEN(king_capture_dir)(s, sq, captured, promoted, 1);
    if (dirs & 4)
        any |= GEN(king_capture_dir)(s, sq, captured, promoted, 2);
    if (dirs & 8)
        any |= GEN(king_capture_dir)(s, sq, captured, promoted, 3);
    return any;
}

static void GEN(man_capture)(T_SEARCH *s, int sq, T_WORD captured);

/* Men on `men` that can jump one of `enemy` onto a square of `empty` (a bulk test over all of
 * them at once). Men jump backwards too when the rules say so. */
ALWAYS_INLINE T_WORD GEN(man_jumpers)(T_WORD men, T_WORD enemy, T_WORD empty, const int us)
{
    T_WORD r = 0;
    if (R_MEN_CAPTURE_BACKWARD || us == SH_WHITE) {
        r |= men & T_SHIFT(enemy, -R_NE) & T_SHIFT(empty, -2 * R_NE);
        r |= men & T_SHIFT(enemy, -R_NW) & T_SHIFT(empty, -2 * R_NW);
    }
    if (R_MEN_CAPTURE_BACKWARD || us == SH_BLACK) {
        r |= men & T_SHIFT(enemy, -R_SW) & T_SHIFT(empty, -2 * R_SW);
        r |= men & T_SHIFT(enemy, -R_SE) & T_SHIFT(empty, -2 * R_SE);
    }
    return r;
}

/* A man at `sq` jumps the neighbour in direction d onto the square behind it. Whether it can
 * go on is tested in bulk first, so that the common single capture ends without recursion. */
ALWAYS_INLINE bool GEN(man_jump)(T_SEARCH *s, int sq, T_WORD captured, const int d)
{
    T_WORD mid = T_SHIFT(T_BIT(sq), d);
    T_WORD land = T_SHIFT(mid, d);
    if (!(mid & PREY(s) & ~captured) || !(land & s->empty))
        return false;
    int to = sq + 2 * d;
    int depth = ++s->depth;
    s->path[depth] = (uint8_t)to;
    captured |= mid;
    KINDS_PUSH(s, mid);
#if R_PROMOTION_CONTINUES
    if (land & s->promotion) {
        if (!GEN(king_capture)(s, to, captured, 1, ALL_DIRS))
            ADD(s, to, captured, 1);
    } else
#endif
    {
        const int us = s->promotion == R_PROMOTION(SH_WHITE) ? SH_WHITE : SH_BLACK;
        if (GEN(man_jumpers)(land, PREY(s) & ~captured, s->empty, us))
            GEN(man_capture)(s, to, captured);
        else
            ADD(s, to, captured, (land & s->promotion) != 0);
    }
    KINDS_POP(s);
    s->depth--;
    return true;
}

static void GEN(man_capture)(T_SEARCH *s, int sq, T_WORD captured)
{
#if R_MEN_CAPTURE_BACKWARD
    GEN(man_jump)(s, sq, captured, R_NE);
    GEN(man_jump)(s, sq, captured, R_NW);
    GEN(man_jump)(s, sq, captured, R_SW);
    GEN(man_jump)(s, sq, captured, R_SE);
#else
    if (s->promotion == R_PROMOTION(SH_WHITE)) {
        GEN(man_jump)(s, sq, captured, R_NE);
        GEN(man_jump)(s, sq, captured, R_NW);
    } else {
        GEN(man_jump)(s, sq, captured, R_SW);
        GEN(man_jump)(s, sq, captured, R_SE);
    }
#endif
}

/* Whether some king of the side to move can capture: its ray reaches an enemy piece with a
 * free square behind. */
ALWAYS_INLINE bool GEN(kings_can_capture)(T_WORD kings, T_WORD enemy, T_WORD empty)
{
#if R_FLYING_KINGS
#define KING_REACH(d) T_SHIFT(R_FILL(kings, empty, d), d)
#else
#define KING_REACH(d) T_SHIFT(kings, d)
#endif
    return ((KING_REACH(R_NE) & enemy & T_SHIFT(empty, -R_NE)) |
            (KING_REACH(R_NW) & enemy & T_SHIFT(empty, -R_NW)) |
            (KING_REACH(R_SW) & enemy & T_SHIFT(empty, -R_SW)) |
            (KING_REACH(R_SE) & enemy & T_SHIFT(empty, -R_SE))) != 0;
#undef KING_REACH
}

/* Run the capture search from every piece that may capture. */
ALWAYS_INLINE void GEN(captures)(const T_POS *p, T_SEARCH *s, T_WORD jumpers,
                                 bool kings_too, const int us)
{
    T_WORD empty = R_EMPTY(p);
    s->enemy = ENEMY(p, us);
    SET_KINGS_ALL(s, p);
    s->promotion = R_PROMOTION(us);
    s->depth = 0;
    SET_FROM_KING(s, 0);
    for (T_WORD b = jumpers; b; b &= b - 1) {
        int sq = T_FIRST(b);
        s->from = sq;
        s->path[0] = (uint8_t)sq;
        s->empty = empty | T_BIT(sq);
        MOVER_ONLY(s, p, us, sq);
        GEN(man_capture)(s, sq, 0);
    }
    if (kings_too) {
        SET_FROM_KING(s, 1);
        for (T_WORD b = T_KINGS(p, us); b; b &= b - 1) {
            int sq = T_FIRST(b);
            s->from = sq;
            s->path[0] = (uint8_t)sq;
            s->empty = empty | T_BIT(sq);
            MOVER_ONLY(s, p, us, sq);
            GEN(king_capture)(s, sq, 0, 0, ALL_DIRS);
        }
    }
#if R_PRECEDENCE != P_FREE
    T_KEEP_BEST(s);
#endif
}

/* Captures for generation and counting. A man's single jump after which it cannot go on is
 * by far the most common capture; those are found for all men at once, a direction at a time.
 * From the square where such a man lands, going on backwards would mean jumping the piece it
 * has just taken, so only the other directions are tested, against the board as it was (the
 * vacated start square is never a landing square for them). Men that can go on, men that are
 * crowned, and kings go through the search. Returns the number of single jumps that were
 * counted but not added (when s->count_only). */
ALWAYS_INLINE int GEN(man_singles_dir)(const T_POS *p, T_SEARCH *s, T_WORD men,
                                       T_WORD empty, const int us, const int d)
{
#if R_CAPTURE_OWN
    s->enemy = ENEMY(p, us); /* a search of another direction left its mover out */
#endif
    T_WORD enemy = s->enemy;
    T_WORD jumpers = men & T_SHIFT(PREY(s), -d) & T_SHIFT(empty, -2 * d);
    if (!jumpers)
        return 0;
    T_WORD lands = T_SHIFT(jumpers, 2 * d);
    T_WORD on = 0; /* landing squares from which the capture may go on */
    T_WORD prey = PREY(s);
    if (d != -R_NE && (R_MEN_CAPTURE_BACKWARD || us == SH_WHITE))
        on |= lands & T_SHIFT(prey, -R_NE) & T_SHIFT(empty, -2 * R_NE);
    if (d != -R_NW && (R_MEN_CAPTURE_BACKWARD || us == SH_WHITE))
        on |= lands & T_SHIFT(prey, -R_NW) & T_SHIFT(empty, -2 * R_NW);
    if (d != -R_SW && (R_MEN_CAPTURE_BACKWARD || us == SH_BLACK))
        on |= lands & T_SHIFT(prey, -R_SW) & T_SHIFT(empty, -2 * R_SW);
    if (d != -R_SE && (R_MEN_CAPTURE_BACKWARD || us == SH_BLACK))
        on |= lands & T_SHIFT(prey, -R_SE) & T_SHIFT(empty, -2 * R_SE);
    (void)enemy;
    on |= lands & s->promotion;
    T_WORD singles = lands & ~on;
    int counted = 0;
    if (s->count_only) {
        counted = T_COUNT(singles);
    } else {
        for (T_WORD b = singles; b; b &= b - 1) {
            int to = T_FIRST(b);
            s->from = to - 2 * d;
            s->path[0] = (uint8_t)s->from;
            s->path[1] = (uint8_t)to;
            s->depth = 1;
#if R_PRECEDENCE == P_ITALIAN
            s->kinds = (T_BIT(to - d) & s->kings_all) != 0;
#endif
            ADD(s, to, T_BIT(to - d), 0);
        }
    }
    for (T_WORD b = T_SHIFT(on, -2 * d); b; b &= b - 1) {
        int sq = T_FIRST(b);
        s->from = sq;
        s->path[0] = (uint8_t)sq;
        s->empty = empty | T_BIT(sq);
        s->depth = 0;
#if R_PRECEDENCE == P_ITALIAN
        s->kinds = 0;
#endif
        MOVER_ONLY(s, p, us, sq);
        GEN(man_jump)(s, sq, 0, d);
    }
    (void)p;
    return counted;
}

ALWAYS_INLINE int GEN(captures_fast)(const T_POS *p, T_SEARCH *s, bool kings_too,
                                     const int us)
{
    T_WORD empty = R_EMPTY(p), men = T_MEN(p, us);
    s->enemy = ENEMY(p, us);
    SET_KINGS_ALL(s, p);
    s->promotion = R_PROMOTION(us);
    s->depth = 0;
    SET_FROM_KING(s, 0);
    int counted = 0;
    if (R_MEN_CAPTURE_BACKWARD || us == SH_WHITE) {
        counted += GEN(man_singles_dir)(p, s, men, empty, us, R_NE);
        counted += GEN(man_singles_dir)(p, s, men, empty, us, R_NW);
    }
    if (R_MEN_CAPTURE_BACKWARD || us == SH_BLACK) {
        counted += GEN(man_singles_dir)(p, s, men, empty, us, R_SW);
        counted += GEN(man_singles_dir)(p, s, men, empty, us, R_SE);
    }
    if (kings_too) {
        SET_FROM_KING(s, 1);
        for (T_WORD b = T_KINGS(p, us); b; b &= b - 1) {
            int sq = T_FIRST(b);
            s->from = sq;
            s->path[0] = (uint8_t)sq;
            s->empty = empty | T_BIT(sq);
            s->depth = 0;
#if R_PRECEDENCE == P_ITALIAN
            s->kinds = 0;
#endif
            MOVER_ONLY(s, p, us, sq);
            GEN(king_capture)(s, sq, 0, 0, ALL_DIRS);
        }
    }
#if R_PRECEDENCE != P_FREE
    T_KEEP_BEST(s);
#endif
    return counted;
}

/* ---- quiet moves ---- */

ALWAYS_INLINE void GEN(add_quiet)(ShMoveList *list, int from, int to, T_WORD promotion)
{
    ShMove *m = &list->moves[list->count++];
    m->captured = 0;
    m->from = (uint8_t)from;
    m->to = (uint8_t)to;
    m->promotes = (T_BIT(to) & promotion) != 0;
    m->board = R_BOARD; /* ext is not used on the 64-bit boards (and left as it is) */
    T_QUIET_EXT(m);
}

ALWAYS_INLINE void GEN(man_steps)(ShMoveList *list, T_WORD men, T_WORD empty, T_WORD promotion,
                                  const int d)
{
    for (T_WORD b = T_SHIFT(men, d) & empty; b; b &= b - 1) {
        int to = T_FIRST(b);
        GEN(add_quiet)(list, to - d, to, promotion);
    }
}

ALWAYS_INLINE void GEN(king_slides)(ShMoveList *list, int from, T_WORD empty, const int d)
{
    T_WORD b = T_SHIFT(T_BIT(from), d) & empty;
#if R_FLYING_KINGS
    for (; b; b = T_SHIFT(b, d) & empty)
        GEN(add_quiet)(list, from, T_FIRST(b), 0);
#else
    if (b)
        GEN(add_quiet)(list, from, T_FIRST(b), 0);
#endif
}

ALWAYS_INLINE void GEN(quiet)(const T_POS *p, ShMoveList *list, const int us)
{
    T_WORD empty = R_EMPTY(p), men = T_MEN(p, us), promotion = R_PROMOTION(us);
    if (us == SH_WHITE) {
        GEN(man_steps)(list, men, empty, promotion, R_NE);
        GEN(man_steps)(list, men, empty, promotion, R_NW);
    } else {
        GEN(man_steps)(list, men, empty, promotion, R_SW);
        GEN(man_steps)(list, men, empty, promotion, R_SE);
    }
    for (T_WORD k = T_KINGS(p, us); k; k &= k - 1) {
        int from = T_FIRST(k);
        GEN(king_slides)(list, from, empty, R_NE);
        GEN(king_slides)(list, from, empty, R_NW);
        GEN(king_slides)(list, from, empty, R_SW);
        GEN(king_slides)(list, from, empty, R_SE);
    }
}

ALWAYS_INLINE int GEN(count_quiet)(const T_POS *p, const int us)
{
    T_WORD empty = R_EMPTY(p), men = T_MEN(p, us), kings = T_KINGS(p, us);
    int n;
    if (us == SH_WHITE)
        n = T_COUNT(T_SHIFT(men, R_NE) & empty) + T_COUNT(T_SHIFT(men, R_NW) & empty);
    else
        n = T_COUNT(T_SHIFT(men, R_SW) & empty) + T_COUNT(T_SHIFT(men, R_SE) & empty);
    if (kings) {
        /* Rays of different kings in one direction never overlap: each stops at a piece. */
#if R_FLYING_KINGS
#define KING_SQUARES(d) (R_FILL(kings, empty, d) & empty)
#else
#define KING_SQUARES(d) (T_SHIFT(kings, d) & empty)
#endif
        n += T_COUNT(KING_SQUARES(R_NE)) + T_COUNT(KING_SQUARES(R_NW)) +
             T_COUNT(KING_SQUARES(R_SW)) + T_COUNT(KING_SQUARES(R_SE));
#undef KING_SQUARES
    }
    return n;
}

/* ---- entry points ---- */

static __attribute__((noinline)) void GEN(generate_captures)(const T_POS *p, ShMoveList *list,
                                                             bool merge, bool kings_capture)
{
    T_SEARCH s;
    s.moves = list;
    s.paths = NULL;
    s.merge = merge;
    s.count_only = false;
    s.found = 0;
    SET_KINGS_ALL(&s, p);
    SET_FROM_KING(&s, 0);
    if (p->side == SH_WHITE)
        GEN(captures_fast)(p, &s, kings_capture, SH_WHITE);
    else
        GEN(captures_fast)(p, &s, kings_capture, SH_BLACK);
}

/* All legal moves: captures if any (one per distinct move when `merge`, else one per path),
 * otherwise quiet moves. */
ALWAYS_INLINE void GEN(generate_side)(const T_POS *p, ShMoveList *list, bool merge, const int us)
{
    list->count = 0;
    list->overflow = false;
    T_WORD empty = R_EMPTY(p), enemy = ENEMY(p, us);
    T_WORD jumpers = GEN(man_jumpers)(T_MEN(p, us), MEN_PREY(p, enemy), empty, us);
    T_WORD kings = T_KINGS(p, us);
    bool kings_capture = kings && GEN(kings_can_capture)(kings, enemy, empty);
    if (jumpers | kings_capture)
        GEN(generate_captures)(p, list, merge, kings_capture);
    else
        GEN(quiet)(p, list, us);
}

static void GEN(generate)(const T_POS *p, ShMoveList *list, bool merge)
{
    if (p->side == SH_WHITE)
        GEN(generate_side)(p, list, merge, SH_WHITE);
    else
        GEN(generate_side)(p, list, merge, SH_BLACK);
}

/* Counting when a capture is pending: kept out of line so that the quiet case stays small
 * enough to be inlined into the perft loop. */
static __attribute__((noinline)) int GEN(count_captures)(const T_POS *p, bool merge,
                                                        bool kings_capture)
{
    ShMoveList list;
    list.count = 0;
    list.overflow = false;
    T_SEARCH s;
    s.moves = &list;
    s.paths = NULL;
    s.merge = merge;
    s.count_only = R_PRECEDENCE == SH_PRECEDENCE_FREE;
    s.found = 0;
    SET_KINGS_ALL(&s, p);
    SET_FROM_KING(&s, 0);
    int singles = p->side == SH_WHITE ? GEN(captures_fast)(p, &s, kings_capture, SH_WHITE)
                                      : GEN(captures_fast)(p, &s, kings_capture, SH_BLACK);
#if R_PRECEDENCE != P_FREE
    (void)singles;
    return list.count; /* what the precedence rules leave */
#else
    return singles + s.found;
#endif
}

ALWAYS_INLINE int GEN(count_side)(const T_POS *p, bool merge, const int us)
{
    T_WORD empty = R_EMPTY(p), enemy = ENEMY(p, us);
    T_WORD jumpers = GEN(man_jumpers)(T_MEN(p, us), MEN_PREY(p, enemy), empty, us);
    T_WORD kings = T_KINGS(p, us);
    bool kings_capture = kings && GEN(kings_can_capture)(kings, enemy, empty);
    if (jumpers | kings_capture)
        return GEN(count_captures)(p, merge, kings_capture);
    return GEN(count_quiet)(p, us);
}

ALWAYS_INLINE int GEN(count)(const T_POS *p, bool merge)
{
    return p->side == SH_WHITE ? GEN(count_side)(p, merge, SH_WHITE)
                               : GEN(count_side)(p, merge, SH_BLACK);
}

static bool GEN(capture_pending)(const T_POS *p)
{
    int us = p->side;
    T_WORD empty = R_EMPTY(p), enemy = ENEMY(p, us), kings = T_KINGS(p, us);
    T_WORD prey = MEN_PREY(p, enemy);
    T_WORD jumpers = us == SH_WHITE ? GEN(man_jumpers)(T_MEN(p, us), prey, empty, SH_WHITE)
                                      : GEN(man_jumpers)(T_MEN(p, us), prey, empty, SH_BLACK);
    return jumpers || (kings && GEN(kings_can_capture)(kings, enemy, empty));
}

static void GEN(paths)(const T_POS *p, PathList *paths)
{
    paths->count = 0;
    paths->overflow = false;
    if (GEN(capture_pending)(p)) {
        int us = p->side;
        T_SEARCH s;
        s.moves = NULL;
        s.paths = paths;
        s.merge = false;
        s.count_only = false;
        s.found = 0;
    SET_KINGS_ALL(&s, p);
    SET_FROM_KING(&s, 0);
        T_WORD all_men = T_MEN(p, us);
        if (us == SH_WHITE)
            GEN(captures)(p, &s, all_men, true, SH_WHITE);
        else
            GEN(captures)(p, &s, all_men, true, SH_BLACK);
        return;
    }
    ShMoveList list;
    list.count = 0;
    list.overflow = false;
    if (p->side == SH_WHITE)
        GEN(quiet)(p, &list, SH_WHITE);
    else
        GEN(quiet)(p, &list, SH_BLACK);
    for (int i = 0; i < list.count; i++) {
        MovePath *mp = &paths->items[paths->count++];
        mp->move = list.moves[i];
        mp->path.count = 2;
        mp->path.squares[0] = (uint8_t)geo_bit_square(R_BOARD, list.moves[i].from);
        mp->path.squares[1] = (uint8_t)geo_bit_square(R_BOARD, list.moves[i].to);
    }
}

static uint64_t GEN(perft_white)(const T_POS *p, int depth, bool merge);

/* Perft, one function per side to move so that every colour test is folded away. The last
 * two plies are a loop over the moves that counts each child's moves in place. */
static uint64_t GEN(perft_black)(const T_POS *p, int depth, bool merge);

ALWAYS_INLINE uint64_t GEN(perft_side)(const T_POS *p, int depth, bool merge, const int us)
{
    ShMoveList list;
    GEN(generate_side)(p, &list, merge, us);
    uint64_t n = 0;
    if (depth == 2) {
        for (int i = 0; i < list.count; i++) {
            T_POS child;
            T_PLAY_BOARD(p, &list.moves[i], &child);
            n += (uint64_t)GEN(count_side)(&child, merge, us ^ 1);
        }
        return n;
    }
    for (int i = 0; i < list.count; i++) {
        T_POS child;
        T_PLAY_BOARD(p, &list.moves[i], &child);
        n += us == SH_WHITE ? GEN(perft_black)(&child, depth - 1, merge)
                            : GEN(perft_white)(&child, depth - 1, merge);
    }
    return n;
}

static uint64_t GEN(perft_white)(const T_POS *p, int depth, bool merge)
{
    return GEN(perft_side)(p, depth, merge, SH_WHITE);
}

static uint64_t GEN(perft_black)(const T_POS *p, int depth, bool merge)
{
    return GEN(perft_side)(p, depth, merge, SH_BLACK);
}

static uint64_t GEN(perft)(const T_POS *p, int depth, bool merge)
{
    if (depth <= 1)
        return depth == 1 ? (uint64_t)GEN(count)(p, merge) : 1;
    return p->side == SH_WHITE ? GEN(perft_white)(p, depth, merge) : GEN(perft_black)(p, depth, merge);
}

#undef ALWAYS_INLINE
#undef PREY
#undef ADD
#undef KINDS_PUSH
#undef KINDS_POP
#undef ENEMY
#undef MOVER_ONLY
#undef MEN_PREY
#undef SET_KINGS_ALL
#undef SET_FROM_KING

#ifdef T_DEFAULTS
#undef T_DEFAULTS
#undef T_WORD
#undef T_POS
#undef T_SEARCH
#undef T_SHIFT
#undef T_BIT
#undef T_FIRST
#undef T_COUNT
#undef T_MEN
#undef T_KINGS
#undef T_OCCUPIED
#undef T_PIECES
#undef T_ALL_KINGS
#undef T_CAPTURE_ADD
#undef T_KEEP_BEST
#undef T_PLAY_BOARD
#undef T_QUIET_EXT
#endif
