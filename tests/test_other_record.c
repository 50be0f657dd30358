/* test_other_record.c - the other games' PDN-style records (shashki_other.h "Records"), suite
 * `other-record`: for every playable game, random games written and read back give the same
 * moves, tags, positions and notes (comments, NAGs: a review's place); and bad records fail
 * with the line and column of the fault. */
#include <stdlib.h>
#include <string.h>

#include "shashki_other.h"
#include "shashki_play.h"
#include "test.h"

/* A random game of at most `plies` moves from the start (or from `position`). */
static void random_game(ShOtherRecord *rec, int plies, uint64_t seed)
{
    ShOtherMove *list = malloc(SH_OTHER_MAX_MOVES * sizeof *list);
    if (!list)
        return;
    for (int i = 0; i < plies; i++) {
        int n = rec->game->moves(&rec->current, list);
        if (n == 0)
            break;
        ShError err;
        CHECK(sh_other_record_play(rec, &list[test_random(&seed) % (uint64_t)n], &err) == SH_OK);
    }
    free(list);
}

static void state_text(const ShOtherGame *g, const ShOtherState *st, char *out, size_t size)
{
    g->format(st, out, size);
}

static void roundtrip(const ShOtherGame *g, ShOtherRecord *rec)
{
    size_t need = sh_other_record_write(rec, NULL, 0);
    char *text = malloc(need + 1);
    if (!text)
        return;
    CHECK_INT(sh_other_record_write(rec, text, need + 1), need);
    ShOtherRecord back;
    ShError err;
    ShStatus s = sh_other_record_read(&back, text, NULL, &err);
    CHECK_MSG(s == SH_OK, "%s: its own record does not read (line %d column %d: %s)\n%s",
              g->name, err.line, err.column, err.message, text);
    if (s == SH_OK) {
        CHECK(back.game == g);
        CHECK_INT(back.move_count, rec->move_count);
        for (int i = 0; i < rec->move_count && i < back.move_count; i++)
            CHECK_MSG(memcmp(&back.moves[i], &rec->moves[i], sizeof back.moves[i]) == 0,
                      "%s: move %d differs", g->name, i + 1);
        char a[SH_OTHER_TEXT_SIZE], b[SH_OTHER_TEXT_SIZE];
        state_text(g, &rec->current, a, sizeof a);
        state_text(g, &back.current, b, sizeof b);
        CHECK_STR(b, a);
        state_text(g, &rec->start, a, sizeof a);
        state_text(g, &back.start, b, sizeof b);
        CHECK_STR(b, a);
        CHECK_STR(back.result, rec->result);
        CHECK_STR(back.event, rec->event);
        for (int p = 0; p < g->players; p++)
            CHECK_STR(back.player[p], rec->player[p]);
        CHECK_STR(back.settings, rec->settings);
        CHECK(back.setup == rec->setup);
        for (int i = 0; i < rec->move_count && i < back.move_count; i++) {
            const char *want = sh_other_record_comment(rec, i),
                       *got = sh_other_record_comment(&back, i);
            CHECK_MSG((want == NULL) == (got == NULL) && (!want || strcmp(want, got) == 0),
                      "%s: move %d's comment '%s' read back as '%s'", g->name, i + 1,
                      want ? want : "(none)", got ? got : "(none)");
            int wn[SH_OTHER_MAX_NAGS], gn[SH_OTHER_MAX_NAGS];
            int na = sh_other_record_nags(rec, i, wn), nb = sh_other_record_nags(&back, i, gn);
            CHECK_INT(nb, na);
            CHECK(na != nb || memcmp(wn, gn, (size_t)na * sizeof wn[0]) == 0);
        }
        /* written again, the same text */
        char *again = malloc(need + 1);
        if (again) {
            sh_other_record_write(&back, again, need + 1);
            CHECK_STR(again, text);
            free(again);
        }
        sh_other_record_free(&back);
    }
    free(text);
}

static const char *const PLAYERS[] = {"Anna \"the wall\" Petrova", "Boris", "Vera", "Gleb"};

