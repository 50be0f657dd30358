/* test_play.c - the game interface (include/shashki_play.h), suite "play": every game through
 * it, checked against its family's own functions, which the interface must agree with:
 *
 *   - the kinds: one per game, found by their names and the library's other names;
 *   - for every game: random games played through the interface, each move checked against an
 *     independent position (the draughts games' ShPosition and sh_move_parse, the other games'
 *     ShOtherState and sh_other_parse_move), every move's texts read back as the same move, then
 *     every move taken back to the start (the positions seen on the way back are the ones seen
 *     on the way out), then the record written as PDN and read back (the same moves, position
 *     and result);
 *   - perft through the interface against the published counts (tests/data/perft_start.txt)
 *     and the hand-checked go-ban counts (tests/data/cli/other.t);
 *   - the arbiter of the other games: resignation (two and three players), draws by agreement,
 *     the clock of three players on a fake time source and clocks paused, the arbiter's
 *     result; comments in the records that keep them; records of several games in one text,
 *     each one's place in it and recorded result, and a bad one's line. */
#include <stdlib.h>
#include <string.h>

#include "shashki_other.h"
#include "shashki_play.h"
#include "test.h"

/* ---- kinds ------------------------------------------------------------------------------- */

static void kinds(void)
{
    test_case("kinds: one per draughts game, then one per other game");
    CHECK_INT(sh_kind_count(), SH_VARIANT_COUNT + sh_other_count());
    for (int i = 0; i < sh_kind_count(); i++) {
        const ShKind *k = sh_kind_at(i);
        CHECK_MSG(sh_kind_find(k->name) == k, "%s is not found by its name", k->name);
        if (i < SH_VARIANT_COUNT) {
            CHECK_INT(k->variant, i);
            CHECK(sh_kind_of_variant((ShVariant)i) == k);
            CHECK_STR(k->name, sh_rules_get((ShVariant)i)->name);
            CHECK_INT(k->family, sh_rules_get((ShVariant)i)->columns ? SH_FAMILY_COLUMNS
                                                                       : SH_FAMILY_DRAUGHTS);
        } else {
            CHECK(k->family == SH_FAMILY_OTHER && k->other == sh_other_at(i - SH_VARIANT_COUNT));
        }
    }
    test_case("kinds: other names and unknown names");
    CHECK_STR(sh_kind_find("checkers")->name, "english");
    CHECK_STR(sh_kind_find("BASHNI")->name, "columns");
    CHECK_STR(sh_kind_find("Corners")->name, "corners");
    CHECK(sh_kind_find("chinese") == NULL);
    CHECK(sh_kind_find("") == NULL);
    char names[2048];
    sh_kind_names(names, sizeof names);
    CHECK(strstr(names, "russian, ") == names && strstr(names, ", neva") != NULL);

    test_case("kinds: settings checked with their columns");
    ShError err;
    CHECK_INT(sh_kind_check_settings(sh_kind_find("corners"), "house=3x3", &err), SH_OK);
    CHECK_INT(sh_kind_check_settings(sh_kind_find("corners"), "house=3x3,colour=red", &err),
              SH_ERR_SYNTAX);
    CHECK_INT(err.column, 11);
    CHECK_INT(sh_kind_check_settings(sh_kind_find("russian"), "house=3x3", &err), SH_ERR_SYNTAX);
}

/* ---- random games against an independent position ----------------------------------------- */

/* The position a game's family keeps, moved by its own functions. */
typedef struct Shadow {
    const ShKind *kind;
    ShPosition pos;     /* draughts */
    ShOtherState st;    /* other */
} Shadow;

static bool shadow_start(Shadow *s, const ShKind *k, const char *text)
{
    s->kind = k;
    if (k->family == SH_FAMILY_OTHER)
        return k->other->parse(&s->st, text, NULL) == SH_OK;
    return sh_fen_read_variant(text, (ShVariant)k->variant, &s->pos, NULL) == SH_OK;
}

