/* test_browser.c - the web app in a real browser: runs the Playwright tests of tests/browser
 * (node run.mjs, then node other.mjs, each starting the program's server on a free port) and
 * counts each of their "ok NAME" / "FAIL NAME: reason" lines as a case. */
#include <stdlib.h>
#include <string.h>

#include "test.h"

/* One runner: its "ok"/"FAIL" lines are cases. */
static void run_runner(const char *runner)
{
    char command[2048];
    snprintf(command, sizeof command, "node %s/../browser/%s --program %s 2>&1", test_data(""),
             runner, test_program());
    FILE *p = popen(command, "r");
    test_case("start the browser tests: %s", command);
    CHECK(p != NULL);
    if (!p)
        return;
    char line[4096];
    int passed = 0, failed = 0, reported_passed = -1, reported_failed = -1;
    while (fgets(line, sizeof line, p)) {
        line[strcspn(line, "\n")] = '\0';
        if (strncmp(line, "ok ", 3) == 0) {
            test_case("browser: %s", line + 3);
            passed++;
        } else if (strncmp(line, "FAIL ", 5) == 0) {
            char *colon = strstr(line + 5, ": ");
            if (colon)
                *colon = '\0';
            test_case("browser: %s", line + 5);
            CHECK_MSG(false, "%s", colon ? colon + 2 : "failed");
            failed++;
        } else if (sscanf(line, "%d passed, %d failed", &reported_passed, &reported_failed) == 2) {
            continue;
        } else if (line[0]) {
            printf("     browser: %s\n", line);
        }
    }
    int status = pclose(p);
    test_case("the browser tests of %s ran and agree with their own count", runner);
    CHECK_MSG(passed + failed > 0, "no browser test ran");
    CHECK_INT(reported_passed, passed);
    CHECK_INT(reported_failed, failed);
    CHECK_MSG((status == 0) == (failed == 0), "runner exit status %d with %d failures", status,
              failed);
}

/* run.mjs: the draughts app; other.mjs: "More games" (the other games of a checkers set). */
void suite_browser(void)
{
    run_runner("run.mjs");
    run_runner("other.mjs");
}
