/*
 * review.h - a game reviewed by the engine (issue 26): every position of the game searched,
 * each move judged by what it cost its player, the mistakes marked as players mark them. What
 * `shashki pdn annotate` writes and the web app's reviews show (server/review_queue.h).
 *
 * Positions and moves
 *   Position k is the one after k moves (0: the start); move k is played from position k. A
 *   ballot's moves (sh_play_opening_plies) are not the players' choice: the review begins after
 *   them (`first`). A record that goes on after its rules ended the game (a count reached) is
 *   reviewed to where they ended it. Each position is searched by the engine of every game
 *   (play_engine.h: the draughts engine with the opening book and the endgame databases where
 *   they apply, the other games' search) for its best move, its score for the player to move,
 *   the line it expects and, for the "only move", the second best move's score. A position
 *   where the rules ended the game is not searched: its verdict is its score. The other games
 *   of two players take the mean of the scores of the search's last two depths
 *   (OtherSearchLimits.two_depths): their search has no quiet end, and one depth's scores favour
 *   the player to move at odd depths (corners: a step or a jump more on the way) and the other
 *   at even ones, so that consecutive positions, which have different players to move, saw by
 *   up to 20 points of expected score and the best moves look like mistakes (tests/test_engine.c).
 *
 * Winning chances, not centi-men
 *   A score becomes the player's expected score (0 to 1) by the logistic curve the evaluation
 *   was fitted with (tools/README.md: sigmoid(K * score / 100), K = 0.8, so +100 is 69% as
 *   engine.h says); a proven win is 1, a proven loss 0, a proven draw 1/2. The other games'
 *   scores (hundredths of a piece) take the same curve (it was not fitted to their games). A
 *   move's loss is what it cost its player: the expected score before it (with the engine's best
 *   move) less the expected score after it, in the mover's view (0 when the move did as well, and
 *   for the engine's best move itself: a deeper look from the next position that scores it lower
 *   is the search's horizon, not the player's error).
 *   So a fall from +800 to +500 in a won game costs 1.6% (99.8% to 98.2%) and is nothing, while
 *   the same 300 from 0 (a man in the middlegame) costs 42% and is a blunder.
 *
 * The marks (PDN's NAGs), by the loss in points of expected score
 *   ?!  inaccuracy    8 or more   (from an equal game: about 40 centi-men)
 *   ?   mistake      15 or more   (about 80: a quarter of a man)
 *   ??  blunder      25 or more   (about 140; a man lost costs 30-42 in an even middlegame (a
 *                                  man is 200-300 there), a won game drawn 50, a drawn game
 *                                  lost 50)
 *   !   only move    the engine's best move was played, and the second best would have cost 25
 *                    or more (a blunder): the one move that holds (not a single legal move)
 *   The scale is the material's, so that the marks say what players mean by them: a man given
 *   away is a blunder however the game stood (from -0.28 to -2.25, 44% to 15%: 29 points, as in
 *   the lidraughts game of tests/data/cli/annotate.t), a man given away in a game already won
 *   (+600 to +300: 99% to 92%) is not one. lichess's thresholds (10, 20 and 30 points on its -1..1
 *   scale: 5, 10 and 15 here) would call 75 centi-men (a quarter of a man) a blunder. Measured on
 *   the first 8 games of the 1998 world championship (tests/data/games, 301 moves, the default
 *   nodes): 5 inaccuracies, 1 mistake, 2 blunders and 22 only moves; with lichess's thresholds
 *   5, 4 and 3 (and 27 only moves at 15).
 *
 * Games of two players judge a move from consecutive positions: the mover's view of position
 * k + 1 is the negated score of its player to move (or the score itself when the same player
 * moves again: two moves a turn). In a game of three or four the engine's score is one
 * player's against the others (the paranoid search, other_search.h), so the move played is
 * scored by the search of its own position (PlayLimits.judge).
 *
 * Determinism: the engine is cleared when a review begins; with one thread and a node or depth
 * limit a review gives the same scores and marks every run.
 */
#ifndef SHASHKI_REVIEW_H
#define SHASHKI_REVIEW_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "play_engine.h"
#include "shashki_play.h"

#define REVIEW_INACCURACY 0.08 /* ?! */
#define REVIEW_MISTAKE 0.15    /* ?  */
#define REVIEW_BLUNDER 0.25    /* ?? */
#define REVIEW_ONLY 0.25       /* !  : what the second best move would have cost */
#define REVIEW_CURVE 0.008     /* the logistic's slope per centi-man (K / 100) */
/* The limit of a position's search when none is given: a node count, so that a review is the
 * same on every machine (about 0.2 s a position here). */
#define REVIEW_DEFAULT_NODES 1000000

typedef enum ReviewMark {
    REVIEW_MARK_NONE = 0,
    REVIEW_MARK_ONLY,       /* !  (NAG 1) */
    REVIEW_MARK_INACCURACY, /* ?! (NAG 6) */
    REVIEW_MARK_MISTAKE,    /* ?  (NAG 2) */
    REVIEW_MARK_BLUNDER     /* ?? (NAG 4) */
} ReviewMark;