static bool shadow_play(Shadow *s, const char *text)
{
    if (s->kind->family == SH_FAMILY_OTHER) {
        ShOtherMove m;
        if (sh_other_parse_move(s->kind->other, &s->st, text, &m, NULL) != SH_OK)
            return false;
        s->kind->other->make(&s->st, &m);
        return true;
    }
    ShMove m;
    if (sh_move_parse(&s->pos, text, &m, NULL) != SH_OK)
        return false;
    sh_position_play(&s->pos, &m, &s->pos);
    return true;
}

static void shadow_text(const Shadow *s, char *out, size_t size)
{
    if (s->kind->family == SH_FAMILY_OTHER) {
        s->kind->other->format(&s->st, out, size);
    } else {
        char fen[SH_FEN_SIZE];
        sh_fen_write(&s->pos, s->kind->numeric, fen);
        snprintf(out, size, "%s", fen);
    }
}

static int shadow_moves(const Shadow *s)
{
    if (s->kind->family != SH_FAMILY_OTHER)
        return sh_moves_count(&s->pos);
    ShOtherMove *list = malloc(SH_OTHER_MAX_MOVES * sizeof *list);
    int n = list ? s->kind->other->moves(&s->st, list) : -1;
    free(list);
    return n;
}

#define MAX_TEST_PLIES 160

static void random_games(const ShKind *k, uint64_t seed)
{
    test_case("%s: a random game through the interface agrees with the game's own rules",
              k->name);
    ShPlay *play;
    ShError err;
    ShPlayOptions opt = {.lot = seed};
    if (sh_play_new(&play, k, &opt, &err) != SH_OK) {
        CHECK_MSG(false, "%s: %s", k->name, err.message);
        return;
    }
    char text[SH_PLAY_TEXT_SIZE], expect[SH_PLAY_TEXT_SIZE];
    static char seen[MAX_TEST_PLIES + 1][SH_PLAY_TEXT_SIZE];
    sh_play_position_text(play, 0, seen[0], sizeof seen[0]);
    Shadow shadow;
    CHECK_MSG(shadow_start(&shadow, k, seen[0]), "%s: the start's text does not read back", k->name);
    ShGeometry *board = malloc(sizeof *board);
    sh_play_geometry(play, board);
    CHECK(board->cell_count > 0);
    uint64_t rng = seed * 7919 + 17;
    int plies = 0;
    while (plies < MAX_TEST_PLIES && !sh_play_over(play) && !test_case_failed()) {
        int n, paths;
        ShPlayMove *moves = sh_play_moves(play, &n);
        ShPlayMove *all = sh_play_move_paths(play, &paths);
        CHECK_INT(n, shadow_moves(&shadow));
        CHECK(paths >= n);
        if (n == 0) {
            free(moves);
            free(all);
            break;
        }
        /* every path's full text names its move (the same short text) */
        for (int i = 0; i < paths; i++) {
            ShPlayMove back;
            CHECK_MSG(sh_play_parse_move(play, all[i].full, &back, &err) == SH_OK &&
                          strcmp(back.text, all[i].text) == 0,
                      "%s ply %d: path %s reads as %s", k->name, plies, all[i].full, back.text);
            CHECK(all[i].length >= 1 && all[i].path[0] < board->cell_count);
        }
        const ShPlayMove *m = &moves[test_random(&rng) % (uint64_t)n];
        ShPlayMove played;
        CHECK_MSG(sh_play_move(play, m->full, &played, &err) == SH_OK, "%s: %s: %s", k->name,
                  m->full, err.message);
        CHECK_STR(played.text, m->text);
        CHECK(shadow_play(&shadow, m->full));
        plies++;
        sh_play_position_text(play, -1, text, sizeof text);
        shadow_text(&shadow, expect, sizeof expect);
        CHECK_STR(text, expect);
        snprintf(seen[plies], sizeof seen[plies], "%s", text);
        ShPlayMove at;
        CHECK(sh_play_move_at(play, plies - 1, &at, NULL) == SH_OK);
        CHECK_STR(at.text, m->text);
        /* the units of every cell agree with the position's own pieces */
        for (int c = 0; c < board->cell_count; c++) {
            ShUnit units[SH_MAX_STACK];
            int h = sh_play_units(play, -1, c, units);
            if (k->family == SH_FAMILY_OTHER) {
                ShUnit u = k->other->piece(&shadow.st, c);
                CHECK(h == (u.kind != SH_UNIT_NONE) &&
                      (h == 0 || (units[0].kind == u.kind && units[0].owner == u.owner)));
            } else {
                ShPiece col[SH_MAX_COLUMN];
                CHECK_INT(h, sh_position_column(&shadow.pos, c, col));
            }
        }
        free(moves);
        free(all);
    }
    CHECK_INT(sh_play_ply_count(play), plies);

    test_case("%s: every position of the game by its ply, then taken back to the start",
              k->name);
    for (int i = 0; i <= plies; i++) {
        sh_play_position_text(play, i, text, sizeof text);
        CHECK_STR(text, seen[i]);
    }
    ShPlay *copy = sh_play_copy(play);
    for (int i = plies; i > 0 && !test_case_failed(); i--) {
        CHECK_INT(sh_play_undo(copy, &err), SH_OK);
        sh_play_position_text(copy, -1, text, sizeof text);
        CHECK_STR(text, seen[i - 1]);
    }
    CHECK(!sh_play_over(copy));
    CHECK_INT(sh_play_undo(copy, &err), SH_ERR_ARGUMENT);
    sh_play_free(copy);

    test_case("%s: the record written as PDN reads back as the same game", k->name);
    sh_play_set_tag(play, "Event", "Test", NULL);
    sh_play_set_tag(play, "Round", "3.2", NULL);
    sh_play_set_tag(play, sh_play_player_tag(0), "Anna", NULL);
    char *pdn = NULL;
    size_t size = 0;
    CHECK_INT(sh_play_write_pdn(play, false, &pdn, &size, &err), SH_OK);
    ShPlayReader reader;
    sh_play_reader_init(&reader, pdn, size);
    ShPlay *back = NULL;
    ShStatus s = sh_play_read_next(&reader, &back, &err);
    CHECK_MSG(s == SH_OK && back, "%s: %s (line %d column %d)\n%s", k->name, err.message,
              err.line, err.column, pdn);
    if (back) {
        CHECK(sh_play_kind(back) == k);
        CHECK_INT(sh_play_ply_count(back), plies);
        sh_play_position_text(back, -1, text, sizeof text);
        CHECK_STR(text, seen[plies]);
        ShVerdict a, b;
        sh_play_verdict(play, &a);
        sh_play_verdict(back, &b);
        CHECK_STR(b.result, a.result);
        CHECK_STR(sh_play_tag(back, "Round"), "3.2");
        CHECK_STR(sh_play_tag(back, "White"), "Anna");
        sh_play_free(back);
    }
    CHECK(sh_play_read_next(&reader, &back, &err) == SH_OK && back == NULL);
    free(pdn);
    free(board);
    sh_play_free(play);
}

