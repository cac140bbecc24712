#!/usr/bin/env bash
# The release as a user gets it (scripts/release must have run): the tarball's binary,
# installed by its own `install` script, run outside the checkout; then, in a minimal
# Debian root with no Swift and no -dev package (debootstrap --variant=minbase bookworm,
# cached in $SITEGEN_TEST_ROOTS, default /var/cache/sitegen-test), the .deb installed by
# apt with what it depends on, and the tarball's binary before libvips is there. Checks: --version, init,
# init --sample and a build there with every photo published, build with the built-in
# theme (the same site the checkout builds, photos and all) and from the export
# gzipped, audit --fix to a .gz, build with one template overridden, the config file's
# one-line errors, the man page and completions.
# Prints `release: N passed, M failed` last; exit 1 on any failure.
set -uo pipefail
cd "$(dirname "$0")/../.."
repo=$PWD
tarball=$(ls dist/sitegen-*-linux-*.tar.gz 2>/dev/null | head -n 1)
deb_file=$(ls dist/sitegen_*.deb 2>/dev/null | head -n 1)
[ -n "$tarball" ] && [ -n "$deb_file" ] || { echo "release: no dist/sitegen-*.tar.gz or dist/sitegen_*.deb (run scripts/release)"; echo "release: 0 passed, 1 failed"; exit 1; }
passed=0 failed=0
check() {  # check NAME COMMAND...: counts the command's success
  local name=$1; shift
  if "$@" >/tmp/sitegen-release-check.txt 2>&1; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "release: FAILED: $name"
    sed 's/^/    /' /tmp/sitegen-release-check.txt | head -n 20
  fi
}
work=$(mktemp -d /tmp/sitegen-release.XXXXXX)
root_mounts=()
cleanup() {
  for m in "${root_mounts[@]}"; do umount -l "$m" 2>/dev/null; done
  rm -rf "$work"
}
trap cleanup EXIT

# The site the checkout builds from the sample export (its photos from content/storage/),
# and from the export alone (photos left on Storage), for comparison.
swift_bin=.build/debug/sitegen
[ -x "$swift_bin" ] || swift_bin=.build-release/release/sitegen
# SITEGEN_PHOTO_CACHE (scripts/test's): the sample's photos as the tests encoded them;
# the release binary's own builds below encode theirs, and must publish the same bytes.
"$swift_bin" build content/export.json --output "$work/reference" ${SITEGEN_PHOTO_CACHE:+--photo-cache "$SITEGEN_PHOTO_CACHE"} >/dev/null 2>&1
mkdir -p "$work/plain" && cp content/export.json "$work/plain/"
"$swift_bin" build "$work/plain/export.json" --output "$work/reference-plain" >/dev/null 2>&1

# sample_published FOLDER: the site in FOLDER/public shows every one of the sample's 186
# photos (166 posts' and 20 more albums' photos; the video post's still replaced by the
# video's poster where FFmpeg is installed) and 12 avatars (one published picture each,
# named by its hash; no placeholder, no Storage link).
sample_published() {
  local pictures
  pictures=$(ls "$1/public/assets/img" | cut -c1-32 | sort -u | wc -l)
  [ "$pictures" -eq 198 ] || { echo "$pictures photos and avatars published, not 186 + 12"; return 1; }
  ! grep -rlE 'photo-missing|firebasestorage' "$1/public" --include='*.html'
}

# --- Outside the checkout: unpack, install into a prefix, use it from a folder of its own.
mkdir -p "$work/unpacked" "$work/home"
tar -xzf "$tarball" -C "$work/unpacked"
check "install into a prefix" "$work"/unpacked/sitegen-*/install "$work/prefix"
export PATH="$work/prefix/bin:$PATH"
version=$(sitegen --version)
check "--version names the tarball's version" bash -c "[[ '$tarball' == *sitegen-$version-linux-* ]]"
check "--version with no Swift on the library path" env -i PATH=/usr/bin:/bin "$work/prefix/bin/sitegen" --version
check "the man page is a man page" grep -q '^\.Dt SITEGEN 1' "$work/prefix/share/man/man1/sitegen.1"
check "the bash completion parses" bash -n "$work/prefix/share/bash-completion/completions/sitegen"
check "help lists init" bash -c "sitegen help | grep -q '  init '"

