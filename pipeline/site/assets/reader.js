// The reader's behaviour; every page reads without it. It remembers the spelling chosen, lights up
// a unit's parallels when it is hovered or focused, opens the panel of the unit an address points
// to, and lets the arrow keys walk the rows of the parallel view.
"use strict";

(() => {
  const STORE = "ecarte-spelling";

  function rememberSpelling() {
    const radios = document.querySelectorAll('input[name="spelling"]');
    if (!radios.length) return;
    let saved = null;
    try { saved = localStorage.getItem(STORE); } catch (e) { /* storage may be off for file:// */ }
    for (const radio of radios) {
      if (saved && radio.value === saved) radio.checked = true;
      radio.addEventListener("change", () => {
        try { localStorage.setItem(STORE, radio.value); } catch (e) { /* not kept: fine */ }
      });
    }
  }

  function alignment() {
    const data = document.getElementById("alignment");
    return data ? JSON.parse(data.textContent) : {};
  }

  function lightParallels() {
    const links = alignment();
    let lit = [];
    const clear = () => { for (const el of lit) el.classList.remove("lit"); lit = []; };
    const light = (target) => {
      const holder = target.closest("[data-unit]");
      if (!holder) return;
      clear();
      const id = holder.dataset.unit;
      const related = new Set([id, ...(links[id] || [])]);
      for (const el of document.querySelectorAll("[data-unit]")) {
        if (related.has(el.dataset.unit)) { el.classList.add("lit"); lit.push(el); }
      }
    };
    document.addEventListener("mouseover", (e) => light(e.target));
    document.addEventListener("focusin", (e) => light(e.target));
    document.addEventListener("mouseleave", clear);
  }

  function openTarget() {
    const id = decodeURIComponent(location.hash.slice(1));
    const unit = id && document.getElementById(id);
    if (!unit) return;
    const details = unit.querySelector(":scope > .unit-links details, :scope > td > .unit-links details");
    if (details) details.open = true;
    if (unit.tabIndex >= -1) unit.focus({ preventScroll: true });
  }

  function walkRows() {
    const rows = Array.from(document.querySelectorAll(".parallel-grid .row[tabindex]"));
    document.addEventListener("keydown", (e) => {
      if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
      const i = rows.indexOf(document.activeElement);
      if (i < 0) return;
      const next = rows[i + (e.key === "ArrowDown" ? 1 : -1)];
      if (next) { e.preventDefault(); next.focus(); next.scrollIntoView({ block: "nearest" }); }
    });
  }

  rememberSpelling();
  lightParallels();
  walkRows();
  openTarget();
  window.addEventListener("hashchange", openTarget);
})();
