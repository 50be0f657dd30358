/* dxp_session.c - DXP games played by the engine (see dxp_session.h for the rules kept). */
#include "dxp_session.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dxp.h"
#include "error.h"

#define DXP_NETWORK_MARGIN 1.0 /* seconds of the other side's time not counted against it */
#define DXP_DEFAULT_MOVE_TIME 1.0

typedef enum GameEnd {
    END_DONE,     /* the game ended with the GAMEEND exchange */
    END_REQUEST,  /* (follower) a new GAMEREQ came during the game: it is in pending */
    END_CLOSED    /* the connection ended (or timed out) */
} GameEnd;

typedef struct Session {
    DxpLink *link;
    const DxpSettings *settings;
    Engine *engine;
    bool initiator;
    char peer_name[DXP_NAME_LENGTH + 1];
    bool peer_stops;          /* the other side sent stop code 1 */
    bool pending;             /* a message read but not yet handled */
    DxpMessage pending_message;
    int round;
    DxpScore *score;
} Session;

/* The state of one game. */
typedef struct Play {
    ShGame *game;
    ShColor me;
    int minutes, moves;       /* of GAMEREQ */
    bool last;                /* our GAMEEND says stop (1) */
    double used[2];           /* thinking time by colour: ours measured, theirs as seen here */
    double waiting_since;     /* when our move (or the game) left us */
    bool my_turn;
    bool unexplained;         /* ended by the other side's GAMEEND 0: counted a draw */
    bool claimed;             /* ended by the other side's GAMEEND 3: counted its win */
} Play;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void say(const Session *s, const char *format, ...) __attribute__((format(printf, 2, 3)));

static void say(const Session *s, const char *format, ...)
{
    FILE *log = s->settings->log;
    if (!log)
        return;
    va_list args;
    va_start(args, format);
    vfprintf(log, format, args);
    va_end(args);
    fputc('\n', log);
    fflush(log);
}

void dxp_settings_default(DxpSettings *settings)
{
    memset(settings, 0, sizeof *settings);
    settings->variant = SH_VARIANT_INTERNATIONAL;
    engine_options_default(&settings->engine);
    engine_limits_default(&settings->limits);
    snprintf(settings->name, sizeof settings->name, "Shashki %s", SH_VERSION);
    settings->games = 2;
    settings->minutes = 5;
    settings->moves = 0;
    settings->timeout = -1;
}

/* ---- messages ---- */

static bool send_message(Session *s, const DxpMessage *m)
{
    char text[DXP_MESSAGE_SIZE];
    ShError err;
    if (dxp_message_format(m, text, &err) != SH_OK) {
        say(s, "cannot write a %s message: %s", dxp_kind_name((int)m->kind), err.message);
        return false;
    }
    if (s->settings->trace)
        say(s, "> %s", text);
    if (dxp_link_send(s->link, text, &err) != SH_OK) {
        say(s, "%s", err.message);
        return false;
    }
    return true;
}

static void send_chat(Session *s, const char *format, ...) __attribute__((format(printf, 2, 3)));

static void send_chat(Session *s, const char *format, ...)
{
    DxpMessage m;
    memset(&m, 0, sizeof m);
    m.kind = DXP_CHAT;
    va_list args;
    va_start(args, format);
    vsnprintf(m.text, sizeof m.text, format, args);
    va_end(args);
    send_message(s, &m);
}

static bool send_end(Session *s, int reason, bool stop)
{
    DxpMessage m;
    memset(&m, 0, sizeof m);
    m.kind = DXP_GAMEEND;
    m.reason = reason;
    m.stop = stop ? 1 : 0;
    return send_message(s, &m);
}

/* The next message that can be read: 1 with it in *m, 0 when the connection ended. A message
 * that cannot be read is reported to both sides and skipped; a chat is logged and skipped. */
static int next_message(Session *s, DxpMessage *m)
{
    if (s->pending) {
        *m = s->pending_message;
        s->pending = false;
        return 1;
    }
    for (;;) {
        char text[DXP_LINK_BUFFER];
        ShError err;
        int rc = dxp_link_receive(s->link, text, sizeof text, s->settings->timeout, &err);
        if (rc == 0) {
            say(s, "the connection with %s has ended", s->link->peer);
            return 0;
        }
        if (rc < 0) {
            say(s, "%s", err.message);
            return 0;
        }
        if (s->settings->trace)
            say(s, "< %s", text);
        if (dxp_message_parse(text, m, &err) != SH_OK) {
            say(s, "a message that is not DXP (%s): %.60s", err.message, text);
            send_chat(s, "%.40s could not read your message: %.70s", s->settings->name,
                      err.message);
            continue;
        }
        if (m->kind == DXP_CHAT) {
            say(s, "chat: %s", m->text);
            continue;
        }
        return 1;
    }
}