cd "$work/home"
check "init --sample" sitegen init --sample demo
start=$(date +%s%N)
check "build in the sample folder" bash -c "cd demo && sitegen build"
end=$(date +%s%N)
echo "release: cold build of the sample from the release binary: $(( (end - start) / 1000000 )) ms"
check "the sample's photos are published" sample_published demo
check "the sample is the checkout's, photos and all" diff -r -x .sitegen-manifest "$work/reference" demo/public
# The demo's build above encoded every photo with this binary (and matched the checkout's
# bytes); the builds below take them from a photo cache (docs/site.md), the run's own
# where scripts/test gave one: the same bytes, in a fraction of the processor time.
[ -n "${SITEGEN_PHOTO_CACHE:-}" ] && [ -d "$SITEGEN_PHOTO_CACHE" ] && cp -r "$SITEGEN_PHOTO_CACHE" "$work/photo-cache"
check "init" sitegen init mysite
check "build before the export is there says what to do, exit 2" bash -c \
  "cd mysite && { sitegen build 2>err.txt; [ \$? -eq 2 ]; } && grep -q 'content/export.json: no export yet: .*sitegen init --sample' err.txt && [ \$(wc -l <err.txt) -eq 1 ]"
cp "$repo/content/export.json" mysite/content/
cp -r "$repo/content/storage" mysite/content/
check "build with the built-in theme" bash -c "cd mysite && sitegen build --photo-cache ../photo-cache"
check "the same site as the checkout builds" diff -r -x .sitegen-manifest "$work/reference" mysite/public
check "init refuses an existing site" bash -c "! sitegen init mysite 2>/dev/null"
gzip -c "$repo/content/export.json" >mysite/content/export.json.gz
# From the photo cache the build before filled (docs/site.md): the same site again.
check "build from a gzip export" bash -c "cd mysite && sitegen build content/export.json.gz --output gz-public --photo-cache ../photo-cache 2>err.txt && grep -q ' 0 encoded, 0 unchanged, 198 from the photo cache' err.txt"
check "the same site from the .gz" diff -r -x .sitegen-manifest "$work/reference" mysite/gz-public
check "audit --fix writes gzip" bash -c "cd mysite && { sitegen audit content/export.json.gz --fix --output fixed.json.gz >/dev/null; [ \$? -le 1 ]; } && gzip -t fixed.json.gz"

mkdir -p mysite/Templates
{ cat "$repo/Templates/_tile.mustache"; echo "<!-- my tile -->"; } >mysite/Templates/_tile.mustache
check "build with one template overridden" bash -c "cd mysite && sitegen build"
check "the override is on the pages" grep -rq -- "<!-- my tile -->" mysite/public/u
check "the other files stay built in" cmp "$repo/Templates/assets/site.css" mysite/public/assets/site.css

config_error() {  # config_error TOML EXPECTED-STDERR
  printf '%s' "$1" >mysite/sitegen.toml
  local out status
  out=$(cd mysite && sitegen build 2>&1); status=$?
  [ "$status" -eq 2 ] && [ "$out" = "$2" ] || { echo "status $status, said: $out"; return 1; }
}
check "config: unknown key" config_error $'title = "x"\ncolour = "red"\n' \
  "sitegen: sitegen.toml:2: unknown key 'colour' (known: export, output, title, base_url, page_size, list_size, tile, language, templates, exclude, photos, atomic_switch, schema)"
check "config: wrong type" config_error $'page_size = "60"\n' "sitegen: sitegen.toml:1: page_size must be an integer, not a string"
check "config: bad TOML" config_error $'title = "x\n' \
  "sitegen: sitegen.toml:1:11: invalid TOML: Error while parsing string: unescaped control characters other than TAB (U+0009) are explicitly prohibited"
check "config: bad value" config_error $'tile = "16:9"\n' 'sitegen: sitegen.toml:1: tile must be "1:1" or "3:4"'
cd "$repo"

