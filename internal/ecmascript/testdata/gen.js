#!/usr/bin/env node
// gen.js writes vectors.json: the results of JavaScript's own
// encodeURI, encodeURIComponent, decodeURI, decodeURIComponent, escape and
// unescape on thousands of strings, for the Go tests in ecmascript_test.go
// (which read the file and need no Node).
//
// Regenerate (from the repository root):
//
//	node internal/ecmascript/testdata/gen.js > internal/ecmascript/testdata/vectors.json
//
// The output depends only on the fixed seed below and on the engine's
// implementation of the six functions, which ECMA-262 fully specifies, so
// running it again must give the same file (it was made with Node v20).
//
// Format. The file is one JSON object:
//
//	{"functions": [six names], "vectors": [[input, out1, ..., out6], ...]}
//
// one vector per line; outK is the result of functions[K-1] on input.
//
// Each JavaScript string (input or output) is stored as:
//   - a JSON string, when it is well-formed UTF-16 (no lone surrogate), so
//     that it maps exactly to the valid UTF-8 Go string with the same code
//     points;
//   - an array of its UTF-16 code units (numbers), when it holds a lone
//     surrogate. JSON strings can't carry one faithfully: JSON.stringify
//     writes "\ud800", which Go's encoding/json decodes to U+FFFD. The Go
//     test turns such an array into WTF-8: pairs as 4-byte UTF-8, each
//     lone surrogate as its 3-byte generalized UTF-8 form (ED A0 80 for
//     U+D800), which is how the Go functions take lone surrogates;
//   - null, when the call threw URIError (any other exception stops the
//     generator).
//
// Lone-surrogate inputs are kept: encodeURI and encodeURIComponent must
// throw on them, and the Go functions must return ErrMalformedURI for the
// same string in WTF-8. For unescape, whose result may hold a lone
// surrogate that a valid UTF-8 Go string can't, the Go test expects U+FFFD
// in its place (Go's utf16.Decode), as Unescape documents.

'use strict';

const FUNCTIONS = ['encodeURI', 'encodeURIComponent', 'decodeURI', 'decodeURIComponent', 'escape', 'unescape'];
const FN = {encodeURI, encodeURIComponent, decodeURI, decodeURIComponent, escape, unescape};

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
const rand = mulberry32(0x5eed2026);
const int = (n) => Math.floor(rand() * n); // 0 <= int(n) < n
const pick = (a) => a[int(a.length)];

const hex2 = (b, lower) => {
  const h = b.toString(16).padStart(2, '0');
  return lower ? h : h.toUpperCase();
};
// esc writes bytes as %XX escapes, with uppercase, lowercase or mixed hex.
const esc = (bytes) => {
  const mode = int(4); // 0, 1: upper; 2: lower; 3: each byte at random
  return bytes.map((b) => '%' + hex2(b, mode === 2 || (mode === 3 && int(2) === 1))).join('');
};
const utf8 = (cp) => [...Buffer.from(String.fromCodePoint(cp), 'utf8')];

const inputs = [];
const seen = new Set();
const add = (s) => {
  if (!seen.has(s)) {
    seen.add(s);
    inputs.push(s);
  }
};

// 1. Every ASCII character alone, and a few non-ASCII ones: the sets each
// function keeps.
for (let c = 0; c < 0x80; c++) add(String.fromCharCode(c));
for (const s of ['\x80', '\xa0', 'é', 'ÿ', 'Ā', '€', '\u2028', '\ufeff', '\ufffd', '\uffff',
  '😀', '\u{10000}', '\u{10ffff}', '\ud800', '\udbff', '\udc00', '\udfff', '\udc00\ud800']) add(s);
let printable = '';
for (let c = 0x20; c < 0x7f; c++) printable += String.fromCharCode(c);
add(printable);
add(";/?:@&=+$,#");
add("#[]!'()*");
add("-_.!~*'()");
add("@*_+-./");
add('');

// 2. Every byte as an escape, in upper and lower case, and every escaped
// ASCII character in a string, as decodeURI must keep the reserved ones.
for (let b = 0; b < 0x100; b++) {
  add('%' + hex2(b, false));
  if (/[a-f]/.test(hex2(b, true))) add('%' + hex2(b, true));
  add('%u00' + hex2(b, false));
}
add("%23%5B%5D%21%27%28%29%2A");
add("%3B%2F%3F%3A%40%26%3D%2B%24%2C%23");
add("%3b%2f%3f%3a%40%26%3d%2b%24%2c%23");