/* ---- perft ------------------------------------------------------------------------------- */

static void perft(void)
{
    test_case("perft through the interface: Russian from the start, depths 1-6");
    static const uint64_t RUSSIAN[] = {7, 49, 302, 1469, 7482, 37986};
    ShPlay *play;
    CHECK(sh_play_new(&play, sh_kind_find("russian"), NULL, NULL) == SH_OK);
    for (int d = 1; d <= 6; d++)
        CHECK_INT(sh_play_perft(play, d, 1), RUSSIAN[d - 1]);
    sh_play_free(play);

    test_case("perft through the interface: go-ban places 64, 64x63, 64x63x62");
    CHECK(sh_play_new(&play, sh_kind_find("goban"), NULL, NULL) == SH_OK);
    CHECK_INT(sh_play_perft(play, 1, 1), 64);
    CHECK_INT(sh_play_perft(play, 2, 1), 64 * 63);
    CHECK_INT(sh_play_perft(play, 3, 1), 64 * 63 * 62);
    sh_play_free(play);
}

/* ---- the arbiter of the other games ------------------------------------------------------ */

static ShPlay *new_play(const char *name)
{
    ShPlay *play = NULL;
    ShError err;
    if (sh_play_new(&play, sh_kind_find(name), NULL, &err) != SH_OK)
        test_fail(__FILE__, __LINE__, "%s: %s", name, err.message);
    return play;
}

/* The first legal move's full text. */
static void first_move(const ShPlay *play, char *out, size_t size)
{
    int n;
    ShPlayMove *moves = sh_play_moves(play, &n);
    snprintf(out, size, "%s", n ? moves[0].full : "");
    free(moves);
}

