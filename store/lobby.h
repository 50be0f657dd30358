/*
 * lobby.h - the lobby's challenges in the site's database (SQLite or PostgreSQL, db.h): an
 * account offers a game (which game, time control, rated or casual, its colour, the rating range
 * of those who may accept), to anyone or to one named player; another account accepts it and
 * the game begins (server/web_lobby.c). A challenge is accepted once, whichever process the
 * two requests land on: the acceptance is one conditional UPDATE.
 */
#ifndef SHASHKI_LOBBY_H
#define SHASHKI_LOBBY_H

#include <stdbool.h>
#include <stddef.h>

#include "shashki.h"

#define LOBBY_MAX_LIST 100

typedef struct Lobby Lobby;

typedef enum ChallengeStatus {
    CHALLENGE_OPEN = 0,
    CHALLENGE_ACCEPTING, /* taken by an acceptor, its game being made */
    CHALLENGE_ACCEPTED,
    CHALLENGE_CANCELLED, /* by its challenger */
    CHALLENGE_DECLINED   /* by the player it named */
} ChallengeStatus;

typedef struct Challenge {
    long id;
    char created[32];
    long from;              /* the challenger's account */
    long to;                /* the account it names, 0: anyone */
    char variant[24];       /* ShKind.name */
    char time_control[SH_TIME_CONTROL_SIZE]; /* "5m+3s", "3d" ... */
    bool rated;
    char color[8];          /* the challenger's: "white", "black", "random" */
    int min_rating, max_rating; /* who may accept (their rating for the game and speed); 0: none */
    ChallengeStatus status;
    long accepter;          /* the account that accepted it, 0 */
    long game;              /* the game it became, 0 */
} Challenge;

Lobby *lobby_open(const char *db, char *err, size_t size);
void lobby_close(Lobby *lobby);

/* A new challenge (id and created set); false on a database failure. */
bool lobby_add(Lobby *lobby, Challenge *c);
bool lobby_get(Lobby *lobby, long id, Challenge *out);
/* The open challenges (to anyone, or to `account` and from `account` when it is not 0), newest
 * first, at most max; the count. */
int lobby_list(Lobby *lobby, long account, Challenge *out, int max);
/* Take an open challenge for `accepter` (once: false when it is no longer open). */
bool lobby_take(Lobby *lobby, long id, long accepter);
/* The taken challenge became `game` (0: it could not be made; the challenge opens again). */
bool lobby_accepted(Lobby *lobby, long id, long game);
/* End an open challenge: cancelled by its challenger, or declined by the player it named. */
bool lobby_end(Lobby *lobby, long id, ChallengeStatus status);
const char *lobby_status_name(ChallengeStatus status);

#endif
