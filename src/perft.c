/* perft.c - counting the legal move tree, on one thread or spread over several. */
#include <stdatomic.h>
#include <stdlib.h>

#include "movegen.h"
#include "thread.h"

uint64_t sh_perft(const ShPosition *pos, int depth, ShPerftMode mode)
{
    return depth < 0 ? 0 : movegen_perft(pos, depth, mode);
}

/* The threads share a list of positions a few plies below the root (enough of them that the
 * threads finish together) and take them one at a time. */
typedef struct PerftShare {
    ShPosition *tasks;
    int count;
    int depth; /* depth still to count below each task */
    ShPerftMode mode;
    atomic_int next;
    atomic_uint_fast64_t total;
} PerftShare;

static void *perft_worker(void *arg)
{
    PerftShare *share = arg;
    for (;;) {
        int i = atomic_fetch_add(&share->next, 1);
        if (i >= share->count)
            break;
        atomic_fetch_add(&share->total, movegen_perft(&share->tasks[i], share->depth, share->mode));
    }
    return NULL;
}

/* Replace every task by its children; false if out of memory. */
static bool perft_expand(PerftShare *share)
{
    size_t cap = (size_t)share->count * 16 + 16, n = 0;
    ShPosition *next = malloc(cap * sizeof *next);
    if (!next)
        return false;
    ShMoveList moves;
    for (int t = 0; t < share->count; t++) {
        if (share->mode == SH_PERFT_DISTINCT)
            sh_moves_generate(&share->tasks[t], &moves);
        else
            sh_moves_generate_paths(&share->tasks[t], &moves);
        for (int i = 0; i < moves.count; i++) {
            if (n == cap) {
                cap *= 2;
                ShPosition *bigger = realloc(next, cap * sizeof *next);
                if (!bigger) {
                    free(next);
                    return false;
                }
                next = bigger;
            }
            pos_play(&share->tasks[t], &moves.moves[i], &next[n++]);
        }
    }
    free(share->tasks);
    share->tasks = next;
    share->count = (int)n;
    share->depth--;
    return true;
}

uint64_t sh_perft_threads(const ShPosition *pos, int depth, ShPerftMode mode, int threads)
{
    if (threads <= 1 || depth < 4)
        return sh_perft(pos, depth, mode);
    if (threads > 256)
        threads = 256;
    PerftShare share = {.tasks = malloc(sizeof *pos), .count = 1, .depth = depth, .mode = mode};
    if (!share.tasks)
        return sh_perft(pos, depth, mode);
    share.tasks[0] = *pos;
    while (share.count < 64 * threads && share.depth > 3 && share.count > 0) {
        if (!perft_expand(&share)) {
            free(share.tasks);
            return sh_perft(pos, depth, mode);
        }
    }
    atomic_init(&share.next, 0);
    atomic_init(&share.total, 0);
    pthread_t ids[256];
    int started = 0;
    for (; started < threads - 1; started++)
        if (pthread_create(&ids[started], NULL, perft_worker, &share) != 0)
            break;
    perft_worker(&share); /* this thread works too; if no thread started it does it all */
    for (int i = 0; i < started; i++)
        pthread_join(ids[i], NULL);
    free(share.tasks);
    return atomic_load(&share.total);
}
