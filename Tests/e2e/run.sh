#!/usr/bin/env bash
# End-to-end tests of the published site over real web servers and in a real browser.
#
#   Tests/e2e/run.sh [SITEGEN]     SITEGEN defaults to .build/debug/sitegen
#
# Builds content/export.json (SITEGEN_E2E_EXPORT overrides it) into temporary folders
# and checks it:
#   nginx-root       nginx serving the site at the root of 127.0.0.1:<free port>; crawl.py
#   nginx-profiles   a build with --base-url http://127.0.0.1:PORT/profiles/ and --language ar
#                    (right to left), served by nginx under /profiles/ (alias); crawl.py
#                    --expect-prefix /profiles/
#   microformats-*   microformats.py (mf2py) on nginx-root and nginx-profiles: h-card,
#                    h-entry, rel="me"
#   nginx-tile-3-4   a --tile 3:4 build served by nginx at the root; crawl.py
#   serve-root       `sitegen serve` at the root; crawl.py; stops on SIGTERM
#   serve-profiles   `sitegen serve --base-path /profiles/`; crawl.py --expect-prefix /profiles/
#   nginx-photos     the photo fixtures (Tests/SitegenTestSupport/Fixtures/photos) as a
#                    Makestagram export with a local Storage copy (photo-export.py),
#                    served by nginx; crawl.py; photo-privacy.py: no metadata, GPS,
#                    camera name or original in any published image
#   visitor-*        visitor.py on site-root, site-profiles, an app without usernames
#                    (Tests/e2e/fixtures/friendlypix-visitor) and a hostile variant of the
#                    export (hostile-export.py): comment authors linked, no "@" before a
#                    name that is not a username, distinct post titles, absolute <loc>
#   browser-*        browser.py (headless Chromium) on nginx-root, nginx-profiles, the hostile site,
#                    nginx-tile-3-4 (--tile 3:4) and nginx-photos (--photos: no grid
#                    photo over twice the pixels it is shown at, 375 px x3, 1280 px x1);
#                    screenshots in test-artifacts/<name>/ (SITEGEN_E2E_ARTIFACTS overrides);
#                    every photo has the pixels it is drawn at on a 2x screen, or is shown at
#                    its own pixels at most (--sharp on the sample: no photo scaled up at all);
#                    browser-root and browser-profiles (English, Arabic) also run axe-core
#                    on every page kind at 375 and 1280 px (WCAG 2.2 AA; SITEGEN_AXE names
#                    axe.min.js, else ~/.cache/sitegen/axe.min.js from scripts/setup)
# nginx runs in the foreground (daemon off) with its own config, prefix, pid, logs and
# temp paths in the temporary folder; every process and folder is removed on exit,
# whatever happens. Needs nginx, chromium and chromium-driver (scripts/setup).
# Prints a line per check and `e2e: N passed, M failed` last; exit 1 on any failure.
set -uo pipefail
cd "$(dirname "$0")/../.."

bin=${1:-.build/debug/sitegen}
export_file=${SITEGEN_E2E_EXPORT:-content/export.json}
artifacts=${SITEGEN_E2E_ARTIFACTS:-test-artifacts}
e2e=Tests/e2e
started=$(date +%s.%N)

for tool in "$bin" python3 nginx chromium chromedriver; do
  if ! command -v "$tool" >/dev/null; then
    echo "e2e: $tool not found (the sitegen binary is an argument; the rest comes from scripts/setup)" >&2
    exit 2
  fi
done
axe=${SITEGEN_AXE:-${XDG_CACHE_HOME:-$HOME/.cache}/sitegen/axe.min.js}
if [ ! -s "$axe" ] || ! python3 -c 'import mf2py' 2>/dev/null; then
  echo "e2e: axe-core ($axe) or mf2py is missing: run scripts/setup --deps-only" >&2
  exit 2
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/sitegen-e2e.XXXXXX")
chmod 755 "$tmp"  # nginx's workers run as nobody when the master is root: they must read the sites
pids=()           # background processes still running (servers, the current check)

stop_pid() {  # stop_pid PID: SIGTERM, up to 5 s, then SIGKILL; reaps it
  local pid=$1 i
  kill -TERM "$pid" 2>/dev/null || { wait "$pid" 2>/dev/null; return 0; }
  for i in $(seq 50); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  kill -KILL "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
}

