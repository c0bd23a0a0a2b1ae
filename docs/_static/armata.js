// The language switch: show every source side by side, or one language. The choice is kept in localStorage and
// can be given in the address (?lang=de); it sets data-armata-lang on <html>, and armata.css does the rest.
(function () {
  "use strict";
  var LANGS = [["all", "all side by side"], ["en", "English"], ["de", "Deutsch"], ["it", "Italiano"],
               ["fr", "Français"], ["es", "Español"]];
  var KEY = "armata-lang";

  function stored() {
    try { return window.localStorage.getItem(KEY); } catch (e) { return null; }
  }
  function store(value) {
    try { window.localStorage.setItem(KEY, value); } catch (e) { /* private mode: the choice lasts one page */ }
  }
  function apply(value) {
    document.documentElement.setAttribute("data-armata-lang", value);
    var select = document.getElementById("armata-lang");
    if (select) { select.value = value; }
  }

  var known = LANGS.map(function (pair) { return pair[0]; });
  var asked = new URLSearchParams(window.location.search).get("lang");
  var initial = known.indexOf(asked) >= 0 ? asked : (known.indexOf(stored()) >= 0 ? stored() : "all");
  apply(initial);

  document.addEventListener("DOMContentLoaded", function () {
    var first = document.querySelector(".armata-passages");
    if (!first) { return; }
    var bar = document.createElement("div");
    bar.className = "armata-langbar";
    var label = document.createElement("label");
    label.setAttribute("for", "armata-lang");
    label.textContent = "Rulebook text: ";
    var select = document.createElement("select");
    select.id = "armata-lang";
    LANGS.forEach(function (pair) {
      var option = document.createElement("option");
      option.value = pair[0];
      option.textContent = pair[1];
      select.appendChild(option);
    });
    select.addEventListener("change", function () { store(select.value); apply(select.value); });
    bar.appendChild(label);
    bar.appendChild(select);
    var article = document.querySelector("article") || document.body;
    article.insertBefore(bar, article.firstChild);
    apply(initial);
  });
})();
