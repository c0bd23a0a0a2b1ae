// The site's language and the rulebook texts a page shows.
//
// The site: every page carries links to itself in each language's build (nav.armata-sitelang, written by
// docs/_templates/armata-language.html). Following one remembers the choice (localStorage). A page opened in
// another language than the remembered one, or on a first visit than the browser's (navigator.languages, else
// English), goes to its twin in that language. An address with ?lang= is shown as it is, never redirected.
//
// The rulebook texts: each passage of a clause is classed lang-xx, and data-armata-lang on <html> says which
// show (armata.css): the page's language by default, all five side by side when chosen in the menu put under the
// page's title (remembered), or the one the address asks for (?lang=de, ?lang=all).
(function () {
  "use strict";
  var SITE_KEY = "armata-site-lang";
  var TEXT_KEY = "armata-text"; // "all": every language side by side; anything else: the page's language
  var TEXTS = ["de", "en", "it", "fr", "es"];
  var root = document.documentElement;
  var page = (root.getAttribute("lang") || "en").split("-")[0].toLowerCase();
  var asked = new URLSearchParams(window.location.search).get("lang");

  function stored(key) {
    try { return window.localStorage.getItem(key); } catch (e) { return null; }
  }
  function store(key, value) {
    try { window.localStorage.setItem(key, value); } catch (e) { /* private mode: the choice lasts one page */ }
  }

  // --- the rulebook texts -----------------------------------------------------------------------------------------
  function textChoice() {
    if (asked === "all" || TEXTS.indexOf(asked) >= 0) { return asked; }
    return stored(TEXT_KEY) === "all" ? "all" : page;
  }
  function apply(value) {
    root.setAttribute("data-armata-lang", value);
    var select = document.getElementById("armata-lang");
    if (select) { select.value = value; }
  }
  apply(textChoice());

  function languageName(code, nav) {
    var link = nav && nav.querySelector('a[hreflang="' + code + '"]');
    return link ? link.textContent : code.toUpperCase();
  }
  function textMenu(nav) {
    var first = document.querySelector("article .armata-passages");
    if (!first || document.getElementById("armata-lang")) { return; }
    var bar = document.createElement("div");
    bar.className = "armata-langbar";
    var label = document.createElement("label");
    label.setAttribute("for", "armata-lang");
    label.textContent = ((nav && nav.getAttribute("data-armata-text")) || "Rulebook text") + " ";
    var select = document.createElement("select");
    select.id = "armata-lang";
    var choices = [[page, languageName(page, nav)], ["all", (nav && nav.getAttribute("data-armata-all")) || "all"]];
    var current = textChoice();
    if (current !== "all" && current !== page) { choices.splice(1, 0, [current, languageName(current, nav)]); }
    choices.forEach(function (pair) {
      var option = document.createElement("option");
      option.value = pair[0];
      option.textContent = pair[1];
      select.appendChild(option);
    });
    select.addEventListener("change", function () {
      store(TEXT_KEY, select.value === "all" ? "all" : "one");
      apply(select.value);
    });
    bar.appendChild(label);
    bar.appendChild(select);
    var title = document.querySelector("article h1");
    var section = title ? title.parentNode : first.parentNode;
    section.insertBefore(bar, title ? title.nextSibling : first);
    apply(current);
  }

  // --- the site's language -------------------------------------------------------------------------------------------
  function browserLanguage(available) {
    var wanted = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
    for (var i = 0; i < wanted.length; i++) {
      var code = String(wanted[i] || "").split("-")[0].toLowerCase();
      if (available.indexOf(code) >= 0) { return code; }
    }
    return "en";
  }
  function siteLanguage(nav) {
    var links = Array.prototype.slice.call(nav.querySelectorAll("a[hreflang]"));
    var available = links.map(function (link) { return link.getAttribute("hreflang"); });
    function keepPlace() { // the twin page opens at the same heading
      links.forEach(function (link) { link.href = link.href.split("#")[0] + window.location.hash; });
    }
    keepPlace();
    window.addEventListener("hashchange", keepPlace);
    links.forEach(function (link) {
      link.addEventListener("click", function () { store(SITE_KEY, link.getAttribute("hreflang")); });
    });
    if (asked !== null) { return; }
    var remembered = stored(SITE_KEY);
    var wanted = available.indexOf(remembered) >= 0 ? remembered : browserLanguage(available);
    var twin = links[available.indexOf(wanted)];
    if (wanted !== page && twin) { window.location.replace(twin.href); }
  }

  function start() {
    var nav = document.querySelector(".armata-sitelang");
    if (nav) { siteLanguage(nav); }
    textMenu(nav);
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
