#!/usr/bin/env python3
"""What a visitor notices, checked on a built site folder (no server, no browser):

    visitor.py SITE_DIR [--no-usernames] [--export EXPORT.json]

  - every comment is either by a published user (a link to that user's profile, holding
    the avatar `[data-avatar]`) or marked `.comment-unknown` with one neutral label, the
    same on every page, that is no published user's uid; with --export (a FriendlyPix-shaped
    export: `comments/<post>/<comment>/author` a uid), every comment whose author is a
    published user is linked to that user's profile;
  - no "@" before a name that is not a username: with --no-usernames (an app that names its
    profiles by `name`) no page says "@" followed by a user's name; else every "@name" in a
    page's title and headings is a published username;
  - no two post pages of one profile have the same <title>; no two profiles share a <title>,
    a list heading or a "More posts by" heading (same-named people differ by handle or ID);
  - every caption, comment and bio has dir="auto";
  - a grid page's first row is eager, its first tile fetchpriority="high", the rest lazy;
  - every profile has a description and og:description (without a bio: its counts);
  - a sitemap, when there is one, lists absolute locations only (`<loc>http…`);
  - every page has og:title; an og:image is an absolute URL; the PNG favicon and the
    apple-touch-icon are linked and published, and favicon.ico and robots.txt (naming the sitemap
    when there is one) at the root;
  - every published photo carries its own pixels in the layout, which site.css never draws
    it wider than: a tile's `<img>` its width and height as --w and --h, a post page's photo
    box its width as --w, an avatar its square's side as --side; and none is published wider
    than those pixels (the widest srcset candidate). browser.py measures the drawn sizes.

Prints a line per failure (`checks.py`) and `visitor: N passed, M failed` last; exit 1 on any failure.
Python 3 standard library only.
"""

import argparse
import html
import json
import os
import re
import sys
import urllib.parse

from checks import Checks


