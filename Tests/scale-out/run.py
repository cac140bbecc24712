#!/usr/bin/env python3
"""Runs the workflows of docs/scale-out.md as they are written, and checks that the site
they publish is one `sitegen build`'s, byte for byte.

The YAML blocks are read from the document with PyYAML (nothing is copied here): the
GitHub Actions workflow's `shard` step runs once per value of its matrix, all at once,
then its `merge` step; the Kubernetes Indexed Job's container command runs once per
completion index with JOB_COMPLETION_INDEX set, all at once, then the merge Job's. Each
in a site folder standing for the checkout (content/export.json, a timeline sample with
photos and faults) with the release's `sitegen` on PATH: a cold build, a rebuild of a
changed export from the cached site, then the same site on the Kubernetes volume.

usage: Tests/scale-out/run.py path/to/sitegen
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

import yaml

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
binary = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, ".build/debug/sitegen"))
text = open(os.path.join(root, "docs/scale-out.md"), encoding="utf-8").read()
blocks = re.findall(r"```yaml\n(.*?)```", text, re.S)
assert len(blocks) == 2, f"docs/scale-out.md: expected 2 yaml blocks, found {len(blocks)}"
workflow = yaml.safe_load(blocks[0])
kubernetes = list(yaml.safe_load_all(blocks[1]))


def fail(message):
    print(f"scale-out: FAIL: {message}")
    sys.exit(1)


def step(job, step_id):
    found = [s for s in workflow["jobs"][job]["steps"] if s.get("id") == step_id]
    if len(found) != 1:
        fail(f"workflow job {job}: no step with id {step_id}")
    return found[0]


def expand(command, values):
    """The command with GitHub's `${{ … }}` expressions the test knows replaced."""
    for name, value in values.items():
        command = command.replace("${{ " + name + " }}", str(value))
    if "${{" in command:
        fail(f"unknown expression left in {command!r}")
    return command


def run_all(commands, site, envs=None):
    """Runs the commands at once (as N machines would), then checks every one succeeded."""
    env = dict(os.environ, PATH=os.path.dirname(binary) + os.pathsep + os.environ["PATH"])
    processes = [subprocess.Popen(["sh", "-c", c] if isinstance(c, str) else c, cwd=site,
                                  env=dict(env, **(envs[i] if envs else {})),
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
                 for i, c in enumerate(commands)]
    for command, process in zip(commands, processes):
        output, _ = process.communicate()
        if process.returncode != 0:
            fail(f"{command!r} exited {process.returncode}:\n{output}")


def tree(folder):
    out = {}
    for parent, _, names in os.walk(folder):
        for name in names:
            path = os.path.join(parent, name)
            with open(path, "rb") as f:
                out[os.path.relpath(path, folder)] = f.read()
    return out


def same_as_one_build(site, label):
    reference = tempfile.mkdtemp()
    subprocess.run([binary, "build", "content/export.json", "--output", reference + "/site"], cwd=site, check=True,
                   stderr=subprocess.DEVNULL)
    published, expected = tree(site + "/public"), tree(reference + "/site")
    shutil.rmtree(reference)
    differ = sorted(p for p in set(published) | set(expected) if published.get(p) != expected.get(p))
    if differ:
        fail(f"{label}: {len(differ)} files differ from one sitegen build: {differ[:5]}")
    print(f"scale-out: {label}: {len(published)} files, the same as one sitegen build")


def github(site, label):
    """One run of the workflow: fresh runners (no shard folders), the cache's public/."""
    for name in os.listdir(site):
        if name.startswith("shard-"):
            shutil.rmtree(os.path.join(site, name))
    matrix = workflow["jobs"]["shard"]["strategy"]["matrix"]["shard"]
    count = workflow["env"]["SHARDS"]
    if sorted(matrix) != list(range(1, count + 1)):
        fail(f"the matrix {matrix} is not 1…{count}")
    # Each shard's artifact is its output folder, downloaded by merge into a folder of its name.
    upload = [s for s in workflow["jobs"]["shard"]["steps"] if s.get("uses", "").startswith("actions/upload-artifact")][0]
    download = [s for s in workflow["jobs"]["merge"]["steps"] if s.get("uses", "").startswith("actions/download-artifact")][0]
    if upload["with"]["name"] != upload["with"]["path"] or download["with"]["path"] != "." or not upload["with"].get("include-hidden-files"):
        fail("artifacts: shard-K must be uploaded (hidden files too) and downloaded as ./shard-K")
    shard = step("shard", "shard")["run"]
    run_all([expand(shard, {"matrix.shard": k, "env.SHARDS": count}) for k in matrix], site)
    run_all([expand(step("merge", "merge")["run"], {})], site)
    same_as_one_build(site, label)


def kubernetes_jobs(site):
    shards, merge = kubernetes
    spec = shards["spec"]
    if spec.get("completionMode") != "Indexed" or spec["completions"] != spec["parallelism"]:
        fail("the shards' Job must be Indexed, all completions in parallel")
    container = spec["template"]["spec"]["containers"][0]
    mount = container["volumeMounts"][0]["mountPath"]
    if container["workingDir"] != mount:
        fail("the shard containers must work in the volume (workingDir = mountPath)")
    count = spec["completions"]
    run_all([container["command"]] * count, site, envs=[{"JOB_COMPLETION_INDEX": str(i)} for i in range(count)])
    run_all([merge["spec"]["template"]["spec"]["containers"][0]["command"]], site)
    same_as_one_build(site, f"kubernetes: {count} indexed pods + merge job")


site = tempfile.mkdtemp()
try:
    os.makedirs(site + "/content")
    export = site + "/content/export.json"
    subprocess.run([binary, "sample", "--users", "150", "--seed", "5", "--dialect", "timeline", "--faults", "0.02",
                    "--output", export], check=True)
    github(site, "github actions: a cold build")
    # The next push: a changed export, the previous site from the cache.
    with open(export, "r+", encoding="utf-8") as f:
        data = f.read()
        f.seek(0)
        f.write(data.replace('"username":', '"bio":"Changed","username":', 1))
    github(site, "github actions: a rebuild from the cache")
    kubernetes_jobs(site)
finally:
    shutil.rmtree(site)