// 3. Hand-picked escapes: invalid, truncated, overlong, surrogates, out of
// range, and %u forms.
for (const s of ['%', '%%', '%2', '%G0', '%0G', '%%41', '%u', '%u1', '%u12', '%u123', '%u1234', '%U1234',
  '%uD800', '%uDC00', '%uD83D%uDE00', '%uDE00%uD83D', '%uD83D', '%uD83Dx', '%uD83D%41',
  '%uD83D\ude00', '\ud83d%uDE00', '%uD83D\ud83d\ude00', '%uzzzz', '%u12345',
  '%C0%AF', '%C0%80', '%C1%BF', '%E0%80%AF', '%E0%9F%BF', '%F0%80%80%AF', '%F0%8F%BF%BF',
  '%ED%A0%80', '%ED%BF%BF', '%ED%A0%BD%ED%B8%80', '%ED%9F%BF', '%EE%80%80',
  '%F4%8F%BF%BF', '%F4%90%80%80', '%F5%80%80%80', '%F7%BF%BF%BF', '%F8%88%80%80%80', '%FC%84%80%80%80%80',
  '%FE', '%FF', '%80', '%BF', '%C2', '%C2%', '%C2%4', '%C2%41', '%C2A9', '%C2%C2%A9', '%E2%82', '%E2%82%A',
  '%E2%82%AC', '%e2%82%ac', '%F0%9F%98%80', '%F0%9F%98', '%F0%9F%98%8', '%F0%9F%98%80%80',
  '%C3%A9', '%C3%A9%', 'a%C3%A9b', '%25', '%2525', '%252', '%00', '%7F', '%7f',
  '%2f', '%2F', '%23', '%5b', '%3F%3f', 'http://example.com/a b/?q=%E2%82%AC#%23frag']) add(s);

// 4. Random strings made of pieces of every kind.
const reserved = ";/?:@&=+$,#[]!'()*%";
const pieces = [
  () => printable[int(printable.length)],
  () => reserved[int(reserved.length)],
  () => String.fromCharCode(int(0x80)),
  () => String.fromCharCode(0x80 + int(0x780)), // two-byte UTF-8
  () => String.fromCharCode(pick([0x800 + int(0xd000), 0xe000 + int(0x2000)])), // three-byte, not a surrogate
  () => String.fromCodePoint(0x10000 + int(0x100000)), // a surrogate pair
  () => String.fromCharCode(0xd800 + int(0x800)), // a surrogate, most often lone
  () => esc([int(0x80)]), // an escaped ASCII byte
  () => esc([reserved.charCodeAt(int(reserved.length))]),
  () => esc(utf8(0x80 + int(0x780))),
  () => esc(utf8(pick([0x800 + int(0xd000), 0xe000 + int(0x2000)]))),
  () => esc(utf8(0x10000 + int(0x100000))),
  () => esc([0x80 + int(0x80)]), // a lone non-ASCII byte: invalid UTF-8
  () => esc(utf8(0x10000 + int(0x100000)).slice(0, 1 + int(3))), // truncated
  () => esc(pick([[0xc0 | int(2), 0x80 | int(64)], [0xe0, 0x80 | int(32), 0x80 | int(64)],
    [0xf0, 0x80 | int(16), 0x80 | int(64), 0x80 | int(64)]])), // overlong
  () => esc([0xed, 0xa0 | int(32), 0x80 | int(64)]), // a surrogate in UTF-8 (CESU-8, WTF-8)
  () => esc([0xf4 + int(4), 0x80 | int(64), 0x80 | int(64), 0x80 | int(64)]), // above U+10FFFF
  () => esc([0xf8 + int(8)]),
  () => '%u' + int(0x10000).toString(16).padStart(4, '0'),
  () => '%u' + (0xd800 + int(0x800)).toString(16).toUpperCase(),
  () => '%u' + (0x10000 + int(0x100000)).toString(16).slice(0, 4), // may be 5 digits: ok
  () => pick(['%', '%u', '%X', '%1', '%1G', '%ZZ', '%u12', '%uD8', '%%']),
];
// Most random strings hold an invalid escape somewhere, so decodeURI
// throws on them; half of the strings are made of only the first pieces,
// which decode (literal "%" excluded), to test what decoding gives.
const valid = 12; // pieces[0:valid] never make decoding throw, but for "%"
const noPercent = (f) => () => {
  let s;
  do s = f(); while (s === '%');
  return s;
};
const N = 2000;
for (const [count, from] of [[N, pieces.map(noPercent).slice(0, valid)], [N, pieces]]) {
  const start = inputs.length;
  for (let n = 0; inputs.length < start + count && n < 10 * count; n++) {
    let s = '';
    const len = 1 + int(8);
    for (let i = 0; i < len; i++) s += pick(from)();
    add(s);
  }
}

// Storage, as described at the top.
function isWellFormed(s) {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        i++;
        continue;
      }
      return false;
    }
    if (c >= 0xdc00 && c <= 0xdfff) return false;
  }
  return true;
}
function store(s) {
  if (s === null) return 'null';
  if (isWellFormed(s)) return JSON.stringify(s);
  const units = [];
  for (let i = 0; i < s.length; i++) units.push(s.charCodeAt(i));
  return '[' + units.join(',') + ']';
}
function call(fn, s) {
  try {
    return FN[fn](s);
  } catch (e) {
    if (e instanceof URIError) return null;
    throw e;
  }
}

const lines = inputs.map((s) => '[' + [store(s), ...FUNCTIONS.map((fn) => store(call(fn, s)))].join(',') + ']');
process.stdout.write('{"generator": "internal/ecmascript/testdata/gen.js", "node": ' + JSON.stringify(process.version) +
  ',\n"functions": ' + JSON.stringify(FUNCTIONS) + ',\n"vectors": [\n' + lines.join(',\n') + '\n]}\n');
