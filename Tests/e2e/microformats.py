#!/usr/bin/env python3
"""Reads a served sitegen site's microformats back with mf2py (PyPI), as IndieWeb readers do.

    microformats.py BASE_URL SITE_DIR

For every user in SITE_DIR/users.json (up to 20): the profile page has one h-card whose
name is the user's name (or username), nickname the username, url the profile's own
URL, note the bio's text when there is one; a website link is a `rel="me"` link and one
of the h-card's urls. For each of their posts (up to 5 a user): the post page has one
h-entry with a photo (unless the post shows a placeholder), the published date (the
`<time datetime>`), the content when there is a caption, and an author h-card naming
the poster and linking to their profile.

Prints `microformats: N passed, M failed` last; exit status 1 on any failure, 2 when
mf2py is missing (scripts/setup installs it).
"""

import json
import os
import re
import sys
import urllib.parse
import urllib.request

from checks import Checks

try:
    import mf2py
except ImportError:
    print("microformats: mf2py is not installed (python3 -m pip install mf2py; scripts/setup does)")
    sys.exit(2)


def fetch(url):
    with urllib.request.urlopen(url, timeout=30) as response:
        return response.read().decode("utf-8")


def items(parsed, kind):
    """Every item of type `kind`, top-level or nested as a property value."""
    found = []

    def visit(item):
        if kind in item.get("type", []):
            found.append(item)
        for values in item.get("properties", {}).values():
            for value in values:
                if isinstance(value, dict) and "type" in value:
                    visit(value)
        for child in item.get("children", []):
            visit(child)
    for item in parsed.get("items", []):
        visit(item)
    return found


def first(item, name):
    values = item.get("properties", {}).get(name, [])
    if not values:
        return None
    value = values[0]
    if isinstance(value, dict):
        return value.get("value", value.get("html"))
    return value


def main(argv):
    if len(argv) != 3:
        print(__doc__)
        return 2
    base = argv[1] if argv[1].endswith("/") else argv[1] + "/"
    with open(os.path.join(argv[2], "users.json"), encoding="utf-8") as f:
        users = json.load(f)
    checks = Checks("microformats")
    for user in users[:20]:
        profile = urllib.parse.urljoin(base, user["url"])
        html = fetch(profile)
        parsed = mf2py.parse(doc=html, url=profile)
        cards = [item for item in parsed.get("items", []) if "h-card" in item.get("type", [])]
        page = "profile %s" % user["username"]
        if not checks.expect(len(cards) == 1, page + ": one h-card", "%d found" % len(cards)):
            continue
        card = cards[0]
        checks.expect(first(card, "name") == (user["name"] or user["username"]), page + ": h-card name",
                      repr(first(card, "name")))
        checks.expect(first(card, "nickname") == user["username"], page + ": h-card nickname", repr(first(card, "nickname")))
        urls = card.get("properties", {}).get("url", [])
        checks.expect(profile in urls, page + ": h-card url is the profile", repr(urls))
        has_bio = 'class="profile-text p-note"' in html
        checks.expect(not has_bio or bool((first(card, "note") or "").strip()), page + ": h-card note (the bio)")
        website = re.search(r'<p class="profile-website"><a class="u-url" href="([^"]+)"', html)
        if website:
            href = website.group(1).replace("&amp;", "&")
            checks.expect(href in parsed.get("rels", {}).get("me", []), page + ": the website link is rel=me",
                          repr(parsed.get("rels", {}).get("me")))
            checks.expect(href in urls, page + ": the website is an h-card url", repr(urls))
        posts = re.findall(r'data-post="[^"]*"><a href="([^"]+)"', html)[:5]
        for link in posts:
            url = urllib.parse.urljoin(profile, link.replace("&amp;", "&"))
            post_html = fetch(url)
            entry_page = "post %s" % urllib.parse.urlsplit(url).path
            entries = items(mf2py.parse(doc=post_html, url=url), "h-entry")
            if not checks.expect(len(entries) == 1, entry_page + ": one h-entry", "%d found" % len(entries)):
                continue
            entry = entries[0]
            published = re.search(r'<time class="dt-published" datetime="([^"]+)"', post_html)
            checks.expect(published is not None and (first(entry, "published") or "").startswith(published.group(1)[:19]),
                          entry_page + ": h-entry published", repr(first(entry, "published")))
            placeholder = 'class="photo-missing"' in post_html
            checks.expect(placeholder or bool(first(entry, "photo")), entry_page + ": h-entry photo")
            if 'class="post-caption e-content"' in post_html:
                checks.expect(bool((first(entry, "content") or "").strip()), entry_page + ": h-entry content")
            authors = entry.get("properties", {}).get("author", [])
            author = authors[0] if authors and isinstance(authors[0], dict) else {}
            checks.expect(first(author, "name") == user["username"], entry_page + ": h-entry author's name", repr(author)[:200])
            checks.expect(first(author, "url") == profile, entry_page + ": h-entry author's url", repr(first(author, "url")))
    print("microformats: %s, %d users" % (base, min(20, len(users))))
    return checks.summary()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
