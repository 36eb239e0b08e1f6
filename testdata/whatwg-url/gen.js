#!/usr/bin/env node
// gen.js writes vectors.json.gz: what whatwg-url, the URL Standard's
// reference implementation, answers for tens of thousands of hostile
// inputs, for the Go test in differential_whatwgurl_test.go (which reads
// the file and needs no Node).
//
// Regenerate (from the repository root):
//
//	(cd testdata/whatwg-url && npm ci && node gen.js ../../../shared/wpt ../../../shared/datasets)
//
// The two arguments are the WPT url/resources folder and the datasets
// folder (the defaults are the ones above). whatwg-url and its tr46 are
// pinned exactly in package.json and package-lock.json; the output
// depends only on them, the seed below, the WPT files and the datasets,
// so running it again gives the same file (it was made with Node v20;
// whatwg-url's package.json asks for Node 22, but nothing it does here
// differs on v20).
//
// Inputs. Every input of urltestdata.json and every href and value of
// setters_tests.json, lines sampled from the datasets, and URLs built
// from parts, each then mutated: pieces of hostile alphabets (controls,
// delimiters, percent sequences, IDNA-mapped and disallowed Unicode,
// "xn--" labels, IPv4 and IPv6 forms, dot segments, Windows drive
// letters, schemes) are inserted, substituted or spliced in at random
// places. The PRNG is seeded, so the inputs are fixed. After them, the
// href of every input that parses, and the URL Standard's 2026 examples
// of validation errors, as parse inputs of their own: the validation
// error lists and the valid-URL-string answers need valid URLs too.
//
// Format: one JSON object (gzip-compressed), one case per line:
//
//	{"generator", "node", "whatwg-url", "tr46", "unicode",
//	 "getters": [the 11 getter names, in the order of every "r" below],
//	 "parse":   [{"i": input, "b": base (absent: no base),
//	              "r": [getter values] or null when new URL throws,
//	              "e": [the names of the validation errors
//	                    parseURLWithValidationErrors reports, in order],
//	              "v": 1 or 0, isValidURLString's answer}, ...],
//	           ("e" and "v" are absent when the base does not parse)
//	 "setters": [{"i": href, "s": [[setter, value], ...],
//	              "r": [[getter values after each setter], ...]}, ...],
//	           (a null in "r": the href setter threw; the URL is unchanged)
//	 "params":  [{"p": [op, ...], "r": [result, ...]}, ...],
//	 "codepoints": [[first, last, 0], [first, last, 1, hostnames], ...]}
//
// A params program is a list of ops run in order on one URLSearchParams
// (sp), maybe that of a URL (u); "r" holds, for each op, the array
// [value, sp.toString(), u.href or null]:
//
//	["new", init]         sp = new URLSearchParams(init)     value null
//	["url", href]         u = new URL(href); sp = u.searchParams
//	                      (value: false when new URL threw; the program
//	                      then stops)
//	["append", n, v], ["set", n, v], ["delete", n], ["delete", n, v],
//	["sort"]              value null
//	["has", n], ["has", n, v]   value true or false
//	["get", n]            value a string, or null
//	["getAll", n]         value an array of strings
//	["size"]              value a number
//	["toString"]          value a string
//	["search", v]         u.search = v                       value null
//	["href", v]           u.href = v   value true, or false when it threw
//
// "codepoints" says, for every code point cp from U+0080 to U+10FFFF but
// the surrogates, what new URL("http://a" + cp + "b/") gives: ranges
// [first, last, ok] of consecutive code points (U+D7FF and U+E000 count
// as consecutive) with the same answer, ok 1 or 0; a range with ok 1 has
// a fourth element, the hostnames of its code points in order, joined by
// " " (which no hostname holds): each "xn--ab-" + X written as X, any
// other as "=" + hostname.
//
// Every string is well-formed UTF-16 (no lone surrogate), so JSON carries
// it exactly and it maps to the valid UTF-8 Go string with the same code
// points.

'use strict';

const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const {URL, URLSearchParams, parseURL, parseURLWithValidationErrors, isValidURLString} = require('whatwg-url');

const wptDir = process.argv[2] || path.join(__dirname, '../../../shared/wpt');
const dataDir = process.argv[3] || path.join(__dirname, '../../../shared/datasets');
const pkg = (name) => JSON.parse(fs.readFileSync(path.join(__dirname, 'node_modules', name, 'package.json'), 'utf8'));

