#!/usr/bin/env node
// gen.js writes vectors.json.gz: what jsdom's data-urls (the Fetch
// Standard's data: URL processor) and whatwg-mimetype (the MIME Sniffing
// Standard's MIME type parser and serializer) answer for generated
// inputs, for the Go test in dataurl/differential_test.go, which reads
// the file and needs no Node.
//
// Regenerate (from the repository root):
//
//	(cd testdata/dataurl && npm ci && node gen.js ../../../shared/wpt)
//
// The argument is the WPT folder (with fetch-data-urls/ and mimesniff/
// inside). data-urls, whatwg-mimetype and what they depend on (whatwg-url
// for the URL parser) are pinned exactly by package.json and
// package-lock.json; the output depends only on them, the seed below and
// the WPT files, so running it again gives the same file (made with Node
// v20; data-urls asks for Node 22, but nothing it does here differs on
// v20: atob() is the same forgiving-base64 decode).
//
// Inputs. The inputs of data-urls.json, base64.json (as the body of a
// ";base64" data: URL and alone), mime-types.json and
// generated-mime-types.json (alone and as a data: URL's MIME type),
// each then mutated: pieces of hostile alphabets (";", "base64" in
// several cases, spaces and other whitespace, percent sequences whole and
// broken, quotes and backslashes, "=", controls, Latin-1 and wider code
// points, "#", "?", "," ...) are inserted, substituted or spliced in at
// random places (nine in ten data: URLs keep their "data:"; seven in ten
// base64 inputs take pieces of the base64 alphabet, padding and
// whitespace), and random base64 strings with whitespace and padding. The PRNG is seeded, so the inputs are fixed.
//
// Format: one JSON object (gzip-compressed):
//
//	{"generator", "node", "data-urls", "whatwg-mimetype", "whatwg-url",
//	 "dataurls":  [{"i": input, "m": serialized MIME type, or null when
//	                 the URL does not parse or the processor fails,
//	                "b": the body, base64}, ...],
//	 "mimetypes": [{"i": input, "o": serialization, or null}, ...],
//	 "base64":    [{"i": input, "o": the bytes, base64, or null}, ...]}
//
// Every string is well-formed UTF-16 (no lone surrogate), so JSON carries
// it exactly and it maps to the valid UTF-8 Go string with the same code
// points.

'use strict';

const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const parseDataURL = require('data-urls');
const {MIMEType} = require('whatwg-mimetype');

const wptDir = process.argv[2] || path.join(__dirname, '../../../shared/wpt');
const pkg = (name) => JSON.parse(fs.readFileSync(path.join(__dirname, 'node_modules', name, 'package.json'), 'utf8'));
const readWPT = (name) => JSON.parse(fs.readFileSync(path.join(wptDir, name), 'utf8'));

// mulberry32: a small deterministic PRNG; the seed is fixed.
function mulberry32(a) {
  return function () {
    a |= 0; a = a + 0x6D2B79F5 | 0;
    let t = Math.imul(a ^ a >>> 15, 1 | a);
    t = t + Math.imul(t ^ t >>> 7, 61 | t) ^ t;
    return ((t ^ t >>> 14) >>> 0) / 4294967296;
  };
}
const rand = mulberry32(0x20dada);
const pick = (arr) => arr[Math.floor(rand() * arr.length)];

const pieces = [
  ';', ';', ',', ',', 'base64', 'BASE64', 'BaSe64', ';base64', '; base64', ';base64 ', ' ', '  ', '%20', '\t', '\n', '\r', '\f', '\v',
  '%', '%2', '%2C', '%3B', '%3b', '%3D', '%41', '%62ase64', '%FF', '%00', '%zz', '%%',
  '"', '\\', '\\"', '=', '==', '===', '/', '//', 'text/plain', 'text/html', 'image/png', 'x/x', 'charset=', 'charset=utf-8',
  '\u0000', '\u0001', '\u001f', '\u007f', '\u0080', '\u00a0', '\u00e9', '\u00ff', '\u0100', '\u2020', '\u3000', '\ud83d\udca9',
  '#', '?', '#x', '?q', 'A', 'AA', 'AAA', 'AAAA', 'WA', 'YQ', '+', '-', '_', 'data:', 'DATA:', 'data://h/', 'x;y=z', '(', ')',
];

// b64Pieces bias base64 inputs towards ones that decode.
const b64Pieces = ['A', 'AA', 'AAA', 'AAAA', 'Zm9v', '+', '/', '=', '==', ' ', '\t', '\n', '\f', '\r', '\v', '-', '_', '%', '\u00a0', '\u00ff'];

