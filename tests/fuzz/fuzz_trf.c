/* fuzz_trf.c - libFuzzer harness for the TRF16 reader and writer. Any bytes must give a file
 * or an error with a place and a message, never a crash; a file read must write, read back
 * and write again to the same text; its next round pairs or says why not; as an event it
 * gives standings and a TRF that reads back. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "shashki_tournament.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ShTrf trf;
    ShError err;
    if (sh_trf_read((const char *)data, size, &trf, &err) != SH_OK) {
        if (!err.message[0])
            abort();
        return 0;
    }
    char *text = NULL, *again = NULL;
    size_t n = 0, m = 0;
    if (sh_trf_write(&trf, &text, &n, &err) != SH_OK)
        abort();
    ShTrf back;
    if (sh_trf_read(text, n, &back, &err) != SH_OK)
        abort();
    if (back.count != trf.count || sh_trf_write(&back, &again, &m, &err) != SH_OK ||
        n != m || memcmp(text, again, n) != 0)
        abort();
    free(text);
    free(again);
    sh_trf_free(&back);
    bool absent[16];
    if (trf.count <= 16) {
        int rounds = sh_trf_rounds_played(&trf, absent);
        if (rounds < 0)
            abort();
        if (rounds < 12) {
            ShPairing p;
            ShStatus st = sh_trf_pair(&trf, &p, &err);
            if (st == SH_OK) {
                for (int i = 0; i < p.count; i++)
                    if (p.pairs[i].white < 1 || p.pairs[i].white > trf.count ||
                        p.pairs[i].black < 0 || p.pairs[i].black > trf.count ||
                        p.pairs[i].white == p.pairs[i].black)
                        abort();
                sh_pairing_free(&p);
            } else if (!err.message[0]) {
                abort();
            }
        }
        ShEvent *e = NULL;
        if (sh_event_from_trf(&trf, &e, &err) == SH_OK) {
            ShStanding *rows = NULL;
            if (sh_event_standings(e, 0, &rows, &err) < 0)
                abort();
            free(rows);
            ShTrf out;
            if (sh_event_to_trf(e, 1, &out, &err) != SH_OK ||
                sh_trf_write(&out, &text, &n, &err) != SH_OK)
                abort();
            sh_trf_free(&out);
            if (sh_trf_read(text, n, &out, &err) != SH_OK)
                abort();
            sh_trf_free(&out);
            free(text);
            sh_event_free(e);
        }
    }
    sh_trf_free(&trf);
    return 0;
}
