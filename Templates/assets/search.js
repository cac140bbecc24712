/* sitegen directory filter: filters the rendered list as you type.
   Without JavaScript the page is the plain, complete list. */
(function () {
  "use strict";
  var form = document.querySelector("form[data-search]");
  var list = document.getElementById("directory");
  if (!form || !list) return;
  var input = form.querySelector("input[type=search]");
  if (!input) return;
  var status = document.getElementById("search-status");
  var empty = document.getElementById("search-empty");

  function fold(text) {
    var s = String(text || "").toLowerCase();
    if (s.normalize) s = s.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
    return s;
  }

  var items = Array.prototype.slice.call(list.querySelectorAll("li[data-username]"));
  if (items.length === 0) return;
  var keys = items.map(function (li) {
    return fold(li.getAttribute("data-username")) + "\n" + fold(li.getAttribute("data-name"));
  });

  function apply() {
    var query = fold(input.value).trim().replace(/^@/, "");
    var shown = 0;
    for (var i = 0; i < items.length; i++) {
      var match = query === "" || keys[i].indexOf(query) !== -1;
      items[i].hidden = !match;
      if (match) shown++;
    }
    if (empty) empty.hidden = shown !== 0 || items.length === 0;
    if (status) {
      status.textContent = query === "" ? "" : shown + (shown === 1 ? " profile" : " profiles") + " found";
    }
  }

  var timer = 0;
  input.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(apply, items.length > 2000 ? 120 : 0);
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
