// Package compliance produces the monthly direct-to-consumer shipping
// reports that states require from licensed wine shippers.
package compliance

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"strconv"
	"time"

	"github.com/vinoteca/wineclub/internal/store"
)

// BottleLiters is the volume of a standard bottle.
const BottleLiters = 0.75

// Period is a reporting month, formatted "2025-07".
type Period struct {
	Year  int
	Month time.Month
}

// ParsePeriod parses "YYYY-MM".
func ParsePeriod(s string) (Period, error) {
	t, err := time.Parse("2006-01", s)
	if err != nil {
		return Period{}, fmt.Errorf("period must be YYYY-MM: %w", err)
	}
	return Period{Year: t.Year(), Month: t.Month()}, nil
}

// PreviousMonth returns the period before t.
func PreviousMonth(t time.Time) Period {
	p := time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC).AddDate(0, -1, 0)
	return Period{Year: p.Year(), Month: p.Month()}
}

func (p Period) String() string { return fmt.Sprintf("%04d-%02d", p.Year, int(p.Month)) }

// Bounds returns [first day, first day of next month).
func (p Period) Bounds() (time.Time, time.Time) {
	from := time.Date(p.Year, p.Month, 1, 0, 0, 0, 0, time.UTC)
	return from, from.AddDate(0, 1, 0)
}

// Report is the content of one state's filing.
type Report struct {
	State  string
	Period Period
	Totals store.StateTotals
	Liters float64
	CSV    []byte
}

// TotalsSource sums deliveries per state.
type TotalsSource interface {
	DeliveredInState(ctx context.Context, state string, from, to time.Time) (store.StateTotals, error)
	ShippedStates(ctx context.Context, from, to time.Time) ([]string, error)
}

// Build assembles the report for a state and period.
func Build(ctx context.Context, src TotalsSource, license, state string, p Period) (*Report, error) {
	from, to := p.Bounds()
	t, err := src.DeliveredInState(ctx, state, from, to)
	if err != nil {
		return nil, err
	}
	liters := float64(t.Bottles) * BottleLiters
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	_ = w.Write([]string{"license_number", "state", "period", "shipments", "bottles", "liters"})
	_ = w.Write([]string{license, state, p.String(), strconv.Itoa(t.Shipments), strconv.Itoa(t.Bottles), fmt.Sprintf("%.3f", liters)})
	w.Flush()
	if err := w.Error(); err != nil {
		return nil, err
	}
	return &Report{State: state, Period: p, Totals: t, Liters: liters, CSV: buf.Bytes()}, nil
}
