#!/usr/bin/env python3
"""Crawls a sitegen site over HTTP and checks every same-origin link.

    crawl.py URL [--expect-prefix /profiles/] [--jobs 4] [--timeout 10]

Starting from URL (the site's index.html or its folder URL), and from users.json
and sitemap.xml beside it (when the pages have canonical links: a site built without a
base URL has no sitemap), it fetches every same-origin URL that the pages link to
exactly once (GET, #fragment stripped) and requires:

  - status 200 (a redirect is a failure: the site's links must point at the page);
  - a Content-Type that fits the path: text/html for .html and folder URLs, text/css,
    application/javascript or text/javascript, image/jpeg for .jpg, application/json,
    application/xml, text/xml or application/atom+xml for .xml, and so on;
  - every link to stay under the expected prefix (default "/");
  - every #fragment that points into a crawled HTML page to name an id of that page.

HTML pages are parsed (html.parser) for a[href], link[href], img[src], img[srcset],
script[src], source[src|srcset], meta og:image/og:url (absolute; off-site URLs are
skipped); Atom feeds for link[href] and sitemap.xml for <loc>; users.json for the
"url" of every profile. It also requests a URL that does not exist and requires
status 404 with an HTML body (the site's 404 page), whose links are followed too,
resolved against that missing URL as a browser would.

Prints each failure with the page it came from, then `crawl: N passed, M failed`
alone on a line. Exit status: 0 all passed, 1 any failure, 2 bad usage or the site
could not be reached at all. Python 3 standard library only.
"""

import argparse
import http.client
import json
import posixpath
import queue
import re
import sys
import threading
import time
import urllib.parse
import urllib.request
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

CONTENT_TYPES = {
    ".html": {"text/html"},
    ".htm": {"text/html"},
    "/": {"text/html"},
    ".css": {"text/css"},
    ".js": {"application/javascript", "text/javascript"},
    ".mjs": {"application/javascript", "text/javascript"},
    ".json": {"application/json"},
    ".webmanifest": {"application/manifest+json", "application/json"},
    ".xml": {"application/xml", "text/xml", "application/atom+xml"},
    ".atom": {"application/atom+xml", "application/xml", "text/xml"},
    ".jpg": {"image/jpeg"},
    ".jpeg": {"image/jpeg"},
    ".png": {"image/png"},
    ".gif": {"image/gif"},
    ".webp": {"image/webp"},
    ".avif": {"image/avif"},
    ".svg": {"image/svg+xml"},
    ".ico": {"image/x-icon", "image/vnd.microsoft.icon"},
    ".txt": {"text/plain"},
    ".woff2": {"font/woff2"},
}

MAX_BODY = 32 * 1024 * 1024


def expected_types(path):
    """The acceptable media types for a URL path, or None when any will do."""
    if path.endswith("/"):
        return CONTENT_TYPES["/"]
    ext = posixpath.splitext(posixpath.basename(path))[1].lower()
    return CONTENT_TYPES.get(ext)


def media_type(content_type):
    return (content_type or "").split(";", 1)[0].strip().lower()


def split_srcset(value):
    """URLs of a srcset attribute ("a.jpg 1x, b.jpg 600w")."""
    urls = []
    for candidate in value.split(","):
        candidate = candidate.strip()
        if candidate:
            urls.append(candidate.split()[0])
    return urls


