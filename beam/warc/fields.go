package warc

import (
	"fmt"
	"io"
	"strings"
)

// fieldsBuilder collects the named fields of a record header or of an
// application/warc-fields block, and folds each continuation line into
// the field before it, in time and memory linear in their length
// (adding each line to the field's value string would copy it whole
// again for every line). A folded value is its parts, each with the
// white space around it trimmed, joined by single spaces; a part that is
// only white space adds nothing.
type fieldsBuilder struct {
	h      Header
	value  []byte // the last field's value while continuation lines fold into it
	folded bool   // whether value holds the last field's value
}

// countFields returns how many lines of text may start a field: those
// that start with neither white space nor a line break. A Header of that
// capacity is allocated once, where growing it field by field would
// allocate about twice as much.
func countFields(text string) int {
	n := 0
	for text != "" {
		if c := text[0]; c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			n++
		}
		i := strings.IndexByte(text, '\n')
		if i < 0 {
			break
		}
		text = text[i+1:]
	}
	return n
}

// add appends a field; value is trimmed of the white space around it.
func (b *fieldsBuilder) add(name, value string) {
	b.flush()
	b.h = append(b.h, Field{Name: name, Value: strings.TrimSpace(value)})
}

// fold folds a continuation line into the last field, and reports false
// when there is no field yet.
func (b *fieldsBuilder) fold(line string) bool {
	if len(b.h) == 0 {
		return false
	}
	part := strings.TrimSpace(line)
	if part == "" {
		return true
	}
	if !b.folded {
		b.value = append(b.value[:0], b.h[len(b.h)-1].Value...)
		b.folded = true
	}
	if len(b.value) > 0 {
		b.value = append(b.value, ' ')
	}
	b.value = append(b.value, part...)
	return true
}

// flush stores the folded value of the last field.
func (b *fieldsBuilder) flush() {
	if b.folded {
		b.h[len(b.h)-1].Value = string(b.value)
		b.folded = false
	}
}

// header returns the fields.
func (b *fieldsBuilder) header() Header {
	b.flush()
	return b.h
}

// ReadFields parses a block of Content-Type application/warc-fields
// (a warcinfo or metadata record's named fields) into a [Header], in at
// most limit bytes. A line that starts with a space or a tab continues
// the field before it, as in a record's header; blank lines are skipped.
// It takes time and memory linear in the block's length.
func ReadFields(block io.Reader, limit int64) (Header, error) {
	data, err := io.ReadAll(io.LimitReader(block, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("warc: fields block longer than %d bytes", limit)
	}
	text := string(data)
	fb := fieldsBuilder{h: make(Header, 0, countFields(text))}
	for text != "" {
		var l string
		l, text, _ = strings.Cut(text, "\n")
		s := strings.TrimRight(l, "\r")
		if strings.TrimSpace(s) == "" {
			continue
		}
		if (s[0] == ' ' || s[0] == '\t') && fb.fold(s) {
			continue
		}
		name, value, ok := strings.Cut(s, ":")
		if !ok {
			return nil, fmt.Errorf("warc: malformed field %q", truncate(s, 40))
		}
		fb.add(name, value)
	}
	return fb.header(), nil
}