cleanup() {
  local pid
  trap - EXIT INT TERM
  for pid in "${pids[@]}"; do
    stop_pid "$pid"
  done
  pids=()
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'echo "e2e: interrupted" >&2; exit 130' INT
trap 'echo "e2e: terminated" >&2; exit 143' TERM

forget_pid() {  # forget_pid PID: no longer ours to stop
  local p kept=()
  for p in "${pids[@]}"; do [ "$p" = "$1" ] || kept+=("$p"); done
  pids=("${kept[@]+"${kept[@]}"}")
}

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

wait_http() {  # wait_http URL PID SECONDS: until URL answers at all (any status), while PID lives
  python3 - "$1" "$2" "${3:-20}" <<'EOF'
import os, sys, time, urllib.request, urllib.error
url, pid, limit = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
deadline = time.time() + limit
while time.time() < deadline:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        sys.exit("process %d exited" % pid)
    try:
        urllib.request.urlopen(url, timeout=2).close()
        sys.exit(0)
    except urllib.error.HTTPError:
        sys.exit(0)
    except OSError:
        time.sleep(0.1)
sys.exit("%s did not answer in %g s" % (url, limit))
EOF
}

passed=0
failed=0
failed_names=()
result() {  # result NAME STATUS
  if [ "$2" -eq 0 ]; then
    passed=$((passed + 1))
    echo "e2e: $1: ok"
  else
    failed=$((failed + 1))
    failed_names+=("$1")
    echo "e2e: $1: FAILED"
  fi
}

check() {  # check NAME COMMAND...: runs it in the background (so a signal stops it at once)
  local name=$1 rc
  shift
  echo "--- $name: $*"
  "$@" &
  local pid=$!
  pids+=("$pid")
  wait "$pid"
  rc=$?
  forget_pid "$pid"
  result "$name" "$rc"
}

# --- builds ------------------------------------------------------------------------

port_root=$(free_port)
port_profiles=$(free_port)
port_tile=$(free_port)
while [ "$port_profiles" = "$port_root" ]; do port_profiles=$(free_port); done
while [ "$port_tile" = "$port_root" ] || [ "$port_tile" = "$port_profiles" ]; do port_tile=$(free_port); done
port_photos=$(free_port)
while [ "$port_photos" = "$port_root" ] || [ "$port_photos" = "$port_profiles" ] || [ "$port_photos" = "$port_tile" ]; do
  port_photos=$(free_port)
done
port_hostile=$(free_port)
while [ "$port_hostile" = "$port_root" ] || [ "$port_hostile" = "$port_profiles" ] || [ "$port_hostile" = "$port_tile" ] \
  || [ "$port_hostile" = "$port_photos" ]; do
  port_hostile=$(free_port)
done

photo_cache=${SITEGEN_PHOTO_CACHE:-$tmp/photo-cache}
build() {  # build NAME OPTIONS...: $tmp/NAME from the export
  local name=$1
  shift
  # One photo cache for every site (docs/site.md): the sample's photos are encoded once,
  # not once a site; each site is still built from nothing. SITEGEN_PHOTO_CACHE: a cache
  # to share with earlier runs (scripts/test's).
  if "$bin" build "$export_file" --output "$tmp/$name" --photo-cache "$photo_cache" "$@" >"$tmp/$name.build.log" 2>&1; then
    echo "e2e: built $name: $(tail -n 1 "$tmp/$name.build.log")"
  else
    cat "$tmp/$name.build.log" >&2
    echo "e2e: sitegen build $name failed" >&2
    exit 1
  fi
}
build site-root
# Under a sub-path, and in a right-to-left language (the browser's axe checks run on both).
build site-profiles --base-url "http://127.0.0.1:$port_profiles/profiles/" --language ar
build site-tile-3-4 --tile 3:4

# The photo fixtures as a Makestagram export with a local copy of its Storage bucket: the
# site publishes them itself (resized, upright, stripped); the truncated photo and the
# 20000x20000 one become placeholder tiles.
photo_fixtures=Tests/SitegenTestSupport/Fixtures/photos
photo_sources=("$photo_fixtures/large.jpg" "$photo_fixtures/gps-camera.jpg" "$photo_fixtures/orientation-6.jpg"
  "$photo_fixtures/photo.png" "$photo_fixtures/truncated.jpg" "$photo_fixtures/bomb.jpg")
mkdir -p "$tmp/photo-export"
python3 "$e2e/photo-export.py" "$tmp/photo-export" "${photo_sources[@]}"
export_file=$tmp/photo-export/export.json build site-photos
# An app without usernames (FriendlyPix-shaped, profiles named by name) and a hostile variant
# of the sample, for visitor.py.
fpv=$e2e/fixtures/friendlypix-visitor
export_file=$fpv/export.json build site-friendlypix --config "$fpv/sitegen.toml"
python3 "$e2e/hostile-export.py" "$tmp/hostile.json" "$export_file"
# A long site title too (issue 39: it took three lines on a phone and squeezed the search box).
export_file=$tmp/hostile.json build site-hostile --title "Fotografias, receitas e viagens da nossa comunidade de Lisboa e arredores"

# --- nginx: one foreground master, four servers --------------------------------------

ngx=$tmp/nginx
mkdir -p "$ngx/temp" "$ngx/html"
cat >"$ngx/nginx.conf" <<EOF
worker_processes 1;
pid $ngx/nginx.pid;
error_log $ngx/error.log warn;
events { worker_connections 128; }
http {
    include /etc/nginx/mime.types;
    types { application/manifest+json webmanifest; }
    default_type application/octet-stream;
    sendfile on;
    access_log $ngx/access.log;
    client_body_temp_path $ngx/temp/body;
    proxy_temp_path $ngx/temp/proxy;
    fastcgi_temp_path $ngx/temp/fastcgi;
    uwsgi_temp_path $ngx/temp/uwsgi;
    scgi_temp_path $ngx/temp/scgi;

    server {  # the site at the root
        listen 127.0.0.1:$port_root;
        root $tmp/site-root;
        index index.html;
        error_page 404 /404.html;
    }
    server {  # the site under a sub-path
        listen 127.0.0.1:$port_profiles;
        root $ngx/html;
        location /profiles/ {
            alias $tmp/site-profiles/;
            index index.html;
        }
        error_page 404 /profiles/404.html;
    }
    server {  # tiles 3:4
        listen 127.0.0.1:$port_tile;
        root $tmp/site-tile-3-4;
        index index.html;
        error_page 404 /404.html;
    }
    server {  # photos published by the site
        listen 127.0.0.1:$port_photos;
        root $tmp/site-photos;
        index index.html;
        error_page 404 /404.html;
    }
    server {  # the hostile variant of the export
        listen 127.0.0.1:$port_hostile;
        root $tmp/site-hostile;
        index index.html;
        error_page 404 /404.html;
    }
}
EOF
nginx -p "$ngx/" -e "$ngx/error.log" -c "$ngx/nginx.conf" -g 'daemon off;' >"$ngx/stdout.log" 2>&1 &
nginx_pid=$!
pids+=("$nginx_pid")
for url in "http://127.0.0.1:$port_root/" "http://127.0.0.1:$port_profiles/profiles/" "http://127.0.0.1:$port_tile/" \
  "http://127.0.0.1:$port_photos/" "http://127.0.0.1:$port_hostile/"; do
  if ! wait_http "$url" "$nginx_pid" 20; then
    cat "$ngx/stdout.log" "$ngx/error.log" >&2 2>/dev/null
    echo "e2e: nginx did not start" >&2
    exit 1
  fi
done
echo "e2e: nginx $(nginx -v 2>&1 | sed 's/.*nginx\///') on ports $port_root (root), $port_profiles (/profiles/), $port_tile (tile 3:4), $port_photos (photos), $port_hostile (hostile)"

check nginx-root python3 "$e2e/crawl.py" "http://127.0.0.1:$port_root/"
check nginx-profiles python3 "$e2e/crawl.py" "http://127.0.0.1:$port_profiles/profiles/" --expect-prefix /profiles/
check nginx-tile-3-4 python3 "$e2e/crawl.py" "http://127.0.0.1:$port_tile/"
check nginx-photos python3 "$e2e/crawl.py" "http://127.0.0.1:$port_photos/"
check photo-privacy python3 "$e2e/photo-privacy.py" "$tmp/site-photos" --originals "${photo_sources[@]}" \
  --camera SitegenCam "Leak 9000"

# h-card, h-entry and rel="me", read back by a microformats parser (mf2py).
check microformats-root python3 "$e2e/microformats.py" "http://127.0.0.1:$port_root/" "$tmp/site-root"
check microformats-profiles python3 "$e2e/microformats.py" "http://127.0.0.1:$port_profiles/profiles/" "$tmp/site-profiles"

# What a visitor notices (visitor.py): comment authors linked, no "@" before a name that is
# not a username, post titles told apart, absolute sitemap locations, Open Graph, icons.
check visitor-root python3 "$e2e/visitor.py" "$tmp/site-root"
check visitor-profiles python3 "$e2e/visitor.py" "$tmp/site-profiles"
check visitor-friendlypix python3 "$e2e/visitor.py" "$tmp/site-friendlypix" --no-usernames --export "$fpv/export.json"
check visitor-hostile python3 "$e2e/visitor.py" "$tmp/site-hostile"

# --- sitegen serve ---------------------------------------------------------------------

serve_check() {  # serve_check NAME BASE_PATH
  local name=$1 base_path=$2 port out url pid rc i
  port=$(free_port)
  out=$tmp/$name
  "$bin" serve "$export_file" --output "$out-site" --host 127.0.0.1 --port "$port" \
    --base-path "$base_path" --photo-cache "$photo_cache" >"$out.stdout" 2>"$out.stderr" &
  pid=$!
  pids+=("$pid")
  url=""
  for i in $(seq 600); do  # up to 60 s for the build and the first line
    url=$(sed -n 's/^sitegen: serving .* at \(http:[^ ]*\).*$/\1/p' "$out.stdout" | head -n 1)
    [ -n "$url" ] && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  if [ -z "$url" ]; then
    cat "$out.stdout" "$out.stderr" >&2
    echo "e2e: sitegen serve ($name) did not print 'sitegen: serving DIR at URL'" >&2
    stop_pid "$pid"
    forget_pid "$pid"
    result "$name" 1
    return
  fi
  echo "e2e: $(head -n 1 "$out.stdout")"
  case $url in */) ;; *) url=$url/ ;; esac
  check "$name" python3 "$e2e/crawl.py" "$url" --expect-prefix "$base_path"
  # It stops on SIGTERM, promptly and with status 0.
  kill -TERM "$pid"
  rc=""
  for i in $(seq 100); do
    if ! kill -0 "$pid" 2>/dev/null; then
      wait "$pid"
      rc=$?
      break
    fi
    sleep 0.1
  done
  if [ -z "$rc" ]; then
    echo "e2e: sitegen serve ($name) still running 10 s after SIGTERM" >&2
    stop_pid "$pid"
    rc=1
  elif [ "$rc" -ne 0 ]; then
    echo "e2e: sitegen serve ($name) exited with status $rc after SIGTERM" >&2
    cat "$out.stderr" >&2
  fi
  forget_pid "$pid"
  result "$name-sigterm" "$rc"
}

