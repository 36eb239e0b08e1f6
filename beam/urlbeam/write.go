package urlbeam

import (
	"fmt"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/textio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
)

func init() {
	register.Function1x1(formatRow)
}

// WriteTSV writes the rows of col to the text file filename (a local
// path or one of a registered Beam filesystem), one per line: a string
// as it is, anything else ([DomainStat], [HostEdge], [Link], [Failure])
// as its String method formats it.
func WriteTSV(s beam.Scope, filename string, col beam.PCollection) {
	s = s.Scope("urlbeam.WriteTSV")
	textio.Write(s, filename, beam.ParDo(s, formatRow, col))
}

func formatRow(row beam.T) string {
	switch r := row.(type) {
	case string:
		return r
	case fmt.Stringer:
		return r.String()
	}
	return fmt.Sprint(row)
}