static void game_cases(const ShOtherGame *g)
{
    ShError err;
    ShOtherRecord rec;
    test_case("other-record: %s: a random game of 40 moves reads back as written", g->name);
    if (sh_other_record_init(&rec, g, "", NULL, &err) == SH_OK) {
        snprintf(rec.event, sizeof rec.event, "Club evening");
        snprintf(rec.date, sizeof rec.date, "2026.12.01");
        for (int p = 0; p < g->players; p++)
            snprintf(rec.player[p], sizeof rec.player[p], "%s", PLAYERS[p]);
        random_game(&rec, 40, 17);
        char text[4096];
        sh_other_record_write(&rec, text, sizeof text);
        char tag[128];
        snprintf(tag, sizeof tag, "[GameType \"%s\"]", g->game_type);
        CHECK_MSG(strstr(text, tag) != NULL, "no %s in\n%s", tag, text);
        snprintf(tag, sizeof tag, "[Variant \"%s\"]", g->name);
        CHECK(strstr(text, tag) != NULL);
        CHECK(strstr(text, "[White \"Anna \\\"the wall\\\" Petrova\"]") != NULL);
        CHECK(strstr(text, "[SetUp") == NULL); /* from the start: no FEN */
        CHECK((strstr(text, "[Red ") != NULL) == (g->players >= 3));
        CHECK((strstr(text, "[Blue ") != NULL) == (g->players >= 4));
        CHECK(strstr(text, "1. ") != NULL || rec.move_count == 0);
        roundtrip(g, &rec);
        sh_other_record_free(&rec);
    } else {
        test_fail(__FILE__, __LINE__, "%s does not start: %s", g->name, err.message);
    }

    test_case("other-record: %s: a review's comments and NAGs read back as written", g->name);
    if (sh_other_record_init(&rec, g, "", NULL, &err) == SH_OK) {
        random_game(&rec, 30, 23);
        for (int i = 0; i < rec.move_count; i += 3) {
            char note[256];
            /* as engine/review.c writes them: long enough to wrap, a '[%eval]' command */
            snprintf(note, sizeof note,
                     "[%%eval -0.%02d,%d] Mistake (-17%%): best was another move, %d of them "
                     "in the line that the engine expects after it",
                     i, i % 9 + 1, i);
            CHECK(sh_other_record_set_comment(&rec, i, note, &err) == SH_OK);
            if (i % 2 == 0)
                CHECK(sh_other_record_add_nag(&rec, i, i % 4 == 0 ? 2 : 6, &err) == SH_OK);
        }
        if (rec.move_count > 1) {
            /* a '}' in a comment: written after ';' to the line's end */
            CHECK(sh_other_record_set_comment(&rec, 1, "a brace } inside", &err) == SH_OK);
            CHECK(sh_other_record_add_nag(&rec, 1, 4, &err) == SH_OK);
            /* blanks and line ends become single spaces, as they read back */
            CHECK(sh_other_record_set_comment(&rec, rec.move_count - 1, "  two\n  lines  ",
                                              &err) == SH_OK);
            CHECK_STR(sh_other_record_comment(&rec, rec.move_count - 1), "two lines");
        }
        roundtrip(g, &rec);
        CHECK_INT(sh_other_record_set_comment(&rec, rec.move_count, "after the end", &err),
                  SH_ERR_ARGUMENT);
        CHECK_INT(sh_other_record_add_nag(&rec, 0, 256, &err), SH_ERR_ARGUMENT);
        sh_other_record_free(&rec);
    } else {
        test_fail(__FILE__, __LINE__, "%s does not start: %s", g->name, err.message);
    }

    test_case("other-record: %s: a game played to its end has its result", g->name);
    if (sh_other_record_init(&rec, g, "", NULL, &err) == SH_OK) {
        random_game(&rec, 5000, 99);
        ShOtherResult res;
        g->result(&rec.current, &res);
        char want[32];
        sh_other_result_text(g, &res, want, sizeof want);
        CHECK_STR(rec.result, want);
        if (res.over)
            CHECK(strcmp(rec.result, "*") != 0);
        roundtrip(g, &rec);
        sh_other_record_free(&rec);
    }

    test_case("other-record: %s: a game from a set-up position keeps its FEN", g->name);
    ShOtherRecord first;
    if (sh_other_record_init(&first, g, "", NULL, &err) == SH_OK) {
        random_game(&first, 7, 5);
        char fen[SH_OTHER_TEXT_SIZE];
        g->format(&first.current, fen, sizeof fen);
        if (sh_other_record_init(&rec, g, "", fen, &err) == SH_OK) {
            random_game(&rec, 9, 6);
            char text[4096];
            sh_other_record_write(&rec, text, sizeof text);
            CHECK(strstr(text, "[SetUp \"1\"]") != NULL);
            CHECK(strstr(text, "[FEN \"") != NULL);
            /* the first player need not be to move: "1..." then */
            if (g->to_move(&rec.start) != 0 && rec.move_count > 0)
                CHECK(strstr(text, "1... ") != NULL);
            roundtrip(g, &rec);
            sh_other_record_free(&rec);
        } else {
            test_fail(__FILE__, __LINE__, "%s: its own text does not start a record", g->name);
        }
        sh_other_record_free(&first);
    }

    for (int i = 0; i < g->setting_count; i++) {
        const ShSetting *set = &g->settings[i];
        const char *bar = strchr(set->values, '|');
        const char *second = bar ? bar + 1 : set->values;
        char settings[128];
        snprintf(settings, sizeof settings, "%s=%.*s", set->key, (int)strcspn(second, "|"), second);
        test_case("other-record: %s: setting %s is kept", g->name, settings);
        if (sh_other_record_init(&rec, g, settings, NULL, &err) == SH_OK) {
            random_game(&rec, 6, 3);
            char text[4096];
            sh_other_record_write(&rec, text, sizeof text);
            CHECK(strstr(text, "[Settings \"") != NULL);
            roundtrip(g, &rec);
            sh_other_record_free(&rec);
        } else {
            test_fail(__FILE__, __LINE__, "%s: %s refused: %s", g->name, settings, err.message);
        }
    }
}

