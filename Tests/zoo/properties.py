#!/usr/bin/env python3
"""Property test: rules that hold for every layout, on random Instagram-like layouts.

    Tests/zoo/properties.py SITEGEN [--seed S] [--cases N] [--firestore M] [--no-shrink] [--save DIR]
    Tests/zoo/properties.py SITEGEN --replay FILE [FILE ...]
    Tests/zoo/properties.py SITEGEN --known          (every replay of properties/known.json)

Each case is a random Realtime Database export (Tests/zoo/layouts.py: a layout drawn from
the spellings real apps write, the shared graph of scripts/zoo/_graph.py, 1-4 injected
drifts whose findings are known), or with --firestore M, after the N of those, M Cloud
Firestore databases (Tests/zoo/firestore_layouts.py, exported by the emulator on
127.0.0.1: one for all cases, stopped by its process id), read as a new user would:
`inspect`'s [schema] block pasted unedited into sitegen.toml. On every case:
  a  the block loads (audit and build accept it) and names the roles the layout has
     (each node where it is, each field as it is spelled)
  b  `audit --format json` gives exactly the injected drifts' findings (code and path)
  c  `audit --fix` changes only leaves under the paths of the findings it repairs
     (Firestore: the commit bodies of `audit --format firestore` applied to the
     emulator change only the findings' documents and fields, scripts/firestore-roundtrip)
  d  the repaired export audits clean of every finding with a repair
  e  the site's counts (profiles' posts, followers, following; posts' likes, comments),
     grids and pages equal the truth's, and no hidden value is published (Tests/zoo/run.py)
A failing case is shrunk (fewer drifts, users, posts, extra roots; each layout choice back
to the tutorial's) to the smallest that still fails the same way, and saved as a replay
file under --save DIR (default: $TMPDIR/sitegen-properties): the spec, the export, the
expected findings and the truth, replayed as they are with --replay. A failure's class is
its property and what failed (`b:extra:post_invalid@*/timestamp`: an extra finding of that
code at such a path; `fs:` for a Firestore case).
Failures that Tests/zoo/properties/known.json lists (a class and the layout choices it
needs) are reported as known. Exit 1 when a case fails in a way known.json does not list.
"""
import contextlib
import importlib.machinery
import importlib.util
import io
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import layouts  # noqa: E402
import firestore_layouts  # noqa: E402

_spec = importlib.util.spec_from_file_location("zoo_run", os.path.join(HERE, "run.py"))
zoo = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(zoo)

KNOWN_FILE = os.path.join(HERE, "properties", "known.json")


def load_known():
    if not os.path.exists(KNOWN_FILE):
        return []
    return json.load(open(KNOWN_FILE))["known"]


# --- reading inspect's output -------------------------------------------------------

def inspected_roles(text):
    """{role: place} and {field role: name}: the block's mappings, else what inspect's
    "root nodes" and "fields" lists say it read under the default names."""
    block = tomllib.loads(text[text.index("[schema]"):]).get("schema", {})
    nodes, fields = dict(block.get("nodes", {})), dict(block.get("fields", {}))
    section = None
    for line in text.splitlines():
        if not line.startswith("  "):
            section = line.rstrip(":") if line.endswith(":") else None
            continue
        if section == "root nodes":
            m = re.match(r"^  (\S+)\s+\d+\s+(.*)$", line)
            if not m or m.group(2).startswith("unknown"):
                continue
            for role in re.findall(r"([a-zA-Z_]+)(?: \(([^)]*)\))?(?:, |$)", m.group(2)):
                nodes.setdefault(role[0], role[1] or m.group(1))
        elif section == "fields":
            m = re.match(r"^  (\S+)\s+← (\S+)", line)
            if m:
                fields.setdefault(m.group(1), m.group(2))
    return nodes, fields


# --- one case -----------------------------------------------------------------------

class Result:
    def __init__(self, spec):
        self.spec = spec
        self.problems = []      # (class, detail)
        self.seconds = 0.0
        self.findings = 0       # findings the audit reported
        self.changed = 0        # leaves the repair changed

    def fail(self, cls, detail):
        self.problems.append((("fs:" if is_firestore(self.spec) else "") + cls, detail))

    @property
    def classes(self):
        return sorted({c for c, _ in self.problems})


