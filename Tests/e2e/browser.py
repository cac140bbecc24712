#!/usr/bin/env python3
"""Checks a served sitegen site in headless Chromium, through chromedriver.

    browser.py BASE_URL SITE_DIR [--tile 1:1|3:4] [--artifacts DIR] [--user SLUG]

BASE_URL is where SITE_DIR is served (e.g. http://127.0.0.1:8080/ or
http://127.0.0.1:8080/profiles/). Speaks the W3C WebDriver protocol to
/usr/bin/chromedriver with urllib (no Selenium), on a free loopback port, and:

  - opens a profile (the first user in users.json with at least 4 posts, or --user)
    375 px and 1280 px wide: the grid (`.grid`) has three column tracks; every tile
    (`[data-post]`, and the img inside) is square, or 3:4 portrait with --tile 3:4,
    within 1 px; the page does not scroll sideways; the `[data-count=posts|followers|
    following]` numbers are that user's numbers in users.json;
  - opens the directory (index.html), types a username prefix into the search box and
    checks that the visible rows (`li[data-username]`) are exactly the users whose
    username, name or a word of the name starts with it (case-insensitive, accents
    folded as search.js does; the search reads search/, not users.json),
    then a query that matches nobody (no rows, the "no match" message shown);
  - opens a post page (the profile's first tile) and checks its image and like count;
  - after every page: no SEVERE entry in the browser console log. The test runs
    offline (every host but 127.0.0.1 resolves to nothing), so network errors of
    off-site resources (the export's image URLs) are listed as notes and not counted,
    unless --strict-offsite;
  - saves profile-375.png, profile-1280.png, post.png and directory.png in --artifacts
    (default: test-artifacts/ at the top of the repository);
  - with --axe FILE (axe-core's axe.min.js, from PyPI's axe-playwright-python wheel:
    scripts/setup puts it in ~/.cache/sitegen/): runs axe on every page kind (directory,
    profile, followers, following, post, tag, 404, and a private account's header page
    when users.json has one) at 375 and 1280 px; no violation of
    WCAG 2.0, 2.1 and 2.2 A and AA (axe's tags wcag2a … wcag22aa) passes.

Prints `browser: N passed, M failed` last; exit status 1 on any failure, 2 when the
browser could not be started. Python 3 standard library only.
"""

import argparse
import base64
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import unicodedata
import urllib.error
import urllib.parse
import urllib.request

from checks import Checks as Tally

ELEMENT_KEY = "element-6066-11e4-a52e-4f735466cecf"
REPO = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))


class WebDriverError(Exception):
    pass


def free_port():
    s = socket.socket()
    try:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]
    finally:
        s.close()


class WebDriver:
    """The handful of W3C WebDriver commands the checks need."""

    def __init__(self, url, timeout):
        self.url = url.rstrip("/")
        self.timeout = timeout
        self.session = None

    def request(self, method, path, body=None, timeout=None):
        data = None if body is None else json.dumps(body).encode("utf-8")
        req = urllib.request.Request(self.url + path, data=data, method=method,
                                     headers={"Content-Type": "application/json; charset=utf-8"})
        try:
            with urllib.request.urlopen(req, timeout=timeout or self.timeout) as response:
                payload = json.loads(response.read().decode("utf-8") or "{}")
        except urllib.error.HTTPError as error:
            text = error.read().decode("utf-8", "replace")
            try:
                value = json.loads(text).get("value", {})
                message = "%s: %s" % (value.get("error"), (value.get("message") or "").splitlines()[0])
            except (ValueError, AttributeError, IndexError):
                message = text[:300]
            raise WebDriverError("%s %s -> HTTP %d %s" % (method, path, error.code, message))
        except (urllib.error.URLError, OSError) as error:
            raise WebDriverError("%s %s -> %s" % (method, path, error))
        return payload.get("value")

    def s(self, method, path, body=None, timeout=None):
        return self.request(method, "/session/%s%s" % (self.session, path), body, timeout)

    def start(self, capabilities):
        value = self.request("POST", "/session", {"capabilities": {"alwaysMatch": capabilities}}, timeout=60)
        self.session = value["sessionId"]
        return value.get("capabilities", {})

    def quit(self):
        if self.session:
            try:
                self.request("DELETE", "/session/%s" % self.session, timeout=15)
            finally:
                self.session = None

    def get(self, url):
        self.s("POST", "/url", {"url": url}, timeout=60)

    def execute(self, script, *args):
        return self.s("POST", "/execute/sync", {"script": script, "args": list(args)})

    def execute_async(self, script, *args):
        return self.s("POST", "/execute/async", {"script": script, "args": list(args)})

    def cdp(self, cmd, params=None):
        return self.s("POST", "/goog/cdp/execute", {"cmd": cmd, "params": params or {}})

    def find(self, css):
        return self.s("POST", "/element", {"using": "css selector", "value": css})[ELEMENT_KEY]

    def send_keys(self, element, text):
        self.s("POST", "/element/%s/value" % element, {"text": text})

    def clear(self, element):
        self.s("POST", "/element/%s/clear" % element, {})

    def screenshot(self, path):
        png = base64.b64decode(self.s("GET", "/screenshot", timeout=60))
        with open(path, "wb") as f:
            f.write(png)

    def browser_log(self):
        return self.s("POST", "/se/log", {"type": "browser"}) or []


def fold(text):
    """search.js's fold(): lower case, accents (combining marks U+0300–U+036F) removed."""
    s = unicodedata.normalize("NFKD", str(text or "").lower())
    return re.sub("[\u0300-\u036f]", "", s)


def search_words(user):
    """search.js's words(): the username and its parts (between . _ -), the name and its words."""
    handle, name = fold(user.get("username")), fold(user.get("name"))
    return [w for w in [handle, name] + re.split(r"[\s._-]+", name) + re.split(r"[\s._-]+", handle) if w]


def search_finds(user, query):
    """search.js's matches(): the query starts a word, or each of its words starts one."""
    words = search_words(user)
    starts = lambda t: any(w.startswith(t) for w in words)
    terms = [t for t in re.split(r"[\s._-]+", query) if t]
    return starts(query) or all(starts(t) for t in terms)


def number(text):
    digits = re.sub(r"[\s,.\u00a0\u202f']", "", text or "")
    return int(digits) if digits.isdigit() else None


