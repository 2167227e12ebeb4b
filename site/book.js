// book.js: keyboard navigation, the phone menu, source line highlighting and
// full-text search over the index the build wrote (window.BOOK_INDEX).
// No network requests: everything is in the page or next to it.
(function () {
  "use strict";
  var base = document.body.getAttribute("data-base") || "";

  // Arrow keys: previous and next page, unless typing.
  document.addEventListener("keydown", function (e) {
    var t = e.target;
    var typing = t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA");
    if (e.key === "/" && !typing) {
      e.preventDefault();
      document.getElementById("search").focus();
      return;
    }
    if (typing || e.altKey || e.ctrlKey || e.metaKey) return;
    var rel = e.key === "ArrowLeft" ? "prev" : e.key === "ArrowRight" ? "next" : "";
    var link = rel && document.querySelector('link[rel="' + rel + '"]');
    if (link) window.location.href = link.href;
  });

  // The phone menu.
  var menu = document.getElementById("menu");
  menu.addEventListener("click", function () {
    var open = document.body.classList.toggle("nav-open");
    menu.setAttribute("aria-expanded", open ? "true" : "false");
  });

  // Source pages: highlight #L10-L20 and scroll to it.
  function highlight() {
    var m = /^#L(\d+)(?:-L(\d+))?$/.exec(window.location.hash);
    document.querySelectorAll(".hl-range").forEach(function (el) { el.classList.remove("hl-range"); });
    if (!m) return;
    var from = +m[1], to = +(m[2] || m[1]), first = null;
    for (var i = from; i <= to; i++) {
      var el = document.getElementById("L" + i);
      var line = el && (el.closest(".line") || el);
      if (line) { line.classList.add("hl-range"); first = first || line; }
    }
    if (first) first.scrollIntoView({ block: "center" });
  }
  window.addEventListener("hashchange", highlight);
  highlight();

  // Search.
  var input = document.getElementById("search");
  var list = document.getElementById("results");
  var index = window.BOOK_INDEX || [];
  function words(s) { return s.toLowerCase().split(/[^a-z0-9\-]+/).filter(Boolean); }
  function escapeRe(s) { return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); }
  // score counts the terms at word starts: every term must occur; a hit in
  // the section title weighs ten, the whole phrase in the text twenty.
  function score(entry, terms, phrase) {
    var title = entry.t.toLowerCase(), text = entry.x.toLowerCase(), s = 0;
    for (var i = 0; i < terms.length; i++) {
      var re = new RegExp("(^|[^a-z0-9])" + escapeRe(terms[i]), "g");
      var inTitle = re.test(title);
      re.lastIndex = 0;
      var n = (text.match(re) || []).length;
      if (!inTitle && !n) return 0;
      s += (inTitle ? 10 : 0) + Math.min(n, 5);
    }
    if (terms.length > 1 && text.indexOf(phrase) >= 0) s += 20;
    return s;
  }
  function snippet(text, phrase, terms) {
    var lower = text.toLowerCase(), i = lower.indexOf(phrase);
    if (i < 0) {
      var longest = terms.slice().sort(function (a, b) { return b.length - a.length; })[0];
      i = lower.search(new RegExp("(^|[^a-z0-9])" + escapeRe(longest)));
    }
    if (i < 0) return text.slice(0, 140);
    var from = Math.max(0, i - 60);
    return (from > 0 ? "…" : "") + text.slice(from, from + 160) + "…";
  }
  function show() {
    var terms = words(input.value), phrase = terms.join(" ");
    list.innerHTML = "";
    if (!terms.length) { list.hidden = true; return; }
    var hits = index.map(function (e) { return { e: e, s: score(e, terms, phrase) }; })
      .filter(function (h) { return h.s > 0; })
      .sort(function (a, b) { return b.s - a.s; }).slice(0, 12);
    if (!hits.length) {
      var li = document.createElement("li");
      li.className = "none";
      li.textContent = "No section mentions all of: " + terms.join(" ");
      list.appendChild(li);
    }
    hits.forEach(function (h) {
      var li = document.createElement("li"), a = document.createElement("a");
      var title = document.createElement("strong"), page = document.createElement("span"), p = document.createElement("p");
      a.href = base + h.e.u;
      title.textContent = h.e.t;
      page.textContent = h.e.p === h.e.t ? "" : " · " + h.e.p;
      p.textContent = snippet(h.e.x, phrase, terms);
      a.appendChild(title); a.appendChild(page); a.appendChild(p);
      li.appendChild(a); list.appendChild(li);
    });
    list.hidden = false;
  }
  input.addEventListener("input", show);
  // ?q=words opens the page with a search already typed in.
  var q = /[?&]q=([^&]*)/.exec(window.location.search);
  if (q) { input.value = decodeURIComponent(q[1].replace(/\+/g, " ")); show(); }
  input.addEventListener("keydown", function (e) {
    if (e.key === "Escape") { input.value = ""; show(); input.blur(); }
    if (e.key === "Enter") {
      var first = list.querySelector("a");
      if (first) window.location.href = first.href;
    }
  });
  document.addEventListener("click", function (e) {
    if (!e.target.closest(".search")) list.hidden = true;
  });
})();
