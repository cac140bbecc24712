#!/usr/bin/env python3
"""The zoo's conformance table: every real app's fixture, read as a new user would.

    Tests/zoo/run.py SITEGEN [--roundtrip] [--table] [APP ...]

For each folder of Tests/SitegenTestSupport/Fixtures/zoo/ (made by
scripts/make-zoo-fixtures): `sitegen inspect` on the export, its [schema] block pasted
unedited into sitegen.toml (or, where the app's app.json has a "block_edit", with that
one line by hand, where the data cannot say: the row says "right with 1 line by hand"),
then
  inspect    the block loads: audit and build read the export with it
  audit      `audit --format json` gives exactly truth.json's findings (code and path)
  site       `build`: one profile per truth profile and no other, each with its posts,
             followers and following counts (a count the truth leaves null is absent
             from the page: the app keeps no such thing), its grid the posts it owns;
             one page per post and no other, with its likes and comments counts; a
             profile the truth marks "private" is its header page alone (the "This account
             is private" block, no grid, list or feed page, a users.json row without counts,
             in no other user's list), any other has no such block; no published file holds
             a value of truth.json's "hidden"
  roundtrip  (--roundtrip) the repair applied (Firestore: commit bodies into the
             emulator, scripts/firestore-roundtrip; Realtime Database: audit --fix)
             audits clean of what it repairs and changes nothing but the findings' paths
Prints one row per app and what differs; --table prints the rows as docs/apps.md's
Markdown table. Exit 1 when a row is wrong that Tests/zoo/known.json does not list.
"""
import contextlib
import importlib.machinery
import importlib.util
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))
ZOO = os.path.join(REPO, "Tests", "SitegenTestSupport", "Fixtures", "zoo")
MISSING = object()
# Rows known to be wrong, and why: Tests/zoo/known.json ({app: why}); docs/apps.md says the same.
KNOWN = json.load(open(os.path.join(HERE, "known.json"))) if os.path.exists(os.path.join(HERE, "known.json")) else {}


def run(binary, folder, *arguments):
    return subprocess.run([binary, *arguments], cwd=folder, capture_output=True, text=True)


def differences(a, b, path=""):
    """Leaf paths where two trees differ (an absent node compared as an empty one); two
    arrays as scripts/firestore-roundtrip compares them (a difference in a list of items
    is a tuple of the paths that may name it)."""
    if isinstance(a, list) and a and b == {}:
        b = []
    if isinstance(b, list) and b and a == {}:
        a = []
    if isinstance(a, list) and isinstance(b, list) and (a or b):
        return list_differences(a, b, path)
    a = {} if a == [] else a
    b = {} if b == [] else b
    if a is MISSING or b is MISSING:
        other = b if a is MISSING else a
        if isinstance(other, dict) and other:
            return [d for key in sorted(other) for d in
                    differences(MISSING if a is MISSING else other[key], other[key] if a is MISSING else MISSING,
                                path + "/" + key if path else key)]
        return [path]
    if isinstance(a, dict) and isinstance(b, dict):
        out = []
        for key in sorted(set(a) | set(b)):
            out += differences(a.get(key, MISSING), b.get(key, MISSING), path + "/" + key if path else key)
        return out
    return [] if a == b else [path]


def list_differences(a, b, path):
    """Two arrays: element by element where their lengths agree (an element removed is a
    null), else as lists of items: an item on one side only is a change at its index or at
    any text it holds (`users/u1/followers/u2` for the item `{followedBy: "u2"}`)."""
    if len(a) == len(b):
        return [d for i, (x, y) in enumerate(zip(a, b)) for d in differences(x, y, "%s/%d" % (path, i))]
    out = []
    for one, other in ((a, b), (b, a)):
        rest = [json.dumps(e, sort_keys=True) for e in other]
        for i, e in enumerate(one):
            k = json.dumps(e, sort_keys=True)
            if k in rest:
                rest.remove(k)
                continue
            values = e.values() if isinstance(e, dict) else [e]
            out.append(tuple(["%s/%d" % (path, i)] + ["%s/%s" % (path, v) for v in values if isinstance(v, str)]))
    return out


