/* web_club.c - the club's evening: the address players type (and its QR code), and QR codes
 * of the page's links (a game's join link). See docs/web-api.md. */
#include <stdlib.h>
#include <string.h>

#include "qr.h"
#include "web_app.h"
#include "web_rights.h"

static void on_club(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    json_t *j = json_pack("{s:s,s:b,s:b,s:b,s:b}", "url", app->url, "network", app->network,
                          "password_set", auth_has_password(app->auth), "arbiter",
                          rights_is_arbiter(app, req), "local", http_peer_is_local(req));
    http_json(res, 200, j);
}

static void on_qr(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    (void)ctx;
    const char *text = http_query(req, "text");
    if (!text || !*text) {
        http_field_error(res, 400, "text", 0, 0, "say what the QR code holds: ?text=...");
        return;
    }
    if (strlen(text) > QR_MAX_TEXT) {
        http_field_error(res, 400, "text", 0, 0, "a QR code here holds at most %d bytes", QR_MAX_TEXT);
        return;
    }
    char *svg = qr_svg(text);
    if (!svg) {
        http_error(res, 500, "the QR code could not be made");
        return;
    }
    res->status = 200;
    res->content_type = "image/svg+xml";
    res->body = svg;
    res->size = strlen(svg);
    res->cache_control = "max-age=3600";
}

static const HttpRoute ROUTES[] = {
    {"GET", "/api/club", on_club},
    {"GET", "/api/qr", on_qr},
};

WEB_ROUTES(WEB_CLUB_ROUTES, ROUTES);
