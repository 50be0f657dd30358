/* assets.h - the web app's files, built into the program (tools/embed.c --assets). */
#ifndef SHASHKI_ASSETS_H
#define SHASHKI_ASSETS_H

typedef struct WebAsset {
    const char *path; /* "/index.html" */
    const unsigned char *data;
    unsigned long size;
} WebAsset;

extern const WebAsset WEB_ASSETS[];
extern const int WEB_ASSET_COUNT;

/* The asset served at `path` ("/" means "/index.html"), or NULL. */
const WebAsset *assets_find(const char *path);
/* The Content-Type for a file name, by its extension. */
const char *assets_content_type(const char *path);

#endif
