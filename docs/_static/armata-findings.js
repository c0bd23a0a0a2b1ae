// The findings page's filters, the same as `armata-rules ambiguities --lang --severity --kind --reading`: a finding
// passes a filter when it has one of the filter's values, and is shown when it passes every filter given. The
// filters are read from the address when the page opens (findings.html?lang=fr&severity=changes-play; a value may
// be repeated or comma-separated) and written back to it as boxes are ticked, so a filtered view can be linked.
// A grid row or entry that does not pass gets the `hidden` attribute. Plain script, no library, works offline.
(function () {
  "use strict";
  var FILTERS = ["lang", "severity", "kind", "reading"];

  function passes(element, chosen) {
    return FILTERS.every(function (name) {
      if (!chosen[name].length) { return true; }
      var has = (element.getAttribute("data-" + name) || "").split(" ");
      return chosen[name].some(function (value) { return has.indexOf(value) >= 0; });
    });
  }

  // The filters the address gives, and the values it gives that are not valid (they are left out and named).
  function fromAddress(valid) {
    var params = new URLSearchParams(window.location.search);
    var chosen = {};
    var unknown = [];
    FILTERS.forEach(function (name) {
      chosen[name] = [];
      params.getAll(name).forEach(function (item) {
        item.split(",").forEach(function (raw) {
          var value = raw.trim();
          if (!value || chosen[name].indexOf(value) >= 0) { return; }
          if (valid[name].indexOf(value) >= 0) { chosen[name].push(value); } else { unknown.push(name + "=" + value); }
        });
      });
    });
    return { chosen: chosen, unknown: unknown };
  }

  function fromForm(form) {
    var chosen = {};
    FILTERS.forEach(function (name) {
      chosen[name] = Array.prototype.map.call(
        form.querySelectorAll('input[name="' + name + '"]:checked'), function (box) { return box.value; });
    });
    return chosen;
  }

  function toAddress(chosen) {
    var params = new URLSearchParams();
    FILTERS.forEach(function (name) {
      if (chosen[name].length) { params.set(name, chosen[name].join(",")); }
    });
    var query = params.toString().replace(/%2C/g, ",");
    var address = window.location.pathname + (query ? "?" + query : "") + window.location.hash;
    try { window.history.replaceState(null, "", address); } catch (e) { /* a file: page may refuse; keep going */ }
  }

  function apply(form, chosen) {
    var entries = document.querySelectorAll("[data-finding]");
    var shown = {};
    var total = {};
    Array.prototype.forEach.call(entries, function (element) {
      var ok = passes(element, chosen);
      element.hidden = !ok;
      var id = element.getAttribute("data-finding");
      total[id] = true;
      if (ok) { shown[id] = true; }
    });
    Array.prototype.forEach.call(form.querySelectorAll("input[type=checkbox]"), function (box) {
      box.checked = chosen[box.name].indexOf(box.value) >= 0;
    });
    var status = document.getElementById("armata-shown");
    if (status) {
      status.textContent = Object.keys(shown).length + " of " + Object.keys(total).length + " findings shown";
    }
    form.setAttribute("data-shown", String(Object.keys(shown).length));
  }

  // Open the entry the address points at (a link from a rule page, or a row of the grid).
  function openTarget() {
    var id = decodeURIComponent(window.location.hash.replace(/^#/, ""));
    var target = id && document.getElementById(id);
    var entry = target && (target.tagName === "DETAILS" ? target : target.closest("details"));
    if (entry) { entry.open = true; }
  }

  document.addEventListener("DOMContentLoaded", function () {
    openTarget();
    window.addEventListener("hashchange", openTarget);
    var form = document.getElementById("armata-filters");
    if (!form) { return; }
    var valid = JSON.parse(form.getAttribute("data-choices"));
    var asked = fromAddress(valid);
    var note = document.getElementById("armata-filter-note");
    if (asked.unknown.length && note) {
      note.textContent = "Left out, not a valid filter value: " + asked.unknown.join(", ") + ".";
      note.hidden = false;
    }
    form.hidden = false;
    apply(form, asked.chosen);
    form.addEventListener("change", function () {
      var chosen = fromForm(form);
      apply(form, chosen);
      toAddress(chosen);
    });
    form.addEventListener("reset", function (event) {
      event.preventDefault();
      var none = { lang: [], severity: [], kind: [], reading: [] };
      apply(form, none);
      toAddress(none);
    });
  });
})();