static void arbiter(void)
{
    ShError err;
    ShVerdict v;
    char move[SH_PLAY_MOVE_TEXT_SIZE];

    test_case("arbiter: a resignation in a game of two (corners) and of three (Novgorod)");
    ShPlay *play = new_play("corners");
    CHECK_INT(sh_play_resign(play, 0, &err), SH_OK);
    sh_play_verdict(play, &v);
    CHECK(v.over && v.winner == 1);
    CHECK_STR(v.result, "0-1");
    CHECK_STR(v.reason_code, "resignation");
    CHECK_STR(v.reason, "Black wins: White resigned");
    first_move(play, move, sizeof move);
    CHECK_STR(move, "");
    CHECK_INT(sh_play_move(play, "a1-b2", NULL, &err), SH_ERR_ILLEGAL_MOVE);
    sh_play_free(play);
    play = new_play("novgorod");
    CHECK_INT(sh_play_resign(play, 1, &err), SH_OK);
    sh_play_verdict(play, &v);
    CHECK_STR(v.result, "1/2-0-1/2");
    CHECK(v.winner == -1 && v.points[0] == 0.5 && v.points[1] == 0);
    CHECK_INT(sh_play_offer_draw(play, 0, &err), SH_ERR_ARGUMENT);
    sh_play_free(play);

    test_case("arbiter: draws by agreement (go-ban): declined by a move, then accepted");
    play = new_play("goban");
    CHECK_INT(sh_play_offer_draw(play, 0, &err), SH_OK);
    CHECK_INT(sh_play_draw_offer(play), 0);
    CHECK_INT(sh_play_accept_draw(play, 0, &err), SH_ERR_ARGUMENT); /* not one's own offer */
    CHECK_INT(sh_play_move(play, "*d4", NULL, &err), SH_OK); /* White moves: the offer stands */
    CHECK_INT(sh_play_draw_offer(play), 0);
    CHECK_INT(sh_play_move(play, "*e5", NULL, &err), SH_OK); /* Black's move declines it */
    CHECK_INT(sh_play_draw_offer(play), -1);
    CHECK_INT(sh_play_offer_draw(play, 1, &err), SH_OK);
    CHECK_INT(sh_play_accept_draw(play, 0, &err), SH_OK);
    sh_play_verdict(play, &v);
    CHECK_STR(v.result, "1/2-1/2");
    CHECK_STR(v.reason_code, "agreement");
    char *pdn;
    CHECK_INT(sh_play_write_pdn(play, false, &pdn, NULL, &err), SH_OK);
    CHECK(strstr(pdn, "[Termination \"agreement\"]") && strstr(pdn, "[Result \"1/2-1/2\"]"));
    ShPlayReader reader;
    sh_play_reader_init(&reader, pdn, strlen(pdn));
    ShPlay *back = NULL;
    CHECK_INT(sh_play_read_next(&reader, &back, &err), SH_OK);
    if (back) {
        sh_play_verdict(back, &v);
        CHECK_STR(v.result, "1/2-1/2");
        CHECK_STR(v.reason_code, "agreement");
        CHECK_INT(sh_play_ply_count(back), 2);
        sh_play_free(back);
    }
    free(pdn);
    sh_play_free(play);

    test_case("arbiter: three players' clocks on a fake time source; a flag ends the game");
    play = new_play("novgorod");
    ShFakeTime fake = {0};
    ShTimeControl control;
    CHECK(sh_timecontrol_parse("1m", &control, NULL) == SH_OK);
    CHECK_INT(sh_play_set_clock(play, &control, sh_time_fake(&fake), &err), SH_OK);
    sh_play_start_clock(play);
    CHECK_INT(sh_play_clock(play)->running, 0);
    fake.now_ms += 5000;
    first_move(play, move, sizeof move);
    CHECK_INT(sh_play_move(play, move, NULL, &err), SH_OK);
    CHECK_INT(sh_play_clock(play)->running, 1);
    CHECK_INT(sh_clock_remaining(sh_play_clock(play), 0), 55000);
    fake.now_ms += 59000;
    CHECK(!sh_play_update(play));
    fake.now_ms += 1000;
    CHECK(sh_play_update(play));
    sh_play_verdict(play, &v);
    CHECK_STR(v.result, "1/2-0-1/2");
    CHECK_STR(v.reason_code, "time");
    CHECK_INT(sh_play_undo(play, &err), SH_OK); /* the move and the flag after it go */
    CHECK(!sh_play_over(play));
    CHECK_INT(sh_clock_remaining(sh_play_clock(play), 0), 55000); /* as when the move was made */
    CHECK_INT(sh_play_clock(play)->running, 0);
    sh_play_free(play);

    test_case("arbiter: the arbiter's result, and a correction of it");
    play = new_play("stavropol");
    CHECK_INT(sh_play_adjudicate(play, "1-0", &err), SH_OK);
    CHECK_INT(sh_play_adjudicate(play, "1-0-0", &err), SH_ERR_SYNTAX);
    CHECK_INT(sh_play_adjudicate(play, "0-1", &err), SH_OK);
    sh_play_verdict(play, &v);
    CHECK(v.winner == 1);
    CHECK_STR(v.reason_code, "adjudication");
    sh_play_free(play);

    test_case("arbiter: the clocks paused and resumed (corners): paused time is nobody's");
    play = new_play("corners");
    fake.now_ms = 0;
    CHECK_INT(sh_play_set_clock(play, &control, sh_time_fake(&fake), &err), SH_OK);
    sh_play_start_clock(play);
    fake.now_ms += 5000;
    sh_play_pause_clock(play, true);
    CHECK(sh_play_clock(play)->paused);
    fake.now_ms += 3600000;
    CHECK(!sh_play_update(play));
    sh_play_pause_clock(play, false);
    CHECK(!sh_play_clock(play)->paused);
    fake.now_ms += 1000;
    CHECK_INT(sh_clock_remaining(sh_play_clock(play), 0), 54000);
    CHECK_INT(sh_clock_remaining(sh_play_clock(play), 1), 60000);
    sh_play_free(play);
    play = new_play("russian"); /* no time control: nothing to pause */
    sh_play_pause_clock(play, true);
    CHECK(sh_play_clock(play) == NULL);
    sh_play_free(play);
}

