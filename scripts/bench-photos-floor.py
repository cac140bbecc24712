#!/usr/bin/env python3
"""The floor of scripts/bench-photos: the variants a sitegen build published for each photo,
made again by libvips directly (pyvips), one process per core with one libvips thread each,
as sitegen runs its photo stage.

    bench-photos-floor.py WORK COUNT [PROCESSES]

WORK holds photo-1.jpg .. photo-COUNT.jpg and the build's site/; every photo is the same
size, so each has the same variants: the widths and formats (`<key>-<width>.<ext>`) of any
one's files under site/assets/img/. Qualities and the WebP efforts are read from
Sources/SitegenKit/Photos/PhotoSettings.swift; the savers' options are vips.c's. The work is
PhotoEncoder's: the widest variant shrunk on load (a JPEG decoded at half size as
`PhotoSettings.jpegShrink` says), upright, in sRGB and in memory, each narrower width
resized from the next wider one (`PhotoSettings.resizeSource`), each saved in the formats
it is published in. Prints the seconds, the CPU seconds of the processes and the
variants, e.g. `9.412 18.3 1280.webp 1280.jpg 960.webp ...`.
"""

import collections
import glob
import multiprocessing
import os
import re
import resource
import sys
import time

REPO = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
MAX = 10000000  # VIPS_MAX_COORD: no height limit


def setting(source, name, default=None):
    m = re.search(r"static let %s = (\d+)" % name, source)
    return int(m.group(1)) if m else default


def variants(work, count):
    found = collections.defaultdict(set)
    for path in glob.glob(os.path.join(work, "site", "assets", "img", "*")):
        m = re.fullmatch(r"([0-9a-f]+)-(\d+)\.(webp|jpg)", os.path.basename(path))
        if m:
            found[m.group(1)].add((int(m.group(2)), m.group(3)))
    sets = {frozenset(v) for v in found.values()}
    if len(found) != count or len(sets) != 1:
        sys.exit("bench-photos-floor: %d photos with %d different sets of variants" % (len(found), len(sets)))
    return sorted(sets.pop(), reverse=True)


def start():
    os.environ["VIPS_CONCURRENCY"] = "1"
    global pyvips
    import pyvips
    pyvips.cache_set_max(0)


def decode(data, target):
    """The widest variant: a JPEG whose upright width is from 2 to 4 times `target` decoded at
    half size, then resized (PhotoSettings.jpegShrink); else libvips' thumbnail."""
    header = pyvips.Image.new_from_buffer(data, "", access="sequential")
    upright = header.height if header.get_typeof("orientation") and header.get("orientation") in (5, 6, 7, 8) else header.width
    if header.get("vips-loader").startswith("jpegload") and 2 * target <= upright < 4 * target:
        loaded = pyvips.Image.new_from_buffer(data, "", access="sequential", fail_on="error", shrink=2)
        return loaded.thumbnail_image(target, height=MAX, size="down")
    return pyvips.Image.thumbnail_buffer(data, target, height=MAX, size="down", option_string="fail_on=error")


def encode(job):
    path, wanted, webp_q, jpeg_q, effort, small = job
    widths = sorted({w for w, _ in wanted}, reverse=True)
    data = open(path, "rb").read()
    made = {widths[0]: decode(data, widths[0]).colourspace("srgb").copy_memory()}
    total = 0
    for w in widths:
        if w not in made:
            # From the next wider one (PhotoSettings.resizeSource).
            made[w] = made[min(m for m in made if m > w)].thumbnail_image(w, height=MAX, size="down").copy_memory()
        if (w, "webp") in wanted:
            # PhotoSettings.webp(forWidth:): the small quality and effort below the small width.
            q, e = (small[1], small[2]) if w < small[0] else (webp_q, effort)
            total += len(made[w].webpsave_buffer(Q=q, effort=e, strip=True))
        if (w, "jpg") in wanted:
            total += len(made[w].jpegsave_buffer(Q=jpeg_q, strip=True, optimize_coding=True, interlace=True))
    return total


def main():
    work, count = sys.argv[1], int(sys.argv[2])
    processes = int(sys.argv[3]) if len(sys.argv) > 3 else os.cpu_count()
    settings = open(os.path.join(REPO, "Sources", "SitegenKit", "Photos", "PhotoSettings.swift")).read()
    webp_q, jpeg_q = setting(settings, "webpQuality"), setting(settings, "jpegQuality")
    small = (setting(settings, "webpSmallWidth", 0), setting(settings, "webpSmallQuality"), setting(settings, "webpSmallEffort"))
    effort = setting(settings, "webpEffort", 4)
    wanted = variants(work, count)
    jobs = [(os.path.join(work, "photo-%d.jpg" % i), wanted, webp_q, jpeg_q, effort, small) for i in range(1, count + 1)]
    began = time.time()
    pool = multiprocessing.Pool(processes, initializer=start)
    sum(pool.imap_unordered(encode, jobs))
    pool.close()
    pool.join()
    seconds = time.time() - began
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    print("%.3f %.3f %s" % (seconds, used.ru_utime + used.ru_stime, " ".join("%d.%s" % v for v in wanted)))


if __name__ == "__main__":
    main()
