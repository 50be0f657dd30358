/* assets.c - finding the built-in web files. Only names in the table can be served, so no
 * request can reach the file system. */
#include "assets.h"

#include <string.h>

const WebAsset *assets_find(const char *path)
{
    if (!path || strcmp(path, "/") == 0)
        path = "/index.html";
    for (int i = 0; i < WEB_ASSET_COUNT; i++)
        if (strcmp(WEB_ASSETS[i].path, path) == 0)
            return &WEB_ASSETS[i];
    return NULL;
}

const char *assets_content_type(const char *path)
{
    static const struct { const char *ext, *type; } TYPES[] = {
        {".html", "text/html; charset=utf-8"},
        {".js", "text/javascript; charset=utf-8"},
        {".mjs", "text/javascript; charset=utf-8"},
        {".css", "text/css; charset=utf-8"},
        {".svg", "image/svg+xml"},
        {".png", "image/png"},
        {".ico", "image/x-icon"},
        {".json", "application/json; charset=utf-8"},
        {".webmanifest", "application/manifest+json"},
        {".wasm", "application/wasm"},
        {".woff2", "font/woff2"},
        {".txt", "text/plain; charset=utf-8"},
    };
    const char *dot = strrchr(path, '.');
    if (dot)
        for (size_t i = 0; i < sizeof TYPES / sizeof TYPES[0]; i++)
            if (strcmp(dot, TYPES[i].ext) == 0)
                return TYPES[i].type;
    return "application/octet-stream";
}
