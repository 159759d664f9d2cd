"""What the reader promises a reader with low vision or a screen reader: text contrast of at least
4.5:1 (3:1 for large text) on every main view, measured on the colours Chromium computes."""
from __future__ import annotations

import pytest

# The WCAG 2 contrast of each visible element's own text against the first opaque background up its
# ancestry (the page's paper if none); elements are sampled up to a cap to keep the test fast.
CONTRAST = """() => {
  const rgb = (s) => (s.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => {
    const c = [r, g, b].map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  };
  const background = (el) => {
    for (let e = el; e; e = e.parentElement) {
      const c = rgb(getComputedStyle(e).backgroundColor);
      if (c.length === 3 || (c.length === 4 && c[3] === 1)) return c.slice(0, 3);
    }
    return [255, 255, 255];
  };
  const failures = [];
  let checked = 0;
  for (const el of document.querySelectorAll("body *")) {
    const own = Array.from(el.childNodes).some(n => n.nodeType === 3 && n.textContent.trim());
    if (!own || !el.checkVisibility() || checked > 4000) continue;
    checked++;
    const style = getComputedStyle(el);
    const [a, b] = [lum(rgb(style.color).slice(0, 3)), lum(background(el))];
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    const size = parseFloat(style.fontSize), bold = Number(style.fontWeight) >= 700;
    const needed = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
    if (ratio < needed) failures.push(`${el.tagName.toLowerCase()}.${el.className}: ${ratio.toFixed(2)} < ${needed}`);
  }
  return {checked, failures};
}"""


@pytest.mark.parametrize("address", ["index.html", "hu-nc.html#hu-nc.40", "parallel.html#hu-nc.40",
                                     "variants.html", "rules.html", "search.html?q=osztó",
                                     "scenarios/hu-nc.40-dealer-refuses-first-proposal-and-loses.html"])
def test_text_contrast_is_enough_on_every_view(reader, url, address):
    reader.goto(url(address))
    reader.wait_for_load_state("load")
    reader.focus("body")
    reader.hover("[data-unit], main")      # lights a unit where the page has any: lit text must read too
    found = reader.evaluate(CONTRAST)
    assert found["checked"] > 5
    assert found["failures"] == []

