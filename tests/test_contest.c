/* test_contest.c - solving and composing contests (include/shashki_contest.h) with the
 * engine's judge (engine/contest_judge.h): problems' solutions, answers move by move and as
 * text, another key under each rule, the time, standings, the text both ways; composing
 * contests' soundness (a sound entry, a cook, a wrong key), judges and the award. The
 * positions and their solutions are worked out by hand below. */
#include <stdlib.h>
#include <string.h>

#include "contest_judge.h"
#include "shashki_contest.h"
#include "test.h"

static ShMove move_of(const ShPosition *pos, const char *text)
{
    ShMove m;
    memset(&m, 0, sizeof m);
    ShError err;
    CHECK_MSG(sh_move_parse(pos, text, &m, &err) == SH_OK, "%s: %s", text, err.message);
    return m;
}

static int add_problem(ShContest *c, const char *fen, const char *title)
{
    ShPosition pos;
    ShError err;
    CHECK(sh_fen_read(fen, &pos, &err) == SH_OK);
    ContestLimits limits = {6, 10.0};
    ShContestStep *steps = NULL;
    int count = 0, id = 0;
    ShStatus st = contest_problem_tree(&pos, SH_CONTEST_WIN, &limits, &steps, &count, &err);
    CHECK_MSG(st == SH_OK, "%s: %s", fen, err.message);
    if (st == SH_OK)
        CHECK_MSG(sh_contest_add_problem(c, title, "editor", &pos, SH_CONTEST_WIN, 100, steps,
                                         count, &id, &err) == SH_OK,
                  "%s", err.message);
    free(steps);
    return id;
}

static ContestLimits judge_limits = {0, 5.0};

/*
 * Problem 1, the b2 strike (kombinashki.ru's scheme, tests/data/solve/compositions.txt):
 * W:Wa1,b2,c3:Ba5,e5,g7. 1. c3-b4! a5:c3 (forced) 2. b2:h8 takes c3, e5 and g7: Black has
 * nothing left. Problem 2, P0386 of the built-in set: W:Wa3,Kd8,e5:BKh4. 1. e5-f6! h4:e7
 * (forced) 2. d8:f6. Problem 3: W:Wc3,e3:Bd4: c3:e5 and e3:c5 each take the last black man
 * (two keys; the solver's proof takes the first it finds).
 */