class Checks(Tally):
    def __init__(self, args):
        super().__init__(verbose=args.verbose)
        self.args = args
        self.base = args.base_url if args.base_url.endswith("/") else args.base_url + "/"
        self.origin = "{0.scheme}://{0.netloc}".format(urllib.parse.urlsplit(self.base))
        self.driver = None
        self.chromedriver = None
        self.profile_dir = None
        self.driver_log = None

    # -- browser -----------------------------------------------------------------

    def start_browser(self):
        port = free_port()
        self.profile_dir = tempfile.mkdtemp(prefix="sitegen-e2e-chromium-")
        self.driver_log = open(os.path.join(self.profile_dir, "chromedriver.log"), "w+")
        self.chromedriver = subprocess.Popen(
            [self.args.chromedriver, "--port=%d" % port, "--allowed-ips=127.0.0.1"],
            stdin=subprocess.DEVNULL, stdout=self.driver_log, stderr=subprocess.STDOUT,
            # Crash reports, caches and config of the browser stay in the temporary folder.
            env=dict(os.environ, XDG_CONFIG_HOME=os.path.join(self.profile_dir, "config"),
                     XDG_CACHE_HOME=os.path.join(self.profile_dir, "cache")),
            start_new_session=True)  # its own process group: the browser goes with it
        self.driver = WebDriver("http://127.0.0.1:%d" % port, self.args.timeout)
        deadline = time.time() + 20
        while True:
            if self.chromedriver.poll() is not None:
                raise WebDriverError("chromedriver exited with status %d: %s"
                                     % (self.chromedriver.returncode, self.driver_output()))
            try:
                if self.driver.request("GET", "/status", timeout=2).get("ready"):
                    break
            except WebDriverError:
                pass
            if time.time() > deadline:
                raise WebDriverError("chromedriver did not become ready in 20 s: " + self.driver_output())
            time.sleep(0.1)
        host = urllib.parse.urlsplit(self.base).hostname
        chrome_args = [
            "--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
            "--user-data-dir=" + os.path.join(self.profile_dir, "profile"),
            "--window-size=1280,900", "--hide-scrollbars", "--force-device-scale-factor=1",
            "--no-first-run", "--no-default-browser-check", "--disable-extensions",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--lang=en-US", "--disable-breakpad", "--disable-crash-reporter",
        ]
        if not self.args.online:
            # Offline and deterministic: every host but the site's fails at once.
            chrome_args.append("--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE %s, EXCLUDE localhost" % host)
        caps = {
            "browserName": "chrome",
            "pageLoadStrategy": "normal",
            "timeouts": {"pageLoad": int(self.args.timeout * 1000), "script": int(self.args.timeout * 1000)},
            "goog:chromeOptions": {"binary": self.args.chromium, "args": chrome_args},
            "goog:loggingPrefs": {"browser": "ALL"},
        }
        got = self.driver.start(caps)
        print("browser: %s %s, chromedriver %s" % (
            got.get("browserName", "?"), got.get("browserVersion", "?"),
            (got.get("chrome") or {}).get("chromedriverVersion", "?").split(" ")[0]))

    def driver_output(self):
        if not self.driver_log:
            return ""
        self.driver_log.flush()
        self.driver_log.seek(0)
        return self.driver_log.read()[-2000:]

    def stop_browser(self):
        try:
            if self.driver:
                self.driver.quit()
        except WebDriverError as error:
            print("browser: could not end the session: %s" % error)
        finally:
            if self.chromedriver and self.chromedriver.poll() is None:
                # Ask chromedriver to stop (it reaps the browser), then insist.
                try:
                    self.driver.request("GET", "/shutdown", timeout=5)
                    self.chromedriver.wait(timeout=5)
                except (WebDriverError, subprocess.TimeoutExpired, AttributeError):
                    pass
            if self.chromedriver and self.chromedriver.poll() is None:
                try:
                    os.killpg(self.chromedriver.pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass
                try:
                    self.chromedriver.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    try:
                        os.killpg(self.chromedriver.pid, signal.SIGKILL)
                    except ProcessLookupError:
                        pass
                    self.chromedriver.wait(timeout=5)
            if self.chromedriver:
                # Anything left of its process group (a browser helper) goes too.
                try:
                    os.killpg(self.chromedriver.pid, signal.SIGKILL)
                except (ProcessLookupError, PermissionError):
                    pass
            if self.driver_log:
                self.driver_log.close()
            if self.profile_dir:
                shutil.rmtree(self.profile_dir, ignore_errors=True)

    def viewport(self, width, height, scale=1):
        """Exactly width x height CSS pixels of layout viewport, at `scale` device pixels each."""
        self.driver.cdp("Emulation.setDeviceMetricsOverride",
                        {"width": width, "height": height, "deviceScaleFactor": scale, "mobile": scale > 1})
        inner = self.driver.execute("return [window.innerWidth, window.innerHeight, window.devicePixelRatio];")
        if inner[0] != width or inner[2] != scale:
            raise WebDriverError("viewport is %s wide at %sx, wanted %d at %dx" % (inner[0], inner[2], width, scale))

    def open(self, url):
        self.driver.get(url)
        deadline = time.time() + self.args.timeout
        while self.driver.execute("return document.readyState;") != "complete":
            if time.time() > deadline:
                raise WebDriverError("%s did not finish loading" % url)
            time.sleep(0.05)
        # Let fetch() (users.json), lazy images and their errors land in the log.
        time.sleep(0.3)

    def console(self, page):
        """No SEVERE console entries since the last call (off-site network errors noted)."""
        time.sleep(0.2)
        entries = self.driver.browser_log()
        severe, offsite = [], []
        for entry in entries:
            if entry.get("level") != "SEVERE":
                continue
            message = entry.get("message", "")
            first = message.split(" ", 1)[0]
            is_offsite = (entry.get("source") == "network" and first.startswith(("http://", "https://"))
                          and not first.startswith(self.origin + "/"))
            (offsite if is_offsite and not self.args.strict_offsite else severe).append(message)
        if offsite:
            hosts = sorted({urllib.parse.urlsplit(m.split(" ", 1)[0]).netloc for m in offsite})
            print("note: %s: %d off-site resource(s) not loaded (offline test): %s"
                  % (page, len(offsite), ", ".join(hosts)))
        self.expect(not severe, "%s: no console errors" % page,
                    "\n       " + "\n       ".join(m[:400] for m in severe))

    def shot(self, name):
        path = os.path.join(self.args.artifacts, name)
        self.driver.screenshot(path)
        if self.args.verbose:
            print("     screenshot " + path)

    # -- the checks ----------------------------------------------------------------

    def load_users(self):
        with open(os.path.join(self.args.site, "users.json"), encoding="utf-8") as f:
            users = json.load(f)
        if not isinstance(users, list) or not users:
            raise SystemExit("browser: %s/users.json holds no users" % self.args.site)
        return users

    def pick_user(self, users):
        if self.args.user:
            for user in users:
                if user.get("slug") == self.args.user or user.get("username") == self.args.user:
                    return user
            raise SystemExit("browser: no user %r in users.json" % self.args.user)
        for user in users:
            if user.get("posts", 0) >= 4:
                return user
        raise SystemExit("browser: no user with at least 4 posts in users.json")

    def check_profile(self, user, width):
        page = "profile %s @%dpx" % (user["username"], width)
        self.viewport(width, 900 if width > 600 else 812)
        url = urllib.parse.urljoin(self.base, user["url"])
        self.open(url)
        info = self.driver.execute("""
            var grid = document.querySelector('.grid');
            var counts = {};
            document.querySelectorAll('[data-count]').forEach(function (e) {
              counts[e.getAttribute('data-count')] = e.textContent; });
            function box(e) { var r = e.getBoundingClientRect(); return [r.width, r.height]; }
            var tiles = Array.prototype.map.call(document.querySelectorAll('[data-post]'), function (t) {
              // A photo, or the placeholder of a photo that could not be published; a
              // published photo's own pixels (--w, --h).
              var img = t.querySelector('img') || t.querySelector('.photo-missing'), style = img ? getComputedStyle(img) : null;
              return {key: t.getAttribute('data-post'), tile: box(t), img: img ? box(img) : null,
                      pixels: style ? [parseFloat(style.getPropertyValue('--w')) || 0, parseFloat(style.getPropertyValue('--h')) || 0] : null};
            });
            var link = document.querySelector('[data-post] a[href]');
            return {
              columns: grid ? getComputedStyle(grid).gridTemplateColumns : null,
              counts: counts, tiles: tiles,
              firstPost: link ? link.href : null,
              scrollWidth: document.documentElement.scrollWidth,
              innerWidth: window.innerWidth,
              title: document.title
            };""")
        self.expect(info["columns"] is not None, page + ": a .grid element")
        if info["columns"] is not None:
            tracks = info["columns"].split()
            self.expect(len(tracks) == 3 and all(t.endswith("px") and float(t[:-2]) > 0 for t in tracks),
                        page + ": grid has three column tracks", "gridTemplateColumns is %r" % info["columns"])
        tiles = info["tiles"]
        expected_tiles = min(user["posts"], self.args.page_size)
        self.expect(len(tiles) == expected_tiles, page + ": %d tiles" % expected_tiles,
                    "found %d [data-post] tiles" % len(tiles))
        ratio = 4.0 / 3.0 if self.args.tile == "3:4" else 1.0
        shape = "3:4 portrait" if self.args.tile == "3:4" else "square"
        bad = []
        for t in tiles:
            for part in ("tile", "img"):
                box = t[part]
                if box is None:
                    bad.append("%s has neither img nor placeholder" % t["key"])
                    continue
                w, h = box
                if part == "img" and t["pixels"] and t["pixels"][0] > 0:
                    # A photo smaller than its tile: at its own pixels, no larger.
                    tw, th = t["tile"]
                    pw, ph = t["pixels"]
                    if abs(w - min(tw, pw)) > 1 or abs(h - min(th, ph)) > 1:
                        bad.append("%s %s is %.1fx%.1f (photo %dx%d, tile %.1fx%.1f)" % (t["key"], part, w, h, pw, ph, tw, th))
                    continue
                if w < 10 or abs(h - ratio * w) > 1:
                    bad.append("%s %s is %.1fx%.1f" % (t["key"], part, w, h))
        self.expect(tiles and not bad, page + ": every tile is " + shape + ", its image too or smaller at its own pixels",
                    "; ".join(bad[:6]) + (" …" if len(bad) > 6 else ""))
        self.expect(info["scrollWidth"] <= info["innerWidth"], page + ": no horizontal scrolling",
                    "page is %dpx wide in a %dpx viewport" % (info["scrollWidth"], info["innerWidth"]))
        for key in ("posts", "followers", "following"):
            shown = info["counts"].get(key)
            self.expect(number(shown) == user[key], "%s: %s count is %d" % (page, key, user[key]),
                        "[data-count=%s] shows %r" % (key, shown))
        self.shot("profile-%d.png" % width)
        self.console(page)
        return info["firstPost"]

    def check_post(self, url):
        page = "post %s" % urllib.parse.urlsplit(url).path
        self.viewport(375, 812)
        self.open(url)
        info = self.driver.execute("""
            var img = document.querySelector('main img[data-photo]');
            var likes = document.querySelector('[data-count=likes]');
            var r = img ? img.getBoundingClientRect() : null;
            return {img: img ? [img.getAttribute('width'), img.getAttribute('height'), r.width, r.height] : null,
                    likes: likes ? likes.textContent : null,
                    scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth};""")
        self.expect(info["img"] is not None, page + ": has an image")
        if info["img"]:
            w, h, rw, rh = info["img"]
            self.expect(bool(w) and bool(h) and rw > 0 and rw <= info["innerWidth"],
                        page + ": image has width/height and fits the viewport",
                        "width=%r height=%r, shown %.0fx%.0f" % (w, h, rw, rh))
        self.expect(number(info["likes"]) is not None, page + ": like count",
                    "[data-count=likes] is %r" % info["likes"])
        self.expect(info["scrollWidth"] <= info["innerWidth"], page + ": no horizontal scrolling",
                    "page is %dpx wide in a %dpx viewport" % (info["scrollWidth"], info["innerWidth"]))
        self.shot("post.png")
        self.console(page)
        self.check_post_card(url)

    def check_post_card(self, url):
        """The post page as a visitor sees it: at 1280 px the previous/next arrows lie inside
        the card (`article.post`), on the photo, and the card is no taller than the window
        allows its photo; at 390 px and 1280 px, 2x, the photo the browser took has the pixels
        it is shown at (its file at least as wide as the displayed width x 2, unless it is the
        widest published, and then it is shown no wider than the photo itself)."""
        page = "post %s" % urllib.parse.urlsplit(url).path
        self.viewport(1280, 800)
        self.open(url)
        info = self.driver.execute("""
            function box(e) { var r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }
            var card = document.querySelector('article.post');
            var media = document.querySelector('.post-media');
            return {card: card ? box(card) : null, media: media ? box(media) : null,
                    arrows: Array.prototype.map.call(document.querySelectorAll('.post-nav a'), box),
                    back: !!document.querySelector('.post-back a, .post-more-heading a')};""")
        inside = lambda r, c: r[0] >= c[0] - 0.5 and r[1] >= c[1] - 0.5 and r[2] <= c[2] + 0.5 and r[3] <= c[3] + 0.5
        arrows = info["arrows"]
        self.expect(info["card"] is not None and all(inside(r, info["card"]) and inside(r, info["media"]) for r in arrows),
                    page + " @1280px: previous/next arrows inside the card, on the photo", "%r" % info)
        self.expect(info["back"], page + ": a link back to the profile")
        # Each arrow points to the edge it sits on (outward), in either direction: its
        # chevron's tip, where the screen draws it (CSS transforms included), lies nearer
        # that edge than its arms. (In Arabic the ‹ › characters pointed inward.)
        pointing = self.driver.execute("""
            var media = document.querySelector('.post-media').getBoundingClientRect();
            return Array.prototype.map.call(document.querySelectorAll('.post-nav a'), function (a) {
              var path = a.querySelector('svg path'), r = a.getBoundingClientRect();
              if (!path) return {cls: a.className, text: a.textContent};
              var m = path.getScreenCTM(), len = path.getTotalLength();
              function at(l) { var p = path.getPointAtLength(l); return p.matrixTransform(m).x; }
              var edge = (r.left + r.right) / 2 < (media.left + media.right) / 2 ? 'left' : 'right';
              var tip = at(len / 2), arms = (at(0) + at(len)) / 2;
              return {cls: a.className, edge: edge, points: tip < arms ? 'left' : 'right'};
            });""")
        for arrow in pointing:
            self.expect(arrow.get("edge") is not None and arrow["edge"] == arrow.get("points"),
                        page + ": the %s arrow points outward" % arrow["cls"].split()[-1], "%r" % arrow)
        for width, height in ((390, 844), (1280, 800)):
            self.viewport(width, height, 2)
            self.open(url)
            deadline = time.time() + self.args.timeout
            while not self.driver.execute("var i = document.querySelector('.post-media img'); return !i || i.complete;"):
                if time.time() > deadline:
                    break
                time.sleep(0.1)
            # The file's own width: a srcset candidate's w (naturalWidth is scaled by the
            # density the browser worked out from `sizes`), else the image's natural width.
            photo = self.driver.execute("""
                var i = document.querySelector('.post-media img');
                if (!i) return null;
                var source = i.parentNode.querySelector('source'), file = i.naturalWidth, widest = 0;
                if (source) {
                  source.getAttribute('srcset').split(',').forEach(function (c) {
                    var p = c.trim().split(/\\s+/), w = parseInt(p[1], 10);
                    if (new URL(p[0], document.baseURI).href === i.currentSrc) file = w;
                    if (w > widest) widest = w;
                  });
                } else {
                  widest = i.naturalWidth;
                }
                return {natural: i.naturalWidth ? file : 0, shown: i.getBoundingClientRect().width,
                        width: +i.getAttribute('width'), widest: widest, src: i.currentSrc};""")
            if photo is None or photo["natural"] == 0:
                self.ok(page + " @%dpx x2: no photo shown (placeholder or off-site)" % width)
                continue
            sharp = photo["natural"] >= photo["shown"] * 2 * 0.98 or (
                photo["natural"] >= photo["widest"] and photo["shown"] <= photo["width"] + 0.5)
            self.expect(sharp, page + " @%dpx x2: the photo has the pixels it is shown at" % width,
                        "file %d px wide (widest published %d, photo %d px) shown at %.0f css px" % (
                            photo["natural"], photo["widest"], photo["width"], photo["shown"]))
        self.viewport(1280, 900)

    # Each photo matching a selector as drawn: the file the browser took (its srcset
    # candidate's w: naturalWidth is scaled by the density worked out from `sizes`), the
    # widest published, the photo's own pixels (a tile's --w/--h, an avatar's --side, the
    # post photo's width/height), the width it is drawn at (object-fit: cover draws a photo
    # wider than a box of another shape) and the frame it is drawn in (the tile, the
    # avatar's slot, the card's photo column).
    PHOTOS_DRAWN = """
        var dpr = window.devicePixelRatio;
        return Array.prototype.map.call(document.querySelectorAll(arguments[0]), function (i) {
          var source = i.parentNode.querySelector('source'), file = i.naturalWidth, widest = i.naturalWidth;
          if (source) {
            widest = 0;
            source.getAttribute('srcset').split(',').forEach(function (c) {
              var p = c.trim().split(/\\s+/), w = parseInt(p[1], 10);
              if (new URL(p[0], document.baseURI).href === i.currentSrc) file = w;
              if (w > widest) widest = w;
            });
          }
          var style = getComputedStyle(i), avatar = i.closest('.avatar'), pw, ph, frame;
          if (avatar) {
            pw = ph = parseFloat(getComputedStyle(avatar).getPropertyValue('--side')) || i.naturalWidth;
            frame = parseFloat(getComputedStyle(avatar).getPropertyValue('--size'));
          } else if (i.closest('.tile')) {
            pw = parseFloat(style.getPropertyValue('--w')) || i.naturalWidth;
            ph = parseFloat(style.getPropertyValue('--h')) || i.naturalHeight;
            frame = i.closest('.tile').getBoundingClientRect().width;
          } else {
            pw = +i.getAttribute('width') || i.naturalWidth; ph = +i.getAttribute('height') || i.naturalHeight;
            frame = i.closest('.post-media').parentNode.getBoundingClientRect().width;
          }
          var r = i.getBoundingClientRect();
          var drawn = style.objectFit === 'cover' ? Math.max(r.width, r.height * pw / ph) : r.width;
          return {src: i.currentSrc.split('/').pop(), loaded: i.complete && i.naturalWidth > 0, file: file, widest: widest,
                  pixels: pw, shown: r.width, drawn: drawn, frame: frame, dpr: dpr, tile: !!i.closest('.tile')};
        });"""

    def check_sharp(self, user, post):
        """At 390 and 1280 px, 2x: every loaded grid photo, the profile's avatar, the post
        page's photo and its poster's avatar is drawn with the pixels it is shown at (the
        file the browser took at least as wide as the drawn width x the device pixel ratio),
        or at its own pixels at most: the widest published, drawn no wider than the photo,
        and (with --sharp, for a site whose photos are made at the theme's sizes) in a
        smaller box than its frame, so that the layout shows that it is small."""
        for width, height in ((390, 844), (1280, 800)):
            self.viewport(width, height, 2)
            for url, selector in ((urllib.parse.urljoin(self.base, user["url"]), "[data-post] img, .profile > .avatar img"),
                                  (post, ".post-media img, .post-poster .avatar img")):
                if not url:
                    continue
                self.open(url)
                deadline = time.time() + self.args.timeout
                while not self.driver.execute("return Array.prototype.every.call(document.querySelectorAll(arguments[0]),"
                                              " function (i) { return i.complete || i.getBoundingClientRect().top > innerHeight; });", selector):
                    if time.time() > deadline:
                        break
                    time.sleep(0.1)
                page = "%s @%dpx x2" % (urllib.parse.urlsplit(url).path, width)
                photos = [p for p in self.driver.execute(self.PHOTOS_DRAWN, selector) if p["loaded"]]
                if not photos:
                    self.ok(page + ": no photo loaded (placeholders or off-site)")
                    continue
                blurred = []
                for p in photos:
                    # A tile's `sizes` asks for at most 4/3 of the tile (PageContexts.gridSizes):
                    # a landscape photo in a 3:4 tile is drawn wider, and cropped to the tile.
                    needed = min(p["drawn"], p["frame"] * 4 / 3) if p["tile"] else p["drawn"]
                    if p["file"] >= needed * p["dpr"] * 0.98:
                        continue
                    own = p["file"] >= p["widest"] and p["drawn"] <= p["pixels"] + 0.5
                    if own and (not self.args.sharp or p["shown"] < p["frame"] - 0.5):
                        continue
                    blurred.append("%s: file %d px (widest %d, photo %d) drawn at %.0f css px x%g in a %.0f px frame" % (
                        p["src"], p["file"], p["widest"], p["pixels"], p["drawn"], p["dpr"], p["frame"]))
                self.expect(not blurred, page + ": every photo has the pixels it is drawn at%s (%d photos)" % (
                    "" if self.args.sharp else ", or is shown at its own pixels", len(photos)), "; ".join(blurred[:4]))
        self.viewport(1280, 900)

    def check_photo_sizes(self, user, width, scale):
        """Every grid photo the browser loaded has at most twice the pixels it is shown at
        (natural width <= 2 x displayed width x device pixel ratio), and so has the photo of
        the post page its first photo tile links to; prints the bytes each page loaded and
        the variants it took. The cache is off so that each width loads what it picks itself."""
        page = "photos of %s @%dpx x%d" % (user["username"], width, scale)
        self.driver.cdp("Network.enable")
        self.driver.cdp("Network.setCacheDisabled", {"cacheDisabled": True})
        self.viewport(width, 900 if width > 600 else 812, scale)
        self.open(urllib.parse.urljoin(self.base, user["url"]))
        # Every lazy tile into view, a screen at a time, then wait until each image has
        # loaded or failed.
        height = self.driver.execute("return document.documentElement.scrollHeight;")
        step = self.driver.execute("return window.innerHeight;")
        for y in range(0, height + step, step):
            self.driver.execute("window.scrollTo(0, arguments[0]);", y)
            time.sleep(0.05)
        deadline = time.time() + self.args.timeout
        while not self.driver.execute(
                "return Array.prototype.every.call(document.querySelectorAll('[data-post] img'),"
                " function (i) { return i.complete; });"):
            if time.time() > deadline:
                raise WebDriverError("the grid's images did not finish loading")
            time.sleep(0.1)
        info = self.driver.execute(self.PHOTOS_LOADED, "[data-post] img")
        loaded = [i for i in info["images"] if i["natural"] > 0]
        too_big = ["%s is %d px wide, shown at %.0f css px" % (i["src"].rsplit("/", 1)[-1], i["natural"], i["displayed"])
                   for i in loaded if i["natural"] > 2 * i["displayed"] * scale]
        self.expect(len(loaded) >= self.args.photos, page + ": at least %d grid photos loaded" % self.args.photos,
                    "%d of %d loaded" % (len(loaded), len(info["images"])))
        self.expect(loaded and not too_big, page + ": no photo has more than twice the pixels it is shown at",
                    "; ".join(too_big[:6]))
        self.report_bytes(page, info)
        self.shot("photos-%d-x%d.png" % (width, scale))
        # The post page of the first tile that shows a published photo: its photo too is
        # at most twice the pixels it is shown at.
        post = next((i["link"] for i in loaded if "/assets/img/" in i["src"] and i["link"]), None)
        self.expect(post is not None, page + ": a tile with a published photo links to its post")
        if post:
            page = "post %s @%dpx x%d" % (urllib.parse.urlsplit(post).path, width, scale)
            self.open(post)
            info = self.driver.execute(self.PHOTOS_LOADED, ".post-media img")
            photo = info["images"][0] if info["images"] else None
            self.expect(photo is not None and 0 < photo["natural"] <= 2 * photo["displayed"] * scale,
                        page + ": its photo loaded, at most twice the pixels it is shown at",
                        "%r" % photo)
            self.report_bytes(page, info)
        self.driver.cdp("Network.setCacheDisabled", {"cacheDisabled": False})

    # The images matching a selector as the browser shows them (the file it took, its width,
    # the width shown, the link around it), and the bytes of every file the page loaded
    # (the HTML, then each resource).
    PHOTOS_LOADED = """
        var shown = Array.prototype.map.call(document.querySelectorAll(arguments[0]), function (i) {
          var a = i.closest('a[href]');
          // The file's own width: its srcset candidate's w (naturalWidth is scaled by the
          // density the browser worked out from `sizes`, wider than the box of a small photo).
          var source = i.parentNode.querySelector('source'), natural = i.naturalWidth;
          if (source && natural) source.getAttribute('srcset').split(',').forEach(function (c) {
            var p = c.trim().split(/\\s+/);
            if (new URL(p[0], document.baseURI).href === i.currentSrc) natural = parseInt(p[1], 10);
          });
          return {src: i.currentSrc, natural: natural, displayed: i.getBoundingClientRect().width,
                  link: a ? a.href : null}; });
        var files = performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))
          .map(function (e) { return {name: e.name, type: e.initiatorType, bytes: e.encodedBodySize}; });
        return {images: shown, files: files};"""

    @staticmethod
    def report_bytes(page, info):
        """Prints the bytes the page loaded (all, and its photos) and which variants it took
        (`480.webp x7`: the width and format of each photo's file)."""
        photos = [f for f in info["files"] if f["type"] == "img"]
        taken = {}
        for f in photos:
            m = re.search(r"-(\d+)\.(webp|jpg)$", urllib.parse.urlsplit(f["name"]).path)
            name = "%s.%s" % m.groups() if m else f["name"].rsplit("/", 1)[-1]
            taken[name] = taken.get(name, 0) + 1
        print("photos: %s: %d bytes in %d files; %d images, %d bytes; took %s" % (
            page, sum(f["bytes"] for f in info["files"]), len(info["files"]), len(photos),
            sum(f["bytes"] for f in photos),
            ", ".join("%s x%d" % (k, v) for k, v in sorted(taken.items(), key=lambda kv: -kv[1]))))

    def visible_rows(self):
        return self.driver.execute("""
            return Array.prototype.filter.call(document.querySelectorAll('li[data-username]'), function (li) {
              return !li.hidden && getComputedStyle(li).display !== 'none' && li.getClientRects().length > 0;
            }).map(function (li) { return li.getAttribute('data-uid'); });""")

    def wait_rows(self, expected):
        deadline = time.time() + 5
        rows = self.visible_rows()
        while set(rows) != expected and time.time() < deadline:
            time.sleep(0.1)
            rows = self.visible_rows()
        return rows

    def pick_query(self, users):
        """A username prefix that matches 1 to 3 users (search.js: the username, the name or a
        word of the name starts with it)."""
        keys = [(u, search_words(u)) for u in users]
        best = None
        for user in sorted(users, key=lambda u: -u.get("posts", 0)):
            name = user.get("username") or ""
            for n in range(2, len(name) + 1):
                query = name[:n]
                matches = [u for u, key in keys if any(w.startswith(fold(query).strip()) for w in key)]
                if 1 <= len(matches) <= 3 and query.strip() == query:
                    if best is None or len(matches) > len(best[1]) or \
                            (len(matches) == len(best[1]) and len(query) < len(best[0])):
                        best = (query, matches)
                    break
            if best and len(best[1]) >= 2:
                break
        return best

    def check_directory(self, users):
        page = "directory"
        self.viewport(1280, 900)
        self.open(self.base)
        all_uids = {u["uid"] for u in users}
        rows = self.visible_rows()
        self.expect(set(rows) == all_uids, page + ": lists all %d users" % len(all_uids),
                    "%d rows visible" % len(rows))
        try:
            box = self.driver.find("input[type=search]")
        except WebDriverError as error:
            self.fail(page + ": search box input[type=search]: %s" % error)
            self.console(page)
            return
        visible = self.driver.execute("var i = document.querySelector('input[type=search]');"
                                      "return !!i && i.getClientRects().length > 0;")
        self.expect(visible, page + ": search box is shown (its form is unhidden by search.js)")
        picked = self.pick_query(users)
        if picked is None:
            self.fail(page + ": no username prefix matches only 1 to 3 users")
        else:
            query, matches = picked
            expected = {u["uid"] for u in matches}
            self.driver.send_keys(box, query)
            rows = self.wait_rows(expected)
            names = sorted(u["username"] for u in matches)
            self.expect(set(rows) == expected, "%s: typing %r shows exactly %s" % (page, query, ", ".join(names)),
                        "visible: %s" % ", ".join(sorted(self.username_of(users, r) for r in rows)))
            upper = query.upper()
            self.driver.clear(box)
            self.driver.send_keys(box, upper)
            rows = self.wait_rows(expected)
            self.expect(set(rows) == expected, "%s: typing %r (case-insensitive) shows the same" % (page, upper),
                        "visible: %s" % ", ".join(sorted(self.username_of(users, r) for r in rows)))
            self.shot("directory.png")
        self.driver.clear(box)
        self.driver.send_keys(box, "zzqqxxnomatch")
        rows = self.wait_rows(set())
        empty = self.driver.execute("var e = document.getElementById('search-empty');"
                                    "return e ? !e.hidden : null;")
        self.expect(not rows and empty is not False, page + ": a query that matches nobody hides every row",
                    "%d rows visible, no-match message shown: %r" % (len(rows), empty))
        self.driver.clear(box)
        self.driver.send_keys(box, " ")  # input event with an empty (trimmed) query: all rows back
        rows = self.wait_rows(all_uids)
        self.expect(set(rows) == all_uids, page + ": clearing the query shows every row again",
                    "%d rows visible" % len(rows))
        if picked is None:
            self.shot("directory.png")
        self.console(page)

    @staticmethod
    def username_of(users, uid):
        for u in users:
            if u["uid"] == uid:
                return u["username"]
        return uid

    AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]

    def axe_pages(self, user, first_post, users=()):
        """Each page kind's URL: directory, profile, lists, a post, a tag, the 404 page, and a
        private account's header page when the site has one (users.json's "private")."""
        profile = urllib.parse.urljoin(self.base, user["url"])
        pages = [("directory", self.base), ("profile", profile),
                 ("followers", urllib.parse.urljoin(profile, "followers/")),
                 ("following", urllib.parse.urljoin(profile, "following/")),
                 ("404", urllib.parse.urljoin(self.base, "404.html"))]
        private = next((u for u in users if u.get("private")), None)
        if private:
            pages.append(("private profile", urllib.parse.urljoin(self.base, private["url"])))
        if first_post:
            pages.append(("post", first_post))
        tags = sorted(os.listdir(os.path.join(self.args.site, "tags"))) if os.path.isdir(os.path.join(self.args.site, "tags")) else []
        if tags:
            pages.append(("tag", urllib.parse.urljoin(self.base, "tags/%s/" % urllib.parse.quote(tags[0]))))
        else:
            self.fail("axe: the site has no tag page")
        return pages

    def check_axe(self, pages):
        with open(self.args.axe, encoding="utf-8") as f:
            source = f.read()
        run = (source + "\n;var done = arguments[arguments.length - 1];"
               "axe.run(document, {runOnly: {type: 'tag', values: %s}, resultTypes: ['violations']}).then("
               "function (r) { done(r.violations.map(function (v) { return [v.id, v.impact, v.help,"
               " v.nodes.slice(0, 3).map(function (n) { return n.target.join(' '); })]; })); },"
               "function (e) { done('axe failed: ' + e); });" % json.dumps(self.AXE_TAGS))
        for name, url in pages:
            for width in (375, 1280):
                page = "axe %s @%dpx" % (name, width)
                try:
                    self.viewport(width, 900 if width > 600 else 812)
                    self.open(url)
                    violations = self.driver.execute_async(run)
                except WebDriverError as error:
                    self.fail("%s: %s" % (page, error))
                    continue
                if isinstance(violations, str):
                    self.fail("%s: %s" % (page, violations))
                    continue
                self.expect(not violations, "%s: no WCAG 2.2 AA violation (%s)" % (page, urllib.parse.urlsplit(url).path),
                            "".join("\n       %s (%s): %s at %s" % (v[0], v[1], v[2], ", ".join(v[3])) for v in violations))

    def typed_bio_profile(self, users):
        """The first profile whose bio has a line break inside a paragraph, or None."""
        for u in users:
            path = os.path.join(self.args.site, urllib.parse.unquote(u["url"]), "index.html")
            try:
                text = open(path, encoding="utf-8").read()
            except OSError:
                continue
            bio = re.search(r'<div class="profile-text[^"]*"[^>]*>(.*?)</div>', text, re.S)
            paragraphs = re.findall(r"<p>(.*?)</p>", bio.group(1), re.S) if bio else []
            if any("\n" in re.sub(r"<[^>]*>", "", p) for p in paragraphs):
                return u
        return None

    def check_bio_lines(self, users):
        """A line break typed in a bio ("in Lisbon.\nFilm, mostly.") is a line break on the
        page: the paragraph holding it is drawn on more lines than without it."""
        user = self.typed_bio_profile(users)
        if user is None:
            self.ok("bio line breaks: no bio with a line break in this site")
            return
        self.viewport(1280, 900)
        self.open(urllib.parse.urljoin(self.base, user["url"]))
        lines = self.driver.execute("""
            var p = Array.prototype.find.call(document.querySelectorAll('.profile-text p'),
                                               function (p) { return p.textContent.indexOf('\\n') >= 0; });
            if (!p) return null;
            function count() {
              var range = document.createRange(); range.selectNodeContents(p);
              var tops = {};
              Array.prototype.forEach.call(range.getClientRects(), function (r) { if (r.width > 0) tops[Math.round(r.top)] = 1; });
              return Object.keys(tops).length;
            }
            var typed = count(), space = p.style.whiteSpace;
            p.style.whiteSpace = 'normal';
            var folded = count();
            p.style.whiteSpace = space;
            return [typed, folded, p.textContent];""")
        self.expect(lines is not None and lines[0] > lines[1],
                    "profile %s: the bio's typed line break is a line break" % user["username"], "%r" % (lines,))

    def folded_thread_post(self):
        """The site-relative URL of the first post page whose thread is folded, or None."""
        folder = os.path.join(self.args.site, "p")
        for name in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
            path = os.path.join(folder, name, "index.html")
            if os.path.isfile(path) and 'class="comments-older"' in open(path, encoding="utf-8").read():
                return "p/%s/" % name
        return None

    def check_comment_fold(self):
        """A long thread on the desktop card: "View all N comments" is in sight in the card
        (no scrolling: a hidden scroll bar said nothing of the comments below), two comments
        show, and the summary opens all N, without JavaScript (a <details>)."""
        rel = self.folded_thread_post()
        if rel is None:
            self.ok("comment fold: no post with a long thread in this site")
            return
        page = "post /%s" % rel
        for width, height in ((1280, 800), (390, 844)):
            self.viewport(width, height)
            self.open(urllib.parse.urljoin(self.base, rel))
            js = """
                function shown(e) { return e.checkVisibility ? e.checkVisibility() : e.getClientRects().length > 0; }
                var all = document.querySelectorAll('.comments li.comment');
                return {total: +document.querySelector('[data-count=comments]').textContent.replace(/\\D/g, '') || all.length,
                        count: all.length, shown: Array.prototype.filter.call(all, shown).length};"""
            before = self.driver.execute(js)
            place = self.driver.execute("""
                var s = document.querySelector('.comments-older > summary'), body = document.querySelector('.post-body');
                var r = s.getBoundingClientRect(), b = body.getBoundingClientRect();
                return {summary: [r.top, r.bottom], body: [b.top, b.bottom], text: s.textContent,
                        scrolls: body.scrollHeight > body.clientHeight};""")
            if width >= 900:
                self.expect(place["summary"][1] <= min(place["body"][1], height) + 0.5,
                            "%s @%dpx: \"%s\" is in sight in the card" % (page, width, place["text"]), "%r" % place)
            self.expect(before["shown"] == 2 and before["count"] == before["total"],
                        "%s @%dpx: two of %d comments shown, the rest folded" % (page, width, before["total"]), "%r" % before)
            if width >= 900:
                self.shot("post-thread-1280.png")
            self.driver.execute("document.querySelector('.comments-older > summary').click();")
            after = self.driver.execute(js)
            self.expect(after["shown"] == after["total"], "%s @%dpx: the summary opens all %d comments" % (page, width, after["total"]),
                        "%r" % after)

    def check_search_words(self, users):
        """Search by a part of a handle ("mansour" finds omar.mansour) and by a name's words in
        another order ("costa mariana"); arriving with ?q= moves nothing on the page (layout
        shift under 0.01; it was 0.13)."""
        page = "directory search"
        queries = []
        for u in users:
            parts = [p for p in re.split(r"[._-]+", fold(u.get("username"))) if len(p) >= 3]
            if len(parts) >= 2:
                queries.append(("a part of a handle", parts[-1], u))
                break
        for u in users:
            words = fold(u.get("name")).split()
            if len(words) >= 2 and u.get("username"):
                queries.append(("a name's words in another order", " ".join(reversed(words)), u))
                break
        for what, query, user in queries:
            expected = {u["uid"] for u in users if search_finds(u, fold(query))}
            self.viewport(1280, 900)
            self.driver.execute("window.__shift = 0;")
            self.open(self.base + "?q=" + urllib.parse.quote(query))
            self.driver.execute("""
                window.__shift = 0;
                new PerformanceObserver(function (list) {
                  list.getEntries().forEach(function (e) { if (!e.hadRecentInput) window.__shift += e.value; });
                }).observe({type: 'layout-shift', buffered: true});""")
            rows = self.wait_rows(expected)
            time.sleep(0.5)
            shift = self.driver.execute("return window.__shift;")
            self.expect(user["uid"] in rows and set(rows) == expected,
                        "%s: %s, %r, finds %s" % (page, what, query, user["username"]),
                        "visible: %s" % ", ".join(sorted(self.username_of(users, r) for r in rows)))
            self.expect(shift is not None and shift < 0.01, "%s: arriving with ?q=%s moves nothing (layout shift %.3f)"
                        % (page, query, shift or 0), "layout shift %r" % shift)
        self.console(page)

    def check_header(self, user):
        """The site's title on a phone: two lines at most, and the header's search box keeps
        at least 120 px (a long title took three lines and left it 73 px: "Pesq")."""
        for width in (320, 390):
            self.viewport(width, 844)
            self.open(urllib.parse.urljoin(self.base, user["url"]))
            info = self.driver.execute("""
                var b = document.querySelector('.brand'), i = document.querySelector('.site-search input');
                var lh = parseFloat(getComputedStyle(b).lineHeight);
                return {title: b.textContent, height: b.getBoundingClientRect().height, line: lh,
                        input: i ? i.getBoundingClientRect().width : null,
                        scroll: document.documentElement.scrollWidth};""")
            self.expect(info["height"] <= 2 * info["line"] + 1 and (info["input"] or 0) >= 120 and info["scroll"] <= width,
                        "header @%dpx: the title (%d characters) on two lines at most, the search box %s px" % (
                            width, len(info["title"]), int(info["input"] or 0)), "%r" % info)
            if width == 390:
                self.shot("header-390.png")

    def run(self):
        users = self.load_users()
        user = self.pick_user(users)
        os.makedirs(self.args.artifacts, exist_ok=True)
        self.start_browser()
        self.driver.browser_log()  # drop anything from start-up
        first_post = None
        for width in (375, 1280):
            try:
                first_post = self.check_profile(user, width) or first_post
            except WebDriverError as error:
                self.fail("profile %s @%dpx: %s" % (user["username"], width, error))
        if self.args.photos:
            for width, scale in ((375, 3), (1280, 1)):
                try:
                    self.check_photo_sizes(user, width, scale)
                except WebDriverError as error:
                    self.fail("photos of %s @%dpx x%d: %s" % (user["username"], width, scale, error))
            self.viewport(1280, 900)
        try:
            self.check_directory(users)
        except WebDriverError as error:
            self.fail("directory: %s" % error)
        if first_post:
            try:
                self.check_post(first_post)
            except WebDriverError as error:
                self.fail("post %s: %s" % (first_post, error))
        else:
            self.fail("post: the profile has no tile linking to a post")
        checks = [
            ("sharp photos", lambda: self.check_sharp(user, first_post)),
            ("header", lambda: self.check_header(user)),
            ("search words", lambda: self.check_search_words(users)),
            ("comment fold", self.check_comment_fold),
            ("bio line breaks", lambda: self.check_bio_lines(users)),
        ]
        if self.args.axe:
            checks.append(("axe", lambda: self.check_axe(self.axe_pages(user, first_post, users))))
        for label, check in checks:
            try:
                check()
            except WebDriverError as error:
                self.fail("%s: %s" % (label, error))


