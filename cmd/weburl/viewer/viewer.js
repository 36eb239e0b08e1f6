// The weburl viewer's script. Every value is written with textContent
// (never as HTML); the Content-Security-Policy requires Trusted Types
// with no policy, so an HTML sink would throw.
"use strict";

// The rows of the components table, in order: the URL API's names and
// the host kind.
const FIELDS = ["href", "origin", "protocol", "username", "password", "host",
  "hostname", "port", "pathname", "search", "hash", "hostKind"];
const COLUMNS = ["weburl", "browser", "neturl"];

const $ = (id) => document.getElementById(id);

// el makes an element with a class and text.
function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

// browserParse is this browser's reading of input against base.
function browserParse(input, base) {
  try {
    const u = base === "" ? new URL(input) : new URL(input, base);
    const o = { ok: true, notApplicable: ["hostKind"] };
    for (const f of FIELDS) if (f !== "hostKind") o[f] = u[f];
    o.searchParams = [...u.searchParams];
    return o;
  } catch (e) {
    return { ok: false, error: String(e), notApplicable: ["hostKind"] };
  }
}

// buildTable makes the rows of the components table once: a "result"
// row, then one per field, each with a cell per column.
function buildTable() {
  const tbody = $("components").tBodies[0];
  for (const f of ["result", ...FIELDS]) {
    const tr = el("tr");
    tr.dataset.field = f;
    tr.append(el("th", "", f === "hostKind" ? "host kind" : f));
    tr.firstChild.scope = "row";
    for (const c of COLUMNS) {
      const td = el("td");
      td.dataset.col = c;
      const marker = el("span", "marker", "≠");
      marker.title = "differs from weburl";
      td.append(marker, el("span", "value"));
      tr.append(td);
    }
    tbody.append(tr);
  }
}

// setCell writes text into the cell of field f and column c; na marks a
// field the parser does not have, diff a value that differs from weburl's,
// fail a failure, none a field of a parse that failed.
function setCell(f, c, text, { na = false, diff = false, fail = false, none = false } = {}) {
  const td = document.querySelector(`#components tr[data-field="${f}"] td[data-col="${c}"]`);
  td.classList.toggle("na", na);
  td.classList.toggle("diff", diff);
  td.classList.toggle("fail", fail);
  td.classList.toggle("none", none);
  td.querySelector(".value").textContent = na ? "n/a" : text;
}

// renderComponents fills the table from the three readings.
function renderComponents(w, b, n) {
  const cols = { weburl: w, browser: b, neturl: n };
  for (const c of COLUMNS) {
    const o = cols[c];
    const reason = o.ok ? "ok" : "failure: " + o.error;
    setCell("result", c, reason, { diff: c !== "weburl" && o.ok !== w.ok, fail: !o.ok });
    for (const f of FIELDS) {
      const na = (o.notApplicable || []).includes(f);
      if (!o.ok) {
        setCell(f, c, "", { na, none: !na });
        continue;
      }
      const diff = c !== "weburl" && w.ok && !na && o[f] !== w[f];
      setCell(f, c, o[f], { na, diff });
    }
  }
}

// visible returns s with each C0 control and DEL replaced by its
// Control Picture (one UTF-16 unit for one), so that the marked copy
// of the input shows them and keeps its offsets.
function visible(s) {
  return s.replace(/[\u0000-\u001f\u007f]/g, (ch) => {
    const c = ch.charCodeAt(0);
    return String.fromCharCode(c === 0x7f ? 0x2421 : 0x2400 + c);
  });
}

// renderMarked writes the input with a <mark> at the offset (in UTF-16
// code units) of each validation error: around the code point there, or
// an empty mark at the end of the input.
function renderMarked(input, errors) {
  const box = $("input-marked");
  box.replaceChildren();
  const byOffset = new Map();
  errors.forEach((e, i) => {
    if (!byOffset.has(e.offset16)) byOffset.set(e.offset16, []);
    byOffset.get(e.offset16).push(i + 1);
  });
  const offsets = [...byOffset.keys()].sort((a, b) => a - b);
  const text = visible(input);
  let at = 0;
  for (const off of offsets) {
    if (off > at) box.append(text.slice(at, off));
    const cp = input.codePointAt(off);
    const len = off >= input.length ? 0 : (cp > 0xffff ? 2 : 1);
    const m = el("mark", len === 0 ? "end" : "", text.slice(off, off + len));
    m.dataset.offset16 = String(off);
    m.dataset.n = byOffset.get(off).join(",");
    m.title = byOffset.get(off).map((n) => errors[n - 1].name).join(", ");
    box.append(m);
    at = Math.max(at, off + len);
  }
  if (at < text.length) box.append(text.slice(at));
}