static void solving(void)
{
    test_case("solving contest: problems proven, answers judged move by move, a wrong move, "
              "another key under each rule, standings by points then time");
    ShContestSettings s;
    sh_contest_settings_init(&s);
    ShError err;
    CHECK(sh_contest_settings_set(&s, "code", "SPRING", &err) == SH_OK);
    CHECK(sh_contest_settings_set(&s, "minutes", "30", &err) == SH_OK);
    CHECK_INT(sh_contest_settings_set(&s, "code", "no", &err), SH_ERR_SYNTAX);
    ShContest *c;
    CHECK(sh_contest_new(&c, &s, &err) == SH_OK);
    CHECK_INT(add_problem(c, "W:Wa1,b2,c3:Ba5,e5,g7", "b2 strike"), 1);
    CHECK_INT(add_problem(c, "W:Wa3,Kd8,e5:BKh4", "P0386"), 2);
    CHECK_INT(add_problem(c, "W:Wc3,e3:Bd4", "two keys"), 3);
    char text[512];
    sh_contest_solution_text(c, 1, true, text, sizeof text);
    CHECK_STR(text, "1. c3-b4! a5:c3 2. b2:h8");
    sh_contest_solution_text(c, 2, false, text, sizeof text);
    CHECK_STR(text, "e5-f6 h4:e7 d8:f6");
    CHECK_INT(sh_contest_problem(c, 1)->moves, 2);

    int anna, boris;
    CHECK_INT(sh_contest_join(c, "nope", "Anna", 1000, &anna, &err), SH_ERR_ARGUMENT);
    CHECK(sh_contest_join(c, "spring", "Anna", 1000, &anna, &err) == SH_OK);
    CHECK(sh_contest_join(c, "SPRING", "Boris", 1010, &boris, &err) == SH_OK);
    CHECK_INT(sh_contest_join(c, "SPRING", "anna", 1020, NULL, &err), SH_ERR_ARGUMENT);

    /* Anna solves problem 1 move by move: after her key the defence a5:c3 is played */
    const ShContestProblem *p1 = sh_contest_problem(c, 1);
    ShAttemptView v;
    ShMove m = move_of(&p1->start, "c3-b4");
    CHECK(sh_contest_answer(c, anna, 1, &m, 1100, contest_wins, &judge_limits, &v, &err) ==
          SH_OK);
    CHECK_INT(v.state, SH_ATTEMPT_OPEN);
    CHECK_INT(v.line_count, 2); /* c3-b4 a5:c3 */
    m = move_of(&v.position, "b2:h8");
    CHECK(sh_contest_answer(c, anna, 1, &m, 1160, contest_wins, &judge_limits, &v, &err) ==
          SH_OK);
    CHECK_INT(v.state, SH_ATTEMPT_SOLVED);
    CHECK_INT(v.points, 100);
    CHECK_INT(v.finished, 160);
    CHECK_INT(sh_contest_answer(c, anna, 1, &m, 1170, contest_wins, &judge_limits, &v, &err),
              SH_ERR_ARGUMENT); /* over */
    /* and problem 2 as text */
    CHECK(sh_contest_answer_text(c, anna, 2, "1. e5-f6! h4:e7 2. d8:f6", 1300, contest_wins,
                                 &judge_limits, &v, &err) == SH_OK);
    CHECK_INT(v.state, SH_ATTEMPT_SOLVED);

    /* Boris: a key that does not win fails problem 1; problem 2 solved */
    m = move_of(&p1->start, "c3-d4");
    CHECK(sh_contest_answer(c, boris, 1, &m, 1050, contest_wins, &judge_limits, &v, &err) ==
          SH_OK);
    CHECK_INT(v.state, SH_ATTEMPT_FAILED);
    CHECK_STR(v.failure, "c3-d4? does not win");
    CHECK(sh_contest_answer_text(c, boris, 2, "e5-f6 h4:e7 d8:f6", 1200, contest_wins,
                                 &judge_limits, &v, &err) == SH_OK);
    CHECK_INT(v.state, SH_ATTEMPT_SOLVED);

    /* problem 3's other key: half the points (the default rule) */
    const ShContestProblem *p3 = sh_contest_problem(c, 3);
    ShPosition after;
    sh_position_play(&p3->start, &p3->steps[0].move, &after);
    ShMove other = move_of(&p3->start, "c3:e5");
    if (sh_move_equal(&other, &p3->steps[0].move))
        other = move_of(&p3->start, "e3:c5");
    CHECK(sh_contest_answer(c, boris, 3, &other, 1250, contest_wins, &judge_limits, &v, &err) ==
          SH_OK);
    CHECK(v.state == SH_ATTEMPT_SOLVED && v.alternative && v.points == 50);

    /* standings: Anna 20 (time 300 s), Boris 10 + 5 (time 240 s) */
    ShContestStanding *rows;
    CHECK_INT(sh_contest_standings(c, &rows, &err), 2);
    CHECK(rows[0].solver == anna && rows[0].points == 200 && rows[0].time == 300 &&
          rows[0].solved == 2);
    CHECK(rows[1].solver == boris && rows[1].points == 150 && rows[1].time == 240);
    free(rows);

    /* a solver's key (the web app's) is kept; a key that is not letters and digits is not */
    CHECK(sh_contest_set_solver_key(c, boris, "ab12", &err) == SH_OK);
    CHECK_INT(sh_contest_set_solver_key(c, boris, "a b", &err), SH_ERR_ARGUMENT);
    CHECK_STR(sh_contest_solver_key(c, boris), "ab12");
    CHECK_INT(sh_contest_solver_joined(c, boris), 1010);

    /* the text keeps it all */
    char *t1, *t2;
    CHECK(sh_contest_write(c, &t1, &err) == SH_OK);
    ShContest *back;
    CHECK_MSG(sh_contest_read(t1, &back, &err) == SH_OK, "%d: %s", err.line, err.message);
    CHECK(sh_contest_write(back, &t2, &err) == SH_OK);
    CHECK_STR(t2, t1);
    free(t1);
    free(t2);
    sh_contest_free(back);

    test_case("solving contest: another key under 'none' and 'full'; the time runs out");
    CHECK(sh_contest_set(c, "alternative", "none", &err) == SH_OK);
    CHECK(sh_contest_answer(c, anna, 3, &other, 1400, contest_wins, &judge_limits, &v, &err) ==
          SH_OK);
    CHECK_INT(v.state, SH_ATTEMPT_FAILED);
    int cid;
    CHECK(sh_contest_join(c, "SPRING", "Clara", 2000, &cid, &err) == SH_OK);
    CHECK(sh_contest_set(c, "alternative", "full", &err) == SH_OK);
    CHECK(sh_contest_answer(c, cid, 3, &other, 2010, contest_wins, &judge_limits, &v, &err) ==
          SH_OK);
    CHECK(v.state == SH_ATTEMPT_SOLVED && v.points == 100);
    /* 30 minutes after signing in: refused, and the open problems fail */
    m = move_of(&p1->start, "c3-b4");
    CHECK_INT(sh_contest_answer(c, cid, 1, &m, 2000 + 31 * 60, contest_wins, &judge_limits, &v,
                                &err),
              SH_ERR_ARGUMENT);
    CHECK(sh_contest_attempt(c, cid, 1, &v, &err) == SH_OK);
    CHECK_INT(v.state, SH_ATTEMPT_FAILED);
    CHECK_STR(v.failure, "the time ran out");
    sh_contest_free(c);
}

