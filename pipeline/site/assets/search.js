/* The search page: finds the units whose words begin with every word of the query, in the lunr index
   that pipeline/site/search.py built (window.ECARTE_SEARCH), words read and folded as it read them. */
"use strict";
(() => {
  const WORD = /[\p{L}\p{N}]+/gu;  // search.py's WORD: letters and numbers, read in NFC
  const MAX_RESULTS = 100;
  const DEBOUNCE_MS = 200;
  const SNIPPET_CHARS = 320;       // a longer text is shown from a little before its first match
  const SNIPPET_LEAD = 80;
  const WHOLE_WORD_BOOST = 10;     // "ad" ranks the units with the word "ad" before those with "adott"
  const SPELLED_BOOST = 2;         // "kívánja" ranks the units spelled so before those with "kivánja"

  const input = document.getElementById("q");
  const status = document.getElementById("search-status");
  const list = document.getElementById("results");

  /** The words of a text as search.py's words() finds them. */
  const words = (text) => text.normalize("NFC").match(WORD) ?? [];

  /** pipeline.folding.fold: lower case, ß as ss, compatibility forms and combining marks undone
      (fold drops the marks of nonzero combining class, \p{M} all marks: the same in Latin script). */
  const fold = (word) => word.toLowerCase().replace(/ß/g, "ss").normalize("NFKD").replace(/\p{M}/gu, "");

  /** The query's words, lower-cased as spelled and folded. */
  const queryTerms = (query) =>
    [...new Set(words(query).map((word) => word.toLowerCase()))].map((spelled) => ({ spelled, folded: fold(spelled) }));

  /** Whether a word of the text begins with one of the query's words, accents aside. */
  const hits = (word, terms) => terms.some((term) => fold(word).startsWith(term.folded));

  /** How many of the query's words some word of the text begins with. */
  const found = (text, terms) =>
    terms.filter((term) => words(text).some((word) => fold(word).startsWith(term.folded))).length;

  /** The units holding every query word at a word's start (the folded field decides), ranked
      higher for whole words and for the reader's own spelling. */
  function search(index, terms) {
    const { presence, wildcard } = lunr.Query;
    return index.query((query) => {
      for (const { spelled, folded } of terms) {
        query.term(folded, { fields: ["folded"], presence: presence.REQUIRED, wildcard: wildcard.TRAILING });
        query.term(folded, { fields: ["folded"], boost: WHOLE_WORD_BOOST });
        query.term(spelled, { fields: ["words"], boost: SPELLED_BOOST, wildcard: wildcard.TRAILING });
      }
    });
  }

  /** The text, or the part of it around its first hit, with each hit in a <mark>. */
  function snippet(text, terms, lang) {
    const shown = text.normalize("NFC");
    const marks = [...shown.matchAll(WORD)].filter((match) => hits(match[0], terms));
    let start = 0;
    let end = shown.length;
    if (shown.length > SNIPPET_CHARS) {
      const first = marks.length ? marks[0].index : 0;
      start = first > SNIPPET_LEAD ? shown.lastIndexOf(" ", first - SNIPPET_LEAD) + 1 : 0;
      end = Math.min(shown.length, start + SNIPPET_CHARS);
      const space = shown.lastIndexOf(" ", end);
      if (end < shown.length && space > first) end = space;
    }
    const element = document.createElement("p");
    element.className = "snippet";
    element.lang = lang;
    let at = start;
    if (start > 0) element.append("…");
    for (const match of marks) {
      if (match.index < start || match.index >= end) continue;
      const mark = document.createElement("mark");
      mark.textContent = match[0];
      element.append(shown.slice(at, match.index), mark);
      at = match.index + match[0].length;
    }
    element.append(shown.slice(at, end));
    if (end < shown.length) element.append("…");
    return element;
  }

  /** One result: the unit's link and witness, and its text, or its modern layer where only that
      holds the query's words. */
  function result(id, doc, terms) {
    const item = document.createElement("li");
    const link = document.createElement("a");
    link.href = doc.href;
    link.textContent = id;
    const witness = document.createElement("span");
    witness.className = "witness";
    witness.textContent = doc.witness;
    item.append(link, " ", witness);
    const modern = doc.modern !== null && found(doc.modern, terms) > found(doc.text, terms);
    if (modern) {
      const note = document.createElement("span");
      note.className = "layer";
      note.textContent = "found in the modern spelling";
      item.append(" ", note);
    }
    item.append(snippet(modern ? doc.modern : doc.text, terms, doc.lang));
    return item;
  }

  /** What the status line says of `count` units matching the query. */
  function summary(count, query) {
    const quoted = `“${query}”`;
    if (count === 0) return `No unit matches ${quoted}.`;
    const matches = count === 1 ? `1 unit matches ${quoted}` : `${count} units match ${quoted}`;
    return count > MAX_RESULTS ? `${matches}; the first ${MAX_RESULTS} are shown.` : `${matches}.`;
  }

  function show(index, docs, query) {
    const trimmed = query.trim();
    list.replaceChildren();
    if (trimmed === "") {
      status.textContent = "";
      return;
    }
    const terms = queryTerms(trimmed);
    const results = terms.length ? search(index, terms) : [];
    list.append(...results.slice(0, MAX_RESULTS).map(({ ref }) => result(ref, docs[ref], terms)));
    status.textContent = summary(results.length, trimmed);
  }

  if (typeof lunr === "undefined" || !window.ECARTE_SEARCH) {
    status.textContent = "The search index did not load: assets/lunr.min.js and assets/search-index.js are needed.";
    return;
  }
  const index = lunr.Index.load(window.ECARTE_SEARCH.index);
  const docs = window.ECARTE_SEARCH.docs;
  let timer;
  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(() => show(index, docs, input.value), DEBOUNCE_MS);
  });
  input.value = new URLSearchParams(location.search).get("q") ?? "";
  show(index, docs, input.value);
})();
