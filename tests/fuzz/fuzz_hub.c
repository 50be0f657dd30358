/* fuzz_hub.c - libFuzzer harness for the Hub protocol reader (proto/hub.c). The input is a
 * conversation, a command a line. Every search is kept short: the conversation starts with
 * `level nodes=64`, every `level` line of the input is followed by that line again, and every
 * `go` line comes after it too (level lines add up and pos and go start them afresh, so the
 * fuzzer still exercises the level parser, but no search runs long); every `go` line is
 * followed by `ponder-hit` and `stop` (a ponder or analysis search would wait for them, and
 * the next command with it, for ever, as the protocol says it must). The engine starts
 * with a 1 MB table and one thread, and `set-param` lines that name the table size, the
 * threads or an evaluation file are left out (a 64 GB table or a read of /dev/zero is what
 * the client asked for, not a fault). Whatever the lines, the protocol must neither crash
 * nor hang. */
#define _GNU_SOURCE /* memmem */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hub.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char START[] = "set-param name=hash value=1\nlevel nodes=64\n";
static const char SHORT_SEARCH[] = "level nodes=64\n";
static const char END_SEARCH[] = "ponder-hit\nstop\n";

/* Does the line start with the word `word`? */
static int starts_with_word(const char *line, size_t len, const char *word)
{
    while (len && (*line == ' ' || *line == '\t')) {
        line++;
        len--;
    }
    size_t n = strlen(word);
    return len >= n && memcmp(line, word, n) == 0 &&
           (len == n || line[n] == ' ' || line[n] == '\t' || line[n] == '=' || line[n] == '\r' ||
            line[n] == '\0');
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 4096)
        return 0;
    /* Each input line may gain guard lines before and after it. */
    size_t cap = sizeof START + size * (1 + 2 * sizeof SHORT_SEARCH + sizeof END_SEARCH) + 2;
    char *conv = malloc(cap);
    if (!conv)
        return 0;
    size_t n = 0;
    memcpy(conv, START, sizeof START - 1);
    n += sizeof START - 1;
    size_t start = 0;
    while (start < size) {
        const uint8_t *nl = memchr(data + start, '\n', size - start);
        size_t len = nl ? (size_t)(nl - (data + start)) : size - start;
        const char *line = (const char *)data + start;
        start += len + 1;
        if (starts_with_word(line, len, "set-param") &&
            (memmem(line, len, "hash", 4) || memmem(line, len, "threads", 7) ||
             memmem(line, len, "eval-file", 9)))
            continue;
        if (starts_with_word(line, len, "go")) {
            memcpy(conv + n, SHORT_SEARCH, sizeof SHORT_SEARCH - 1);
            n += sizeof SHORT_SEARCH - 1;
        }
        memcpy(conv + n, line, len);
        n += len;
        conv[n++] = '\n';
        if (starts_with_word(line, len, "level")) {
            memcpy(conv + n, SHORT_SEARCH, sizeof SHORT_SEARCH - 1);
            n += sizeof SHORT_SEARCH - 1;
        } else if (starts_with_word(line, len, "go")) {
            memcpy(conv + n, END_SEARCH, sizeof END_SEARCH - 1);
            n += sizeof END_SEARCH - 1;
        }
    }
    FILE *in = fmemopen(conv, n, "r");
    FILE *out = fopen("/dev/null", "w");
    if (in && out)
        hub_run(in, out);
    if (in)
        fclose(in);
    if (out)
        fclose(out);
    free(conv);
    return 0;
}