/*
 * Shoshin's etude W:WKa5,a3:Ba7,f4 (tests/data/solve/cases.txt: win, key a5-b4): its tree has
 * many defences; an answer as text giving the main line only fails at the first other
 * defence; a text missing the key fails at once.
 */
static void variations(void)
{
    test_case("solving contest: a text solution must answer every defence of the tree");
    ShContestSettings s;
    sh_contest_settings_init(&s);
    ShContest *c;
    ShError err;
    sh_contest_new(&c, &s, &err);
    CHECK_INT(add_problem(c, "W:WKa5,a3:Ba7,f4", "Shoshin"), 1);
    char main_line[512];
    sh_contest_solution_text(c, 1, false, main_line, sizeof main_line);
    CHECK(strncmp(main_line, "a5-b4 ", 6) == 0);
    int x, y;
    sh_contest_join(c, s.code, "X", 0, &x, &err);
    sh_contest_join(c, s.code, "Y", 0, &y, &err);
    ShAttemptView v;
    CHECK(sh_contest_answer_text(c, x, 1, main_line, 60, contest_wins, &judge_limits, &v,
                                 &err) == SH_OK);
    CHECK_INT(v.state, SH_ATTEMPT_FAILED);
    CHECK(strncmp(v.failure, "no answer to a5-b4 ", 19) == 0);
    CHECK(v.answered >= 2);
    /* the whole solution, as the program writes it, solves it */
    char whole[8192];
    sh_contest_solution_text(c, 1, true, whole, sizeof whole);
    CHECK(sh_contest_answer_text(c, y, 1, whole, 90, contest_wins, &judge_limits, &v, &err) ==
          SH_OK);
    CHECK_INT(v.state, SH_ATTEMPT_SOLVED);
    /* over for Y; a text that cannot be read is refused without judging it */
    CHECK_INT(sh_contest_answer_text(c, y, 1, whole, 95, contest_wins, &judge_limits, &v, &err),
              SH_ERR_ARGUMENT);
    int z;
    CHECK(sh_contest_join(c, s.code, "Z", 0, &z, &err) == SH_OK);
    CHECK_INT(sh_contest_answer_text(c, z, 1, "1. a5-b4 (", 95, contest_wins, &judge_limits, &v,
                                     &err),
              SH_ERR_SYNTAX);
    CHECK(sh_contest_attempt(c, z, 1, &v, &err) == SH_OK);
    CHECK_INT(v.state, SH_ATTEMPT_OPEN);
    sh_contest_free(c);
}