/* The notes through the game interface (sh_play_set_comment, sh_play_add_nag), as the review
 * sets them: a copy keeps them, a move taken back takes its own, the PDN reads back with them. */
static void play_cases(const ShOtherGame *g)
{
    test_case("other-record: %s through the game interface: comments kept, copied, taken back",
              g->name);
    const ShKind *kind = sh_kind_find(g->name);
    ShPlay *play = NULL;
    ShError err;
    if (!kind || sh_play_new(&play, kind, NULL, &err) != SH_OK) {
        test_fail(__FILE__, __LINE__, "%s: no game to play", g->name);
        return;
    }
    for (int i = 0; i < 4; i++) {
        int count = 0;
        ShPlayMove *moves = sh_play_moves(play, &count);
        CHECK(count > 0 && sh_play_move(play, moves[0].full, NULL, &err) == SH_OK);
        free(moves);
    }
    CHECK(sh_play_set_comment(play, 0, "first {move}", &err) == SH_OK);
    CHECK(sh_play_add_nag(play, 3, 6, &err) == SH_OK);
    CHECK(sh_play_set_comment(play, 3, "the last", &err) == SH_OK);
    ShPlay *copy = sh_play_copy(play);
    CHECK(copy != NULL);
    CHECK(sh_play_undo(play, &err) == SH_OK);
    char *text = NULL, *copied = NULL;
    CHECK(sh_play_write_pdn(play, false, &text, NULL, &err) == SH_OK);
    CHECK(copy && sh_play_write_pdn(copy, false, &copied, NULL, &err) == SH_OK);
    CHECK(text && strstr(text, ";first {move}") != NULL);
    CHECK(text && strstr(text, "the last") == NULL && strstr(text, "$6") == NULL);
    CHECK(copied && strstr(copied, "$6 {the last}") != NULL);
    /* the copy's record read back: the same text again */
    if (copied) {
        ShPlayReader reader;
        sh_play_reader_init(&reader, copied, strlen(copied));
        ShPlay *back = NULL;
        CHECK(sh_play_read_next(&reader, &back, &err) == SH_OK && back);
        char *again = NULL;
        CHECK(back && sh_play_write_pdn(back, false, &again, NULL, &err) == SH_OK);
        CHECK(again && strcmp(again, copied) == 0);
        free(again);
        sh_play_free(back);
    }
    free(text);
    free(copied);
    sh_play_free(copy);
    sh_play_free(play);
}

/* The record of a random game of `plies` moves from the start; false if the game cannot start. */
static bool game_text(const ShOtherGame *g, int plies, uint64_t seed, char *out, size_t size)
{
    ShOtherRecord rec;
    ShError err;
    if (sh_other_record_init(&rec, g, "", NULL, &err) != SH_OK)
        return false;
    random_game(&rec, plies, seed);
    sh_other_record_write(&rec, out, size);
    sh_other_record_free(&rec);
    return true;
}

