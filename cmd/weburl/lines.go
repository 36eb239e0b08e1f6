package main

import (
	"bufio"
	"errors"
	"io"
	"strconv"
	"unsafe"
)

// errLineTooLong is the error of a line longer than maxLine.
var errLineTooLong = errors.New("line longer than " + strconv.Itoa(maxLine>>20) + " MiB")

// lineReader reads the lines of standard input in memory bounded by
// maxLine: a longer line is skipped (read and dropped in pieces) and
// reported, and reading goes on with the next line. bufio.Scanner, by
// contrast, stops at such a line and drops everything after it.
type lineReader struct {
	r       *bufio.Reader
	buf     []byte // the line being read, reused
	n       int    // the number of the line last returned, from 1
	skipped int    // the length of the last line skipped as too long
}

func newLineReader(r io.Reader) *lineReader {
	return &lineReader{r: bufio.NewReaderSize(r, 64<<10)}
}

// next returns the next line without its "\n" or "\r\n", valid until
// the next call (it is a view of the reader's buffer).
//
// Why unsafe.String (issue 28): a copy of each line (string(line))
// makes weburl parse -field href take 143 ns a line where the view takes
// 81, and weburl --get '{host}' 174 where it takes 114 (CPU time,
// kasztp.txt, taskset -c 0, two runs of each:
// URL_DATASETS=$PWD/../shared/datasets taskset -c 0 go test -run '^$'
// -bench EditDataset -benchtime 20x ./cmd/weburl). The view is safe
// only as long as nothing made from the line outlives the next call:
// url.Parse and URL.SetHref may return a URL whose href is the line
// itself, so every caller (eachInput's handlers, fieldLines, the
// editing mode's urlFile) writes what it prints from the line before it
// reads the next one, and keeps no URL, string or error built from it
// (an error message quotes the input: it is printed at once). At the end of
// the input it returns io.EOF; for a line longer than maxLine it returns
// errLineTooLong, having read past it.
func (l *lineReader) next() (string, error) {
	chunk, err := l.r.ReadSlice('\n')
	if err == nil && len(chunk) <= maxLine+2 {
		// The common case: the whole line is in the reader's buffer,
		// and the view is of that buffer (valid until the next read).
		l.n++
		line := chunk[:len(chunk)-1]
		if len(line) > 0 && line[len(line)-1] == '\r' {
			line = line[:len(line)-1]
		}
		if len(line) > maxLine {
			l.skipped = len(chunk) - 1
			return "", errLineTooLong
		}
		return unsafe.String(unsafe.SliceData(line), len(line)), nil
	}
	// A long line, or the last one: collected from this first chunk on.
	return l.collect(chunk, err)
}

// collect is next for a line that does not fit the reader's buffer (or
// ends the input without "\n"), whose first chunk was read with err.
func (l *lineReader) collect(chunk []byte, err error) (string, error) {
	l.buf = l.buf[:0]
	tooLong := false
	total := 0 // the line's length, its "\n" included
	endNL := false
	for first := true; ; first = false {
		if !first {
			chunk, err = l.r.ReadSlice('\n')
		}
		total += len(chunk)
		endNL = len(chunk) > 0 && chunk[len(chunk)-1] == '\n'
		if !tooLong {
			if len(l.buf)+len(chunk) > maxLine+2 { // room for "\r\n"
				tooLong = true
				l.buf = l.buf[:0]
			} else {
				if len(l.buf)+len(chunk) > cap(l.buf) {
					// Double (append grows large slices by a
					// quarter, allocating five times the line).
					nb := make([]byte, len(l.buf), min(max(2*cap(l.buf), len(l.buf)+len(chunk)), maxLine+2))
					copy(nb, l.buf)
					l.buf = nb
				}
				l.buf = append(l.buf, chunk...)
			}
		}
		switch err {
		case bufio.ErrBufferFull:
			continue
		case nil:
		case io.EOF:
			if total == 0 {
				return "", io.EOF
			}
		default:
			return "", err
		}
		break
	}
	l.n++
	if endNL {
		total--
	}
	line := l.buf
	if len(line) > 0 && line[len(line)-1] == '\n' {
		line = line[:len(line)-1]
	}
	if len(line) > 0 && line[len(line)-1] == '\r' {
		line = line[:len(line)-1]
	}
	if tooLong || len(line) > maxLine {
		l.skipped = total
		return "", errLineTooLong
	}
	// A view of the buffer, valid until the next call (see eachInput):
	// no copy per line.
	return unsafe.String(unsafe.SliceData(line), len(line)), nil
}
