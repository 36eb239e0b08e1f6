#!/usr/bin/env node
// gen.js writes vectors.json.gz: what urlpattern-polyfill, a JavaScript
// implementation of the URL Pattern Standard, answers for generated
// patterns and URLs, for the Go test in
// urlpattern/differential_polyfill_test.go (which reads the file and
// needs no Node).
//
// Regenerate (from the repository root):
//
//	(cd testdata/urlpattern && npm ci && node gen.js ../../../shared/wpt/urlpattern/urlpatterntestdata.json)
//
// The argument is WPT's urlpatterntestdata.json (the default is the one
// above). urlpattern-polyfill is pinned exactly in package.json and
// package-lock.json; it canonicalizes components with Node's own URL
// (ada in Node 20) and compiles regular expressions with the "u" flag
// where the standard says "v". The output depends only on those, the
// seed below and the WPT file, so running it again gives the same file
// (it was made with Node v20).
//
// Cases. Every case of urlpatterntestdata.json as it is; mutations of
// its pattern strings, pathname patterns and input URLs (pieces of
// pattern syntax, regexp groups, URL delimiters and odd code points
// inserted, substituted or deleted at random places) matched against
// its inputs and against each other's; and realistic patterns (CORS and
// redirect allow-lists, crawl scopes, routes with named and regexp
// groups) matched against URLs built from hosts, ports, paths, queries
// and fragments that do and do not fit them. The PRNG is seeded.
//
// Format: one JSON object (gzip-compressed):
//
//	{"generator", "node", "polyfill", "cases": [case, ...]}
//
// where a case is
//
//	{"p": [constructor arguments: a string or init, then a base URL
//	       string, or options {"ignoreCase": true}],
//	 "i": [exec arguments: a URL string and maybe a base URL, or an init],
//	 "r": null when the constructor throws, else
//	      {"s": [protocol, username, ..., hash pattern strings],
//	       "g": hasRegExpGroups,
//	       "m": null (no match), "error" (exec throws), or
//	            [[input, [[group name, value or null], ...]] for each of
//	             the 8 components, in order]}}
"use strict";

const fs = require("fs");
const zlib = require("zlib");
const path = require("path");
const { URLPattern } = require("urlpattern-polyfill/urlpattern");
const polyfillVersion = JSON.parse(fs.readFileSync(path.join(__dirname, "node_modules/urlpattern-polyfill/package.json"), "utf8")).version;

const wptPath = process.argv[2] || "../../../shared/wpt/urlpattern/urlpatterntestdata.json";
const wpt = JSON.parse(fs.readFileSync(wptPath, "utf8"));

