/* sitegen directory search. The index is sharded (SearchIndex.swift): search/index.json
   lists the keys, search/<bucket>.json holds the shards of the keys that hash to it. A
   query fetches the index and the one file holding the longest key that starts one of its
   words, never the whole list of users, so a query costs about the same at any size. A
   profile matches when each word of the query starts its username, a part of it (between
   . _ -) or a word of its name, in any order (folded: lower case, accents removed). A one-letter query filters the rows of the
   page. Without JavaScript the page is the plain list, paginated, with its jump list;
   where the index cannot be fetched (a page opened from disk), the page's rows alone are
   searched. */
(function () {
  "use strict";
  var form = document.querySelector("form[data-search]");
  var list = document.getElementById("directory");
  if (!form || !list) return;
  var input = form.querySelector("input[type=search]");
  if (!input) return;
  var status = document.getElementById("search-status");
  var empty = document.getElementById("search-empty");
  var folder = form.getAttribute("data-search") || "";
  var root = form.getAttribute("data-root") || "";
  var pagination = document.querySelector(".pagination");

  function fold(text) {
    var s = String(text || "").toLowerCase();
    if (s.normalize) s = s.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
    return s;
  }

  /* The username and each part of it (between . _ -), the name and each word of it, folded
     (SearchIndex.words). */
  var separators = /[\s._-]+/;
  function words(username, name) {
    var folded = fold(name), handle = fold(username);
    return [handle, folded].concat(folded.split(separators), handle.split(separators))
      .filter(function (w) { return w !== ""; });
  }

  /* The query's words, each of which must start a word of the user, in any order
     ("costa mariana" finds Mariana Costa); a query of one word may be a whole name. */
  function terms(query) {
    return query.split(separators).filter(function (t) { return t !== ""; });
  }

  function matches(username, name, query) {
    var w = words(username, name);
    function starts(t) {
      for (var i = 0; i < w.length; i++) if (w[i].lastIndexOf(t, 0) === 0) return true;
      return false;
    }
    return starts(query) || terms(query).every(starts);
  }

  var rows = Array.prototype.slice.call(list.querySelectorAll("li[data-uid]"));
  var rowByUid = {};
  rows.forEach(function (li) { rowByUid[li.getAttribute("data-uid")] = li; });
  var added = [];
  var index = null;      /* search/index.json: {buckets: n, complete: {key: true}, split: {key: true}} */
  var files = {};        /* bucket → its shards, by key */
  var latest = "";

  /* FNV-1a (32 bits) of the key's UTF-8, modulo the number of buckets (SearchIndex.bucket). */
  function bucket(key) {
    var bytes = new TextEncoder().encode(key);
    var hash = 2166136261;
    for (var i = 0; i < bytes.length; i++) {
      hash ^= bytes[i];
      hash = Math.imul(hash, 16777619) >>> 0;
    }
    return hash % index.buckets;
  }

  function getJSON(url) {
    return fetch(url).then(function (response) { return response.ok ? response.json() : null; });
  }

  function loadIndex() {
    if (index) return Promise.resolve(index);
    return getJSON(folder + "index.json").then(function (json) {
      if (!json) return null;
      index = { buckets: json.buckets || 1, complete: {}, split: {} };
      (json.complete || []).forEach(function (k) { index.complete[k] = true; });
      (json.split || []).forEach(function (k) { index.split[k] = true; });
      return index;
    });
  }

  /* The longest key of the index that starts the query, or "". */
  function keyFor(query) {
    var chars = Array.from ? Array.from(query) : query.split("");
    var best = "";
    for (var n = 2; n <= chars.length; n++) {
      var key = chars.slice(0, n).join("");
      if (index.split[key]) { best = key; continue; }
      if (index.complete[key]) best = key;
      break;
    }
    return best;
  }

  /* As _avatar: the published avatar (user[9] = [WebP srcset, JPEG], relative to the
     site root), a linked one (its URL), else the initial. */
  function avatar(user) {
    var span = document.createElement("span");
    span.className = "avatar";
    span.setAttribute("data-avatar", user[0]);
    span.style.setProperty("--hue", String(user[7]));
    var picture = user[9];
    if (!picture) {
      span.setAttribute("aria-hidden", "true");
      span.textContent = user[8];
      return span;
    }
    var img = document.createElement("img");
    img.alt = "";
    img.loading = "lazy";
    img.decoding = "async";
    if (typeof picture === "string") {
      img.referrerPolicy = "no-referrer";
      img.src = picture;
      span.appendChild(img);
      return span;
    }
    var element = document.createElement("picture");
    var source = document.createElement("source");
    source.type = "image/webp";
    source.srcset = picture[0].split(", ").map(function (c) { return root + c; }).join(", ");
    source.sizes = "48px";
    img.src = root + picture[1];
    element.appendChild(source);
    element.appendChild(img);
    span.appendChild(element);
    return span;
  }

  /* The theme's words in the page's language (index.mustache's #search-strings): plural
     forms chosen by the browser's CLDR rules, as sitegen chose them for the page. */
  var texts = {};
  try {
    texts = JSON.parse((document.getElementById("search-strings") || {}).textContent || "{}");
  } catch (e) {
    texts = {};
  }
  var lang = texts.lang || document.documentElement.lang || "en";
  var plurals = window.Intl && Intl.PluralRules ? new Intl.PluralRules(lang) : null;
  function number(n) { return Number(n).toLocaleString(lang); }
  function label(key, n, values) {
    var forms = texts[key] || {};
    /* A "zero" form is the form of 0 in every language, as sitegen has it (Strings.form). */
    var form = (n === 0 && forms.zero) || forms[plurals ? plurals.select(n) : "other"] || forms.other || "{count}";
    var out = form.replace("{count}", number(n));
    Object.keys(values || {}).forEach(function (name) { out = out.replace("{" + name + "}", values[name]); });
    return out;
  }

  /* A row like _userrow's, for a user of a shard that is not on this page. */
  function makeRow(user) {
    var li = document.createElement("li");
    li.className = "row";
    li.setAttribute("data-uid", user[0]);
    li.setAttribute("data-username", user[1]);
    li.setAttribute("data-name", user[2]);
    var a = document.createElement("a");
    a.className = "row-link";
    a.href = root + user[3];
    a.appendChild(avatar(user));
    a.appendChild(document.createTextNode(" "));
    var text = document.createElement("span");
    text.className = "row-text";
    var name = document.createElement("span");
    name.className = "row-username";
    name.textContent = user[1];
    text.appendChild(name);
    if (user[2]) {
      var full = document.createElement("span");
      full.className = "row-name";
      full.dir = "auto";
      full.textContent = user[2];
      text.appendChild(full);
    }
    var counts = document.createElement("span");
    counts.className = "row-counts";
    // An app that keeps no follows has no follower counts (null): the row leaves them out.
    // A private account has no counts at all (null posts): the row says it is private.
    counts.textContent = user[4] === null ? (texts["private"] || "") :
      label("posts", user[4]) + (user[5] === null ? "" : " · " + label("followers", user[5]) + " · " + label("following", user[6]));
    text.appendChild(counts);
    a.appendChild(text);
    li.appendChild(a);
    return li;
  }

  function clearAdded() {
    added.forEach(function (li) { if (li.parentNode) li.parentNode.removeChild(li); });
    added = [];
  }

  function show(found, total, query) {
    settled();
    clearAdded();
    var shown = {};
    rows.forEach(function (li) { li.hidden = true; });
    found.forEach(function (user) {
      var li = rowByUid[user[0]];
      if (li) {
        li.hidden = false;
        list.appendChild(li);
      } else {
        li = makeRow(user);
        list.appendChild(li);
        added.push(li);
      }
      shown[user[0]] = true;
    });
    if (pagination) pagination.hidden = true;
    if (empty) empty.hidden = found.length !== 0;
    if (status) {
      status.textContent = total > found.length
        ? label("showing", total, { shown: number(found.length), query: query })
        : label("found", found.length);
    }
  }

  /* Arriving with ?q=, the page's rows are kept out of sight (their space kept) until the
     results replace them (index.mustache's head script): no list that shows, then jumps. */
  function settled() {
    document.documentElement.classList.remove("searching");
  }

  function reset() {
    settled();
    clearAdded();
    rows.forEach(function (li) { li.hidden = false; list.appendChild(li); });
    if (pagination) pagination.hidden = false;
    if (empty) empty.hidden = true;
    if (status) status.textContent = "";
  }

  /* The page's own rows, for a one-letter query or without the index. */
  function searchPage(query) {
    var found = [];
    rows.forEach(function (li) {
      if (matches(li.getAttribute("data-username"), li.getAttribute("data-name"), query)) {
        found.push([li.getAttribute("data-uid")]);
      }
    });
    show(found, found.length, query);
  }

  function apply() {
    var query = fold(input.value).trim().replace(/^@/, "");
    latest = query;
    if (query === "") { reset(); return; }
    var chars = Array.from ? Array.from(query) : query.split("");
    if (chars.length < 2 || !window.fetch || !window.TextEncoder || !folder) { searchPage(query); return; }
    loadIndex().then(function (idx) {
      if (latest !== query) return;
      if (!idx) { searchPage(query); return; }
      /* The shard of the query's most telling word: a complete key (its shard holds every
         user), else the longest. */
      var key = "", term = query;
      terms(query).forEach(function (t) {
        var k = keyFor(t);
        if (!k) return;
        var better = !key || (index.complete[k] && !index.complete[key]) ||
          (!!index.complete[k] === !!index.complete[key] && Array.from(k).length > Array.from(key).length);
        if (better) { key = k; term = t; }
      });
      if (!key) { show([], 0, query); return; }
      var b = bucket(key);
      return (files[b] ? Promise.resolve(files[b]) : getJSON(folder + b + ".json")).then(function (file) {
        if (!file || latest !== query) return;
        files[b] = file;
        var shard = file[key] || { count: 0, users: [] };
        var found = shard.users.filter(function (u) { return matches(u[1], u[2], query); });
        var total = index.split[key] && term === query && chars.length === Array.from(key).length ? shard.count : found.length;
        show(found, total, query);
      });
    }).catch(function () { if (latest === query) searchPage(query); else settled(); });
  }

  var timer = 0;
  input.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(apply, 80);
  });
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    apply();
  });

  var match = /[?&]q=([^&#]*)/.exec(window.location.search);
  if (match) {
    try {
      input.value = decodeURIComponent(match[1].replace(/\+/g, " "));
    } catch (e) {
      /* a malformed query string: ignore it */
    }
  }
  if (input.value) apply();
  else settled();
})();
