/* fuzz_event.c - libFuzzer harness for the event text (sh_event_read, what the store keeps).
 * Any bytes must give an event or an error with a message, never a crash; an event read must
 * write, read back and write again to the same text, and give its standings, its TRF and,
 * for a small field, its next round or the reason there is none. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "shashki_tournament.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *in = malloc(size + 1);
    if (!in)
        return 0;
    memcpy(in, data, size);
    in[size] = '\0';
    ShEvent *e = NULL;
    ShError err;
    err.message[0] = '\0';
    if (sh_event_read(in, &e, &err) != SH_OK) {
        free(in);
        if (!err.message[0])
            abort();
        return 0;
    }
    free(in);
    char *text = NULL, *again = NULL;
    ShEvent *back = NULL;
    if (sh_event_write(e, &text, &err) != SH_OK || sh_event_read(text, &back, &err) != SH_OK ||
        sh_event_write(back, &again, &err) != SH_OK || strcmp(text, again) != 0)
        abort();
    free(text);
    free(again);
    sh_event_free(back);
    for (int s = 0; s <= sh_event_stage_count(e); s++) {
        ShStanding *rows = NULL;
        int n = sh_event_standings(e, s, &rows, &err);
        if (n < 0 && !err.message[0])
            abort();
        free(rows);
    }
    ShTrf trf;
    if (sh_event_to_trf(e, 0, &trf, &err) == SH_OK) {
        size_t n;
        if (sh_trf_write(&trf, &text, &n, &err) != SH_OK)
            abort();
        sh_trf_free(&trf);
        free(text);
    }
    if (sh_event_player_count(e) <= 16) {
        int stage, round;
        err.message[0] = '\0';
        if (sh_event_pair_next(e, &stage, &round, &err) != SH_OK && !err.message[0])
            abort();
    }
    sh_event_free(e);
    return 0;
}