def text_of(fragment):
    return html.unescape(re.sub(r"<[^>]*>", "", fragment)).strip()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("site")
    ap.add_argument("--no-usernames", action="store_true", help="the app names its profiles by name, not username")
    ap.add_argument("--export", help="a FriendlyPix-shaped export: its comments' authors are checked")
    args = ap.parse_args(argv)
    site = args.site
    users = json.load(open(os.path.join(site, "users.json"), encoding="utf-8"))
    by_uid = {u["uid"]: u for u in users}
    checks = Checks("visitor")

    pages = []
    for folder, _, names in os.walk(site):
        for name in names:
            if name.endswith(".html"):
                path = os.path.join(folder, name)
                pages.append((os.path.relpath(path, site), open(path, encoding="utf-8").read()))
    pages.sort()

    def page_url(rel):
        """The site-relative URL of a page file (`u/ana/index.html` -> `u/ana/`)."""
        return rel[:-len("index.html")] if rel.endswith("index.html") else rel

    # --- comments -------------------------------------------------------------------------
    unknown_labels = set()
    linked = unknown = 0
    comment_authors = {}  # (post url, comment key) -> profile url it links to, or None
    for rel, text in pages:
        if not rel.startswith("p/"):
            continue
        for m in re.finditer(r'<li class="comment" data-comment="([^"]*)">(.*?)</li>', text, re.S):
            key, body = html.unescape(m.group(1)), m.group(2)
            link = re.match(r'<a class="comment-user" href="([^"]*)">(.*?)</a>', body, re.S)
            if link:
                linked += 1
                target = urllib.parse.urljoin(page_url(rel), html.unescape(link.group(1)))
                comment_authors[(page_url(rel), key)] = target
                checks.expect("data-avatar=" in link.group(2), "%s: comment %s: the author's link holds the avatar" % (rel, key))
                checks.expect(bool(text_of(link.group(2))), "%s: comment %s: the author is named" % (rel, key))
            else:
                unknown += 1
                comment_authors[(page_url(rel), key)] = None
                label = re.search(r'class="comment-name">(.*?)</span>', body, re.S)
                name = text_of(label.group(1) if label else body)
                checks.expect('comment-unknown' in body, "%s: comment %s: linked, or marked unknown" % (rel, key))
                unknown_labels.add(name)
                checks.expect(name not in by_uid, "%s: comment %s: an unknown author is no raw uid" % (rel, key), name)
    checks.expect(len(unknown_labels) <= 1, "unknown comment authors have one neutral label", repr(sorted(unknown_labels)))
    if args.export:
        export = json.load(open(args.export, encoding="utf-8"))
        for post, comments in (export.get("comments") or {}).items():
            if not isinstance(comments, dict):
                continue
            for key, c in comments.items():
                author = c.get("author") if isinstance(c, dict) else None
                if isinstance(author, dict):
                    author = author.get("uid")
                found = [v for (p, k), v in comment_authors.items() if k == key and post in p]
                if not found:
                    continue
                if author in by_uid:
                    want = by_uid[author]["url"]
                    checks.expect(found[0] == want, "comment %s by %s links to %s" % (key, author, want), "links to %r" % found[0])
                else:
                    checks.expect(found[0] is None, "comment %s by unknown %s is not linked" % (key, author))
    print("visitor: comments: %d linked to their author, %d by unknown authors (label %s)"
          % (linked, unknown, ", ".join(repr(x) for x in sorted(unknown_labels)) or "none"))

    # --- "@" before names -----------------------------------------------------------------
    usernames = {u["username"].casefold() for u in users}
    for rel, text in pages:
        title = text_of(re.search(r"<title>(.*?)</title>", text, re.S).group(1))
        headings = " ".join(text_of(h) for h in re.findall(r"<h[12][^>]*>(.*?)</h[12]>", text, re.S))
        metas = " ".join(html.unescape(v) for v in re.findall(r'<meta (?:property|name)="[^"]*" content="([^"]*)"', text))
        alts = " ".join(html.unescape(v) for v in re.findall(r' (?:alt|aria-label)="([^"]*)"', text))
        said = " ".join([title, headings, metas, alts])
        if args.no_usernames:
            bad = [u["username"] for u in users if u["username"] and "@" + u["username"] in said]
            checks.expect(not bad, "%s: no \"@\" before a name (the app has no usernames)" % rel, ", ".join(bad[:5]))
        else:
            # What the theme says, less the caption (user text, in the description).
            description = re.search(r'<meta name="description" content="([^"]*)"', text)
            caption = html.unescape(description.group(1)) if description and rel.startswith("p/") else ""
            ours = " ".join([title, headings])
            if caption:
                # The post's title starts with the caption's first words, cut at a word ("…").
                excerpt = title.split(" · ")[0].rstrip("…")
                for part in (caption[:59], excerpt if caption.startswith(excerpt) else ""):
                    if part:
                        ours = ours.replace(part, "")
            for m in re.finditer(r"(?<![\w.])@([\w.\-]+)", ours):
                name = m.group(1).rstrip(".")
                checks.expect(name.casefold() in usernames or any(n.startswith(name.casefold()) for n in usernames),
                              "%s: \"@%s\" is a username" % (rel, name))

    # --- post titles on a profile -----------------------------------------------------------
    titles = {page_url(rel): text_of(re.search(r"<title>(.*?)</title>", text, re.S).group(1))
              for rel, text in pages if rel.startswith("p/")}
    for u in users:
        posts, n = [], 1
        while True:
            rel = u["url"] + ("index.html" if n == 1 else "page/%d/index.html" % n)
            path = os.path.join(site, urllib.parse.unquote(rel))
            if not os.path.isfile(path):
                break
            grid = open(path, encoding="utf-8").read()
            grid = grid.split('<ul class="grid', 1)[1] if '<ul class="grid' in grid else ""
            for href in re.findall(r'<li class="tile" data-post="[^"]*"><a href="([^"]*)"', grid):
                posts.append(urllib.parse.unquote(urllib.parse.urljoin(rel, html.unescape(href))))
            n += 1
        seen = {}
        for p in posts:
            t = titles.get(p)
            if t is None:
                continue
            checks.expect(t not in seen, "%s: post titles differ" % u["url"], "%s and %s are both %r" % (seen.get(t), p, t))
            seen.setdefault(t, p)

    # --- same-named people told apart --------------------------------------------------------
    # Every profile's <title>, every list's heading and every "More posts by" heading names
    # one profile: two people called Kalyan Reddy differ by @handle or short ID.
    said_of = {}  # (kind, text) -> profile urls
    for rel, text in pages:
        parts = rel.split("/")
        if rel.startswith("u/") and len(parts) == 3 and parts[2] == "index.html":
            title = text_of(re.search(r"<title>(.*?)</title>", text, re.S).group(1))
            said_of.setdefault(("profile title", title), set()).add("u/%s/" % parts[1])
        elif rel.startswith("u/") and len(parts) == 4 and parts[2] in ("followers", "following"):
            h1 = re.search(r"<h1>(.*?)</h1>", text, re.S)
            if h1:
                said_of.setdefault(("list heading", text_of(h1.group(1))), set()).add("u/%s/" % parts[1])
        elif rel.startswith("p/"):
            more = re.search(r'<h2 id="more-heading"[^>]*>(.*?)</h2>', text, re.S)
            link = re.search(r'<a class="post-poster[^"]*" href="([^"]*)"', text)
            if more and link:
                owner = urllib.parse.unquote(urllib.parse.urljoin(page_url(rel), html.unescape(link.group(1))))
                said_of.setdefault(("more posts heading", text_of(more.group(1))), set()).add(owner)
    for (kind, said), owners in sorted(said_of.items()):
        checks.expect(len(owners) == 1, "%s %r names one profile" % (kind, said), ", ".join(sorted(owners)))
    print("visitor: %d profile titles and headings, each naming one profile" % len(said_of))

    # --- user text takes its own direction --------------------------------------------------
    # Each caption, comment and bio carries dir="auto" (a wrapped Arabic caption in an English
    # site aligns right; an English comment in an Arabic site aligns left).
    user_texts = 0
    for rel, text in pages:
        for m in re.finditer(r'<(?:div|span) class="(?:post-caption|comment-text|profile-text)(?: [^"]*)?"([^>]*)>', text):
            user_texts += 1
            checks.expect('dir="auto"' in m.group(1), "%s: dir=\"auto\" on each caption, comment and bio" % rel, m.group(0))
    print("visitor: %d captions, comments and bios with dir=\"auto\"" % user_texts)

    # --- the first row loads at once -----------------------------------------------------------
    # A grid page's first three tiles are not lazy (the first with fetchpriority="high": the
    # page's largest image), the others are.
    grids = 0
    for rel, text in pages:
        if not (rel.startswith("u/") or rel.startswith("tags/")) or '<ul class="grid' not in text:
            continue
        grid = text.split('<ul class="grid', 1)[1].split("</ul>", 1)[0]
        imgs = re.findall(r'<li class="tile"[^>]*>.*?<img ([^>]*)>', grid)
        if not imgs:
            continue
        grids += 1
        for i, img in enumerate(imgs):
            lazy = 'loading="lazy"' in img
            high = 'fetchpriority="high"' in img
            want = (False, True) if i == 0 else (False, False) if i < 3 else (True, False)
            checks.expect((lazy, high) == want, "%s: tile %d is %s" % (
                rel, i + 1, "eager, high priority" if i == 0 else "eager" if i < 3 else "lazy"), img[:160])
    print("visitor: %d grid pages with an eager first row" % grids)

    # --- the default title in the site's language ------------------------------------------
    for rel, text in pages:
        lang = re.search(r'<html lang="([^"]*)"', text)
        brand = re.search(r'<a class="brand"[^>]*>(.*?)</a>', text, re.S)
        if lang and not lang.group(1).startswith("en") and brand:
            checks.expect(text_of(brand.group(1)) != "Profiles", "%s: the site's title is not English \"Profiles\" in %s"
                          % (rel, lang.group(1)))

    # --- a description on every profile -------------------------------------------------------
    # A bio, else "N followers, M following, K posts - See photos from Name (@user)": a shared
    # link shows more than the name.
    profiles = 0
    for rel, text in pages:
        parts = rel.split("/")
        if not (rel.startswith("u/") and len(parts) == 3 and parts[2] == "index.html"):
            continue
        profiles += 1
        description = re.search(r'<meta name="description" content="([^"]+)"', text)
        og = re.search(r'<meta property="og:description" content="([^"]+)"', text)
        checks.expect(description is not None and og is not None and description.group(1) == og.group(1),
                      "%s: a description and og:description" % rel)
        if description and 'class="profile-text' not in text:
            said = html.unescape(description.group(1))
            counts = [re.search(r'data-count="%s">([^<]*)<' % k, text) for k in ("followers", "following", "posts")]
            checks.expect(all(c and c.group(1) in said for c in counts),
                          "%s: without a bio, the description gives the counts" % rel, said)
    print("visitor: %d profiles with a description" % profiles)

    # --- photos carry their pixels ----------------------------------------------------------
    photos = 0
    for rel, text in pages:
        for m in re.finditer(r'<picture><source type="image/webp" srcset="([^"]*)"[^>]*><img ([^>]*)>', text):
            widest = max(int(w) for w in re.findall(r" (\d+)w(?:,|$)", m.group(1)))
            img = m.group(2)
            size = re.search(r'width="(\d+)" height="(\d+)"', img)
            before = text[max(0, m.start() - 600):m.start()]
            # The element the picture is in: the nearest opening tile, avatar or post box.
            kinds = {"tile": before.rfind('<li class="tile"'), "avatar": before.rfind('<span class="avatar"'),
                     "post": before.rfind('<div class="post-media"'), "album": before.rfind('<li class="album-item"')}
            kind = max(kinds, key=kinds.get) if max(kinds.values()) >= 0 else None
            opening = before[kinds[kind]:] if kind else ""
            if kind == "tile":
                style = re.search(r'style="[^"]*--w: (\d+); --h: (\d+)"', img)
                ok = size is not None and style is not None and style.groups() == size.groups() and widest <= int(size.group(1))
                checks.expect(ok, "%s: a tile's photo carries its pixels (--w, --h) and is published no wider" % rel, img[:200])
            elif kind == "avatar":
                side = re.match(r'<span class="avatar"[^>]*style="[^"]*--side: (\d+)px"', opening)
                checks.expect(side is not None and widest <= int(side.group(1)),
                              "%s: an avatar carries its square's side (--side) and is published no wider" % rel, opening[:200])
            elif kind == "post":
                box = re.match(r'<div class="post-media" style="--w: (\d+); --h: (\d+)"', opening)
                ok = box is not None and size is not None and box.groups() == size.groups() and widest <= int(size.group(1))
                checks.expect(ok, "%s: the post's photo carries its pixels (--w, --h) and is published no wider" % rel, img[:200])
            elif kind == "album":
                # An album's item: its own size (the row's box is the first item's).
                ok = size is not None and widest <= int(size.group(1))
                checks.expect(ok, "%s: an album item's photo carries its pixels and is published no wider" % rel, img[:200])
            else:
                checks.expect(False, "%s: a published photo in no tile, avatar, post box or album item" % rel, before[-200:])
            photos += 1
    print("visitor: %d published photos carry their pixels" % photos)

    # --- sitemap, Open Graph, icons ------------------------------------------------------------
    for name in sorted(os.listdir(site)):
        if name.startswith("sitemap") and name.endswith(".xml"):
            locs = re.findall(r"<loc>(.*?)</loc>", open(os.path.join(site, name), encoding="utf-8").read())
            relative = [l for l in locs if not re.match(r"https?://", html.unescape(l))]
            checks.expect(not relative, "%s: every <loc> is absolute" % name, ", ".join(relative[:5]))
    for rel, text in pages:
        if rel == "404.html":
            continue
        checks.expect('property="og:title"' in text, "%s: og:title" % rel)
        for image in re.findall(r'property="og:image" content="([^"]*)"', text):
            checks.expect(re.match(r"https?://", html.unescape(image)) is not None, "%s: og:image is absolute" % rel, image)
        checks.expect('rel="apple-touch-icon"' in text and 'type="image/png"' in text, "%s: PNG favicon and apple-touch-icon" % rel)
    for icon in ("assets/favicon.png", "assets/apple-touch-icon.png", "favicon.ico", "robots.txt"):
        checks.expect(os.path.isfile(os.path.join(site, icon)), "%s is published" % icon)
    if os.path.isfile(os.path.join(site, "favicon.ico")):
        checks.expect(open(os.path.join(site, "favicon.ico"), "rb").read(4) == b"\0\0\1\0", "favicon.ico is an icon file")
    if os.path.isfile(os.path.join(site, "robots.txt")):
        robots = open(os.path.join(site, "robots.txt"), encoding="utf-8").read()
        sitemap = os.path.isfile(os.path.join(site, "sitemap.xml"))
        checks.expect("User-agent: *" in robots and ("Sitemap: http" in robots) == sitemap,
                      "robots.txt allows crawling and names the sitemap when there is one", robots)

    return checks.summary("%s: %d pages" % (site, len(pages)))


if __name__ == "__main__":
    sys.exit(main())