// mulberry32: a small deterministic PRNG; the seed is fixed.
function mulberry32(a) {
  return function () {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = mulberry32(0x77667521);
const int = (n) => Math.floor(rand() * n); // 0 <= int(n) < n
const pick = (a) => a[int(a.length)];

// Hostile alphabets.
const A = {
  controls: ['\0', '\t', '\n', '\r', '\x01', '\x1f', '\x7f', ' ', '\x0c', '\x0b', '\u00a0', '\u0085', '\ufeff'],
  delims: ['/', '\\', '?', '#', '@', ':', '[', ']', '%', '.', ';', '&', '=', '+', "'", '"', '<', '>', '^', '`',
    '{', '|', '}', '~', '!', '$', '(', ')', '*', ',', '-', '_', '//', '///', '\\\\', '::', '@@', '??', '##'],
  percent: ['%', '%2', '%zz', '%%', '%2e', '%2E', '%2f', '%2F', '%41', '%00', '%ff', '%FF', '%c3%a9', '%C3%A9',
    '%e2%80%ae', '%25', '%2525', '%3a', '%40', '%5b', '%5d', '%23', '%3F', '%20', '%0a', '%09', '%ef%bf%bd',
    '%e2%98%83', '%xn', '%c0%ae', '%80', '%f0%9f%92%a9', '%26', '%3D', '%2B', '%7e'],
  mapped: ['ß', 'ẞ', 'ς', 'Σ', 'É', 'é', 'ｆｏｏ', '．', '。', '｡', 'ﬀ', 'Ⅷ', '①', '㎏', '\u00ad', '\u200c', '\u200d',
    '\ufe0f', 'e\u0308', 'İ', 'K', 'ＡＢＣ', '℡', 'ǅ', 'ᵃ', '\u2060', '\u034f', 'Ⓐ', 'ℌ', '\u180b', 'Ⴀ', 'ⴀ'],
  rejected: ['\ufffd', '\u2028', '\ue000', '\uffff', '\u0378', '\u180e', '\u200b', '\u05d0', '\u05d01', '1\u05d0',
    '\u0627', '☃', '💩', '\u0640', '\u0300', '\u3000', '\u2488', '\u00bd', '\ufdd0', '\u{e0001}', '\u{10fffd}',
    '\u{1f1e6}', '\u06dd', '\u0600', '\u2f00', '\u{1d7ce}', '\u115f', '\u3164', '\u{e0100}', '\u202e', '\u{1b170}'],
  xn: ['xn--', 'xn--a', 'xn--zca', 'xn--n3h', 'xn--xn---3ra', 'xn--mnchen-3ya', 'xn--ls8h', 'XN--ZCA', 'xn--a-',
    'xn--ß', 'xn--0', 'xn--55qx5d', 'xn--1ch', 'xn--ss-', 'xn--nxasmq6b', 'xn--ab--', 'xn---', 'xn--.', 'xn--1',
    'xn--tda', 'xn--ghb', 'xn--abc-', 'xn--ls8h.xn--', 'xn--ba', 'xn--ma', 'xn--53h', 'xn--9a', 'xn--jda', 'xn'],
  ipv4: ['0x7f.1', '0177.0.0.1', '1.2.3.4', '4294967295', '4294967296', '1.2.3', '0x', '1.2.3.4.5', '256.256.256.256',
    '1..2', '09', '0x100000000', '1.2.3.4.', '０Ｘｃ０．０２５０．０１', '0', '0.0.0.0', '127.1', '0x7F000001',
    '1.2.3.09', '1.0x', '1.2.3.4..', '999999999999', '0xffffffff', '1.256', '.1.2.3', '1.2.3.4x', '1.2.3.0x'],
  ipv6: ['[::1]', '[::]', '[1:2:3:4:5:6:7:8]', '[::ffff:1.2.3.4]', '[1::2::3]', '[::1.2.3]', '[fe80::1%25eth0]',
    '[0:0::0:0:0:0:0:0]', '[1:2:3:4:5:6:7:8:9]', '[::127.0.0.1.]', '[z]', '[', ']', '[::1', '[:]', '[:1]',
    '[1:]', '[::ffff:1.2.3.256]', '[0::0:0:0:0:0:1.2.3.4]', '[A:B:C:D:E:F:0:0]', '[::0001:00]', '[1:2::3:4:5:6:7]',
    '[::1.2.3.4x]', '[::01.2.3.4]', '[1:2:3:4:5:6:7::]', '[v1.x]', '[::1]:80', '[::%]'],
  dots: ['.', '..', '%2e', '%2E%2e', '/./', '/../', '.%2e', '/..', '\\..\\', '/.', '/%2e/', '/..%2f', '...',
    '/../../..', './', '../', '/.//', '/./../', '%2e%2E/', '.\\'],
  drives: ['C:', 'c|', '/C:/', 'C|/', '/c|', 'C:\\', 'file:///C|/', 'ab:', 'C%3A', 'C%7C', '//C:', '/C:', 'z|x'],
  schemes: ['http:', 'https:', 'file:', 'ws:', 'wss:', 'ftp:', 'data:', 'javascript:', 'blob:', 'sc:', 'HTTP:',
    'mailto:', 'about:', 'non-spec:', 'h:', 'a+b-c.d:', '1a:', 'file:/', 'http://', 'https:/', 'file://', 'sc://'],
  ports: [':0', ':80', ':443', ':65535', ':65536', ':', ':8080', ':00080', ':1x', ':-1', ':21', ':99999999999',
    ':\t1', ':0x1'],
};
const alphabetNames = Object.keys(A);
const anyPiece = () => pick(A[pick(alphabetNames)]);
const asciiWord = () => {
  const chars = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.~';
  let s = '';
  for (let n = 1 + int(6); n > 0; n--) s += chars[int(chars.length)];
  return s;
};

// mutate applies 1-4 random edits to s.
function mutate(s) {
  const cps = Array.from(s);
  for (let n = 1 + int(4); n > 0; n--) {
    const at = int(cps.length + 1);
    const piece = Array.from(int(5) === 0 ? asciiWord() : anyPiece());
    switch (int(5)) {
      case 0: // insert
      case 1:
        cps.splice(at, 0, ...piece);
        break;
      case 2: // substitute
        cps.splice(at, 1 + int(3), ...piece);
        break;
      case 3: // delete
        cps.splice(at, 1 + int(3));
        break;
      default: // duplicate a stretch
        cps.splice(at, 0, ...cps.slice(int(cps.length), int(cps.length + 1)));
    }
  }
  return cps.join('');
}

// build makes a URL from random parts.
function build() {
  const part = (alph, p) => (rand() < p ? pick(A[alph]) : '');
  const host = () => {
    switch (int(6)) {
      case 0: return pick(A.ipv4);
      case 1: return pick(A.ipv6);
      case 2: return pick(A.xn) + (rand() < 0.5 ? '.' + pick(A.mapped) : '');
      default: {
        const labels = [];
        for (let n = 1 + int(3); n > 0; n--) {
          labels.push(int(3) === 0 ? pick([...A.mapped, ...A.rejected, ...A.xn]) + asciiWord() : asciiWord());
        }
        return labels.join(pick(['.', '.', '.', '。', '．', '｡', '%2e']));
      }
    }
  };
  let s = pick(A.schemes);
  if (!s.endsWith('/')) s += pick(['//', '//', '/', '', '\\\\', '///']);
  if (rand() < 0.2) s += asciiWord() + (rand() < 0.5 ? ':' + asciiWord() : '') + pick(['@', '@', '%40', '@@']);
  s += host() + part('ports', 0.3);
  for (let n = int(4); n > 0; n--) s += pick(['/', '/', '\\']) + (rand() < 0.4 ? pick([...A.dots, ...A.drives]) : asciiWord());
  if (rand() < 0.3) s += '?' + asciiWord() + '=' + (rand() < 0.5 ? anyPiece() : asciiWord());
  if (rand() < 0.2) s += '#' + anyPiece();
  return rand() < 0.5 ? mutate(s) : s;
}

// Seeds.
const wptCases = JSON.parse(fs.readFileSync(path.join(wptDir, 'urltestdata.json'), 'utf8')).filter((c) => typeof c === 'object');
const setterTests = JSON.parse(fs.readFileSync(path.join(wptDir, 'setters_tests.json'), 'utf8'));
const seedInputs = [...new Set(wptCases.map((c) => c.input))];
const seedBases = [...new Set([...wptCases.map((c) => c.base).filter((b) => b), 'http://example.org/foo/bar',
  'file:///C:/a/b', 'sc://host/path', 'about:blank', 'data:text/plain,x', 'https://ü.com/a?b#c', 'file://host/dir/',
  'non-spec:/a/b', 'sc:opaque', 'http://[::1]:8080/a/./b/', 'file:///', 'https://xn--n3h.com/%2e/'])];
const seedHrefs = [];
const seedValues = {};
for (const [attr, list] of Object.entries(setterTests)) {
  if (!Array.isArray(list)) continue;
  seedValues[attr] = [];
  for (const c of list) {
    if (typeof c !== 'object') continue;
    seedHrefs.push(c.href);
    seedValues[attr].push(c.new_value);
  }
}
const dataset = [];
for (const f of fs.readdirSync(dataDir).filter((f) => f.endsWith('.txt')).sort()) {
  const lines = fs.readFileSync(path.join(dataDir, f), 'utf8').replace(/^\ufeff/, '').split('\n').filter((l) => l);
  for (let n = 0; n < 400; n++) dataset.push(lines[int(lines.length)]);
}

// Getters, recorded in this order.
const GETTERS = ['href', 'origin', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash'];
const getAll = (u) => GETTERS.map((g) => u[g]);
const tryURL = (i, b) => {
  try {
    return b === undefined ? new URL(i) : new URL(i, b);
  } catch (e) {
    if (e instanceof TypeError) return null;
    throw e;
  }
};

// 1. Parse.
const parse = [];
const seenParse = new Set();
function addParse(i, b) {
  const key = JSON.stringify([i, b]);
  if (seenParse.has(key)) return;
  seenParse.add(key);
  const u = tryURL(i, b);
  const c = {i};
  if (b !== undefined) c.b = b;
  c.r = u ? getAll(u) : null;
  // The validation errors and the valid-URL-string answer, when the base
  // (if any) parses: whatwg-url's functions take a base URL record.
  const base = b === undefined ? null : parseURL(b);
  if (b === undefined || base !== null) {
    const opts = base === null ? {} : {baseURL: base};
    c.e = parseURLWithValidationErrors(i, opts).validationErrors;
    c.v = isValidURLString(i, opts) ? 1 : 0;
  }
  parse.push(c);
}
const inputSource = () => {
  switch (int(5)) {
    case 0: return pick(seedInputs);
    case 1: return pick(dataset);
    case 2: return pick(seedHrefs);
    default: return build();
  }
};
for (const i of seedInputs) addParse(i);
for (const c of wptCases) if (c.base) addParse(c.input, c.base);
for (let n = 0; parse.length < 26000 && n < 200000; n++) {
  const i = rand() < 0.85 ? mutate(inputSource()) : inputSource();
  if (rand() < 0.4) {
    const b = rand() < 0.8 ? pick(seedBases) : mutate(pick(seedBases));
    addParse(rand() < 0.5 ? i : pick([...A.dots, ...A.drives, '?x', '#y', '//h/p', '/p', 'p', '', '\\x']) + (rand() < 0.5 ? anyPiece() : ''), b);
  } else {
    addParse(i);
  }
}

// Every "xn--" piece beside a non-ASCII label, in both orders, and the
// URLs of issue 7 item 8: UTS #46 checks "xn--" labels only in a domain
// that is not all ASCII (no PRNG draws here, so what follows is as before).
for (const xn of A.xn) {
  for (const u of ['\u2603', '\u00e9', '\u00df', '\u0627']) {
    addParse('http://' + u + '.' + xn + '/');
    addParse('http://' + xn + '.' + u + '/');
  }
}
for (const [i, b] of [['http://\u2603.xn--/'], ['//127\uff0e0.0.xn--', 'file:///tmp/mock/path'],
  ['ftp://xn--mnchen\u1e9e-3ya/'], ['http://\u2603.xn--xn---3ra/'], ['https://\u00e9.xn--ls8h/']]) addParse(i, b);

// The href of every URL parsed so far, alone: serializations are mostly
// valid URL strings, which the mutated inputs rarely are, so these test
// the valid-URL-string grammar where it says yes. Then the spec's
// examples of the 2026 validation errors and a few neighbours. (No PRNG
// draws: what follows is as before.)
for (const c of parse.slice()) if (c.r) addParse(c.r[0]);
for (const i of ['https://exam%70le.org/', 'https://_dmarc.example.com/', 'https://a-.com/', 'https://1.2.3/',
  'https://[::01]/', 'https://\uff11\uff12\uff17.0.0.1/', 'https://127\u30020.0.1/', 'https://\u2460.2.3.4/',
  'https://%31.2.3.4/', 'https://%C3%A9.com/', 'https://xn--8i7caa/', 'https://a--b.com/', 'https://ab--c.com/',
  'https://example.com./', 'https://a..b/', 'https://' + 'a'.repeat(64) + '.com/', 'https://' + 'a.'.repeat(127) + 'a/',
  'https://' + 'a.'.repeat(126) + 'a/', 'sc://a%zz/', 'sc://a\u0001b%zz/', 'sc://\u00a0%/', 'https://x/a\\',
  'https://x/a>\\b', 'https://x/a\\>', 'https://[1:0:0:0:0:0:0:0001]/', 'https://[0000::]/', 'https://[::0:0]/',
  'file:///C:/a', 'file://host/a', 'http://example.com:0080/', 'non-spec:/.//p', 'about:blank#a#b', 'sc:',
  'https://user@example.org/', 'https://example.org/a/./b/../c?d#e', 'mailto:a@b.c', 'sc://[::1]/', 'sc://:80/']) addParse(i);
for (const [i, b] of [['/c:/path/to/file', 'file:///c:/'], ['c|/x', 'file:///c:/'], ['//h/p', 'https://a/'],
  ['?x', 'mailto:a'], ['#x', 'mailto:a'], ['a:b', 'https://x/'], ['./a:b', 'https://x/'], ['//h:99999/', 'sc://x/']]) addParse(i, b);

// 2. Setter sequences.
const SETTERS = ['href', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash'];
const setterValue = (attr) => {
  switch (int(6)) {
    case 0: return pick(seedValues[attr] || ['']);
    case 1: return mutate(pick(seedValues[attr] || ['']));
    case 2: return anyPiece();
    case 3: return attr === 'href' ? build() : asciiWord();
    case 4: {
      const per = {protocol: A.schemes, host: [...A.ipv4, ...A.ipv6, ...A.xn], hostname: [...A.ipv4, ...A.ipv6, ...A.xn],
        port: A.ports.map((p) => p.slice(1)), pathname: [...A.dots, ...A.drives], href: seedInputs};
      return mutate(pick(per[attr] || A.percent));
    }
    default: return '';
  }
};
const setters = [];
for (let n = 0; setters.length < 9000 && n < 100000; n++) {
  const href = rand() < 0.5 ? pick(seedHrefs) : inputSource();
  const u = tryURL(href);
  if (!u) continue;
  const s = [];
  const r = [];
  for (let k = 1 + int(4); k > 0; k--) {
    const attr = pick(SETTERS);
    const value = setterValue(attr);
    s.push([attr, value]);
    try {
      u[attr] = value;
      r.push(getAll(u));
    } catch (e) {
      if (!(e instanceof TypeError) || attr !== 'href') throw e;
      r.push(null);
    }
  }
  setters.push({i: href, s, r});
}

// 3. URLSearchParams programs.
const paramWords = ['a', 'b', 'a b', '', '=', '&', '+', '%', '%20', '%zz', 'é', '💩', '\ufffd', '\u{10000}', '\ue000',
  'A', 'a\0b', '?', '#', '\n', 'ß', '~', '*', '%26', '%3D'];
const paramWord = () => (rand() < 0.7 ? pick(paramWords) : rand() < 0.5 ? asciiWord() : anyPiece());
const queryString = () => {
  const parts = [];
  for (let n = int(5); n > 0; n--) parts.push(rand() < 0.8 ? paramWord() + '=' + paramWord() : paramWord());
  let q = parts.join(pick(['&', '&', '&&', '&amp;']));
  if (rand() < 0.3) q = mutate(q);
  return (rand() < 0.3 ? '?' : '') + q;
};
const params = [];
for (let n = 0; params.length < 6000 && n < 100000; n++) {
  const p = [];
  const r = [];
  let sp;
  let u = null;
  const record = (op, value) => {
    p.push(op);
    r.push([value, sp.toString(), u ? u.href : null]);
  };
  if (rand() < 0.45) {
    const init = queryString();
    sp = new URLSearchParams(init);
    record(['new', init], null);
  } else {
    const href = rand() < 0.5 ? pick(['https://h/', 'https://h/?', 'https://h/?a=b&c', 'sc:opaque?x#y', 'http://h/p?x=1#f',
      'file:///?%zz', 'sc://h?+a', 'https://h/?a=b%20c#', 'non-spec:/?a=%C3%A9']) : inputSource();
    u = tryURL(href);
    if (!u) continue;
    sp = u.searchParams;
    record(['url', href], true);
  }
  for (let k = 1 + int(8); k > 0; k--) {
    const which = int(u ? 13 : 11);
    switch (which) {
      case 0: case 1: {
        const op = ['append', paramWord(), paramWord()];
        sp.append(op[1], op[2]);
        record(op, null);
        break;
      }
      case 2: {
        const op = ['set', paramWord(), paramWord()];
        sp.set(op[1], op[2]);
        record(op, null);
        break;
      }
      case 3: {
        const op = rand() < 0.5 ? ['delete', paramWord()] : ['delete', paramWord(), paramWord()];
        sp.delete(...op.slice(1));
        record(op, null);
        break;
      }
      case 4: {
        const op = rand() < 0.5 ? ['has', paramWord()] : ['has', paramWord(), paramWord()];
        record(op, sp.has(...op.slice(1)));
        break;
      }
      case 5: {
        const op = ['get', paramWord()];
        record(op, sp.get(op[1]));
        break;
      }
      case 6: {
        const op = ['getAll', paramWord()];
        record(op, sp.getAll(op[1]));
        break;
      }
      case 7:
        sp.sort();
        record(['sort'], null);
        break;
      case 8:
        record(['size'], sp.size);
        break;
      case 9:
        record(['toString'], sp.toString());
        break;
      case 10: {
        // A name already in the list, to make has/delete/set hit.
        const names = [...sp.keys()];
        if (names.length === 0) break;
        const op = ['delete', pick(names)];
        sp.delete(op[1]);
        record(op, null);
        break;
      }
      case 11: {
        const op = ['search', rand() < 0.7 ? queryString() : ''];
        u.search = op[1];
        record(op, null);
        break;
      }
      default: {
        const op = ['href', rand() < 0.7 ? inputSource() : 'https://h/?' + queryString()];
        let ok = true;
        try {
          u.href = op[1];
        } catch (e) {
          if (!(e instanceof TypeError)) throw e;
          ok = false;
        }
        record(op, ok);
      }
    }
  }
  params.push({p, r});
}

// 4. Every code point from U+0080 up, alone in a domain label
// ("http://a" + cp + "b/"): what new URL makes of it, as ranges (see the
// format above).
const codepoints = [];
for (let cp = 0x80; cp <= 0x10ffff; cp++) {
  if (cp === 0xd800) cp = 0xe000;
  const u = tryURL('http://a' + String.fromCodePoint(cp) + 'b/');
  const ok = u ? 1 : 0;
  let last = codepoints[codepoints.length - 1];
  if (!last || last[2] !== ok || last[1] !== cp - 1 - (cp === 0xe000 ? 0x800 : 0)) {
    last = [cp, cp, ok];
    if (ok) last.push([]);
    codepoints.push(last);
  }
  last[1] = cp;
  if (ok) last[3].push(u.hostname.startsWith('xn--ab-') ? u.hostname.slice(7) : '=' + u.hostname);
}
for (const r of codepoints) if (r[2]) r[3] = r[3].join(' '); // no hostname holds a space

const line = (v) => JSON.stringify(v);
const out = '{"generator": "testdata/whatwg-url/gen.js", "node": ' + line(process.version) +
  ', "whatwg-url": ' + line(pkg('whatwg-url').version) + ', "tr46": ' + line(pkg('tr46').version) +
  ', "unicode": ' + line(pkg('tr46').unicodeVersion) + ',\n"getters": ' + line(GETTERS) +
  ',\n"parse": [\n' + parse.map(line).join(',\n') +
  '\n],\n"setters": [\n' + setters.map(line).join(',\n') +
  '\n],\n"params": [\n' + params.map(line).join(',\n') +
  '\n],\n"codepoints": [\n' + codepoints.map(line).join(',\n') + '\n]}\n';
fs.writeFileSync(path.join(__dirname, 'vectors.json.gz'), zlib.gzipSync(Buffer.from(out, 'utf8'), {level: 9}));
process.stderr.write(`parse ${parse.length}, setters ${setters.length} (${setters.reduce((n, c) => n + c.s.length, 0)} setter calls), ` +
  `params ${params.length} (${params.reduce((n, c) => n + c.p.length, 0)} ops), ` +
  `codepoints ${codepoints.length} ranges, ${out.length} characters\n`);