if "$bin" serve --help >/dev/null 2>&1; then
  serve_check serve-root /
  serve_check serve-profiles /profiles/
else
  echo "e2e: SKIPPED serve-root, serve-profiles: '$bin serve --help' fails (no serve command in this binary)"
fi

# --- headless Chromium ---------------------------------------------------------------------

# The sample's photos are made at the sizes the theme shows: sharp at 2x (--sharp).
sharp=()
[ -z "${SITEGEN_E2E_EXPORT:-}" ] && sharp=(--sharp)
check browser-root python3 "$e2e/browser.py" "http://127.0.0.1:$port_root/" "$tmp/site-root" \
  --artifacts "$artifacts/root" --axe "$axe" "${sharp[@]}"
check browser-profiles python3 "$e2e/browser.py" "http://127.0.0.1:$port_profiles/profiles/" "$tmp/site-profiles" \
  --artifacts "$artifacts/profiles" --axe "$axe" "${sharp[@]}"
check browser-tile-3-4 python3 "$e2e/browser.py" "http://127.0.0.1:$port_tile/" "$tmp/site-tile-3-4" \
  --tile 3:4 --artifacts "$artifacts/tile-3-4" "${sharp[@]}"
# 9 posts of 6 photos: 7 tiles show a photo, 2 a placeholder (truncated, 20000x20000).
check browser-photos python3 "$e2e/browser.py" "http://127.0.0.1:$port_photos/" "$tmp/site-photos" \
  --user lena --photos 7 --artifacts "$artifacts/photos"
# The hostile variant: its first profile with four posts has a 120-letter username.
check browser-hostile python3 "$e2e/browser.py" "http://127.0.0.1:$port_hostile/" "$tmp/site-hostile" \
  --artifacts "$artifacts/hostile" --axe "$axe"

if ! kill -0 "$nginx_pid" 2>/dev/null; then
  echo "e2e: nginx died during the tests" >&2
  cat "$ngx/error.log" >&2
  result nginx-alive 1
fi
# Anything nginx itself complained about (the 404 checks' "No such file" lines aside).
ngx_errors=$(grep -v 'No such file or directory' "$ngx/error.log" 2>/dev/null | grep '\[\(error\|crit\|alert\|emerg\)\]' | head -n 20)
[ -z "$ngx_errors" ] || printf 'e2e: nginx error log:\n%s\n' "$ngx_errors"

elapsed=$(python3 -c "import sys; print('%.1f' % (float(sys.argv[2]) - float(sys.argv[1])))" "$started" "$(date +%s.%N)")
echo "e2e: ${elapsed} s; screenshots in $artifacts/"
[ "$failed" -eq 0 ] || echo "e2e: failed: ${failed_names[*]}"
echo "e2e: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
