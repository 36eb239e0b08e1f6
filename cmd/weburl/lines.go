package main

import (
	"bufio"
	"errors"
	"io"
	"strconv"
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

// next returns the next line without its "\n" or "\r\n". At the end of
// the input it returns io.EOF; for a line longer than maxLine it returns
// errLineTooLong, having read past it.
func (l *lineReader) next() (string, error) {
	l.buf = l.buf[:0]
	tooLong := false
	total := 0 // the line's length, its "\n" included
	endNL := false
	for {
		chunk, err := l.r.ReadSlice('\n')
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
	return string(line), nil
}