def edit_block(block, edit):
    """The block with app.json's "block_edit" applied: {"section": "[schema.nodes]",
    "line": 'following = "followers"', "why": ...}: the line put in that section, in place
    of the one with the same key if there is one (the section added if the block has none)."""
    key = edit["line"].split("=")[0].strip()
    lines = block.rstrip("\n").split("\n")
    try:
        start = lines.index(edit["section"]) + 1
    except ValueError:
        return "\n".join(lines) + "\n\n%s\n%s\n" % (edit["section"], edit["line"])
    end = start
    while end < len(lines) and not lines[end].startswith("["):
        end += 1
    for i in range(start, end):
        if lines[i].split("=")[0].strip() == key and not lines[i].startswith("#"):
            lines[i] = edit["line"]
            return "\n".join(lines) + "\n"
    lines.insert(start, edit["line"])
    return "\n".join(lines) + "\n"


def count(html, what):
    m = re.search(r'data-count="%s"[^>]*>([0-9,.\s]+)<' % what, html)
    return int(re.sub(r"[^0-9]", "", m.group(1))) if m else None


class Row:
    def __init__(self, name):
        self.name = name
        self.cells = {}
        self.notes = []
        self.edit = None

    def cell(self, column, ok, *notes):
        self.cells[column] = ok
        self.notes += ["%s: %s" % (column, n) for n in notes]
        return ok


def check_site(row, truth, site):
    problems = []
    try:
        listed = {e["uid"]: e for e in json.load(open(os.path.join(site, "users.json")))}
    except (OSError, ValueError) as error:
        return row.cell("site", False, "no users.json (%s)" % error)
    profiles = truth["profiles"]
    # A truth profile is keyed by the id it is published under, or by its username (where
    # the key is an email address, the site publishes a stand-in).
    by_name = {e["username"]: e for e in listed.values()}
    for uid, entry in sorted(listed.items()):
        if uid not in profiles and entry["username"] not in profiles:
            problems.append("profile %s published, not a user" % uid)
    listed = {key: listed.get(key) or by_name.get(key) for key in profiles if key in listed or key in by_name}
    owned = {}
    for key, post in truth["posts"].items():
        owned.setdefault(post["owner"], set()).add(key)
    for uid, want in sorted(profiles.items()):
        if uid not in listed:
            problems.append("profile %s missing" % uid)
            continue
        folder = os.path.join(site, urllib.parse.unquote(listed[uid]["url"]))
        html = open(os.path.join(folder, "index.html")).read()
        for what in ("posts", "followers", "following"):
            got = count(html, what)
            if what in want and got != want[what]:
                problems.append("%s %s: %s, want %s" % (uid, what, got, want[what]))
        tiles, n = set(re.findall(r'data-post="([^"]+)"', html)), 2
        while os.path.exists(os.path.join(folder, "page", str(n), "index.html")):
            tiles |= set(re.findall(r'data-post="([^"]+)"', open(os.path.join(folder, "page", str(n), "index.html")).read()))
            n += 1
        tiles = {urllib.parse.unquote(t) for t in tiles}
        # The marker (docs/site.md, "Markers") as an attribute, not inside another's value.
        block = re.search(r'<[a-z0-9]+(?: [a-z-]+(?:="[^"]*")?)* data-private[ >=]', html) is not None
        if want.get("private"):
            if not block:
                problems.append("%s is private: no \"This account is private\" block" % uid)
            for extra in ("followers", "following", "feed.xml", "page"):
                if os.path.exists(os.path.join(folder, extra)):
                    problems.append("%s is private: %s published" % (uid, extra))
            counted = sorted(k for k in ("posts", "followers", "following") if k in listed[uid])
            if counted or listed[uid].get("private") is not True:
                problems.append("%s is private: users.json row %s" % (uid, ", ".join(counted) or "not marked private"))
            for other in listed.values():
                for kind in ("followers", "following"):
                    lists = os.path.join(site, urllib.parse.unquote(other["url"]), kind)
                    for top, _, names in os.walk(lists):
                        for page in names:
                            if 'data-uid="%s"' % listed[uid]["uid"] in open(os.path.join(top, page)).read():
                                problems.append("%s is private: listed in %s's %s" % (uid, other["username"], kind))
        elif block:
            problems.append("%s is not private: its page says it is" % uid)
        if tiles != owned.get(uid, set()):
            problems.append("%s grid: %d tiles, want %d (%s)" % (uid, len(tiles), len(owned.get(uid, set())),
                            ", ".join(sorted(tiles ^ owned.get(uid, set()))[:4])))
    pages = {}
    if os.path.isdir(os.path.join(site, "p")):
        for entry in os.listdir(os.path.join(site, "p")):
            pages[urllib.parse.unquote(entry)] = os.path.join(site, "p", entry, "index.html")
    for key in sorted(set(pages) - set(truth["posts"])):
        problems.append("post page %s, not a post" % key)
    for key, want in sorted(truth["posts"].items()):
        if key not in pages:
            problems.append("post page %s missing" % key)
            continue
        html = open(pages[key]).read()
        for what in ("likes", "comments"):
            # A post with no comments (or likes) shows none: no count.
            if what in want and (count(html, what) or 0) != want[what]:
                problems.append("post %s %s: %s, want %s" % (key, what, count(html, what), want[what]))
    hidden = truth.get("hidden", [])
    if hidden:
        # The value as it is, and as a URL or a file name would hold it.
        forms = {value: {value.encode(), urllib.parse.quote(value, safe="").encode(),
                         urllib.parse.quote(value).encode(), value.replace(".", "%2E").encode()} for value in hidden}
        for folder, _, files in os.walk(site):
            for name in files + [os.path.basename(folder)]:
                path = os.path.join(folder, name)
                data = (open(path, "rb").read() if os.path.isfile(path) else b"") + b"\0" + name.encode()
                for value in hidden:
                    if any(form in data for form in forms[value]):
                        problems.append("%s holds hidden %r" % (os.path.relpath(os.path.join(folder, name), site), value))
    return row.cell("site", not problems, *problems[:12])