static void ballots(void)
{
    test_case("ballots: a game opened by one, and a code that names none said to be so");
    ShError err;
    ShPlay *play = NULL;
    ShPlayOptions options = {.opening = "1-III"};
    CHECK_INT(sh_play_new(&play, sh_kind_find("giveaway"), &options, &err), SH_OK);
    if (play)
        CHECK_INT(sh_play_opening_plies(play), 2);
    sh_play_free(play);
    options.opening = "99-X";
    CHECK_INT(sh_play_new(&play, sh_kind_find("russian"), &options, &err), SH_ERR_ARGUMENT);
    CHECK(strstr(err.message, "no ballot 99-X") != NULL);
    CHECK_INT(sh_play_new(&play, sh_kind_find("english"), &options, &err), SH_ERR_ARGUMENT);
    CHECK(strstr(err.message, "the ballots open games of Russian checkers") != NULL);
}

static void comments(void)
{
    test_case("comments: a draughts record keeps one after a move, an other game's keeps none");
    ShError err;
    ShPlay *play = new_play("russian");
    CHECK_INT(sh_play_set_comment(play, 0, "before any move", &err), SH_ERR_ARGUMENT);
    CHECK_INT(sh_play_move(play, "c3-d4", NULL, &err), SH_OK);
    CHECK_INT(sh_play_set_comment(play, 0, "a quiet start", &err), SH_OK);
    char *pdn = NULL;
    CHECK_INT(sh_play_write_pdn(play, false, &pdn, NULL, &err), SH_OK);
    CHECK(pdn && strstr(pdn, "1. c3-d4 {a quiet start}"));
    free(pdn);
    CHECK_INT(sh_play_set_comment(play, 0, NULL, &err), SH_OK);
    CHECK_INT(sh_play_write_pdn(play, false, &pdn, NULL, &err), SH_OK);
    CHECK(pdn && !strchr(pdn, '{'));
    free(pdn);
    test_case("annotations: a draughts record keeps a move's NAG, read back as written");
    CHECK_INT(sh_play_add_nag(play, 1, 4, &err), SH_ERR_ARGUMENT); /* no second move yet */
    CHECK_INT(sh_play_add_nag(play, 0, 4, &err), SH_OK);
    CHECK_INT(sh_play_write_pdn(play, false, &pdn, NULL, &err), SH_OK);
    CHECK(pdn && strstr(pdn, "1. c3-d4 $4"));
    ShGame *back = NULL;
    CHECK_INT(sh_pdn_read_game(pdn, &back, &err), SH_OK);
    int nags[SH_GAME_MAX_NAGS];
    CHECK_INT(back ? sh_game_nags(back, 0, nags) : 0, 1);
    CHECK_INT(nags[0], 4);
    sh_game_free(back);
    free(pdn);
    sh_play_free(play);
    play = new_play("corners");
    char move[SH_PLAY_MOVE_TEXT_SIZE];
    first_move(play, move, sizeof move);
    CHECK_INT(sh_play_move(play, move, NULL, &err), SH_OK);
    /* an other game's record keeps them too (issue 35), after the move as PDN has them */
    CHECK_INT(sh_play_set_comment(play, 0, "a place for it", &err), SH_OK);
    CHECK_INT(sh_play_add_nag(play, 0, 2, &err), SH_OK);
    CHECK_INT(sh_play_add_nag(play, 1, 2, &err), SH_ERR_ARGUMENT); /* no second move yet */
    char expect[SH_PLAY_MOVE_TEXT_SIZE + 40];
    snprintf(expect, sizeof expect, "1. %s $2 {a place for it}", move);
    CHECK_INT(sh_play_write_pdn(play, false, &pdn, NULL, &err), SH_OK);
    CHECK_MSG(pdn && strstr(pdn, expect), "no '%s' in %s", expect, pdn ? pdn : "(none)");
    free(pdn);
    sh_play_free(play);
}

