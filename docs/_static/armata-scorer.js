// The site's search ranking (conf.py's html_search_scorer; Sphinx copies this file into language_data.js, which
// the search page loads beside searchtools.js). A person searching the reference is most often a player at the
// table, so a result's score gets, on top of what Sphinx gives it (a word of the text 5, of a title 15, a title
// that is most of the query about 15, an index entry such as a glossary term up to 100, an API object 6 to 26):
//   - +40 on a page of the players' guide (players/), +30 on a rule page (rules/);
//   - -20 on the clause corpus (clauses/), the findings and their review and impact pages, and the API pages;
//   - +20 where the whole query is one of the page's `.. meta:: :keywords:`.
// A Python object found by its name (an API result) keeps Sphinx's score: a developer who types "GameState" wants
// its entry first.
// Keywords need this scorer: Sphinx indexes each comma-separated keyword whole ("blood points" is one term, stemmed
// as one string), while it looks a query up word by word ("blood", "point"), so a keyword of several words never
// matches by itself; here the query is stemmed whole and looked up among the index's terms, where only a keyword
// can have put a term with a space in it. A one-word keyword is a term like any word of the text.
// The defaults below are searchtools.js's own: this file may be read before or after it and defines them all.
// (At the end, a repair of the search page's closing line on the translated builds.)
var Scorer = (function () {
  "use strict";
  var SECTIONS = [
    ["players", 40],
    ["rules", 30],
    ["clauses", -20],
    ["findings", -20],
    ["review", -20],
    ["impact", -20],
    ["api", -20],
  ];
  var KEYWORD = 20;

  // The weight of a page's part of the site: its first path segment ("players/blood" -> "players").
  function section(docname) {
    var first = docname.split("/")[0];
    for (var i = 0; i < SECTIONS.length; i += 1) {
      if (SECTIONS[i][0] === first) { return SECTIONS[i][1]; }
    }
    return 0;
  }

  // The query of the search page, lower case, its words joined by one space ("" when there is none).
  function query() {
    var asked = new URLSearchParams(window.location.search).get("q") || "";
    return asked.toLowerCase().split(/[^\p{Letter}\p{Number}_]+/u).filter(Boolean).join(" ");
  }

  var cache = { query: null, files: {} }; // the files whose keywords hold the whole query, per query

  // The index's files (numbers) that have the whole query as one of their keywords.
  function keywordFiles(index) {
    var whole = query();
    if (cache.query === whole) { return cache.files; }
    var phrases = {};
    cache = { query: whole, files: phrases };
    if (whole.indexOf(" ") < 0) { return phrases; }
    var forms = [whole];
    if (typeof Stemmer !== "undefined") { forms.push(new Stemmer().stemWord(whole)); }
    forms.forEach(function (form) {
      if (!Object.prototype.hasOwnProperty.call(index.terms, form)) { return; }
      [].concat(index.terms[form]).forEach(function (file) { phrases[file] = true; });
    });
    return phrases;
  }

  function score(result) {
    var docname = result[0];
    if (result[6] === "object") { return result[4]; } // a Python name asked for by name: the API page it is on
    var bonus = section(docname);
    var index = typeof Search !== "undefined" ? Search._index : null;
    if (index && keywordFiles(index)[index.docnames.indexOf(docname)]) { bonus += KEYWORD; }
    return result[4] + bonus;
  }

  return {
    score: score,
    objNameMatch: 11,
    objPartialMatch: 6,
    objPrio: { 0: 15, 1: 5, 2: -5 },
    objPrioDefault: 0,
    title: 15,
    partialTitle: 7,
    term: 5,
    partialTerm: 2,
  };
})();

// The search page's closing line ("found N pages") on the other languages' builds: Sphinx 9's catalogues give
// Documentation.PLURAL_EXPR a boolean ("n != 1"), which indexes no form of a message, and leave this message
// untranslated ("" for each form), so ngettext returns undefined and searchtools.js throws before writing the line.
// Here a form that is missing or empty falls back to Sphinx's English words, as gettext does for a message it lacks.
(function () {
  "use strict";
  if (typeof Documentation === "undefined" || !Documentation.ngettext) { return; }
  var ngettext = Documentation.ngettext;
  Documentation.ngettext = function (singular, plural, n) {
    var translated = ngettext(singular, plural, n);
    return translated ? translated : (n === 1 ? singular : plural);
  };
})();
