/* web_database.c - the web app while its database does not answer (several processes on one
 * PostgreSQL, docs/federation.md "Faults"): every API request gets 503 with a message that says
 * so, nothing changed, until the database is back; the connections come back by themselves
 * (db_pg.c: each use of a lost one tries again, at most four times a second). A request that
 * failed because the database went away in its middle gets the same 503 in place of its 500. The
 * page's own files are served all the while. Nothing on SQLite, a file that is always there. */
#include <string.h>

#include "web_app.h"

static void unavailable(HttpResponse *res)
{
    http_error(res, 503,
               "the database is not answering (this server lost its connection to PostgreSQL): "
               "nothing was changed; try again in a few seconds");
    http_add_header(res, "Retry-After", "2");
}

bool web_database_before(const HttpRequest *req, HttpResponse *res, void *context)
{
    WebApp *app = context;
    if (!store_shared(app->store) || strncmp(req->path, "/api/", 5) != 0 ||
        store_available(app->store))
        return true;
    unavailable(res);
    return false;
}

void web_database_after(const HttpRequest *req, HttpResponse *res, void *context)
{
    WebApp *app = context;
    if (res->status >= 500 && store_shared(app->store) && strncmp(req->path, "/api/", 5) == 0 &&
        !store_probe(app->store))
        unavailable(res);
}