/* Bad records of the first playable game: the error's line and column. */
static void error_cases(const ShOtherGame *g)
{
    ShOtherRecord rec;
    ShError err;
    char text[8192];
    test_case("other-record: errors: a move that is not legal, at its line and column");
    snprintf(text, sizeof text, "[Variant \"%s\"]\n\n1. zz9-zz8 *\n", g->name);
    CHECK(sh_other_record_read(&rec, text, NULL, &err) != SH_OK);
    CHECK_INT(err.line, 3);
    CHECK_INT(err.column, 4);

    test_case("other-record: errors: an unknown game, at its tag");
    CHECK(sh_other_record_read(&rec, "[Event \"x\"]\n[Variant \"chess\"]\n*\n", NULL, &err) ==
          SH_ERR_SYNTAX);
    CHECK_INT(err.line, 2);
    CHECK_INT(err.column, 1);

    test_case("other-record: errors: no game named at all");
    CHECK(sh_other_record_read(&rec, "[Event \"x\"]\n\n*\n", NULL, &err) == SH_ERR_SYNTAX);

    test_case("other-record: errors: a tag without its closing quote");
    CHECK(sh_other_record_read(&rec, "[Event \"x]\n", NULL, &err) == SH_ERR_SYNTAX);
    CHECK_INT(err.line, 1);
    CHECK_INT(err.column, 11);

    test_case("other-record: errors: a bad FEN, at its column in the file");
    snprintf(text, sizeof text, "[Variant \"%s\"]\n[SetUp \"1\"]\n[FEN \"@@@\"]\n*\n", g->name);
    CHECK(sh_other_record_read(&rec, text, NULL, &err) != SH_OK);
    CHECK_INT(err.line, 3);
    CHECK(err.column >= 7);

    test_case("other-record: errors: a setting the game does not have");
    snprintf(text, sizeof text, "[Variant \"%s\"]\n[Settings \"nosuch=1\"]\n*\n", g->name);
    CHECK(sh_other_record_read(&rec, text, NULL, &err) == SH_ERR_SYNTAX);
    CHECK_INT(err.line, 2);
    CHECK_INT(err.column, 12);

    test_case("other-record: errors: a NAG out of range, at its line and column");
    char body[2048];
    if (game_text(g, 2, 4, body, sizeof body)) {
        char *at = strstr(body, "\n\n1. ");
        char *space = at ? strchr(at + 5, ' ') : NULL; /* after the first move */
        if (space) {
            snprintf(text, sizeof text, "%.*s $300%s", (int)(space - body), body, space);
            CHECK(sh_other_record_read(&rec, text, NULL, &err) == SH_ERR_SYNTAX);
            CHECK(strstr(err.message, "$300") != NULL);
            CHECK_INT(err.column, (int)(space - (at + 2)) + 2);
        }
    }

    test_case("other-record: errors: the Result tag and the last token disagree");
    snprintf(text, sizeof text, "[Variant \"%s\"]\n[Result \"*\"]\n\n%s\n", g->name,
             g->players == 2 ? "1-0" : "1-0-0");
    CHECK(sh_other_record_read(&rec, text, NULL, &err) == SH_ERR_SYNTAX);

    test_case("other-record: comments and move numbers are skipped; two games read one by one");
    ShOtherRecord one;
    ShError e2;
    if (sh_other_record_init(&one, g, "", NULL, &e2) == SH_OK) {
        random_game(&one, 4, 8);
        sh_other_record_write(&one, body, sizeof body);
        char *moves = strstr(body, "\n\n");
        if (moves) {
            snprintf(text, sizeof text, "[Variant \"%s\"]\n{a comment\nover lines} ; and one\n%s\n%s",
                     g->name, moves + 2, body);
            const char *end = NULL;
            CHECK(sh_other_record_read(&rec, text, &end, &err) == SH_OK);
            CHECK_INT(rec.move_count, one.move_count);
            sh_other_record_free(&rec);
            CHECK(end && *end == '[');
            CHECK(sh_other_record_read(&rec, end, NULL, &err) == SH_OK);
            CHECK_INT(rec.move_count, one.move_count);
            sh_other_record_free(&rec);
        }
        sh_other_record_free(&one);
    }
}

void suite_other_record(void)
{
    const ShOtherGame *first = NULL;
    for (int i = 0; i < sh_other_count(); i++) {
        const ShOtherGame *g = sh_other_at(i);
        if (!sh_other_playable(g))
            continue;
        if (!first)
            first = g;
        game_cases(g);
    }
    test_case("other-record: the result texts");
    for (int i = 0; i < sh_other_count(); i++) {
        const ShOtherGame *g = sh_other_at(i);
        ShOtherResult r = {.over = true, .winner = 1};
        char t[32];
        sh_other_result_text(g, &r, t, sizeof t);
        CHECK_STR(t, g->players == 2 ? "0-1" : g->players == 3 ? "0-1-0" : "0-1-0-0");
        r.winner = -1;
        sh_other_result_text(g, &r, t, sizeof t);
        CHECK_STR(t, g->players == 2 ? "1/2-1/2" : g->players == 3 ? "1/3-1/3-1/3" : "1/4-1/4-1/4-1/4");
        r.over = false;
        sh_other_result_text(g, &r, t, sizeof t);
        CHECK_STR(t, "*");
    }
    test_case("other-record: at least one game is playable");
    CHECK(first != NULL);
    if (first) {
        error_cases(first);
        play_cases(first);
    }
}
