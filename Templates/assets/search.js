/* sitegen directory filter. users.json (every profile: uid, username, name, counts)
   feeds it: as you type, the rows of the list whose username or name contains the
   query stay, the others hide. Without JavaScript the page is the plain, complete
   list; where users.json cannot be fetched (a page opened from disk), the rows' own
   data-username and data-name attributes stand in for it. */
(function () {
  "use strict";
  var form = document.querySelector("form[data-search]");
  var list = document.getElementById("directory");
  if (!form || !list) return;
  var input = form.querySelector("input[type=search]");
  if (!input) return;
  var status = document.getElementById("search-status");
  var empty = document.getElementById("search-empty");
  var source = form.getAttribute("data-search");

  function fold(text) {
    var s = String(text || "").toLowerCase();
    if (s.normalize) s = s.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
    return s;
  }

  var rows = Array.prototype.slice.call(list.querySelectorAll("li[data-uid]"));
  if (rows.length === 0) return;
  var rowByUid = {};
  rows.forEach(function (li) { rowByUid[li.getAttribute("data-uid")] = li; });

  /* [row, search key] for every profile; from the rows until users.json arrives. */
  var entries = rows.map(function (li) {
    return [li, fold(li.getAttribute("data-username")) + "\n" + fold(li.getAttribute("data-name"))];
  });

  function apply() {
    var query = fold(input.value).trim().replace(/^@/, "");
    var shown = 0;
    for (var i = 0; i < entries.length; i++) {
      var match = query === "" || entries[i][1].indexOf(query) !== -1;
      entries[i][0].hidden = !match;
      if (match) shown++;
    }
    if (empty) empty.hidden = shown !== 0;
    if (status) {
      status.textContent = query === "" ? "" : shown + (shown === 1 ? " profile" : " profiles") + " found";
    }
  }

  if (source && window.fetch) {
    fetch(source)
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (users) {
        if (!Array.isArray(users)) return;
        var fromJSON = [];
        users.forEach(function (user) {
          var li = rowByUid[user.uid];
          if (li) fromJSON.push([li, fold(user.username) + "\n" + fold(user.name)]);
        });
        if (fromJSON.length === 0) return;
        entries = fromJSON;
        if (input.value) apply();
      })
      .catch(function () { /* opened from disk: the rows' attributes serve */ });
  }

  var timer = 0;
  input.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(apply, entries.length > 2000 ? 120 : 0);
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
  form.hidden = false;
  if (input.value) apply();
})();
