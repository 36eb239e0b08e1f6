package main

import (
	url "github.com/weburl/url"
	"strings"
	"unicode/utf8"
)

// writeJSON prints e as one object of trurl's --json array: "url", the
// "parts" the URL has (decoded unless --urlencode; the query with "+"
// as a space) and, when it has a query, its "params" (decoded pairs,
// empty pairs left out).
func (r *editRun) writeJSON(e *editURL) {
	w := r.out
	if r.nJSON > 0 {
		w.WriteByte(',')
	}
	r.nJSON++
	w.WriteString("\n  {\n    \"url\": ")
	w.Write(jsonString(r.buf[:0], r.urlString(e, getMods{})))
	w.WriteString(",\n    \"parts\": {")
	first := true
	for id := compScheme; id < numComps; id++ {
		v, present := "", false
		if id == compQuery && !r.opts.urlencode {
			var q string
			if q, present = e.u.RawQuery(); present {
				v = formDecode(q)
			}
		} else {
			v, present, _ = r.component(e, id, false, getMods{encoded: r.opts.urlencode})
			if !r.opts.urlencode {
				v, present = r.decodedForJSON(e, id, v, present)
			}
		}
		if !present || (id == compQuery && v == "") {
			continue
		}
		if !first {
			w.WriteByte(',')
		}
		first = false
		w.WriteString("\n      \"")
		w.WriteString(trurlName(id))
		w.WriteString("\": ")
		w.Write(jsonString(r.buf[:0], v))
	}
	w.WriteString("\n    }")
	if q, ok := e.u.RawQuery(); ok && q != "" {
		w.WriteString(",\n    \"params\": [")
		first := true
		for _, p := range queryPairs(q, r.opts.qsep) {
			if p.raw == "" {
				continue
			}
			if !first {
				w.WriteByte(',')
			}
			first = false
			w.WriteString("\n      {\n        \"key\": ")
			w.Write(jsonString(r.buf[:0], p.name))
			w.WriteString(",\n        \"value\": ")
			w.Write(jsonString(r.buf[:0], p.value))
			w.WriteString("\n      }")
		}
		w.WriteString("\n    ]")
	}
	w.WriteString("\n  }")
}

// decodedForJSON is component's decoded value for JSON, where a NUL byte
// is fine (it is written as \u0000).
func (r *editRun) decodedForJSON(e *editURL, id compID, v string, present bool) (string, bool) {
	switch id {
	case compUser, compPassword, compPath, compFragment:
		raw, ok, _ := r.component(e, id, false, getMods{encoded: true})
		if strings.IndexByte(raw, '%') >= 0 {
			return url.PercentDecodeString(raw), ok
		}
		return raw, ok
	}
	return v, present
}

// jsonString appends s to b as a JSON string: "\", the quote and
// control characters escaped, nothing else (no HTML escapes); bytes that
// are not UTF-8 become U+FFFD.
func jsonString(b []byte, s string) []byte {
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c == '\n':
				b = append(b, '\\', 'n')
			case c == '\r':
				b = append(b, '\\', 'r')
			case c == '\t':
				b = append(b, '\\', 't')
			case c < 0x20:
				b = append(b, `\u00`...)
				b = append(b, "0123456789abcdef"[c>>4], "0123456789abcdef"[c&15])
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			b = append(b, `\ufffd`...)
		} else {
			b = append(b, s[i:i+n]...)
		}
		i += n
	}
	return append(b, '"')
}