/* ---- records of several games -------------------------------------------------------------- */

static void records(void)
{
    test_case("records: a Russian game, a corners game and an international game in one text");
    const char *text = "[Event \"a\"]\n[GameType \"25\"]\n[Result \"*\"]\n\n1. c3-d4 f6-g5 *\n\n"
                       "[Event \"b\"]\n[GameType \"corners\"]\n[Variant \"corners\"]\n"
                       "[Result \"*\"]\n\n1. c1-e1 *\n\n"
                       "[Event \"c\"]\n[GameType \"20\"]\n[Result \"*\"]\n\n1. 32-28 *\n";
    ShPlayReader r;
    sh_play_reader_init(&r, text, strlen(text));
    const char *want[] = {"russian", "corners", "international"};
    const int plies[] = {2, 1, 1};
    for (int i = 0; i < 3; i++) {
        ShPlay *play = NULL;
        ShError err;
        CHECK_MSG(sh_play_read_next(&r, &play, &err) == SH_OK && play, "game %d: %s", i + 1,
                  err.message);
        if (!play)
            return;
        CHECK_STR(sh_play_kind(play)->name, want[i]);
        CHECK_INT(sh_play_ply_count(play), plies[i]);
        sh_play_free(play);
    }

    test_case("records: a bad move of an other game is reported at its line in the whole text");
    const char *bad = "[GameType \"25\"]\n\n1. c3-d4 *\n\n[Variant \"corners\"]\n\n1. c1-e1 h8-h1 *\n"
                      "\n[GameType \"25\"]\n\n1. e3-f4 *\n";
    sh_play_reader_init(&r, bad, strlen(bad));
    ShPlay *play = NULL;
    ShError err;
    CHECK(sh_play_read_next(&r, &play, &err) == SH_OK && play);
    sh_play_free(play);
    CHECK_INT(sh_play_read_next(&r, &play, &err), SH_ERR_ILLEGAL_MOVE);
    CHECK_INT(err.line, 7);
    CHECK_INT(err.column, 10);
    CHECK_MSG(strstr(err.message, "move 2 \"h8-h1\"") == err.message, "%s", err.message);
    CHECK(sh_play_read_next(&r, &play, &err) == SH_OK && play);
    if (play)
        CHECK_STR(sh_play_kind(play)->name, "russian");
    sh_play_free(play);

    test_case("records: each record's number, line, bytes and recorded result, bad ones too");
    const char *mixed = "[GameType \"25\"]\n[Result \"1-0\"]\n\n1. c3-d4 1-0\n\n"
                        "[Variant \"corners\"]\n[Result \"0-1\"]\n\n1. c1-e1 0-1\n\n"
                        "[Variant \"corners\"]\n\n1. c1-e1 h8-h1 *\n\n"
                        "[GameType \"25\"]\n\n1. c3-e5 *\n";
    sh_play_reader_init(&r, mixed, strlen(mixed));
    const int lines[] = {1, 6, 11, 15};
    const char *recorded[] = {"1-0", "0-1", "*", "*"};
    const ShStatus status[] = {SH_OK, SH_OK, SH_ERR_ILLEGAL_MOVE, SH_ERR_ILLEGAL_MOVE};
    for (int i = 0; i < 4; i++) {
        play = NULL;
        ShStatus st = sh_play_read_next(&r, &play, &err);
        CHECK_MSG(st == status[i], "game %d: status %d", i + 1, st);
        CHECK_INT(r.info.number, i + 1);
        CHECK_INT(r.info.line, lines[i]);
        CHECK_STR(r.recorded, recorded[i]);
        CHECK(r.info.end > r.info.start && mixed[r.info.start] == '[');
        if (i == 1 || i == 2) /* an other game's record ends with its last word */
            CHECK_MSG(!strchr(" \n", mixed[r.info.end - 1]), "game %d ends with a space",
                      i + 1);
        sh_play_free(play);
    }
    CHECK_INT(err.line, 17);
    CHECK_INT(r.games, 2);
    play = NULL;
    CHECK(sh_play_read_next(&r, &play, &err) == SH_OK && !play);
}