def check(binary, name, roundtrip):
    """roundtrip: scripts/firestore-roundtrip as a module (with its emulator), or None."""
    row = Row(name)
    source = os.path.join(ZOO, name)
    app = json.load(open(os.path.join(source, "app.json")))
    truth = json.load(open(os.path.join(source, "truth.json")))
    row.app, row.truth = app, truth
    row.known = KNOWN.get(name)
    with tempfile.TemporaryDirectory() as tmp:
        folder = os.path.join(tmp, name)
        shutil.copytree(source, folder)
        export = "firestore_export" if app["database"] == "firestore" else "export.json"
        inspected = run(binary, folder, "inspect", export)
        if inspected.returncode != 0 or "[schema]" not in inspected.stdout:
            row.cell("inspect", False, "inspect exit %d: %s" % (inspected.returncode, inspected.stderr.strip()[:300]))
            return row
        block = inspected.stdout[inspected.stdout.index("[schema]"):]
        row.edit = app.get("block_edit")
        if row.edit:
            block = edit_block(block, row.edit)
        with open(os.path.join(folder, "sitegen.toml"), "w") as f:
            f.write('export = "%s"\n\n%s' % (export, block))
        audited = run(binary, folder, "audit", "--format", "json")
        built = run(binary, folder, "build", "--output", os.path.join(tmp, "site"), "--allow-shrink")
        loads = audited.returncode in (0, 1) and built.returncode == 0
        row.cell("inspect", loads, *([] if loads else [(audited.stderr or built.stderr).strip()[:300]]))
        if not loads:
            return row
        got = {(f["code"], f["path"]) for f in json.loads(audited.stdout)["findings"]}
        want = {(f["code"], f["path"]) for f in truth["findings"]}
        row.cell("audit", got == want, *(["extra %s %s" % f for f in sorted(got - want)][:8] +
                                         ["missing %s %s" % f for f in sorted(want - got)][:8] +
                                         (["%d findings, %d expected" % (len(got), len(want))] if got != want else [])))
        check_site(row, truth, os.path.join(tmp, "site"))
        if roundtrip:
            if app["database"] == "firestore" and roundtrip.emulator is None:
                pass  # no emulator on this machine: said once, at the start
            elif app["database"] == "firestore":
                out = io.StringIO()
                try:
                    with contextlib.redirect_stdout(out):
                        status = roundtrip.main(binary, folder, roundtrip.emulator)
                except (SystemExit, RuntimeError) as error:
                    status, out = 2, io.StringIO(str(error))
                row.cell("roundtrip", status == 0, *[line for line in out.getvalue().splitlines()
                                                     if line.startswith("FAIL") or status > 1])
            else:
                before = json.load(open(os.path.join(folder, "export.json")))
                fixed = run(binary, folder, "audit", "--fix", "--output", "fixed.json")
                again = run(binary, folder, "audit", "fixed.json", "--format", "json")
                problems = []
                if fixed.returncode not in (0, 1) or again.returncode not in (0, 1):
                    problems.append("audit --fix: %s" % (fixed.stderr or again.stderr).strip()[:300])
                else:
                    findings = json.loads(audited.stdout)["findings"]
                    left = [f for f in json.loads(again.stdout)["findings"] if f["repair"] != "none"]
                    problems += ["still to repair: %s %s" % (f["code"], f["path"]) for f in left]
                    repaired = [f["path"] for f in findings if f["repair"] != "none"]
                    changed = differences(before, json.load(open(os.path.join(folder, "fixed.json"))))
                    problems += ["changed beyond the findings: %s" % (p if isinstance(p, str) else p[0]) for p in changed
                                 if not any(q == r or q.startswith(r + "/") for q in (p if isinstance(p, tuple) else (p,))
                                            for r in repaired)]
                row.cell("roundtrip", not problems, *problems[:8])
    return row


