/* web_session.c - the arbiter's session: who you are, log in with the password, log out, set
 * or change the password. See docs/web-api.md "Who may do what". */
#include <stdio.h>
#include <string.h>

#include "web_app.h"
#include "web_rights.h"

static json_t *session_json(WebApp *app, const HttpRequest *req, bool arbiter)
{
    return json_pack("{s:b,s:b,s:b}", "arbiter", arbiter, "password_set",
                     auth_has_password(app->auth), "local", http_peer_is_local(req));
}

static void on_get(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    http_json(res, 200, session_json(app, req, rights_is_arbiter(app, req)));
}

/* Start a session for this response (the cookie lasts as long as the session). */
static void session_start(WebApp *app, HttpResponse *res)
{
    char token[AUTH_TOKEN_TEXT], name[64];
    auth_session_new(app->auth, token);
    rights_cookie_name(app, "arbiter", name, sizeof name);
    http_set_cookie(res, name, token, "/", AUTH_SESSION_SECONDS);
}

static void on_login(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    json_t *body = http_body_object(req, res);
    if (!body)
        return;
    const char *password = NULL;
    if (!http_get_string(body, "password", &password, res))
        goto done;
    if (!password || !*password) {
        http_field_error(res, 400, "password", 0, 0, "the request needs the arbiter's password");
        goto done;
    }
    if (!auth_has_password(app->auth)) {
        http_refuse(res, 403, "password",
                    "no arbiter's password is set yet: set one on the server's machine "
                    "(shashki serve --set-password)");
        goto done;
    }
    char peer[64];
    http_peer(req, peer, sizeof peer);
    if (!auth_check_password(app->auth, peer, password)) {
        http_refuse(res, 401, "password", "wrong password");
        goto done;
    }
    session_start(app, res);
    http_json(res, 200, session_json(app, req, true));
done:
    json_decref(body);
}

static void on_logout(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    char name[64];
    rights_cookie_name(app, "arbiter", name, sizeof name);
    auth_session_end(app->auth, http_cookie(req, name));
    http_set_cookie(res, name, "", "/", 0);
    /* without a password this machine stays the arbiter: say so */
    bool still = !auth_has_password(app->auth) && http_peer_is_local(req);
    http_json(res, 200, session_json(app, req, still));
}

/* Set the password (the arbiter, who must give the current one if there is one). */
static void on_password(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    json_t *body = http_body_object(req, res);
    if (!body)
        return;
    const char *password = NULL, *current = NULL;
    if (!http_get_string(body, "password", &password, res) ||
        !http_get_string(body, "current", &current, res))
        goto done;
    if (!rights_need_arbiter(app, req, res, "setting the arbiter's password"))
        goto done;
    if (!password) {
        http_field_error(res, 400, "password", 0, 0, "the request needs the new password");
        goto done;
    }
    char peer[64], err[128];
    http_peer(req, peer, sizeof peer);
    if (auth_has_password(app->auth) &&
        (!current || !auth_check_password(app->auth, peer, current))) {
        http_refuse(res, 401, "password", "%s", current ? "the current password is wrong"
                                                        : "give the current password too (\"current\")");
        goto done;
    }
    if (!auth_set_password(app->auth, password, err, sizeof err)) {
        http_field_error(res, 400, "password", 0, 0, "%s", err);
        goto done;
    }
    session_start(app, res); /* every other session has ended; this one goes on */
    http_json(res, 200, session_json(app, req, true));
done:
    json_decref(body);
}

static const HttpRoute ROUTES[] = {
    {"GET", "/api/session", on_get},
    {"POST", "/api/session", on_login},
    {"DELETE", "/api/session", on_logout},
    {"POST", "/api/session/password", on_password},
};

WEB_ROUTES(WEB_SESSION_ROUTES, ROUTES);