// selectAt selects the code point at the UTF-16 offset off in the input
// field (or puts the caret there at the end).
function selectAt(off) {
  const f = $("input");
  const cp = f.value.codePointAt(off);
  const end = off >= f.value.length ? off : off + (cp > 0xffff ? 2 : 1);
  f.focus();
  f.setSelectionRange(off, end);
}

// renderErrors lists the validation errors.
function renderErrors(errors, more) {
  const ol = $("errors");
  ol.replaceChildren();
  errors.forEach((e) => {
    const li = el("li");
    li.dataset.name = e.name;
    li.dataset.offset16 = String(e.offset16);
    const a = el("a", "name", e.name);
    a.href = e.link;
    // The offset is a button that selects the place in the input.
    const at = el("button", "at", `at ${e.offset16}` + (e.offset16 !== e.offset ? ` (byte ${e.offset})` : ""));
    at.type = "button";
    at.title = "select this place in the input";
    at.addEventListener("click", () => selectAt(e.offset16));
    li.append(a, " ", at);
    if (e.fatal) li.append(" ", el("strong", "fatal", "fatal"));
    li.append(el("span", "gloss", e.gloss));
    ol.append(li);
  });
  if (errors.length === 0) ol.append(el("li", "none", "none"));
  $("errors-more").textContent = more > 0 ? `and ${more} more` : "";
}

// renderParams writes the search params of weburl and of the browser.
function renderParams(w, b) {
  const tbody = $("params").tBodies[0];
  tbody.replaceChildren();
  const wp = w.ok ? w.searchParams : [];
  const bp = b.ok ? b.searchParams : [];
  for (let i = 0; i < Math.max(wp.length, bp.length); i++) {
    const tr = el("tr");
    tr.append(el("td", "", String(i + 1)));
    for (const [p, j, other] of [[wp, 0, null], [wp, 1, null], [bp, 0, wp], [bp, 1, wp]]) {
      const v = i < p.length ? p[i][j] : "";
      const td = el("td");
      const differs = other !== null && (i >= other.length || i >= p.length || other[i][j] !== v);
      const marker = el("span", "marker", "≠");
      marker.title = "differs from weburl";
      td.append(marker, el("span", "value", v));
      td.classList.toggle("diff", differs);
      tr.append(td);
    }
    tbody.append(tr);
  }
}

// permalink puts the input and base in the page's address.
function permalink(input, base) {
  const q = new URLSearchParams();
  q.set("url", input);
  if (base !== "") q.set("base", base);
  history.replaceState(null, "", "?" + q.toString());
}

let seq = 0;

// update parses the fields' contents and shows the result; after an
// edit (not on loading the page) it updates the permalink.
async function update(event) {
  const input = $("input").value, base = $("base").value;
  const my = ++seq;
  const main = $("viewer");
  main.dataset.state = "pending";
  if (event) permalink(input, base);
  const q = new URLSearchParams();
  // A lone surrogate cannot be sent as UTF-8: send U+FFFD, as the URL
  // parser reads it (its UTF-16 offset is the same).
  q.set("url", input.toWellFormed());
  q.set("base", base.toWellFormed());
  let resp;
  try {
    const r = await fetch("api/parse?" + q.toString(), { headers: { Accept: "application/json" } });
    resp = await r.json();
    if (!r.ok) throw new Error(resp.error || r.statusText);
  } catch (e) {
    if (my !== seq) return;
    $("status").textContent = "The server could not parse this: " + e.message;
    main.dataset.state = "error";
    return;
  }
  if (my !== seq) return; // a newer input is on its way
  const w = { ...resp.weburl, searchParams: resp.searchParams };
  if (!w.ok) w.error = w.error + (w.errorIn === "base" ? " (in the base)" : "");
  const b = browserParse(input, base);
  renderComponents(w, b, resp.netURL);
  renderMarked(input, resp.validationErrors);
  renderErrors(resp.validationErrors, resp.moreValidationErrors);
  renderParams(w, b);
  $("status").textContent = w.ok ? "" : "weburl: " + w.error;
  main.dataset.renderedInput = input;
  main.dataset.renderedBase = base;
  main.dataset.state = "done";
}

function start() {
  buildTable();
  const q = new URLSearchParams(location.search);
  $("input").value = q.get("url") ?? "";
  $("base").value = q.get("base") ?? "";
  $("input").addEventListener("input", update);
  $("base").addEventListener("input", update);
  $("form").addEventListener("submit", (e) => e.preventDefault());
  update();
}

start();