/* ---- the game ---- */

static ShResult win_for(ShColor c)
{
    return c == SH_WHITE ? SH_RESULT_WHITE_WINS : SH_RESULT_BLACK_WINS;
}

/* +1 we won, 0 a draw, -1 we lost, 2 no result. */
static int outcome(const Play *p)
{
    ShResult r = sh_game_result(p->game, NULL);
    if (r == SH_RESULT_DRAW)
        return 0;
    if (r == SH_RESULT_NONE)
        return 2;
    return r == win_for(p->me) ? 1 : -1;
}

static void end_game(Play *p, ShResult result, ShReason reason)
{
    if (sh_game_result(p->game, NULL) == SH_RESULT_NONE)
        sh_game_end(p->game, result, reason, NULL);
}

static bool move_limit_reached(const Play *p)
{
    return p->moves > 0 && sh_game_ply_count(p->game) >= 2 * p->moves;
}

static bool flag_down(const Play *p, ShColor c, double margin)
{
    return p->minutes > 0 && p->used[c] > p->minutes * 60.0 + margin;
}

/* Wait for the other side's GAMEEND that acknowledges ours. */
static GameEnd await_ack(Session *s)
{
    DxpMessage m;
    for (;;) {
        if (next_message(s, &m) == 0)
            return END_CLOSED;
        if (m.kind == DXP_GAMEEND) {
            if (m.stop)
                s->peer_stops = true;
            return END_DONE;
        }
        if (m.kind == DXP_GAMEREQ && !s->initiator) {
            s->pending = true;
            s->pending_message = m;
            return END_REQUEST;
        }
        /* anything else crossed our GAMEEND: ignored */
    }
}

/* It is our turn and the game is over: say so and wait for the answer. */
static GameEnd finish(Session *s, Play *p)
{
    int o = outcome(p);
    int reason = o == 1 ? DXP_END_I_WIN : o == 0 ? DXP_END_DRAW : o == -1 ? DXP_END_I_LOSE
                                                                          : DXP_END_UNKNOWN;
    ShReason why;
    sh_game_result(p->game, &why);
    if (why == SH_REASON_ADJUDICATION && o == 0)
        reason = DXP_END_UNKNOWN; /* the move limit: no reason the rules give */
    if (!send_end(s, reason, p->last))
        return END_CLOSED;
    return await_ack(s);
}

static void history_of(const ShGame *game, ShPosition **history, int *count)
{
    int n = sh_game_ply_count(game);
    *history = malloc(sizeof(ShPosition) * (size_t)(n > 0 ? n : 1));
    *count = 0;
    if (!*history)
        return;
    for (int i = 0; i < n; i++)
        (*history)[i] = *sh_game_position_at(game, i);
    *count = n;
}

/* Our move: search, send, play. False if the connection failed. */
static bool my_move(Session *s, Play *p)
{
    const DxpSettings *cfg = s->settings;
    EngineLimits l = cfg->limits;
    if (!l.depth && !l.nodes && l.move_time <= 0) {
        if (p->minutes > 0) {
            l.time_left = p->minutes * 60.0 - p->used[p->me];
            if (l.time_left < 0.05)
                l.time_left = 0.05;
            int mine = (sh_game_ply_count(p->game) + 1) / 2;
            l.moves_to_go = p->moves > 0 ? (p->moves - mine > 1 ? p->moves - mine : 1) : 0;
        } else {
            l.move_time = DXP_DEFAULT_MOVE_TIME;
        }
    }
    ShPosition *history;
    int count;
    history_of(p->game, &history, &count);
    EngineResult r;
    ShError err;
    double start = now();
    ShStatus st = engine_search(s->engine, sh_game_position(p->game), history, count, &l, NULL,
                                NULL, &r, &err);
    free(history);
    double spent = now() - start;
    p->used[p->me] += spent;
    if (st != SH_OK || !r.has_move) {
        /* cannot happen with a move to make; resign rather than hang */
        say(s, "the engine has no move: %s", st != SH_OK ? err.message : "none");
        sh_game_resign(p->game, p->me, NULL);
        return true;
    }
    DxpMessage m;
    dxp_move_message(sh_game_position(p->game), &r.move, (int)lround(spent), &m);
    if (sh_game_play(p->game, &r.move, &err) != SH_OK) {
        say(s, "the engine's move was refused: %s", err.message);
        sh_game_resign(p->game, p->me, NULL);
        return true;
    }
    p->waiting_since = now();
    return send_message(s, &m);
}

