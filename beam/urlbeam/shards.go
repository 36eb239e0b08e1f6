package urlbeam

import (
	"bufio"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"reflect"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/weburl/url/beam/internal/extsort"
	"github.com/xitongsys/parquet-go/parquet"
	"github.com/xitongsys/parquet-go/writer"
)

func init() {
	register.DoFn1x2[string, int, string](&shardLineFn{})
	register.Function1x2(shardMarker)
	register.DoFn4x1[context.Context, int, func(*int) bool, func(*string) bool, error](&writeShardFn{})
	register.Iter1[int]()
}

// Format is a file format of [WriteShards].
type Format string

// The formats of [WriteShards].
const (
	// TSV is one row a line, fields separated by tabs, as the rows'
	// String methods format them.
	TSV Format = "tsv"
	// Parquet is Apache Parquet, one column per field of the row type,
	// counts and ids as INT64, everything else UTF-8 strings.
	Parquet Format = "parquet"
)

// WriteOptions say how [WriteShards] writes. The zero value writes one
// uncompressed TSV file.
type WriteOptions struct {
	// Shards is the number of files (0 means 1): rows are spread over
	// them by a hash of the row, and each file is written by one worker.
	Shards int
	// Format is TSV (the default, "") or Parquet.
	Format Format
	// Gzip compresses: a TSV file as a whole (".tsv.gz"), a Parquet
	// file's pages with Parquet's GZIP codec (else SNAPPY).
	Gzip bool
	// RowsCounter, if set, names a Beam counter (namespace "urlbeam")
	// of the rows written.
	RowsCounter string
}

// ErrWrite is the cause of the errors [WriteShards] returns at
// construction: an unknown format, a row type with no columns, a path
// of an unregistered filesystem.
var ErrWrite = errors.New("urlbeam: write")

// columns are the Parquet columns of each row type: name and type.
var columns = map[reflect.Type][]string{
	reflect.TypeOf(""):           {"value"},
	reflect.TypeOf(Link{}):       {"page", "tag", "attr", "kind", "raw", "href"},
	reflect.TypeOf(Failure{}):    {"stage", "input", "base", "err"},
	reflect.TypeOf(DomainStat{}): {"domain", "links:INT64", "distinct_urls:INT64"},
	reflect.TypeOf(HostEdge{}):   {"from", "to", "links:INT64"},
	reflect.TypeOf(Vertex{}):     {"id:INT64", "name"},
	reflect.TypeOf(Edge{}):       {"from:INT64", "to:INT64", "links:INT64"},
}

// ShardName is the name of shard i of n that [WriteShards] writes under
// prefix: "PREFIX-00001-of-00004.tsv" (".tsv.gz", ".parquet").
func ShardName(prefix string, i, n int, opt WriteOptions) string {
	ext := ".tsv"
	if opt.Format == Parquet {
		ext = ".parquet"
	} else if opt.Gzip {
		ext = ".tsv.gz"
	}
	return fmt.Sprintf("%s-%05d-of-%05d%s", prefix, i, n, ext)
}

// WriteShards writes the rows of col (a PCollection of string,
// [Link], [Failure], [DomainStat], [HostEdge], [Vertex] or [Edge]) to
// opt.Shards files named by [ShardName] (a local path or one of a
// registered Beam filesystem: gs://, s3://). Each file is written by
// one worker from one group of rows, so the work spreads over as many
// workers as there are shards; every shard's file is written, empty or
// not. The rows of a file are sorted (ids and counts as numbers, the
// rest in byte order), in bounded memory through the worker's
// temporary directory, so that a file's bytes do not depend on the
// runner. The construction errors wrap [ErrWrite].
func WriteShards(s beam.Scope, prefix string, col beam.PCollection, opt WriteOptions) error {
	if opt.Shards <= 0 {
		opt.Shards = 1
	}
	if opt.Format == "" {
		opt.Format = TSV
	}
	if opt.Format != TSV && opt.Format != Parquet {
		return fmt.Errorf("%w: unknown format %q (tsv or parquet)", ErrWrite, string(opt.Format))
	}
	cols, ok := columns[col.Type().Type()]
	if !ok {
		return fmt.Errorf("%w: no columns for rows of type %v", ErrWrite, col.Type().Type())
	}
	if err := validScheme(prefix); err != nil {
		return err
	}
	s = s.Scope("urlbeam.WriteShards")
	keyed := beam.ParDo(s, &shardLineFn{Shards: opt.Shards}, beam.ParDo(s, formatRow, col))
	shardIDs := make([]int, opt.Shards)
	for i := range shardIDs {
		shardIDs[i] = i
	}
	all := beam.ParDo(s, shardMarker, beam.CreateList(s, shardIDs))
	beam.ParDo0(s, &writeShardFn{Prefix: prefix, Options: opt, Columns: cols, RowsCounter: opt.RowsCounter},
		beam.CoGroupByKey(s, all, keyed))
	return nil
}

// validScheme reports a path of an unregistered filesystem as an error,
// where filesystem.ValidateScheme panics.
func validScheme(path string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%w: %v", ErrWrite, r)
		}
	}()
	filesystem.ValidateScheme(path)
	return nil
}