/*
 * Composing: (1) the b2 strike with its stated solution: sound; (2) W:Wc3,e3:Bd4, stated
 * 1. c3:e5: a cook (e3:c5 wins too); (3) the b2 strike stated with the key b2-a3, which does
 * not win. Judges P and Q give (1) 8 and 7: 15; (2) and (3) cannot be judged; the award has
 * (1) first and the others unranked.
 */
static void composing(void)
{
    test_case("composing contest: soundness (sound, a cook, a wrong key), judges, the award");
    ShContestSettings s;
    sh_contest_settings_init(&s);
    ShError err;
    CHECK(sh_contest_settings_set(&s, "kind", "composing", &err) == SH_OK);
    ShContest *c;
    sh_contest_new(&c, &s, &err);
    static const struct {
        const char *fen, *stated;
        bool sound;
        const char *report;
    } ENTRIES[] = {
        {"W:Wa1,b2,c3:Ba5,e5,g7", "1. c3-b4! a5:c3 2. b2:h8", true, "sound: the key c3-b4"},
        {"W:Wc3,e3:Bd4", "1. c3:e5", false, "cook: "},
        {"W:Wa1,b2,c3:Ba5,e5,g7", "1. b2-a3 e5-d4 2. c3:e5", false,
         "the stated key b2-a3 is not the solver's (c3-b4)"},
    };
    ContestLimits limits = {6, 10.0};
    for (int i = 0; i < 3; i++) {
        ShPosition pos;
        CHECK(sh_fen_read(ENTRIES[i].fen, &pos, &err) == SH_OK);
        int id;
        CHECK(sh_contest_add_entry(c, "Author", "", &pos, SH_CONTEST_WIN, ENTRIES[i].stated, &id,
                                   &err) == SH_OK);
        bool sound;
        char report[512];
        contest_check_entry(&pos, SH_CONTEST_WIN, ENTRIES[i].stated, &limits, &sound, report,
                            sizeof report);
        CHECK_MSG(sound == ENTRIES[i].sound && strstr(report, ENTRIES[i].report),
                  "entry %d: %d %s", i + 1, sound, report);
        sh_contest_set_soundness(c, id, sound, report, &err);
    }
    CHECK(sh_contest_judge(c, "P", 1, 80, &err) == SH_OK);
    CHECK(sh_contest_judge(c, "Q", 1, 70, &err) == SH_OK);
    CHECK_INT(sh_contest_judge(c, "P", 2, 90, &err), SH_ERR_ARGUMENT);
    ShAwardRow *rows;
    CHECK_INT(sh_contest_award(c, &rows, &err), 3);
    CHECK(rows[0].entry == 1 && rows[0].place == 1 && rows[0].points == 150 &&
          rows[0].judges == 2);
    CHECK(rows[1].place == 0 && rows[2].place == 0);
    free(rows);
    char *t1, *t2;
    CHECK(sh_contest_write(c, &t1, &err) == SH_OK);
    ShContest *back;
    CHECK_MSG(sh_contest_read(t1, &back, &err) == SH_OK, "%d: %s", err.line, err.message);
    CHECK(sh_contest_write(back, &t2, &err) == SH_OK);
    CHECK_STR(t2, t1);
    free(t1);
    free(t2);
    sh_contest_free(back);

    test_case("composing contest: marks trimmed (issue 35): the highest and lowest of 3 or more");
    CHECK(sh_contest_judge(c, "R", 1, 10, &err) == SH_OK); /* 8, 7 and 1: 16, trimmed 7 */
    CHECK(sh_contest_award(c, &rows, &err) == 3);
    CHECK(rows[0].points == 160 && rows[0].judges == 3 && rows[0].counted == 3);
    free(rows);
    CHECK(sh_contest_set(c, "marks", "trimmed", &err) == SH_OK);
    CHECK(sh_contest_award(c, &rows, &err) == 3);
    CHECK_MSG(rows[0].points == 70 && rows[0].counted == 1, "%d points, %d counted",
              rows[0].points, rows[0].counted);
    free(rows);
    CHECK(sh_contest_judge(c, "R", 1, 10, &err) == SH_OK); /* again: still 3 marks */
    CHECK(sh_contest_set(c, "marks", "median", &err) == SH_ERR_SYNTAX);

    test_case("composing contest: an entry's account, the settings, kept in the text");
    CHECK(sh_contest_set_entry_account(c, 1, "Vera", &err) == SH_OK);
    CHECK(sh_contest_set_entry_account(c, 9, "Vera", &err) == SH_ERR_ARGUMENT);
    CHECK(sh_contest_set(c, "published", "yes", &err) == SH_OK);
    CHECK(sh_contest_write(c, &t1, &err) == SH_OK);
    CHECK(strstr(t1, "\nowner\t1\tVera\n") && strstr(t1, "\nset\tmarks\ttrimmed\n"));
    CHECK_MSG(sh_contest_read(t1, &back, &err) == SH_OK, "%d: %s", err.line, err.message);
    CHECK(back && sh_contest_settings(back)->marks == SH_MARKS_TRIMMED &&
          sh_contest_settings(back)->published);
    CHECK_STR(back ? sh_contest_entry(back, 1)->account : "", "Vera");
    CHECK(sh_contest_write(back, &t2, &err) == SH_OK);
    CHECK_STR(t2, t1);
    free(t1);
    free(t2);
    sh_contest_free(back);

    test_case("composing contest: the files name the authors only when asked");
    CHECK(sh_contest_export(c, SH_CONTEST_EXPORT_PDN, false, &t1, &err) == SH_OK);
    CHECK(t1 && !strstr(t1, "Author") && strstr(t1, "[FEN \"W:Wc3,e3:Bd4\"]") &&
          strstr(t1, "Stated: 1. c3:e5"));
    free(t1);
    CHECK(sh_contest_export(c, SH_CONTEST_EXPORT_PDN, true, &t1, &err) == SH_OK);
    CHECK(t1 && strstr(t1, "[Annotator \"Author\"]"));
    free(t1);
    CHECK(sh_contest_export(c, SH_CONTEST_EXPORT_TEXT, false, &t1, &err) == SH_OK);
    CHECK_MSG(t1 && strstr(t1, " 1. entry 1: 7 points (3 judges, the highest and lowest left out)"),
              "%s", t1 ? t1 : "");
    free(t1);
    sh_contest_free(c);
}