def shape(path):
    """A finding's path without its root and ids: `posts/<key>/timestamp` -> `*/timestamp`."""
    return "/".join("*" if len(part) >= 16 else part for part in path.split("/")[1:])


def site_class(problem):
    """The class of one of Tests/zoo/run.py's site problems."""
    text = problem.split(": ", 1)[1] if problem.startswith("site: ") else problem
    for pattern, cls in [(r"published, not a user", "profile-extra"), (r"^profile \S+ missing", "profile-missing"),
                         (r"^\S+ (posts|followers|following): ", None), (r" grid: ", "grid"),
                         (r"not a post$", "page-extra"), (r"^post page \S+ missing", "page-missing"),
                         (r"^post \S+ (likes|comments): ", None), (r"holds hidden", "hidden"),
                         (r"no users.json", "no-site")]:
        m = re.search(pattern, text)
        if m:
            return "e:" + (cls or "count-" + m.group(1))
    return "e:other"


def check_case(binary, case, keep=None, firestore=None):
    """Runs the five properties on a built case; returns a Result. firestore: the
    (emulator, scripts/firestore-roundtrip) pair a Firestore case needs."""
    result = Result(case.spec)
    started = time.time()
    with tempfile.TemporaryDirectory() as tmp:
        folder = os.path.join(tmp, "case")
        os.makedirs(folder)
        if is_firestore(case.spec):
            emulator = firestore[0]
            emulator.clear()
            emulator.set_documents(case.documents)
            emulator.export(folder, "firestore_export")
            with open(os.path.join(folder, "documents.json"), "w") as f:
                json.dump(firestore_layouts.tree_documents(case), f, indent=1, ensure_ascii=False)
            export = "firestore_export"
        else:
            with open(os.path.join(folder, "export.json"), "w") as f:
                json.dump(case.tree, f, indent=1, ensure_ascii=False)
            export = "export.json"
        try:
            check_in(binary, case, folder, tmp, export, result, firestore)
        finally:
            if keep:
                shutil.rmtree(keep, ignore_errors=True)
                shutil.copytree(tmp, keep)
    result.seconds = time.time() - started
    return result


def is_firestore(spec):
    return spec.get("database") == "firestore"


def check_in(binary, case, folder, tmp, export, result, firestore):
    inspected = zoo.run(binary, folder, "inspect", export)
    if inspected.returncode != 0 or "[schema]" not in inspected.stdout:
        return result.fail("a:inspect", "inspect exit %d: %s" % (inspected.returncode, inspected.stderr.strip()[:300]))
    text = inspected.stdout
    with open(os.path.join(folder, "sitegen.toml"), "w") as f:
        f.write('export = "%s"\n\n%s' % (export, text[text.index("[schema]"):]))
    audited = zoo.run(binary, folder, "audit", "--format", "json")
    site = os.path.join(tmp, "site")
    built = zoo.run(binary, folder, "build", "--output", site, "--allow-shrink")
    if audited.returncode not in (0, 1) or built.returncode != 0:
        return result.fail("a:load", (audited.stderr or built.stderr).strip()[:300])
    # a: the roles, as the block read back says them (inspect again with it in
    # sitegen.toml: a list the block guessed, `comments = "posts/*/comments"`, has its
    # fields named only then)
    again = zoo.run(binary, folder, "inspect", export)
    nodes, fields = inspected_roles(again.stdout if "[schema]" in again.stdout else text)
    for role, place in sorted(case.roles.items()):
        if nodes.get(role) != place:
            result.fail("a:node:" + role, "%s is %r, read as %r" % (role, place, nodes.get(role)))
    for role, name in sorted(case.fields.items()):
        if fields.get(role) != name:
            result.fail("a:field:" + role, "%s is %r, read as %r" % (role, name, fields.get(role)))
    # b: exact findings
    report = json.loads(audited.stdout)
    result.findings = len(report["findings"])
    got = {(f["code"], f["path"]) for f in report["findings"]}
    want = {(f["code"], f["path"]) for f in case.findings}
    for code, path in sorted(got - want):
        result.fail("b:extra:%s@%s" % (code, shape(path)), "extra %s %s" % (code, path))
    for code, path in sorted(want - got):
        result.fail("b:missing:%s@%s" % (code, shape(path)), "missing %s %s" % (code, path))
    # c, d: the repair
    if is_firestore(case.spec):
        check_firestore_repair(binary, folder, firestore, result)
    else:
        check_rtdb_repair(binary, folder, report, result)
    # e: the site
    row = zoo.Row("case")
    zoo.check_site(row, case.truth, site)
    for note in row.notes:
        result.fail(site_class(note), note)
    return result


