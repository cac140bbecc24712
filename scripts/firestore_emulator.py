"""The Firestore emulator of the Google Cloud CLI, driven over plain HTTP on 127.0.0.1.

Shared by scripts/make-firestore-fixtures and the round-trip test's helper
(scripts/firestore-roundtrip). Standard library only.
"""
import json
import os
import shutil
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request

PROJECT = "demo-sitegen"

EMULATOR = os.environ.get(
    "FIRESTORE_EMULATOR",
    "/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud_firestore_emulator")


def available():
    return os.access(EMULATOR, os.X_OK) and shutil.which("java") is not None


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Emulator:
    """Starts the emulator on 127.0.0.1 and stops it by its process id."""

    def __init__(self, project):
        self.project = project
        self.port = free_port()
        self.log = open(os.devnull, "wb")
        self.process = subprocess.Popen(
            [EMULATOR, "start", "--host=127.0.0.1", "--port=%d" % self.port],
            stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.time() + 90
        while True:
            try:
                urllib.request.urlopen("http://127.0.0.1:%d/" % self.port, timeout=2).read()
                break
            except urllib.error.HTTPError:
                break
            except Exception:
                if self.process.poll() is not None or time.time() > deadline:
                    self.stop()
                    raise RuntimeError("the Firestore emulator did not start")
                time.sleep(0.5)

    @property
    def database(self):
        return "projects/%s/databases/(default)" % self.project

    def url(self, path):
        return "http://127.0.0.1:%d%s" % (self.port, path)

    def post(self, path, body):
        request = urllib.request.Request(
            self.url(path), data=json.dumps(body).encode(), method="POST",
            headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return json.loads(response.read() or b"{}")
        except urllib.error.HTTPError as e:
            raise RuntimeError("%s: %s" % (path, e.read().decode(errors="replace")))

    def commit(self, writes):
        for start in range(0, len(writes), 500):
            self.post("/v1/%s/documents:commit" % self.database, {"writes": writes[start:start + 500]})

    def documents(self):
        """Every document of the database, at any depth: {path: REST fields}."""
        found = self.post("/v1/%s/documents:runQuery" % self.database,
                          {"structuredQuery": {"from": [{"allDescendants": True}]}})
        return {r["document"]["name"].split("/documents/", 1)[1]: r["document"].get("fields", {})
                for r in found if "document" in r}

    def commit_body(self, body):
        """Applies one documents:commit body as sitegen prints it."""
        return self.post("/v1/%s/documents:commit" % self.database, body)

    def set_documents(self, documents):
        """documents: {"users/u1": {field: plain value}} written as whole documents."""
        writes = [{"update": {"name": "%s/documents/%s" % (self.database, path), "fields": fields(data)}}
                  for path, data in documents.items()]
        self.commit(writes)

    def clear(self):
        """Deletes every document (the emulator's own endpoint), for the next fixture."""
        request = urllib.request.Request(self.url("/emulator/v1/projects/%s/databases/(default)/documents" % self.project),
                                         method="DELETE")
        urllib.request.urlopen(request, timeout=60).read()

    def export(self, folder, name="firestore_export"):
        os.makedirs(folder, exist_ok=True)
        self.post("/emulator/v1/projects/%s:export" % self.project,
                  {"database": self.database, "export_directory": os.path.abspath(folder), "export_name": name})
        return os.path.join(folder, name)

    def stop(self):
        if self.process.poll() is None:
            try:
                os.killpg(self.process.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        self.log.close()


class Timestamp:
    def __init__(self, text):
        self.text = text


class Ref:
    def __init__(self, path):
        self.path = path


class Bytes:
    def __init__(self, base64):
        self.base64 = base64


class GeoPoint:
    def __init__(self, latitude, longitude):
        self.latitude = latitude
        self.longitude = longitude


class Double:
    def __init__(self, value):
        self.value = value


def value(v, project=None):
    project = project or PROJECT
    if v is None:
        return {"nullValue": None}
    if isinstance(v, bool):
        return {"booleanValue": v}
    if isinstance(v, int):
        return {"integerValue": str(v)}
    if isinstance(v, float):
        return {"doubleValue": v}
    if isinstance(v, Double):
        return {"doubleValue": v.value}
    if isinstance(v, str):
        return {"stringValue": v}
    if isinstance(v, Bytes):
        return {"bytesValue": v.base64}
    if isinstance(v, GeoPoint):
        return {"geoPointValue": {"latitude": v.latitude, "longitude": v.longitude}}
    if isinstance(v, Timestamp):
        return {"timestampValue": v.text}
    if isinstance(v, Ref):
        return {"referenceValue": "projects/%s/databases/(default)/documents/%s" % (project, v.path)}
    if isinstance(v, list):
        return {"arrayValue": {"values": [value(e, project) for e in v]}} if v else {"arrayValue": {}}
    if isinstance(v, dict):
        return {"mapValue": {"fields": fields(v, project)}} if v else {"mapValue": {}}
    raise TypeError(v)


def fields(data, project=None):
    return {k: value(v, project) for k, v in data.items()}