/* A BACKREQ: take the game back to the position it names when that is in the game. */
static void back_request(Session *s, Play *p, const DxpMessage *m)
{
    const ShPosition *start = sh_game_start(p->game);
    int ply = 2 * (m->move_number - 1) + (m->to_move == SH_BLACK ? 1 : 0) -
              (sh_position_side(start) == SH_BLACK ? 1 : 0);
    DxpMessage answer;
    memset(&answer, 0, sizeof answer);
    answer.kind = DXP_BACKACC;
    if (ply < 0 || ply > sh_game_ply_count(p->game)) {
        answer.code = DXP_BACK_REFUSED;
        send_message(s, &answer);
        return;
    }
    while (sh_game_ply_count(p->game) > ply)
        if (sh_game_undo(p->game, NULL) != SH_OK)
            break;
    answer.code = sh_game_ply_count(p->game) == ply ? DXP_BACK_ACCEPTED : DXP_BACK_REFUSED;
    send_message(s, &answer);
    p->my_turn = sh_position_side(sh_game_position(p->game)) == p->me;
    p->waiting_since = now();
    say(s, "taken back to move %d, %s to move", m->move_number,
        m->to_move == SH_WHITE ? "White" : "Black");
}

/* The other side's move arrived. */
static void their_move(Session *s, Play *p, const DxpMessage *m)
{
    ShColor them = (ShColor)(1 - p->me);
    p->used[them] += now() - p->waiting_since;
    p->my_turn = true;
    if (sh_game_result(p->game, NULL) != SH_RESULT_NONE)
        return; /* the rules had ended the game: our GAMEEND answers it */
    ShMove move;
    ShError err;
    if (dxp_move_find(sh_game_position(p->game), m, &move, &err) != SH_OK ||
        sh_game_play(p->game, &move, &err) != SH_OK) {
        say(s, "%s sent an illegal move: %s", s->peer_name, err.message);
        send_chat(s, "illegal move: %.100s", err.message);
        end_game(p, win_for(p->me), SH_REASON_ADJUDICATION);
    }
}

/* The other side ended the game: settle the result and acknowledge. */
static GameEnd their_end(Session *s, Play *p, const DxpMessage *m)
{
    ShColor them = (ShColor)(1 - p->me);
    if (m->stop)
        s->peer_stops = true;
    if (sh_game_result(p->game, NULL) == SH_RESULT_NONE) {
        if (m->reason == DXP_END_I_LOSE)
            sh_game_resign(p->game, them, NULL);
        else if (move_limit_reached(p))
            end_game(p, SH_RESULT_DRAW, SH_REASON_ADJUDICATION);
        else if (m->reason == DXP_END_DRAW)
            end_game(p, SH_RESULT_DRAW, SH_REASON_AGREEMENT);
        else if (flag_down(p, p->me, 0))
            end_game(p, win_for(them), SH_REASON_TIME);
        else if (m->reason == DXP_END_UNKNOWN) {
            /* the specification says nothing of how it counts; Scan counts it a draw */
            end_game(p, SH_RESULT_DRAW, SH_REASON_ADJUDICATION);
            p->unexplained = true;
        } else if (m->reason == DXP_END_I_WIN) {
            /* a win the rules have not given yet (an endgame database's, say): Scan and GWD
             * take it at its word, and so does Shashki (docs/dxp.md) */
            end_game(p, win_for(them), SH_REASON_ADJUDICATION);
            p->claimed = true;
        }
    }
    if (!send_end(s, DXP_END_UNKNOWN, p->last))
        return END_CLOSED;
    return END_DONE;
}

static GameEnd play_game(Session *s, Play *p)
{
    for (;;) {
        if (p->my_turn) {
            ShColor them = (ShColor)(1 - p->me);
            if (sh_game_result(p->game, NULL) == SH_RESULT_NONE) {
                if (flag_down(p, them, DXP_NETWORK_MARGIN))
                    end_game(p, win_for(p->me), SH_REASON_TIME);
                else if (move_limit_reached(p))
                    end_game(p, SH_RESULT_DRAW, SH_REASON_ADJUDICATION);
            }
            if (sh_game_result(p->game, NULL) != SH_RESULT_NONE)
                return finish(s, p);
            if (!my_move(s, p))
                return END_CLOSED;
            p->my_turn = false;
            continue;
        }
        DxpMessage m;
        if (next_message(s, &m) == 0)
            return END_CLOSED;
        switch (m.kind) {
        case DXP_MOVE:
            their_move(s, p, &m);
            break;
        case DXP_GAMEEND:
            return their_end(s, p, &m);
        case DXP_BACKREQ:
            back_request(s, p, &m);
            break;
        case DXP_GAMEREQ:
            if (!s->initiator) {
                s->pending = true;
                s->pending_message = m;
                return END_REQUEST;
            }
            break;
        default:
            break; /* GAMEACC and BACKACC mean nothing here */
        }
    }
}

