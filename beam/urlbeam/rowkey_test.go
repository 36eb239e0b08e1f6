package urlbeam

import (
	"bytes"
	"reflect"
	"slices"
	"testing"
)

// TestRowKey checks that rowOfKey undoes appendRowKey and that keys
// sort the rows by their numeric columns as numbers, then the rest.
func TestRowKey(t *testing.T) {
	for _, tc := range []struct {
		numeric int
		rows    []string // in the order their keys must sort
	}{
		{1, []string{"0\tz", "2\ta", "10\ta", "10\tb", "123\t"}},
		{3, []string{"0\t1\t1", "0\t2\t5", "0\t10\t1", "1\t0\t3", "2\t0\t1", "10\t9\t9"}},
		{1, []string{"7", "7\t", "7\tx"}},
		{0, []string{"a\t10\t1", "a\t2\t1", "b"}},
	} {
		var keys [][]byte
		for _, row := range tc.rows {
			k := appendRowKey(nil, row, tc.numeric)
			if got := string(rowOfKey(nil, k, tc.numeric)); got != row {
				t.Errorf("rowOfKey(appendRowKey(%q, %d)) = %q", row, tc.numeric, got)
			}
			keys = append(keys, k)
		}
		if !slices.IsSortedFunc(keys, bytes.Compare) {
			t.Errorf("keys of %q (numeric %d) not in that order", tc.rows, tc.numeric)
		}
	}
}

func TestNumericColumns(t *testing.T) {
	for _, tc := range []struct {
		row  any
		want int
	}{{Vertex{}, 1}, {Edge{}, 3}, {HostEdge{}, 0}, {DomainStat{}, 0}, {Failure{}, 0}} {
		if got := numericColumns(columns[reflect.TypeOf(tc.row)]); got != tc.want {
			t.Errorf("numericColumns(%T) = %d, want %d", tc.row, got, tc.want)
		}
	}
}
