package settlement

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/ridgeline-fleet/fuelcards/internal/domain"
	"github.com/ridgeline-fleet/fuelcards/internal/pipeline"
)

// Merchant files are CSV with a header row:
//
//	line_no,authorization_id,product,gallons,amount_cents,transacted_at
//
// gallons has up to three decimals; transacted_at is RFC 3339.
var header = []string{"line_no", "authorization_id", "product", "gallons", "amount_cents", "transacted_at"}

// ErrBadHeader is returned when a file does not start with the expected
// header row.
var ErrBadHeader = errors.New("settlement file: unexpected header")

// Parse reads every record of a merchant file. Each record yields a Result so
// that all bad lines are reported together.
func Parse(r io.Reader) ([]pipeline.Result[domain.SettlementLine], error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = len(header)
	cr.ReuseRecord = false

	first, err := cr.Read()
	if err != nil {
		return nil, fmt.Errorf("read header: %w", err)
	}
	for i, h := range header {
		if strings.TrimSpace(strings.ToLower(first[i])) != h {
			return nil, ErrBadHeader
		}
	}

	var out []pipeline.Result[domain.SettlementLine]
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			out = append(out, pipeline.Fail[domain.SettlementLine](err))
			continue
		}
		out = append(out, parseRecord(rec))
	}
}

func parseRecord(rec []string) pipeline.Result[domain.SettlementLine] {
	lineNo, err := strconv.Atoi(rec[0])
	if err != nil || lineNo <= 0 {
		return pipeline.Failf[domain.SettlementLine]("line_no %q: invalid", rec[0])
	}
	if rec[1] == "" {
		return pipeline.Failf[domain.SettlementLine]("line %d: authorization_id missing", lineNo)
	}
	gallons, err := parseMilli(rec[3])
	if err != nil {
		return pipeline.Failf[domain.SettlementLine]("line %d: gallons: %v", lineNo, err)
	}
	amount, err := strconv.ParseInt(rec[4], 10, 64)
	if err != nil || amount < 0 {
		return pipeline.Failf[domain.SettlementLine]("line %d: amount_cents %q: invalid", lineNo, rec[4])
	}
	at, err := time.Parse(time.RFC3339, rec[5])
	if err != nil {
		return pipeline.Failf[domain.SettlementLine]("line %d: transacted_at: %v", lineNo, err)
	}
	return pipeline.Ok(domain.SettlementLine{
		LineNo:        lineNo,
		NetworkAuthID: rec[1],
		ProductCode:   strings.ToUpper(rec[2]),
		GallonsMilli:  gallons,
		AmountCents:   amount,
		TransactedAt:  at,
	})
}

// parseMilli parses a decimal with up to three fractional digits into
// thousandths.
func parseMilli(s string) (int64, error) {
	whole, frac, _ := strings.Cut(s, ".")
	if len(frac) > 3 {
		return 0, fmt.Errorf("%q has more than three decimals", s)
	}
	w, err := strconv.ParseInt(whole, 10, 64)
	if err != nil {
		return 0, err
	}
	frac += strings.Repeat("0", 3-len(frac))
	f, err := strconv.ParseInt(frac, 10, 64)
	if err != nil {
		return 0, err
	}
	return w*1000 + f, nil
}