def check_rtdb_repair(binary, folder, report, result):
    """c: `audit --fix` changes only leaves under the repaired findings' paths; d: the
    repaired export audits clean of every finding with a repair."""
    before = json.load(open(os.path.join(folder, "export.json")))
    fixed = zoo.run(binary, folder, "audit", "--fix", "--output", "fixed.json")
    again = zoo.run(binary, folder, "audit", "fixed.json", "--format", "json")
    if fixed.returncode not in (0, 1) or again.returncode not in (0, 1):
        return result.fail("c:fix", "audit --fix: %s" % (fixed.stderr or again.stderr).strip()[:300])
    repaired = [f["path"] for f in report["findings"] if f["repair"] != "none"]
    changed = zoo.differences(before, json.load(open(os.path.join(folder, "fixed.json"))))
    result.changed = len(changed)
    for path in changed:
        if not any(path == r or path.startswith(r + "/") for r in repaired):
            result.fail("c:beyond", "changed beyond the findings: %s" % path)
    for f in json.loads(again.stdout)["findings"]:
        if f["repair"] != "none":
            result.fail("d:left:" + f["code"], "still to repair: %s %s" % (f["code"], f["path"]))


def check_firestore_repair(binary, folder, firestore, result):
    """c, d through the emulator: scripts/firestore-roundtrip applies the commit bodies
    of `audit --format firestore`, exports again and checks that the new export audits
    clean and that only the findings' documents and fields changed."""
    emulator, trip = firestore
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out):
            trip.main(binary, folder, emulator)
    except (SystemExit, RuntimeError) as error:
        return result.fail("c:roundtrip", str(error)[:300])
    for line in out.getvalue().splitlines():
        if line.startswith("applied"):
            m = re.search(r"applied (\d+) commit", line)
            result.changed = int(m.group(1)) if m else 0
        if not line.startswith("FAIL"):
            continue
        if "still to repair" in line:
            for code in sorted(set(re.findall(r"(\w+) \S+(?:, |$)", line.split(": ", 2)[-1]))):
                result.fail("d:left:" + code, line[:300])
        elif "changed beyond" in line:
            result.fail("c:beyond", line[:300])
        elif "documents written beyond" in line:
            result.fail("c:documents", line[:300])
        else:
            result.fail("d:other", line[:300])


# --- known failures, shrinking, replay files ----------------------------------------

def module(spec):
    """The generator of a spec: Firestore's or the Realtime Database's."""
    return firestore_layouts if is_firestore(spec) else layouts


def known_entry(cls, spec, known):
    """The entry of known.json that covers a failure: its "class" (a regular expression)
    matches, each choice of its "when" is one of the values listed (for "extras": the
    roots listed are all there), and none of its "unless" is."""
    lay = dict(module(spec).normalize(spec["layout"]))
    if "extras" in lay:
        lay["extras"] = tuple(lay["extras"])
    for entry in known:
        if entry.get("database", "rtdb") != ("firestore" if is_firestore(spec) else "rtdb"):
            continue
        if re.fullmatch(entry["class"], cls) and \
                all(set(v) <= set(lay[k]) if k == "extras" else lay.get(k) in v
                    for k, v in entry.get("when", {}).items()) and \
                not any(lay.get(k) in v for k, v in entry.get("unless", {}).items()):
            return entry
    return None


def unknown_classes(result, known):
    return [c for c in result.classes if not known_entry(c, result.spec, known)]


def plain_layout(spec):
    return {name: options[0] for name, options in module(spec).CHOICES.items()}


def choices_that_differ(spec):
    m = module(spec)
    lay, plain = m.normalize(spec["layout"]), m.normalize(plain_layout(spec))
    return {k: v for k, v in lay.items() if v != plain.get(k)}