def main(arguments):
    if not arguments:
        sys.exit(__doc__)
    binary = os.path.abspath(arguments[0])
    roundtrip = "--roundtrip" in arguments
    table = "--table" in arguments
    names = [a for a in arguments[1:] if not a.startswith("--")]
    names = names or sorted(n for n in os.listdir(ZOO) if os.path.isdir(os.path.join(ZOO, n)))
    columns = ["inspect", "audit", "site"] + (["roundtrip"] if roundtrip else [])
    trip = None
    if roundtrip:
        # scripts/firestore-roundtrip, with one emulator for every Firestore app (cleared
        # before each), stopped by its process id at the end.
        sys.path.insert(0, os.path.join(REPO, "scripts"))
        path = os.path.join(REPO, "scripts", "firestore-roundtrip")
        trip = importlib.util.module_from_spec(importlib.util.spec_from_loader(
            "firestore_roundtrip", importlib.machinery.SourceFileLoader("firestore_roundtrip", path)))
        trip.__loader__.exec_module(trip)
        trip.emulator = None
        if trip.fe.available():
            trip.emulator = trip.fe.Emulator(trip.fe.PROJECT)
        else:
            print("zoo: the Firestore emulator is not installed (%s): the Firestore apps' round trips are not run" % trip.fe.EMULATOR)
    try:
        rows = [check(binary, name, trip) for name in names]
    finally:
        if trip and trip.emulator:
            trip.emulator.stop()
    wrong = 0
    for row in rows:
        cells = ["ok" if row.cells.get(c) else ("-" if c not in row.cells else "WRONG") for c in columns]
        right = all(row.cells.get(c) for c in columns if c in row.cells) and "inspect" in row.cells and \
            (row.cells["inspect"] is False or all(c in row.cells for c in ("audit", "site")))
        known = getattr(row, "known", None) or KNOWN.get(row.name)
        if not right and not known:
            wrong += 1
        if right and known:
            print("zoo: %s is right now: take it out of Tests/zoo/known.json and docs/apps.md's list" % row.name)
        by_hand = "  right with 1 line by hand: %s (%s)" % (row.edit["line"], row.edit["why"]) if right and row.edit else ""
        print("zoo: %-28s %s%s%s" % (row.name, "  ".join("%s %s" % (c, v) for c, v in zip(columns, cells)),
                                     "" if right or not known else "  (known: %s)" % known, by_hand))
        for note in row.notes:
            print("    " + note)
    if table:
        print("\n| app | database | layout | " + " | ".join(columns) + " |")
        print("|---|---|---|" + "---|" * len(columns))
        for row in rows:
            app = getattr(row, "app", {"repo": row.name, "database": "?", "layout": ""})
            print("| [%s](https://github.com/%s) | %s | %s | %s |" % (
                app["repo"], app["repo"], app["database"], app["layout"],
                " | ".join(("right with 1 line by hand" if c == "inspect" and row.edit else "right") if row.cells.get(c) else "wrong"
                           for c in columns)))
    right = sum(1 for r in rows if all(r.cells.get(c) for c in columns if c in r.cells) and r.cells.get("inspect"))
    edited = sum(1 for r in rows if r.edit and all(r.cells.get(c) for c in columns if c in r.cells) and r.cells.get("inspect"))
    print("zoo: %d apps, %d right (%d with 1 line by hand), %d known wrong (Tests/zoo/known.json), %d wrong" % (
        len(rows), right, edited, len(rows) - right - wrong, wrong))
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
