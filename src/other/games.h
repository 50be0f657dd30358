/* games.h - the modules of the other games (private to the library): one record each, defined in
 * its own file, listed by other.c. */
#ifndef SHASHKI_OTHER_GAMES_H
#define SHASHKI_OTHER_GAMES_H

#include "shashki_other.h"

extern const ShOtherGame SH_OTHER_CORNERS;    /* corners.c */
extern const ShOtherGame SH_OTHER_GOBAN;      /* goban.c */
extern const ShOtherGame SH_OTHER_BELARUSIAN; /* belarusian.c */
extern const ShOtherGame SH_OTHER_WIEGMAN;    /* wiegman.c */
extern const ShOtherGame SH_OTHER_STAVROPOL;  /* stavropol.c */
extern const ShOtherGame SH_OTHER_PSKOV;      /* pskov.c */
extern const ShOtherGame SH_OTHER_NOVGOROD;   /* novgorod.c */
extern const ShOtherGame SH_OTHER_NEVA;       /* neva.c */

/* A module's state must fit in ShOtherState. */
#define SH_OTHER_STATE_FITS(type) \
    _Static_assert(sizeof(type) <= SH_OTHER_STATE_SIZE, #type " does not fit in ShOtherState")

#endif
