package domain

import (
	"fmt"
	"time"
)

// Period is a statement month, formatted YYYY-MM.
type Period string

// ParsePeriod validates s.
func ParsePeriod(s string) (Period, error) {
	if _, err := time.Parse("2006-01", s); err != nil {
		return "", Invalid("period %q: want YYYY-MM", s)
	}
	return Period(s), nil
}

// PeriodOf returns the period containing t.
func PeriodOf(t time.Time) Period { return Period(t.UTC().Format("2006-01")) }

// Previous returns the month before p.
func (p Period) Previous() Period {
	t, err := time.Parse("2006-01", string(p))
	if err != nil {
		return p
	}
	return Period(t.AddDate(0, -1, 0).Format("2006-01"))
}

// Bounds returns the half-open interval [start, end) covered by p.
func (p Period) Bounds() (time.Time, time.Time, error) {
	t, err := time.Parse("2006-01", string(p))
	if err != nil {
		return time.Time{}, time.Time{}, fmt.Errorf("period %q: %w", p, err)
	}
	return t, t.AddDate(0, 1, 0), nil
}

func (p Period) String() string { return string(p) }