// mutate applies one to three random edits at code point boundaries,
// with pieces from alphabet (default pieces).
function mutate(s, alphabet = pieces) {
  let cps = Array.from(s);
  const edits = 1 + Math.floor(rand() * 3);
  for (let e = 0; e < edits; e++) {
    const at = Math.floor(rand() * (cps.length + 1));
    const p = Array.from(pick(alphabet));
    switch (Math.floor(rand() * 3)) {
      case 0: cps.splice(at, 0, ...p); break; // insert
      case 1: cps.splice(at, 1, ...p); break; // substitute
      default: { // splice in a slice of the string itself
        const from = Math.floor(rand() * (cps.length + 1));
        cps.splice(at, 0, ...cps.slice(from, from + 1 + Math.floor(rand() * 6)));
      }
    }
  }
  return cps.join('');
}

const dataSeeds = readWPT('fetch-data-urls/data-urls.json').map((c) => c[0]);
const b64Seeds = readWPT('fetch-data-urls/base64.json').map((c) => c[0]);
const mimeSeeds = [
  ...readWPT('mimesniff/mime-types.json'), ...readWPT('mimesniff/generated-mime-types.json'),
].filter((c) => typeof c === 'object').map((c) => c.input);

const latin1 = (s) => Array.from(s).every((c) => c.codePointAt(0) <= 0xff);
const pctAll = (s) => Array.from(Buffer.from(s, 'latin1')).map((b) => '%' + b.toString(16).toUpperCase().padStart(2, '0')).join('');

// Data: URL inputs: the seeds, base64 bodies, MIME types, and mutations.
const dataInputs = new Set(dataSeeds);
for (const b of b64Seeds) {
  dataInputs.add('data:;base64,' + b);
  if (latin1(b)) dataInputs.add('data:;base64,' + pctAll(b));
}
for (const m of mimeSeeds) dataInputs.add('data:' + m + ',x');
const dataBase = [...dataInputs];
// Nine in ten keep their "data:" and mutate the rest.
while (dataInputs.size < 20000) {
  const s = pick(dataBase);
  dataInputs.add(rand() < 0.9 && s.startsWith('data:') ? 'data:' + mutate(s.slice(5)) : mutate(s));
}

const mimeInputs = new Set(mimeSeeds);
while (mimeInputs.size < 20000) mimeInputs.add(mutate(pick(mimeSeeds)));

const b64Inputs = new Set(b64Seeds);
// Random strings of the alphabet with whitespace and padding sprinkled in.
const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
while (b64Inputs.size < 2000) {
  let x = '';
  const n = Math.floor(rand() * 40);
  for (let k = 0; k < n; k++) x += rand() < 0.1 ? pick([' ', '\t', '\n', '\f', '\r']) : alphabet[Math.floor(rand() * 64)];
  b64Inputs.add(x + pick(['', '', '=', '==', ' =', '= =']));
}
while (b64Inputs.size < 5000) b64Inputs.add(mutate(pick(b64Seeds), rand() < 0.7 ? b64Pieces : pieces));

const wellFormed = (s) => !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s);

const out = {
  generator: 'testdata/dataurl/gen.js',
  node: process.version,
  'data-urls': pkg('data-urls').version,
  'whatwg-mimetype': pkg('whatwg-mimetype').version,
  'whatwg-url': pkg('whatwg-url').version,
  dataurls: [],
  mimetypes: [],
  base64: [],
};
for (const i of dataInputs) {
  if (!wellFormed(i)) continue;
  const r = parseDataURL(i);
  out.dataurls.push(r === null ? {i, m: null} : {i, m: r.mimeType.toString(), b: Buffer.from(r.body).toString('base64')});
}
for (const i of mimeInputs) {
  if (!wellFormed(i)) continue;
  const m = MIMEType.parse(i);
  out.mimetypes.push({i, o: m === null ? null : m.toString()});
}
for (const i of b64Inputs) {
  if (!wellFormed(i)) continue;
  let o = null;
  try {
    o = Buffer.from(atob(i), 'latin1').toString('base64');
  } catch {
    o = null;
  }
  out.base64.push({i, o});
}

// One case per line, so that a diff of two runs is readable.
const lines = ['{' + ['generator', 'node', 'data-urls', 'whatwg-mimetype', 'whatwg-url']
  .map((k) => JSON.stringify(k) + ':' + JSON.stringify(out[k])).join(',')];
for (const k of ['dataurls', 'mimetypes', 'base64']) {
  lines.push(',' + JSON.stringify(k) + ':[');
  lines.push(out[k].map((c) => JSON.stringify(c)).join(',\n'));
  lines.push(']');
}
lines.push('}');
fs.writeFileSync(path.join(__dirname, 'vectors.json.gz'), zlib.gzipSync(lines.join('\n') + '\n', {level: 9, mtime: 0}));
console.log(`vectors.json.gz: ${out.dataurls.length} data: URLs, ${out.mimetypes.length} MIME types, ${out.base64.length} base64 inputs`);