/* A PDN file of compositions (tests/data/contest/compositions.pdn): the first game's position
 * W:Wc3,e3:Bd4 is won at once (a problem); W:Wa1:Bh8 has no win; the third game starts from the
 * initial position (not a composition). */
static void from_pdn(void)
{
    test_case("solving contest: problems from a PDN file, the games that are not left out");
    ShContestSettings s;
    sh_contest_settings_init(&s);
    ShContest *c;
    ShError err;
    sh_contest_new(&c, &s, &err);
    size_t size;
    char *text = test_read_file(test_data("contest/compositions.pdn"), &size);
    CHECK(text != NULL);
    if (!text) {
        sh_contest_free(c);
        return;
    }
    ContestLimits limits = {4, 5.0};
    char report[512];
    CHECK_INT(contest_add_pdn(c, text, size, "compositions.pdn", 20, &limits, report,
                              sizeof report),
              1);
    CHECK_STR(report, "game 2: the solver does not prove a win in 4 moves (there is none); "
                      "game 3: no position (not a composition)");
    const ShContestProblem *p = sh_contest_problem(c, 1);
    CHECK_STR(p->title, "Two keys");
    CHECK_STR(p->source, "compositions.pdn game 1");
    CHECK_INT(p->points, 20);
    CHECK_INT(p->moves, 1);
    free(text);
    sh_contest_free(c);
}

void suite_contest(void)
{
    from_pdn();
    solving();
    variations();
    composing();
}