/* Record a finished (or abandoned) game: the score, the log line, the PDN. */
static void record(Session *s, Play *p, const char *names[2])
{
    s->round++;
    DxpScore *sc = s->score;
    int o = outcome(p);
    sc->games++;
    snprintf(sc->peer, sizeof sc->peer, "%s", s->peer_name);
    sc->plies += sh_game_ply_count(p->game);
    if (o == 1)
        sc->wins++;
    else if (o == 0)
        sc->draws++;
    else if (o == -1)
        sc->losses++;
    else
        sc->unfinished++;
    ShReason reason;
    ShResult result = sh_game_result(p->game, &reason);
    char why[160];
    if (result == SH_RESULT_NONE)
        snprintf(why, sizeof why, "no result");
    else if (reason == SH_REASON_ADJUDICATION && result == SH_RESULT_DRAW && p->unexplained)
        snprintf(why, sizeof why, "draw: %s ended the game without a reason (GAMEEND 0)",
                 s->peer_name[0] ? s->peer_name : "the other side");
    else if (reason == SH_REASON_ADJUDICATION && result == SH_RESULT_DRAW)
        snprintf(why, sizeof why, "draw: the %d moves of the game are played", p->moves);
    else if (reason == SH_REASON_ADJUDICATION && p->claimed)
        snprintf(why, sizeof why, "%s wins: %s claimed the win (GAMEEND 3)",
                 result == SH_RESULT_WHITE_WINS ? "White" : "Black",
                 s->peer_name[0] ? s->peer_name : "the other side");
    else if (reason == SH_REASON_ADJUDICATION)
        snprintf(why, sizeof why, "%s wins: an illegal move",
                 result == SH_RESULT_WHITE_WINS ? "White" : "Black");
    else
        sh_result_describe(result, reason, why, sizeof why);
    say(s, "Game %d (%s - %s): %s {%s} [%d plies] score %d-%d-%d", s->round, names[0], names[1],
        sh_result_pdn(result, false), why, sh_game_ply_count(p->game), sc->wins, sc->losses,
        sc->draws);
    if (s->settings->pdn) {
        char round[16];
        snprintf(round, sizeof round, "%d", s->round);
        sh_game_set_tag(p->game, "Event", "DXP match", NULL);
        sh_game_set_tag(p->game, "Round", round, NULL);
        sh_game_set_tag(p->game, "White", names[0], NULL);
        sh_game_set_tag(p->game, "Black", names[1], NULL);
        if (reason == SH_REASON_ADJUDICATION)
            sh_game_set_tag(p->game, "Termination", why, NULL);
        char *text = NULL;
        size_t size = 0;
        if (sh_pdn_write(p->game, SH_NOTATION_SHORT | SH_NOTATION_NUMERIC, &text, &size, NULL) ==
            SH_OK) {
            fwrite(text, 1, size, s->settings->pdn);
            fflush(s->settings->pdn);
        }
        free(text);
    }
}

static GameEnd run_game(Session *s, const ShPosition *start, ShColor me, int minutes, int moves,
                        bool last)
{
    ShGameOptions options = {SH_REPETITION_AUTOMATIC, false};
    Play p;
    memset(&p, 0, sizeof p);
    ShError err;
    if (sh_game_new(&p.game, start, &options, &err) != SH_OK) {
        say(s, "cannot start the game: %s", err.message);
        return END_CLOSED;
    }
    p.me = me;
    p.minutes = minutes;
    p.moves = moves;
    p.last = last;
    p.my_turn = sh_position_side(start) == me;
    p.waiting_since = now();
    engine_clear(s->engine);
    GameEnd end = play_game(s, &p);
    const char *names[2];
    names[me] = s->settings->name;
    names[1 - me] = s->peer_name[0] ? s->peer_name : "peer";
    record(s, &p, names);
    sh_game_free(p.game);
    return end;
}