typedef enum ReviewState {
    REVIEW_OPEN = 0,    /* not searched (yet) */
    REVIEW_SEARCHED,    /* the engine's verdict */
    REVIEW_OVER,        /* the rules ended the game here: the verdict is the score */
    REVIEW_BALLOT       /* a ballot's position, before `first`: not reviewed */
} ReviewState;

/* What the engine said of one position: what a store keeps of a review. */
typedef struct ReviewPosition {
    ReviewState state;
    int player;         /* to move there */
    int score;          /* for `player`, as its engine writes scores (play_engine.h): a draughts
                           game's centi-men, an other game's hundredths of a piece, wins near the
                           engine's win score; where the game is over, its verdict (a win, a
                           loss, 0) */
    int depth;
    uint64_t nodes;
    char best[SH_PLAY_MOVE_TEXT_SIZE]; /* its best move's full text ("" where none) */
    char pv[PLAY_PV_SIZE];             /* the line it expects from here, full texts */
    bool has_second;                   /* the second best move and its score */
    char second[SH_PLAY_MOVE_TEXT_SIZE];
    int second_score;
    bool has_judged;                   /* (three or four players) the move played's score */
    int judged_score;
} ReviewPosition;

/* A move judged (from positions k and k + 1). */
typedef struct ReviewMove {
    int player;         /* who made it */
    bool judged;        /* its positions are known: the fields below hold */
    double before;      /* the mover's expected score before it, with the best move */
    double after;       /* ... after the move played */
    double loss;        /* before - after, at least 0 */
    bool best;          /* the engine's best move was played */
    ReviewMark mark;
} ReviewMove;

typedef struct ReviewSummary {
    int moves;          /* the player's moves judged */
    int inaccuracies, mistakes, blunders, only;
    double average_loss; /* per move judged, in expected score (0 to 1) */
} ReviewSummary;

typedef struct Review {
    const ShKind *kind;
    int players;
    int first;          /* the first position reviewed: after the ballot's moves */
    int plies;          /* the moves reviewed: positions first .. plies */
    ReviewPosition *positions;  /* plies + 1 */
    ReviewMove *moves;          /* plies */
    ReviewSummary summary[SH_MAX_PLAYERS];
    int done;           /* positions searched or decided */
    ShPlay *start;      /* the game at position `first`, without clocks or tags */
    char (*played)[SH_PLAY_MOVE_TEXT_SIZE]; /* each move's full text */
} Review;

/* The review of a game as it stands (its positions found, nothing searched): NULL with err for
 * a game the engine does not play (SH_ERR_ARGUMENT) or when memory is short. */
Review *review_new(const ShPlay *game, ShError *err);
void review_free(Review *review);

typedef struct ReviewLimits {
    uint64_t nodes;     /* a position's search: nodes, depth, seconds (all 0: the default nodes) */
    int depth;
    double seconds;
    const atomic_bool *stop; /* set by another thread (which stops the engine too): the
                                position being searched is not kept, the review ends */
} ReviewLimits;

/* Called after each position is searched or decided; false ends the review. */
typedef bool (*ReviewProgress)(const Review *review, int position, void *user);

/* Search the positions not known yet, in order, with a cleared engine; then judge the moves.
 * Stopped (limits->stop, or the progress function), the positions done are kept and judged. An
 * engine error ends it with that error. */
ShStatus review_run(Review *review, PlayEngine *engine, const ReviewLimits *limits,
                    ReviewProgress progress, void *user, ShError *err);
/* Judge the moves and sum up the players from the positions known (review_run does it; a store
 * that filled the positions calls it). */
void review_judge(Review *review);
/* Write the review into the record of the game reviewed (any game: the other games' in their
 * record's notes, shashki_other.h): after each move judged a comment with the
 * score after it ("[%eval 0.35,14]", White's view in men; "#7" a win in 7 moves, "#-7" Black's;
 * "#db" a win the databases prove), the mark's name, the loss and the better move with its
 * line where the move is marked, and the line the engine expects; the mark as a NAG. */
ShStatus review_annotate(const Review *review, ShPlay *game, ShError *err);

/* The expected score of the player a score is for (0 to 1). */
double review_chance(const ShKind *kind, int score);
/* A score as the comments write it, for the player it is for ("+0.35", "#7", "#-7", "#db"). */
void review_score_text(const ShKind *kind, int score, char *out, size_t size);
/* The plies to a win (> 0) or a loss (< 0) a score proves, 0 for an evaluation; *database for a
 * win or loss the endgame databases prove (no plies known). */
int review_score_plies(const ShKind *kind, int score, bool *database);
const char *review_mark_glyph(ReviewMark mark); /* "??", "?", "?!", "!", "" */
const char *review_mark_name(ReviewMark mark);  /* "blunder", "mistake", "inaccuracy", "only" */
int review_mark_nag(ReviewMark mark);           /* 4, 2, 6, 1; 0 for none */

#endif