func shardMarker(i int) (int, int) { return i, i }

// shardLineFn keys a row by its shard.
type shardLineFn struct {
	Shards int
}

func (f *shardLineFn) ProcessElement(line string) (int, string) {
	return shardOf(line, f.Shards), line
}

// shardOf spreads strings over n shards by their FNV-1a hash.
func shardOf(s string, n int) int {
	h := fnv.New32a()
	h.Write([]byte(s))
	return int(h.Sum32() % uint32(n))
}

// writeShardFn writes the rows of one shard to its file, sorted.
type writeShardFn struct {
	Prefix      string
	Options     WriteOptions
	Columns     []string
	RowsCounter string
}

func (f *writeShardFn) StartBundle(ctx context.Context) {
	counters.writeBundles.Inc(ctx, 1)
}

// ProcessElement sorts the rows of one shard (see rowKey), in bounded
// memory through the worker's temporary directory, and writes them.
func (f *writeShardFn) ProcessElement(ctx context.Context, shard int, _ func(*int) bool, rows func(*string) bool) error {
	name := ShardName(f.Prefix, shard, f.Options.Shards, f.Options)
	sorter := extsort.New(extsort.Options{})
	numeric := numericColumns(f.Columns)
	var row string
	var key []byte
	for rows(&row) {
		key = appendRowKey(key[:0], row, numeric)
		if err := sorter.Add(key, 0); err != nil {
			return fmt.Errorf("urlbeam: writing %s: %w", name, err)
		}
	}
	it, err := sorter.Sort()
	if err != nil {
		return fmt.Errorf("urlbeam: writing %s: %w", name, err)
	}
	defer it.Close()
	n, err := writeShard(ctx, name, f.Options, f.Columns, sortedRows(it, numeric))
	if err != nil {
		return err
	}
	if f.RowsCounter != "" {
		beam.NewCounter("urlbeam", f.RowsCounter).Inc(ctx, n)
	}
	counters.shards.Inc(ctx, 1)
	return nil
}

// sortedRows returns the rows of the keys of it (see appendRowKey) as
// an iterator of the kind writeTSV and writeParquet read.
func sortedRows(it *extsort.Iterator, numeric int) func(*string) bool {
	var line []byte
	return func(row *string) bool {
		if !it.Next() {
			return false
		}
		line = rowOfKey(line[:0], it.Key(), numeric)
		*row = string(line)
		return true
	}
}

// writeShard writes rows to the file name, as opt says, and returns how
// many it wrote.
func writeShard(ctx context.Context, name string, opt WriteOptions, cols []string, rows func(*string) bool) (int64, error) {
	fs, err := filesystem.New(ctx, name)
	if err != nil {
		return 0, err
	}
	defer fs.Close()
	w, err := fs.OpenWrite(ctx, name)
	if err != nil {
		return 0, err
	}
	var n int64
	counted := func(row *string) bool {
		if rows(row) {
			n++
			return true
		}
		return false
	}
	if opt.Format == Parquet {
		err = writeParquet(w, cols, opt.Gzip, counted)
	} else {
		err = writeTSV(w, opt.Gzip, counted)
	}
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return n, fmt.Errorf("urlbeam: writing %s: %w", name, err)
	}
	return n, nil
}

func writeTSV(w io.Writer, gz bool, rows func(*string) bool) error {
	var zw *gzip.Writer
	if gz {
		zw = gzip.NewWriter(w)
		w = zw
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	var row string
	for rows(&row) {
		bw.WriteString(row)
		if err := bw.WriteByte('\n'); err != nil {
			return err
		}
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	if zw != nil {
		return zw.Close()
	}
	return nil
}

// parquetSchema is the CSV-style schema of xitongsys/parquet-go for
// columns written "name" (a UTF-8 string) or "name:INT64".
func parquetSchema(cols []string) []string {
	md := make([]string, len(cols))
	for i, c := range cols {
		name, typ, ok := strings.Cut(c, ":")
		if ok {
			md[i] = "name=" + name + ", type=" + typ
		} else {
			md[i] = "name=" + name + ", type=BYTE_ARRAY, convertedtype=UTF8, encoding=PLAIN_DICTIONARY"
		}
	}
	return md
}

func writeParquet(w io.Writer, cols []string, gz bool, rows func(*string) bool) error {
	pw, err := writer.NewCSVWriterFromWriter(parquetSchema(cols), w, 1)
	if err != nil {
		return err
	}
	pw.CompressionType = parquet.CompressionCodec_SNAPPY
	if gz {
		pw.CompressionType = parquet.CompressionCodec_GZIP
	}
	var row string
	fields := make([]*string, len(cols))
	for rows(&row) {
		parts := strings.SplitN(row, "\t", len(cols))
		for i := range fields {
			if i < len(parts) {
				fields[i] = &parts[i]
			} else {
				empty := ""
				fields[i] = &empty
			}
		}
		if err := pw.WriteString(fields); err != nil {
			return err
		}
	}
	return pw.WriteStop()
}