# --- In a minimal Debian root: no Swift, no cmark-gfm, nothing but what minbase has.
roots=${SITEGEN_TEST_ROOTS:-/var/cache/sitegen-test}
base="$roots/bookworm"
if [ ! -x "$base/bin/bash" ]; then
  mirror=$(awk '/^URIs:/ {print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null)
  [ -n "$mirror" ] || mirror=$(awk '/^deb / {print $2; exit}' /etc/apt/sources.list 2>/dev/null)
  echo "release: making a minimal Debian root in $base (debootstrap, once)"
  rm -rf "$base.tmp" && mkdir -p "$roots"
  if debootstrap --variant=minbase bookworm "$base.tmp" "$mirror" >"$work/debootstrap.log" 2>&1; then
    mv "$base.tmp" "$base"
  else
    tail -n 5 "$work/debootstrap.log"
  fi
fi
if [ -x "$base/bin/bash" ]; then
  # A throwaway view of the cached root: an overlay (or a copy where overlays fail).
  chroot_dir="$work/root"
  mkdir -p "$work/upper" "$work/overlay-work" "$chroot_dir"
  if mount -t overlay overlay -o "lowerdir=$base,upperdir=$work/upper,workdir=$work/overlay-work" "$chroot_dir" 2>/dev/null; then
    root_mounts+=("$chroot_dir")
  else
    cp -a "$base/." "$chroot_dir/"
  fi
  mount -t proc proc "$chroot_dir/proc" && root_mounts=("$chroot_dir/proc" "${root_mounts[@]}")
  cp "$tarball" "$deb_file" "$chroot_dir/root/"
  cp content/export.json "$chroot_dir/root/export.json"
  # apt reaches the host's mirrors, as a user's machine would.
  cp /etc/resolv.conf "$chroot_dir/etc/resolv.conf"
  [ -f /etc/apt/sources.list.d/debian.sources ] && cp /etc/apt/sources.list.d/debian.sources "$chroot_dir/etc/apt/sources.list.d/" &&
    : >"$chroot_dir/etc/apt/sources.list"
  in_root() { chroot "$chroot_dir" /usr/bin/env -i HOME=/root PATH=/usr/local/bin:/usr/bin:/bin /bin/bash -c "$1"; }
  check "root: no Swift, no cmark-gfm, no libvips" in_root '! command -v swift && ! ls /usr/lib/x86_64-linux-gnu/libcmark* /usr/lib/x86_64-linux-gnu/libvips* 2>/dev/null'
  # Without libvips: the tarball installs (naming libvips42 for photos) and builds a site
  # whose photos stay on Storage; a site with photos to publish stops with one line and
  # writes nothing.
  check "root: the tarball installs without libvips, and says photos need it" in_root \
    'cd /root && tar -xzf sitegen-*.tar.gz && sitegen-*/install /opt/sitegen 2>err.txt && grep -q "apt-get install libvips42" err.txt'
  check "root: without libvips, the tarball's binary builds the sample" in_root \
    'cd /root && /opt/sitegen/bin/sitegen build export.json --output tar-public'
  check "root: the same site from the tarball's binary" diff -r -x .sitegen-manifest "$work/reference-plain" "$chroot_dir/root/tar-public"
  check "root: without libvips, init --sample writes the photos and the build says libvips is needed" in_root \
    'cd /root && /opt/sitegen/bin/sitegen init --sample nolibvips >/dev/null && [ "$(ls nolibvips/content/storage/images/posts | wc -l)" -eq 186 ] &&
     cd nolibvips && { /opt/sitegen/bin/sitegen build 2>err.txt; [ $? -eq 2 ]; } && grep -q "apt-get install libvips42" err.txt && ! test -e public'

  cp Tests/SitegenTestSupport/Fixtures/photos/timeline/export.json "$chroot_dir/root/photos.json"
  check "root: without libvips, a site with photos stops with one line, exit 2" in_root \
    'cd /root && { /opt/sitegen/bin/sitegen build photos.json --output photo-public 2>err.txt; [ $? -eq 2 ]; } && cat err.txt && [ "$(wc -l <err.txt)" -eq 1 ] &&
     grep -q "photos.json: its photos need libvips, which cannot be loaded (libvips.so.42: cannot open shared object file" err.txt &&
     grep -q "apt-get install libvips42" err.txt && ! test -e photo-public'
  start=$(date +%s)
  check "root: apt installs the .deb and what it depends on" in_root \
    'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends -o Dpkg::Options::=--force-unsafe-io /root/sitegen_*.deb'
  echo "release: apt-get install of the .deb in the root: $(( $(date +%s) - start )) s"
  check "root: --version" in_root "[ \"\$(sitegen --version)\" = '$version' ] && [ \"\$(command -v sitegen)\" = /usr/bin/sitegen ]"
  check "root: the man page" in_root 'test -s /usr/share/man/man1/sitegen.1.gz'
  check "root: init" in_root 'cd /root && sitegen init mysite && cp export.json mysite/content/'
  check "root: build" in_root 'cd /root/mysite && sitegen build'
  check "root: the same site as the checkout builds" diff -r -x .sitegen-manifest "$work/reference-plain" "$chroot_dir/root/mysite/public"
  check "root: build from a gzip export" in_root 'cd /root && gzip -c export.json >export.json.gz && sitegen build export.json.gz --output gz-public'
  check "root: the same site from the .gz" diff -r -x .sitegen-manifest "$work/reference-plain" "$chroot_dir/root/gz-public"
  # The photos from the cache the builds outside filled; the root's libvips encodes the
  # photo fixture's below.
  cp -r "$work/photo-cache" "$chroot_dir/root/photo-cache"
  check "root: init --sample and build: the sample's photos are published" in_root \
    'cd /root && sitegen init --sample demo >/dev/null && cd demo && sitegen build --photo-cache /root/photo-cache'
  check "root: the sample's photos" sample_published "$chroot_dir/root/demo"
  check "root: with libvips, the photos are published" in_root \
    'cd /root && sitegen build photos.json --output photo-public 2>err.txt; ls photo-public/assets/img/*.webp photo-public/assets/img/*.jpg >/dev/null && ! grep -q libvips err.txt'
else
  failed=$((failed + 1))
  echo "release: FAILED: no Debian root to test in (debootstrap failed)"
fi

echo "release: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