def main(argv=None):
    ap = argparse.ArgumentParser(description="Check a served sitegen site in headless Chromium.")
    ap.add_argument("base_url", help="where the site is served, e.g. http://127.0.0.1:8080/")
    ap.add_argument("site", help="the site folder on disk (for users.json)")
    ap.add_argument("--tile", choices=("1:1", "3:4"), default="1:1", help="the tile shape the site was built with")
    ap.add_argument("--page-size", type=int, default=60, help="the build's --page-size (default 60)")
    ap.add_argument("--photos", type=int, default=0, metavar="N",
                    help="check that at least N grid photos load and none has over twice the pixels it is shown at,"
                         " at 375 px x3 and 1280 px x1 (the site must publish its photos itself)")
    ap.add_argument("--user", help="the profile to check (slug or username); default: first with 4+ posts")
    ap.add_argument("--artifacts", default=os.environ.get("SITEGEN_E2E_ARTIFACTS") or os.path.join(REPO, "test-artifacts"),
                    help="folder for the screenshots (default: test-artifacts/ in the repository)")
    ap.add_argument("--chromedriver", default=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    ap.add_argument("--timeout", type=float, default=30.0, help="seconds per WebDriver request (default 30)")
    ap.add_argument("--online", action="store_true", help="let the browser reach off-site hosts")
    ap.add_argument("--strict-offsite", action="store_true", help="count off-site load errors as console errors")
    ap.add_argument("--axe", metavar="FILE", help="axe-core's axe.min.js: check every page kind for WCAG 2.2 AA violations")
    ap.add_argument("-v", "--verbose", action="store_true", help="print every passing check")
    ap.add_argument("--sharp", action="store_true",
                    help="every photo has the pixels it is drawn at on a 2x screen, or is shown smaller than its frame"
                         " (a site whose photos are made at the theme's sizes: the sample)")
    args = ap.parse_args(argv)
    if not os.path.isfile(os.path.join(args.site, "users.json")):
        print("browser: %s has no users.json" % args.site)
        return 2

    def on_term(signum, frame):
        raise KeyboardInterrupt("signal %d" % signum)
    signal.signal(signal.SIGTERM, on_term)

    checks = Checks(args)
    status = 0
    started = time.time()
    try:
        checks.run()
    except WebDriverError as error:
        checks.fail("browser: %s" % error)
        if checks.driver is None or checks.driver.session is None:
            print(checks.driver_output())
            status = 2
    except KeyboardInterrupt as error:
        checks.fail("interrupted (%s)" % (error or "SIGINT"))
        status = 130
    finally:
        checks.stop_browser()
    print("browser: %s (tile %s), %.1f s, screenshots in %s"
          % (checks.base, args.tile, time.time() - started, args.artifacts))
    print("browser: %d passed, %d failed" % (checks.passed, checks.failed))
    if status:
        return status
    return 1 if checks.failed else 0


if __name__ == "__main__":
    sys.exit(main())