// mulberry32: a small seeded PRNG, so that the cases are fixed.
let seed = 0x75726c70; // "urlp"
function rand() {
  seed |= 0; seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (a) => a[Math.floor(rand() * a.length)];
const intn = (n) => Math.floor(rand() * n);

const components = ["protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"];

// Pieces inserted into patterns: syntax, groups, delimiters, odd code points.
const patternPieces = [
  ":", "*", "?", "+", "(", ")", "{", "}", "\\", "/", ".", "@", "#", "[", "]", "-", "|", "$", "^",
  ":id", ":a", ":_x", ":$", "*?", "{/:x}?", "{.:y}*", "(\\d+)", "([a-z]+)", "(.*)", "(?:a|b)", "([^/]+)",
  "(\\w)", "(a)?", "(x)+", "{a}", "{}", "\\:", "\\*", "%", "%2F", "%zz", " ", "\t", "é", "\u00df", "\u212a",
  "xn--", "[::1]", "8080", "443", "0", "a", "Z", "..", "./", "?q=1", "#f", "https://", "data:",
];
// Pieces inserted into URLs.
const urlPieces = [
  "/", "//", "\\", "?", "#", ":", "@", ".", "..", "%", "%2e", "%2F", "%41", " ", "\t", "é", "A", "z", "0",
  "8080", "443", "[::1]", "xn--nxasmq6b", "foo", "bar", "/foo", "/bar/", "?a=b", "#x", "'", "\"", "<", "^",
];

function mutate(s, pieces) {
  const n = 1 + intn(3);
  for (let k = 0; k < n; k++) {
    const i = intn(s.length + 1);
    switch (intn(3)) {
      case 0: s = s.slice(0, i) + pick(pieces) + s.slice(i); break; // insert
      case 1: s = s.slice(0, i) + pick(pieces) + s.slice(i + 1); break; // substitute
      default: s = s.slice(0, i) + s.slice(i + 1 + intn(3)); // delete
    }
  }
  return s;
}

function run(p, i) {
  let pattern;
  try {
    pattern = new URLPattern(...p);
  } catch (e) {
    return null;
  }
  const r = {
    s: components.map((c) => pattern[c]),
    g: pattern.hasRegExpGroups,
  };
  let m;
  try {
    m = pattern.exec(...i);
  } catch (e) {
    r.m = "error";
    return r;
  }
  if (m === null || m === undefined) {
    r.m = null;
    return r;
  }
  r.m = components.map((c) => [
    m[c].input,
    Object.entries(m[c].groups).map(([k, v]) => [k, v === undefined ? null : v]),
  ]);
  return r;
}

const cases = [];
const seen = new Set();
function add(p, i) {
  const key = JSON.stringify([p, i]);
  if (seen.has(key)) return;
  seen.add(key);
  cases.push({ p, i, r: run(p, i) });
}

// 1. The WPT cases as they are (with inputs; the constructor-only cases
// with no inputs are matched against nothing, i.e. exec({})).
const wptInputs = [];
const wptPatterns = [];
for (const e of wpt) {
  const inputs = e.inputs || [];
  add(e.pattern, inputs);
  if (inputs.length > 0 && typeof inputs[0] === "string") wptInputs.push(inputs);
  if (e.pattern.length > 0) wptPatterns.push(e.pattern);
}

// 2. Mutations of WPT patterns and inputs.
for (let k = 0; k < 12000; k++) {
  const p = JSON.parse(JSON.stringify(pick(wptPatterns)));
  if (typeof p[0] === "string") {
    p[0] = mutate(p[0], patternPieces);
  } else if (p[0] && typeof p[0] === "object") {
    const keys = Object.keys(p[0]).filter((c) => components.includes(c) && typeof p[0][c] === "string");
    const c = keys.length > 0 && rand() < 0.8 ? pick(keys) : pick(components);
    p[0][c] = mutate(p[0][c] || "", patternPieces);
  }
  let i = pick(wptInputs).slice();
  if (rand() < 0.5) i[0] = mutate(i[0], urlPieces);
  add(p, i);
}

// 3. Realistic patterns against URLs built to fit them or not.
const realistic = [
  ["https://example.com"], ["https://*.example.com"], ["https://{*.}?example.com"], ["http{s}?://localhost:*"],
  ["https://example.com:*"], ["https://*.example.com/*"], ["https://docs.example.org/en/*"],
  ["https://example.com/*"], ["https://accounts.example.com/(login|logout)"], ["https://:sub.example.com/*"],
  ["https://example.com/books/:id"], ["https://example.com/books/:id(\\d+)"], ["https://example.com/books/:id(\\d+){/:slug}?"],
  ["https://example.com/api/v:version(\\d+)/users/:user/*?"], ["https://example.com/:lang(en|fr|de)/docs/*"],
  ["https://example.com/files/*.:ext(pdf|png)"], ["https://example.com/search?q=:term&page=:page(\\d+)"],
  ["https://example.com/*#:section"], ["/books/:id", "https://example.com"], ["/static/*", "https://cdn.example.net"],
  ["../admin/*", "https://example.com/app/page"], ["/Books/*", "https://example.com", { ignoreCase: true }],
  ["https://example.com/:a/:b?/:c*"], ["https://example.com/:path+"], ["https://user:*@example.com/*"],
  ["https://[::1]:*/*"], ["https://127.0.0.1:*/*"], ["file:///home/:user/*"], ["data\\:text/:type(plain|html),*"],
  [{ hostname: "{*.}?example.com", pathname: "/api/*" }], [{ protocol: "http{s}?", hostname: "example.com", port: "80{80}?" }],
  [{ pathname: "/:id(\\d+)", baseURL: "https://example.com/a/b" }], [{ search: "*token=*" }], [{ hash: "top" }],
  [{ pathname: "/a/:b/*", search: "x=:x" }, { ignoreCase: true }],
];
const hosts = ["example.com", "EXAMPLE.com", "www.example.com", "a.b.example.com", "example.com.evil.test", "example.org",
  "docs.example.org", "localhost", "cdn.example.net", "accounts.example.com", "[::1]", "127.0.0.1", "xn--bcher-kva.example.com",
  "bücher.example.com", "exa%6dple.com", "example.com."];
const ports = ["", ":443", ":80", ":8080", ":3000", ":0"];
const paths = ["/", "/books/42", "/books/x", "/books/42/the-title", "/books/42/", "/api/v2/users/ada", "/api/v2/users/ada/keys/1",
  "/en/docs/intro", "/fr/docs/", "/xx/docs/a", "/files/a.pdf", "/files/dir/b.png", "/files/c.txt", "/static/css/a.css",
  "/admin/", "/app/admin/x", "/BOOKS/1", "/a/b/c/d", "/login", "/logout", "/%7Euser/", "/a%2Fb", "/é", "/a/../b", "/search",
  "/home/ada/notes.txt", ""];
const queries = ["", "?q=go", "?q=go&page=2", "?q=go&page=x", "?token=abc", "?x=1", "?a=b c", "?"];
const frags = ["", "#top", "#reviews", "#", "#a b"];
const schemes = ["https://", "http://", "wss://", "ftp://", "file://", "data:"];
const credentials = ["", "user@", "user:pw@", ":pw@"];
function realisticURL() {
  const scheme = pick(schemes);
  if (scheme === "data:") return pick(["data:text/plain,hello", "data:text/html,<b>", "data:image/png;base64,AA"]);
  if (scheme === "file://") return "file://" + pick(["/home/ada/notes.txt", "/home/bob/", "/etc/passwd"]);
  return scheme + pick(credentials) + pick(hosts) + pick(ports) + pick(paths) + pick(queries) + pick(frags);
}
// fit returns a URL made from a constructor-string pattern by filling in
// its groups with plausible values, so that about half the URLs built
// for a pattern come near matching it.
function fit(s) {
  return s
    .replace(/\{([^{}]*)\}\?/g, (m, x) => (rand() < 0.5 ? x : ""))
    .replace(/:[A-Za-z_$][\w$]*\(([^()]*)\)/g, (m, re) => (/\\d|0-9/.test(re) ? pick(["42", "7", "x"]) : pick(re.split("|"))))
    .replace(/\(([^()]*)\)/g, (m, re) => pick(re.split("|")))
    .replace(/:[A-Za-z_$][\w$]*[?*+]?/g, () => pick(["ada", "42", "en", "x/y", ""]))
    .replace(/\*\??/g, () => pick(["", "a", "a/b.pdf", "www", "3000"]))
    .replace(/[{}]/g, "")
    .replace(/\\(.)/g, "$1");
}
for (const p of realistic) {
  for (let k = 0; k < 160; k++) {
    let u = realisticURL();
    if (typeof p[0] === "string" && rand() < 0.5) u = fit(p[0]) + (rand() < 0.3 ? pick(queries) + pick(frags) : "");
    if (rand() < 0.1) {
      add(p, [u.replace(/^[a-z]+:\/\/[^/]*/, ""), pick(["https://example.com/", "https://docs.example.org/en/"])]);
    } else if (rand() < 0.1) {
      const m = /^([a-z]+):\/\/([^/?#]*)([^?#]*)/.exec(u);
      if (m) add(p, [{ protocol: m[1], hostname: m[2].replace(/^.*@/, "").replace(/:\d+$/, ""), pathname: m[3] }]);
    } else {
      add(p, [u]);
    }
  }
}

const out = {
  generator: "testdata/urlpattern/gen.js",
  node: process.version,
  polyfill: polyfillVersion,
  cases,
};
const json = JSON.stringify(out);
fs.writeFileSync(path.join(__dirname, "vectors.json.gz"), zlib.gzipSync(Buffer.from(json), { level: 9, mtime: 0 }));
let thrown = 0, matched = 0;
for (const c of cases) {
  if (c.r === null) thrown++;
  else if (Array.isArray(c.r.m)) matched++;
}
console.log(`${cases.length} cases (${thrown} patterns throw, ${matched} match), ${json.length} bytes of JSON`);