def shrink(binary, spec, cls, firestore=None, budget=80, log=print):
    """The smallest spec still failing with class cls: fewer drifts, users and posts, and
    each layout choice back to the tutorial's where the failure stays."""
    m = module(spec)
    runs = [0]

    def fails(candidate):
        if runs[0] >= budget:
            return False
        runs[0] += 1
        try:
            case = m.build(candidate)
        except Exception:
            return False
        return cls in check_case(binary, case, firestore=firestore).classes

    best = json.loads(json.dumps(spec))
    best["layout"] = m.normalize(best["layout"])
    changed = True
    while changed and runs[0] < budget:
        changed = False
        for i in range(len(best["drifts"])):
            trial = dict(best, drifts=best["drifts"][:i] + best["drifts"][i + 1:])
            if fails(trial):
                best, changed = trial, True
                break
        for size, floor in (("users", layouts.MIN_USERS), ("posts", layouts.MIN_POSTS)):
            for n in sorted({floor, floor + 1, best[size] // 2, best[size] - 1}):
                if floor <= n < best[size] and fails(dict(best, **{size: n})):
                    best, changed = dict(best, **{size: n}), True
                    break
        for extra in best["layout"].get("extras", []):
            trial_layout = m.normalize(dict(best["layout"], extras=[e for e in best["layout"]["extras"] if e != extra]))
            if fails(dict(best, layout=trial_layout)):
                best, changed = dict(best, layout=trial_layout), True
                break
        plain = plain_layout(spec)
        for name in m.CHOICES:
            if best["layout"][name] == plain[name]:
                continue
            trial_layout = m.normalize(dict(best["layout"], **{name: plain[name]}))
            if trial_layout == best["layout"]:
                continue
            trial = dict(best, layout=trial_layout)
            trial["drifts"] = [d for d in trial["drifts"] if m.applicable(d, trial_layout)]
            if fails(trial):
                best, changed = trial, True
    log("    shrunk in %d runs: %d users, %d posts, drifts %s, layout %s" % (
        runs[0], best["users"], best["posts"], best["drifts"] or "none", json.dumps(choices_that_differ(best))))
    return best


def replay_document(binary, spec, cls, firestore=None):
    """A replay file: the failure, the spec, and the whole case as it was built (the
    export, the expected findings, the truth, the roles), so that it replays as it is
    even when the generator changes since."""
    case = module(spec).build(spec)
    result = check_case(binary, case, firestore=firestore)
    document = {
        "class": cls,
        "classes": [c for c in result.classes if c != cls],
        "details": [d for c, d in result.problems if c == cls][:12],
        "layout_differs_from_tutorial": choices_that_differ(spec),
        "spec": spec,
        "expected_findings": case.findings,
        "truth": case.truth,
        "roles": case.roles,
        "fields": case.fields,
    }
    if is_firestore(spec):
        document["documents"] = {path: firestore_layouts.plain(fields) for path, fields in case.documents.items()}
    else:
        document["export"] = case.tree
    return document


def replayed_case(document):
    """The case a replay file holds (built again from its spec when it holds none)."""
    spec = document["spec"]
    if "truth" not in document:
        return module(spec).build(spec)
    case = layouts.Case(spec, document.get("export"), document["expected_findings"], document["truth"],
                        document["roles"], document["fields"])
    if is_firestore(spec):
        case.documents = {path: firestore_layouts.typed(fields) for path, fields in document["documents"].items()}
    return case


def save(document, folder, name):
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, name + ".json")
    with open(path, "w") as f:
        json.dump(document, f, indent=1, ensure_ascii=False)
        f.write("\n")
    return path


def file_name(cls):
    return re.sub(r"[^a-zA-Z0-9_-]+", "-", cls).strip("-")


class Firestore:
    """One emulator for every Firestore case (cleared before each), with
    scripts/firestore-roundtrip as a module; stopped by its process id."""

    def __init__(self):
        scripts = os.path.join(zoo.REPO, "scripts")
        sys.path.insert(0, scripts)
        path = os.path.join(scripts, "firestore-roundtrip")
        self.trip = importlib.util.module_from_spec(importlib.util.spec_from_loader(
            "firestore_roundtrip", importlib.machinery.SourceFileLoader("firestore_roundtrip", path)))
        self.trip.__loader__.exec_module(self.trip)
        self.emulator = None

    def available(self):
        return self.trip.fe.available()

    def pair(self):
        if self.emulator is None:
            self.emulator = self.trip.fe.Emulator(self.trip.fe.PROJECT)
        return self.emulator, self.trip

    def stop(self):
        if self.emulator is not None:
            self.emulator.stop()
            self.emulator = None


# --- the command --------------------------------------------------------------------

def print_result(result, known, label):
    status = "ok" if not result.problems else ("known" if not unknown_classes(result, known) else "FAIL")
    print("properties: %-12s %-5s %5.1fs  %s" % (label, status, result.seconds,
                                                 ", ".join(result.classes) if result.problems else ""))
    if status == "FAIL":
        for cls, detail in result.problems[:10]:
            if not known_entry(cls, result.spec, known):
                print("    %s  %s" % (cls, detail))
    return status


def main(arguments):
    if not arguments or arguments[0].startswith("--"):
        sys.exit(__doc__)
    binary = os.path.abspath(arguments[0])
    options = arguments[1:]

    def option(name, default):
        return options[options.index(name) + 1] if name in options else default

    known = load_known()
    store = Firestore()
    try:
        return run(binary, options, option, known, store)
    finally:
        store.stop()


def run(binary, options, option, known, store):
    if "--replay" in options or "--known" in options:
        files = options[options.index("--replay") + 1:] if "--replay" in options else \
            [os.path.join(HERE, "properties", e["replay"]) for e in known if e.get("replay")]
        wrong = 0
        for path in files:
            if path.startswith("--"):
                break
            document = json.load(open(path))
            spec = document["spec"]
            if is_firestore(spec) and not store.available():
                print("properties: %s: the Firestore emulator is not installed: not run" % path)
                continue
            result = check_case(binary, replayed_case(document), firestore=store.pair() if is_firestore(spec) else None)
            status = print_result(result, known, os.path.basename(path)[:-5])
            for cls, detail in result.problems[:12]:
                if status != "FAIL":
                    print("    %s  %s" % (cls, detail))
            if "--known" in options and not result.problems:
                print("properties: %s passes now: take it out of properties/known.json" % path)
            wrong += status == "FAIL"
        return 1 if wrong else 0

    seed, cases = int(option("--seed", "1")), int(option("--cases", "20"))
    fs_cases = int(option("--firestore", "0"))
    if fs_cases and not store.available():
        print("properties: the Firestore emulator is not installed: the Firestore cases are not run")
        fs_cases = 0
    save_dir = option("--save", os.path.join(tempfile.gettempdir(), "sitegen-properties"))
    shrinking = "--no-shrink" not in options
    started = time.time()
    seen, counts, replays = {}, {"ok": 0, "known": 0, "FAIL": 0}, {}
    findings = changed = 0
    plan = [(layouts, seed * 100003 + n) for n in range(cases)] + \
        [(firestore_layouts, seed * 100003 + 50000 + n) for n in range(fs_cases)]
    for generator, case_seed in plan:
        spec = generator.draw(random.Random(case_seed), case_seed)
        firestore = store.pair() if is_firestore(spec) else None
        result = check_case(binary, generator.build(spec), firestore=firestore)
        status = print_result(result, known, ("fs " if firestore else "") + "seed %d" % case_seed)
        counts[status] += 1
        findings, changed = findings + result.findings, changed + result.changed
        for cls in result.classes:
            seen.setdefault(cls, []).append(spec)
        if status == "FAIL" and shrinking:
            for cls in unknown_classes(result, known):
                if cls in replays:
                    continue   # shrunk already
                print("    shrinking %s" % cls)
                small = shrink(binary, spec, cls, firestore=firestore)
                document = replay_document(binary, small, cls, firestore=firestore)
                path = save(document, save_dir, file_name(cls))
                print("    replay: %s (fails also %s)" % (path, ", ".join(document["classes"]) or "nothing else"))
                for other in [cls] + document["classes"]:
                    replays.setdefault(other, path)
    elapsed = time.time() - started
    total = len(plan)
    print("properties: %d cases (%d Realtime Database, %d Firestore) in %.1fs (%.2fs a case): "
          "%d ok, %d known failures, %d failing" % (total, cases, fs_cases, elapsed, elapsed / max(total, 1),
                                                   counts["ok"], counts["known"], counts["FAIL"]))
    print("properties: %d findings audited, %d leaves changed by the repairs (Firestore: commit bodies)" % (
        findings, changed))
    for cls, specs in sorted(seen.items()):
        entry = known_entry(cls, specs[0], known)
        print("properties: %-44s %3d cases (first: seed %d)%s" % (
            cls, len(specs), specs[0]["seed"], "  known: " + entry["name"] if entry else
            "  replay: " + replays[cls] if cls in replays else ""))
    return 1 if counts["FAIL"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
