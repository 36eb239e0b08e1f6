package urlbeam

import "strings"

// The rows of an output file are sorted by a key made from the row:
// its leading numeric columns (the ids and counts of [Vertex] and
// [Edge]) as numbers, then the rest of the row in byte order.
// appendRowKey writes each leading numeric field as its length in one
// byte, its digits (which sorts non-negative integers by value) and
// then 0 if the row ends there or 1 if it goes on; after the last
// numeric field comes the rest of the row. rowOfKey undoes it.

// numericColumns is the number of leading INT64 columns of cols (as
// the columns table writes them).
func numericColumns(cols []string) int {
	for i, c := range cols {
		if !strings.HasSuffix(c, ":INT64") {
			return i
		}
	}
	return len(cols)
}

// appendRowKey appends the sort key of row to key. The numeric fields
// are decimal numbers of at most 20 digits, as strconv writes int64s.
func appendRowKey(key []byte, row string, numeric int) []byte {
	for range numeric {
		field, rest, more := strings.Cut(row, "\t")
		key = append(key, byte(len(field)))
		key = append(key, field...)
		if !more {
			return append(key, 0)
		}
		key = append(key, 1)
		row = rest
	}
	return append(key, row...)
}

// rowOfKey appends the row of key to line.
func rowOfKey(line, key []byte, numeric int) []byte {
	for i := range numeric {
		if len(key) == 0 {
			return line
		}
		n := min(int(key[0]), len(key)-1)
		if i > 0 {
			line = append(line, '\t')
		}
		line = append(line, key[1:1+n]...)
		key = key[1+n:]
		if len(key) == 0 || key[0] == 0 {
			return line
		}
		key = key[1:]
	}
	if numeric > 0 {
		line = append(line, '\t')
	}
	return append(line, key...)
}
