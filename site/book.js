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
  // words splits a query into its distinct terms (a pasted page of text is
  // cut to its first 64, so a search never stalls the page).
  function words(s) {
    var seen = {};
    return s.toLowerCase().split(/[^a-z0-9\-]+/).filter(function (w) {
      if (!w || seen[w]) return false;
      seen[w] = true;
      return true;
    }).slice(0, 64);
  }
  function escapeRe(s) { return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); }
  // score counts the terms at word starts: every term must occur; a hit in
  // the section title weighs ten, the whole phrase in the text twenty, and
  // a section titled exactly as the query (a chapter's own page) thirty.
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
    if (words(entry.t).join(" ") === phrase) s += 30;
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
  // hitHref links a hit with the query, so that its page marks the words.
  function hitHref(url, phrase) {
    var hash = url.indexOf("#"), q = "?hl=" + encodeURIComponent(phrase);
    return base + (hash < 0 ? url + q : url.slice(0, hash) + q + url.slice(hash));
  }
  var active = -1; // the result ↑ and ↓ have marked, -1 for none
  function mark(i) {
    var links = list.querySelectorAll("a");
    if (!links.length) return;
    active = (i + links.length) % links.length;
    links.forEach(function (a, j) {
      a.classList.toggle("active", j === active);
      a.setAttribute("aria-selected", j === active ? "true" : "false");
    });
    links[active].scrollIntoView({ block: "nearest" });
  }
  function show() {
    var terms = words(input.value), phrase = terms.join(" ");
    active = -1;
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
      var kind = document.createElement("span");
      kind.className = "kind";
      kind.textContent = h.e.k;
      a.href = hitHref(h.e.u, phrase);
      title.textContent = h.e.t;
      page.textContent = h.e.p === h.e.t ? "" : " · " + h.e.p;
      p.textContent = snippet(h.e.x, phrase, terms);
      a.appendChild(kind); a.appendChild(title); a.appendChild(page); a.appendChild(p);
      li.appendChild(a); list.appendChild(li);
    });
    list.hidden = false;
  }
  input.addEventListener("input", show);
  // ?q=words opens the page with a search already typed in.
  // A malformed escape (?q=%) is taken as typed, not thrown.
  var q = /[?&]q=([^&]*)/.exec(window.location.search);
  if (q) {
    var typed = q[1].replace(/\+/g, " ");
    try { typed = decodeURIComponent(typed); } catch (err) { /* keep it as typed */ }
    input.value = typed;
    show();
  }
  input.addEventListener("keydown", function (e) {
    if (e.key === "Escape") { input.value = ""; show(); input.blur(); }
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      mark(e.key === "ArrowDown" ? active + 1 : active < 0 ? -1 : active - 1);
    }
    if (e.key === "Enter") {
      var links = list.querySelectorAll("a"), pick = links[active < 0 ? 0 : active];
      if (pick) window.location.href = pick.href;
    }
  });
  document.addEventListener("click", function (e) {
    if (!e.target.closest(".search")) list.hidden = true;
  });

  // A page opened from a search hit (?hl=words) marks the words in its
  // text, outside code, the first 200 of them.
  var hl = /[?&]hl=([^&#]*)/.exec(window.location.search);
  if (hl) {
    var wanted = "";
    try { wanted = decodeURIComponent(hl[1].replace(/\+/g, " ")); } catch (err) { /* nothing to mark */ }
    markWords(words(wanted));
  }
  function markWords(terms) {
    var article = document.querySelector("article");
    if (!terms.length || !article) return;
    var re = new RegExp("(^|[^a-z0-9])(" + terms.map(escapeRe).join("|") + ")", "gi");
    var walker = document.createTreeWalker(article, NodeFilter.SHOW_TEXT, {
      acceptNode: function (n) {
        return n.parentNode.closest("pre, code, script, svg, mark") ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT;
      }
    });
    var nodes = [], marked = 0;
    while (walker.nextNode()) nodes.push(walker.currentNode);
    nodes.forEach(function (n) {
      var text = n.nodeValue, last = 0, frag = null, m;
      re.lastIndex = 0;
      while (marked < 200 && (m = re.exec(text))) {
        var start = m.index + m[1].length, end = start + m[2].length;
        frag = frag || document.createDocumentFragment();
        frag.appendChild(document.createTextNode(text.slice(last, start)));
        var mk = document.createElement("mark");
        mk.className = "hit";
        mk.textContent = text.slice(start, end);
        frag.appendChild(mk);
        last = end;
        marked++;
      }
      if (frag) {
        frag.appendChild(document.createTextNode(text.slice(last)));
        n.parentNode.replaceChild(frag, n);
      }
    });
  }

  // Wide tables scroll inside their box; mark the ones that do.
  function markScrolling() {
    document.querySelectorAll("article table").forEach(function (t) {
      t.classList.toggle("scrolls", t.scrollWidth > t.clientWidth + 1);
    });
  }
  window.addEventListener("resize", markScrolling);
  markScrolling();

  // On this page: folded above the text on narrow screens, and the section
  // being read marked as the page scrolls.
  var contents = document.querySelector(".contents details");
  if (contents && window.matchMedia("(max-width: 1250px)").matches) contents.open = false;
  var links = Array.prototype.slice.call(document.querySelectorAll(".contents a"));
  var targets = links.map(function (a) { return document.getElementById(decodeURIComponent(a.hash.slice(1))); });
  function track() {
    // A section is being read once its heading has reached the place an
    // anchor jump puts it: its scroll margin below the window's top.
    var current = -1;
    for (var i = 0; i < targets.length; i++) {
      var h = targets[i];
      if (h && h.getBoundingClientRect().top <= parseFloat(getComputedStyle(h).scrollMarginTop) + 2) current = i;
    }
    links.forEach(function (a, i) {
      a.classList.toggle("active", i === current);
      if (i === current) a.setAttribute("aria-current", "location"); else a.removeAttribute("aria-current");
    });
  }
  var pending = false;
  window.addEventListener("scroll", function () {
    if (pending) return;
    pending = true;
    window.requestAnimationFrame(function () { pending = false; track(); });
  }, { passive: true });
  window.addEventListener("hashchange", track);
  track();

  // A copy button on every code block; the clipboard API where the page may
  // use it, a selection and execCommand where it may not (file://).
  function copyText(text, done) {
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(done, function () { done(false); });
      return;
    }
    var area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    var ok = false;
    try { ok = document.execCommand("copy"); } catch (err) { ok = false; }
    document.body.removeChild(area);
    done(ok);
  }
  document.querySelectorAll("article pre.chroma").forEach(function (pre) {
    var button = document.createElement("button");
    button.className = "copy";
    button.type = "button";
    button.textContent = "copy";
    button.setAttribute("aria-label", "copy the code");
    button.addEventListener("click", function () {
      var code = pre.querySelector("code") || pre;
      copyText(code.innerText.replace(/\n$/, ""), function (ok) {
        button.textContent = ok === false ? "press Ctrl-C" : "copied";
        setTimeout(function () { button.textContent = "copy"; }, 1500);
      });
    });
    var box = pre.closest("figure.code") || pre;
    box.classList.add("has-copy");
    box.appendChild(button);
  });

  // The theme button: auto (the system's), then the other colour, then the
  // system's colour by choice, then auto again. The choice is kept.
  var themeButton = document.getElementById("theme");
  var systemDark = window.matchMedia("(prefers-color-scheme: dark)");
  function theme() { return document.documentElement.getAttribute("data-theme") || "auto"; }
  function showTheme() {
    themeButton.textContent = theme();
    themeButton.setAttribute("aria-label", "colour theme: " + theme() + " (change)");
  }
  themeButton.addEventListener("click", function () {
    var sys = systemDark.matches ? "dark" : "light", other = sys === "dark" ? "light" : "dark";
    var next = theme() === "auto" ? other : theme() === other ? sys : "auto";
    if (next === "auto") document.documentElement.removeAttribute("data-theme");
    else document.documentElement.setAttribute("data-theme", next);
    try {
      if (next === "auto") localStorage.removeItem("cb2026-theme"); else localStorage.setItem("cb2026-theme", next);
    } catch (err) { /* no storage: the choice lasts this page */ }
    showTheme();
  });
  showTheme();

  // A code block or table wider than its column scrolls; it takes the
  // keyboard's focus, so that the arrow keys scroll it too.
  document.querySelectorAll("pre, table").forEach(function (el) {
    if (el.scrollWidth > el.clientWidth && !el.hasAttribute("tabindex")) el.tabIndex = 0;
  });

  // The print page laid out in pages (print.html?paged): Paged.js lays the
  // book out as it prints, in the page, and fills in the contents' page
  // numbers (CSS target-counter, which browsers do not print by
  // themselves). When it is done, <html data-paged="done"> says so.
  var wantPaged = document.getElementById("paged") && /(^|[?&])paged(&|=|$)/.test(location.search.slice(1));
  if (wantPaged && location.protocol === "file:") {
    document.documentElement.setAttribute("data-paged", "needs a server");
    document.getElementById("paged-file").hidden = false;
  } else if (wantPaged) {
    document.documentElement.setAttribute("data-paged", "laying out");
    window.PagedConfig = {
      after: function () { document.documentElement.setAttribute("data-paged", "done"); }
    };
    var paged = document.createElement("script");
    paged.src = base + "assets/vendor/pagedjs/paged.polyfill.min.js";
    document.head.appendChild(paged);
  }
})();