/* ---- inputs the fuzzer found (tests/fuzz/fuzz_play.c) --------------------------------------- */

static void fuzzed(void)
{
    test_case("fuzzed: a NUL byte in an other game's record is an error at its place, not a game");
    static const char nul[] = "[GameType \"corners\"]\n\n1. c3-c4 \0 f6-f5 *\n";
    ShPlayReader r;
    sh_play_reader_init(&r, nul, sizeof nul - 1);
    ShPlay *play = NULL;
    ShError err;
    CHECK_INT(sh_play_read_next(&r, &play, &err), SH_ERR_SYNTAX);
    CHECK(play == NULL);
    CHECK_INT(err.line, 3);
    CHECK_INT(err.column, 10);
    CHECK(sh_play_read_next(&r, &play, &err) == SH_OK && play == NULL);
    static const char lone[] = "\0 c3-c4 *\n"; /* no tags: the fallback's */
    sh_play_reader_init(&r, lone, sizeof lone - 1);
    r.fallback = sh_kind_find("corners");
    CHECK_INT(sh_play_read_next(&r, &play, &err), SH_ERR_SYNTAX);
    CHECK(play == NULL && r.pdn.offset > 0);

    test_case("fuzzed: an other game's tag too long is cut before a UTF-8 letter, not inside one");
    char record[1024] = "[GameType \"corners\"]\n[White \"";
    for (int i = 0; i < 100; i++)
        strcat(record, "\xd0\xaf"); /* Cyrillic capital Ya, two bytes */
    strcat(record, "\"]\n\n1. c3-c4 *\n");
    sh_play_reader_init(&r, record, strlen(record));
    CHECK_INT(sh_play_read_next(&r, &play, &err), SH_OK);
    if (play) {
        const char *name = sh_play_tag(play, "White");
        size_t n = name ? strlen(name) : 0;
        CHECK(n > 100 && n < 128);
        CHECK_MSG(n % 2 == 0 && (n == 0 || (unsigned char)name[n - 1] == 0xaf),
                  "the name is cut inside a letter (%zu bytes)", n);
        sh_play_free(play);
    }
}

void suite_play(void)
{
    kinds();
    for (int i = 0; i < sh_kind_count(); i++)
        random_games(sh_kind_at(i), 1000 + (uint64_t)i);
    perft();
    arbiter();
    ballots();
    comments();
    records();
    fuzzed();
}