static ShStatus session_open(Session *s, DxpLink *link, const DxpSettings *settings,
                             DxpScore *score, bool initiator, ShError *err)
{
    memset(s, 0, sizeof *s);
    memset(score, 0, sizeof *score);
    s->link = link;
    s->settings = settings;
    s->score = score;
    s->initiator = initiator;
    if (sh_board_squares(settings->variant) != DXP_BOARD_SQUARES)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "DXP plays 50-square games (international)");
    s->engine = engine_create(&settings->engine, err);
    return s->engine ? SH_OK : (err ? err->code : SH_ERR_ARGUMENT);
}

/* ---- the two roles ---- */

ShStatus dxp_session_initiate(DxpLink *link, const DxpSettings *settings, DxpScore *score,
                              ShError *err)
{
    error_clear(err);
    Session s;
    ShStatus st = session_open(&s, link, settings, score, true, err);
    if (st != SH_OK)
        return st;
    ShPosition usual;
    sh_position_start(&usual, settings->variant);
    for (int g = 0; g < settings->games && !s.peer_stops; g++) {
        const ShPosition *start =
            settings->start_count > 0 ? &settings->starts[(g / 2) % settings->start_count] : &usual;
        ShColor me = g % 2 == 0 ? SH_WHITE : SH_BLACK;
        DxpMessage req;
        memset(&req, 0, sizeof req);
        req.kind = DXP_GAMEREQ;
        req.version = 1;
        snprintf(req.name, sizeof req.name, "%.32s", settings->name);
        req.follower = (ShColor)(1 - me);
        req.minutes = settings->minutes;
        req.moves = settings->moves;
        req.has_board = !sh_position_equal(start, &usual);
        req.to_move = sh_position_side(start);
        dxp_position_write(start, req.board);
        if (!send_message(&s, &req))
            break;
        DxpMessage m;
        int rc;
        while ((rc = next_message(&s, &m)) == 1 && m.kind != DXP_GAMEACC)
            ; /* a GAMEEND or MOVE of a game that is over: ignored */
        if (rc == 0)
            break;
        snprintf(s.peer_name, sizeof s.peer_name, "%s", m.name);
        if (m.code == DXP_ACCEPT_NOT_THIS) {
            say(&s, "game %d: %s does not want this game", g + 1, s.peer_name);
            continue;
        }
        if (m.code != DXP_ACCEPT) {
            say(&s, "%s plays no game: %s", s.peer_name,
                m.code == DXP_ACCEPT_BAD_VERSION ? "not this protocol version" : "it says no");
            break;
        }
        GameEnd end = run_game(&s, start, me, settings->minutes, settings->moves,
                               g + 1 == settings->games);
        if (end == END_CLOSED)
            break;
    }
    engine_free(s.engine);
    return SH_OK;
}

/* A GAMEREQ we can play? The acceptance code, and the start in *start. */
static int judge_request(Session *s, const DxpMessage *m, ShPosition *start)
{
    if (m->version != 1)
        return DXP_ACCEPT_BAD_VERSION;
    if (!m->has_board) {
        sh_position_start(start, s->settings->variant);
        return DXP_ACCEPT;
    }
    ShError err;
    if (dxp_position_read(s->settings->variant, m->to_move, m->board, start, &err) != SH_OK) {
        say(s, "a GAMEREQ position refused: %s", err.message);
        return DXP_ACCEPT_NOT_THIS;
    }
    if (sh_moves_count(start) == 0) {
        say(s, "a GAMEREQ position refused: the side to move has no move");
        return DXP_ACCEPT_NOT_THIS;
    }
    return DXP_ACCEPT;
}

ShStatus dxp_session_follow(DxpLink *link, const DxpSettings *settings, DxpScore *score,
                            ShError *err)
{
    error_clear(err);
    Session s;
    ShStatus st = session_open(&s, link, settings, score, false, err);
    if (st != SH_OK)
        return st;
    DxpMessage m;
    while (!s.peer_stops && next_message(&s, &m) == 1) {
        if (m.kind == DXP_GAMEEND) {
            /* outside a game: only its stop code means anything */
            if (m.stop)
                s.peer_stops = true;
            continue;
        }
        if (m.kind != DXP_GAMEREQ)
            continue;
        snprintf(s.peer_name, sizeof s.peer_name, "%s", m.name);
        ShPosition start;
        DxpMessage acc;
        memset(&acc, 0, sizeof acc);
        acc.kind = DXP_GAMEACC;
        snprintf(acc.name, sizeof acc.name, "%.32s", settings->name);
        acc.code = judge_request(&s, &m, &start);
        if (!send_message(&s, &acc))
            break;
        if (acc.code != DXP_ACCEPT)
            continue;
        if (run_game(&s, &start, m.follower, m.minutes, m.moves, false) == END_CLOSED)
            break;
    }
    engine_free(s.engine);
    return SH_OK;
}
