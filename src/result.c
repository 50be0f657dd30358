/* result.c - the results of a game and the reasons it ended: their names, their titles, how a
 * PDN file writes them, and a sentence saying who won and why (shashki.h "Results"). */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "shashki.h"

static const char *const COLOR_NAME[2] = {"White", "Black"};

static const char *const REASON_NAMES[SH_REASON_COUNT] = {
    "none",       "no-pieces",  "no-moves",   "resignation", "time",       "agreement",
    "repetition", "three-kings", "main-road", "balance-3",   "balance-5",  "balance-7",
    "kings-only", "both-flags", "adjudication", "recorded",
    "giveaway-no-pieces", "giveaway-no-moves", "king-moves-20", "king-moves-25", "king-moves-30",
    "fmjd-16", "fmjd-5", "pool-13", "forty-moves", "frisian-7", "frisian-2",
};

const char *sh_reason_name(ShReason reason)
{
    return (unsigned)reason < SH_REASON_COUNT ? REASON_NAMES[reason] : "unknown";
}

bool sh_reason_find(const char *name, ShReason *reason)
{
    for (int i = 0; name && i < SH_REASON_COUNT; i++) {
        if (strcmp(name, REASON_NAMES[i]) == 0) {
            *reason = (ShReason)i;
            return true;
        }
    }
    return false;
}

const char *sh_reason_title(ShReason reason)
{
    static const char *const TITLES[SH_REASON_COUNT] = {
        "",
        "no pieces",
        "no move",
        "resignation",
        "time",
        "agreement",
        "threefold repetition",
        "three kings against one, 15 moves",
        "the main road, 5 moves",
        "balance unchanged, 5 moves",
        "balance unchanged, 30 moves",
        "balance unchanged, 60 moves",
        "kings only, 15 moves",
        "both flags",
        "adjudication",
        "recorded",
        "no pieces left (giveaway)",
        "no move left (giveaway)",
        "20 king moves each",
        "25 king moves each",
        "30 king moves each",
        "16 moves against a lone king",
        "5 moves against a lone king",
        "three kings against one, 13 moves",
        "the 40-move rule",
    };
    return (unsigned)reason < SH_REASON_COUNT ? TITLES[reason] : "unknown";
}

const char *sh_result_pdn(ShResult result, bool russian_scoring)
{
    switch (result) {
    case SH_RESULT_WHITE_WINS: return russian_scoring ? "2-0" : "1-0";
    case SH_RESULT_BLACK_WINS: return russian_scoring ? "0-2" : "0-1";
    case SH_RESULT_DRAW: return russian_scoring ? "1-1" : "1/2-1/2";
    case SH_RESULT_NONE: break;
    }
    return "*";
}

bool sh_result_parse(const char *text, ShResult *result)
{
    static const struct {
        const char *text;
        ShResult result;
    } FORMS[] = {
        {"1-0", SH_RESULT_WHITE_WINS}, {"2-0", SH_RESULT_WHITE_WINS}, {"1:0", SH_RESULT_WHITE_WINS},
        {"0-1", SH_RESULT_BLACK_WINS}, {"0-2", SH_RESULT_BLACK_WINS}, {"0:1", SH_RESULT_BLACK_WINS},
        {"1/2-1/2", SH_RESULT_DRAW},   {"1-1", SH_RESULT_DRAW},       {"1/2:1/2", SH_RESULT_DRAW},
        {"*", SH_RESULT_NONE},
    };
    for (size_t i = 0; text && i < sizeof FORMS / sizeof FORMS[0]; i++) {
        if (strcmp(text, FORMS[i].text) == 0) {
            *result = FORMS[i].result;
            return true;
        }
    }
    return false;
}

int sh_result_describe(ShResult result, ShReason reason, char *out, size_t size)
{
    if (!out || size == 0)
        return 0;
    int n;
    if (result == SH_RESULT_WHITE_WINS || result == SH_RESULT_BLACK_WINS) {
        const char *winner = COLOR_NAME[result == SH_RESULT_BLACK_WINS],
                   *loser = COLOR_NAME[result == SH_RESULT_WHITE_WINS];
        switch (reason) {
        case SH_REASON_NO_PIECES:
            n = snprintf(out, size, "%s wins: %s has no pieces", winner, loser);
            break;
        case SH_REASON_NO_MOVES:
            n = snprintf(out, size, "%s wins: %s has no move", winner, loser);
            break;
        case SH_REASON_RESIGNATION:
            n = snprintf(out, size, "%s wins: %s resigned", winner, loser);
            break;
        case SH_REASON_TIME:
            n = snprintf(out, size, "%s wins: %s lost on time", winner, loser);
            break;
        case SH_REASON_ADJUDICATION:
            n = snprintf(out, size, "%s wins by adjudication", winner);
            break;
        case SH_REASON_GIVEAWAY_NO_PIECES:
            n = snprintf(out, size, "%s wins: it has no pieces left (giveaway)", winner);
            break;
        case SH_REASON_GIVEAWAY_NO_MOVES:
            n = snprintf(out, size, "%s wins: it has no move (giveaway)", winner);
            break;
        default:
            n = snprintf(out, size, "%s wins", winner);
            break;
        }
    } else if (result == SH_RESULT_DRAW) {
        const char *why = NULL;
        switch (reason) {
        case SH_REASON_AGREEMENT: why = "agreed"; break;
        case SH_REASON_REPETITION: why = "the same position three times"; break;
        case SH_REASON_THREE_KINGS: why = "three kings against a lone king, 15 moves"; break;
        case SH_REASON_MAIN_ROAD:
            why = "three pieces against a lone king on the main road, 5 moves";
            break;
        case SH_REASON_BALANCE_3:
            why = "5 moves without a change of balance (2 or 3 pieces, kings on both sides)";
            break;
        case SH_REASON_BALANCE_5:
            why = "30 moves without a change of balance (4 or 5 pieces, kings on both sides)";
            break;
        case SH_REASON_BALANCE_7:
            why = "60 moves without a change of balance (6 or 7 pieces, kings on both sides)";
            break;
        case SH_REASON_KINGS_ONLY: why = "15 moves with kings only"; break;
        case SH_REASON_KING_MOVES_20: why = "20 moves each of kings without a capture"; break;
        case SH_REASON_KING_MOVES_25: why = "25 moves each of kings without a capture"; break;
        case SH_REASON_KING_MOVES_30: why = "30 moves each of kings without a capture"; break;
        case SH_REASON_FMJD_16:
            why = "16 moves of three pieces with a king against a lone king";
            break;
        case SH_REASON_FMJD_5:
            why = "5 moves of one or two pieces with a king against a lone king";
            break;
        case SH_REASON_POOL_13: why = "three kings against one, 13 moves"; break;
        case SH_REASON_FORTY_MOVES:
            why = "40 moves each without a man moved or a piece taken";
            break;
        case SH_REASON_FRISIAN_7: why = "two kings against a lone king, 7 moves"; break;
        case SH_REASON_FRISIAN_2: why = "a king against a lone king, 2 moves"; break;
        case SH_REASON_BOTH_FLAGS: why = "both flags fell"; break;
        case SH_REASON_ADJUDICATION: why = "adjudicated"; break;
        default: break;
        }
        n = why ? snprintf(out, size, "draw: %s", why) : snprintf(out, size, "draw");
    } else {
        n = snprintf(out, size, "the game goes on");
    }
    return n < 0 ? 0 : (n >= (int)size ? (int)size - 1 : n);
}