class PageParser(HTMLParser):
    """Collects the URLs a page refers to, its ids and its <base href>."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.links = []  # (attribute description, raw URL)
        self.ids = set()
        self.base = None

    def handle_starttag(self, tag, attrs):
        a = {}
        for name, value in attrs:
            a.setdefault(name, value if value is not None else "")
        if "id" in a:
            self.ids.add(a["id"])
        if tag == "a" and "name" in a:
            self.ids.add(a["name"])
        if tag == "base" and "href" in a and self.base is None:
            self.base = a["href"]
        if tag in ("a", "link", "area") and "href" in a:
            self.links.append((tag + "[href]", a["href"]))
        if tag in ("img", "script", "source", "iframe", "audio", "video", "track") and "src" in a:
            self.links.append((tag + "[src]", a["src"]))
        if tag in ("img", "source") and "srcset" in a:
            for url in split_srcset(a["srcset"]):
                self.links.append((tag + "[srcset]", url))
        if tag == "meta" and "content" in a:
            prop = (a.get("property") or a.get("name") or "").lower()
            if prop in ("og:image", "og:url", "twitter:image"):
                self.links.append(("meta[" + prop + "]", a["content"]))

    handle_startendtag = handle_starttag


def html_title(text):
    match = re.search(r"<title[^>]*>(.*?)</title>", text, re.I | re.S)
    return " ".join(match.group(1).split()) if match else None


def xml_links(body):
    """URLs in an Atom feed (link/@href, author/uri) or a sitemap (<loc>)."""
    try:
        root = ET.fromstring(body)
    except ET.ParseError as error:
        raise ValueError("XML does not parse: %s" % error)
    links = []
    for element in root.iter():
        local = element.tag.rsplit("}", 1)[-1]
        if local == "link" and element.get("href") is not None:
            links.append(("xml link[href]", element.get("href")))
        elif local in ("loc", "uri", "icon", "logo") and element.text is not None:
            links.append(("xml <%s>" % local, element.text.strip()))
        elif local == "loc":
            links.append(("xml <loc>", ""))
    return links


class Fetcher:
    """One keep-alive http.client connection per thread."""

    def __init__(self, scheme, netloc, timeout):
        self.scheme = scheme
        self.netloc = netloc
        self.timeout = timeout
        self.local = threading.local()

    def _connection(self):
        conn = getattr(self.local, "conn", None)
        if conn is None:
            cls = http.client.HTTPSConnection if self.scheme == "https" else http.client.HTTPConnection
            conn = cls(self.netloc, timeout=self.timeout)
            self.local.conn = conn
        return conn

    def get(self, target):
        """(status, headers, body) for a request target ("/path?query")."""
        last = None
        for attempt in range(2):  # a kept-alive connection the server closed: retry once
            conn = self._connection()
            try:
                conn.request("GET", target, headers={"Accept": "*/*", "User-Agent": "sitegen-e2e-crawl"})
                response = conn.getresponse()
                body = response.read(MAX_BODY + 1)
                if response.will_close:
                    conn.close()
                    self.local.conn = None
                return response.status, response.headers, body
            except (http.client.HTTPException, OSError) as error:
                last = error
                conn.close()
                self.local.conn = None
        raise last

    def close(self):
        conn = getattr(self.local, "conn", None)
        if conn is not None:
            conn.close()
            self.local.conn = None


class Crawl:
    def __init__(self, start, prefix, jobs, timeout, verbose):
        parts = urllib.parse.urlsplit(start)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise SystemExit("crawl: URL must be http(s)://host[:port]/path, got %r" % start)
        self.scheme = parts.scheme
        self.netloc = parts.netloc.lower()
        self.origin = "%s://%s" % (self.scheme, self.netloc)
        self.start = urllib.parse.urlunsplit((parts.scheme, self.netloc, parts.path or "/", parts.query, ""))
        self.site_root = urllib.parse.urljoin(self.start, ".")
        self.prefix = prefix
        self.jobs = jobs
        self.timeout = timeout
        self.verbose = verbose
        self.fetcher = Fetcher(self.scheme, self.netloc, timeout)
        self.lock = threading.Lock()
        self.seen = {}  # url -> list of referrers (first few)
        self.refcount = {}
        self.results = {}  # url -> error string or None
        self.html_ids = {}  # url -> set of ids (HTML pages only)
        self.fragments = []  # (url, fragment, referrer)
        self.problems = []  # (what, where) failures that are not a fetched URL
        self.notes = []
        self.offsite = set()
        self.tasks = queue.Queue()
        self.pending = 0
        self.done = threading.Condition(self.lock)

    # -- URL handling ----------------------------------------------------------

    def same_origin(self, parts):
        return parts.scheme == self.scheme and parts.netloc.lower() == self.netloc

    def add_link(self, raw, base, referrer, what):
        """Queues a link found on `referrer` (a page at URL `base`)."""
        raw = raw.strip()
        if raw == "" and what.startswith("xml <loc>"):
            with self.lock:
                self.notes.append("%s: an empty <loc> (sitemaps need absolute URLs; built without --base-url?)"
                                  % referrer)
            return
        if raw.startswith(("mailto:", "tel:", "javascript:", "data:", "blob:", "about:")):
            return
        url = urllib.parse.urljoin(base, raw)
        parts = urllib.parse.urlsplit(url)
        if parts.scheme not in ("http", "https"):
            return
        if not self.same_origin(parts):
            self.offsite.add(url)
            return
        path = parts.path or "/"
        if not path.startswith(self.prefix):
            self.problems.append(("%s %s leaves the expected prefix %s" % (what, url, self.prefix), referrer))
            return
        clean = urllib.parse.urlunsplit((parts.scheme, parts.netloc.lower(), path, parts.query, ""))
        if parts.fragment:
            self.fragments.append((clean, urllib.parse.unquote(parts.fragment), referrer))
        self.enqueue(clean, referrer)

    def enqueue(self, url, referrer):
        with self.lock:
            if url in self.seen:
                self.refcount[url] += 1
                if len(self.seen[url]) < 3 and referrer not in self.seen[url]:
                    self.seen[url].append(referrer)
                return
            self.seen[url] = [referrer]
            self.refcount[url] = 1
            self.pending += 1
        self.tasks.put(url)

    # -- checks ----------------------------------------------------------------

    def check(self, url):
        parts = urllib.parse.urlsplit(url)
        target = (parts.path or "/") + ("?" + parts.query if parts.query else "")
        try:
            status, headers, body = self.fetcher.get(target)
        except (http.client.HTTPException, OSError) as error:
            return "request failed: %s" % (error or type(error).__name__)
        if status != 200:
            where = headers.get("Location")
            return "status %d%s" % (status, " -> " + where if where else "")
        if len(body) > MAX_BODY:
            return "body larger than %d bytes" % MAX_BODY
        ctype = media_type(headers.get("Content-Type"))
        wanted = expected_types(parts.path or "/")
        if wanted is not None and ctype not in wanted:
            return "Content-Type %r, expected %s" % (headers.get("Content-Type"), " or ".join(sorted(wanted)))
        if ctype == "text/html":
            return self.parse_html(url, body)
        if ctype in ("application/xml", "text/xml", "application/atom+xml"):
            try:
                links = xml_links(body)
            except ValueError as error:
                return str(error)
            relative_locs = 0
            for what, raw in links:
                if what == "xml <loc>" and raw and not urllib.parse.urlsplit(raw).scheme:
                    relative_locs += 1
                self.add_link(raw, url, url, what)
            if relative_locs:
                with self.lock:
                    self.notes.append("%s: %d relative <loc> (sitemaps need absolute URLs; built without --base-url?)"
                                      % (url, relative_locs))
        elif ctype == "application/json" and posixpath.basename(parts.path) == "users.json":
            try:
                users = json.loads(body.decode("utf-8"))
            except (UnicodeDecodeError, ValueError) as error:
                return "users.json does not parse: %s" % error
            if not isinstance(users, list):
                return "users.json is not an array"
            for user in users:
                if isinstance(user, dict) and isinstance(user.get("url"), str):
                    # url is relative to the site root, which is where users.json lives.
                    self.add_link(user["url"], url, url, "users.json url")
                else:
                    return "users.json entry without a url: %r" % (user,)
        return None

    def parse_html(self, url, body, record_ids=True):
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError as error:
            return "HTML is not UTF-8: %s" % error
        parser = PageParser()
        try:
            parser.feed(text)
            parser.close()
        except Exception as error:  # html.parser is lenient; be safe anyway
            return "HTML does not parse: %s" % error
        base = urllib.parse.urljoin(url, parser.base) if parser.base else url
        if record_ids:
            with self.lock:
                self.html_ids[url] = parser.ids
        for what, raw in parser.links:
            if raw.startswith("#"):
                frag = urllib.parse.unquote(raw[1:])
                if frag and frag != "top" and frag not in parser.ids:
                    self.problems.append(("%s %s: no element with that id" % (what, raw), url))
                continue
            self.add_link(raw, base, url, what)
        return None

    def worker(self):
        try:
            while True:
                url = self.tasks.get()
                if url is None:
                    return
                try:
                    error = self.check(url)
                except Exception as exc:  # a bug in the crawler must not hang it
                    error = "crawler error: %r" % exc
                with self.lock:
                    self.results[url] = error
                    self.pending -= 1
                    if self.verbose:
                        print("%s %s" % ("FAIL" if error else "ok  ", url), file=sys.stderr)
                    if self.pending == 0:
                        self.done.notify_all()
        finally:
            self.fetcher.close()

    def check_not_found(self):
        """A missing URL gets status 404 and the site's HTML 404 page."""
        missing = urllib.parse.urljoin(self.site_root, "no-such-page-%d/at/all/" % int(time.time()))
        parts = urllib.parse.urlsplit(missing)
        fetcher = Fetcher(self.scheme, self.netloc, self.timeout)
        try:
            status, headers, body = fetcher.get(parts.path)
        except (http.client.HTTPException, OSError) as error:
            return missing, "request failed: %s" % error
        finally:
            fetcher.close()
        if status != 404:
            return missing, "status %d, expected 404" % status
        ctype = media_type(headers.get("Content-Type"))
        if ctype != "text/html":
            return missing, "404 with Content-Type %r, expected text/html" % headers.get("Content-Type")
        text = body.decode("utf-8", "replace")
        if "<html" not in text.lower():
            return missing, "404 body is not an HTML page: %r" % text[:80]
        # ... and it is the site's own 404.html, not the server's stock page.
        page_404 = urllib.parse.urlsplit(urllib.parse.urljoin(self.site_root, "404.html")).path
        fetcher = Fetcher(self.scheme, self.netloc, self.timeout)
        try:
            status_404, _, body_404 = fetcher.get(page_404)
        except (http.client.HTTPException, OSError) as error:
            return missing, "%s: request failed: %s" % (page_404, error)
        finally:
            fetcher.close()
        if status_404 != 200:
            return missing, "%s: status %d, expected 200" % (page_404, status_404)
        title = html_title(text)
        site_title = html_title(body_404.decode("utf-8", "replace"))
        if title != site_title:
            return missing, "404 body is not the site's 404.html (title %r, 404.html has %r)" % (title, site_title)
        # The 404 page is shown at any depth: its links must work from there.
        self.parse_html(missing, body, record_ids=False)
        return missing, None

    def run(self):
        threads = [threading.Thread(target=self.worker, daemon=True) for _ in range(self.jobs)]
        for t in threads:
            t.start()
        self.enqueue(self.start, "(start)")
        # A site built without a base URL has no sitemap (the protocol allows only absolute
        # locations); one built with it has canonical links, and the sitemap.
        extras = ["users.json"]
        try:
            with urllib.request.urlopen(self.start, timeout=self.timeout) as response:
                if b'rel="canonical"' in response.read():
                    extras.append("sitemap.xml")
        except OSError:
            extras.append("sitemap.xml")
        for extra in extras:
            self.enqueue(urllib.parse.urljoin(self.site_root, extra), "(site root)")
        missing, nf_error = self.check_not_found()
        with self.lock:
            while self.pending > 0:
                self.done.wait(timeout=1)
        for _ in threads:
            self.tasks.put(None)
        for t in threads:
            t.join(timeout=self.timeout + 5)

        # Fragments into crawled HTML pages.
        for url, frag, referrer in self.fragments:
            ids = self.html_ids.get(url)
            if ids is not None and frag and frag != "top" and frag not in ids:
                self.problems.append(("link %s#%s: no element with that id" % (url, frag), referrer))

        failed_urls = sorted(u for u, e in self.results.items() if e)
        passed = sum(1 for e in self.results.values() if not e)
        failures = 0
        for url in failed_urls:
            refs = self.seen.get(url, [])
            more = self.refcount.get(url, 0) - len(refs)
            print("FAIL %s: %s" % (url, self.results[url]))
            print("     linked from %s%s" % (", ".join(refs), " and %d more" % more if more > 0 else ""))
            failures += 1
        seen_problems = set()
        for what, where in self.problems:
            if (what, where) in seen_problems:
                continue
            seen_problems.add((what, where))
            print("FAIL %s\n     on %s" % (what, where))
            failures += 1
        if nf_error:
            print("FAIL %s: %s" % (missing, nf_error))
            failures += 1
        else:
            passed += 1
        for note in self.notes:
            print("note: " + note)
        pages = len(self.html_ids)
        print("crawl: %s: %d URLs fetched (%d HTML pages), %d off-site links skipped, 404 page checked"
              % (self.start, len(self.results), pages, len(self.offsite)))
        print("crawl: %d passed, %d failed" % (passed, failures))
        return 1 if failures else 0


def main(argv=None):
    ap = argparse.ArgumentParser(description="Crawl a sitegen site over HTTP and check every link.")
    ap.add_argument("url", help="the site's index page, e.g. http://127.0.0.1:8080/ or .../profiles/index.html")
    ap.add_argument("--expect-prefix", default="/", help="every same-origin link must stay under this path (default /)")
    ap.add_argument("--jobs", type=int, default=4, help="parallel requests (default 4)")
    ap.add_argument("--timeout", type=float, default=10.0, help="seconds per request (default 10)")
    ap.add_argument("-v", "--verbose", action="store_true", help="print every URL as it is checked (stderr)")
    args = ap.parse_args(argv)
    prefix = args.expect_prefix
    if not prefix.startswith("/"):
        prefix = "/" + prefix
    if not prefix.endswith("/"):
        prefix += "/"
    crawl = Crawl(args.url, prefix, max(1, args.jobs), args.timeout, args.verbose)
    # Can the site be reached at all? A clear message instead of one failure per link.
    parts = urllib.parse.urlsplit(crawl.start)
    probe = Fetcher(crawl.scheme, crawl.netloc, args.timeout)
    try:
        probe.get(parts.path or "/")
    except (http.client.HTTPException, OSError) as error:
        print("crawl: cannot reach %s: %s" % (crawl.start, error))
        print("crawl: 0 passed, 1 failed")
        return 2
    finally:
        probe.close()
    return crawl.run()


if __name__ == "__main__":
    sys.exit(main())
