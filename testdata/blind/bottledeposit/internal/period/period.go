// Package period models the calendar months used for settlement and
// recycler reporting.
package period

import (
	"fmt"
	"time"
)

// Month is a calendar month in UTC, [Start, End).
type Month struct {
	Start time.Time
	End   time.Time
}

// Of returns the month containing t.
func Of(t time.Time) Month {
	t = t.UTC()
	start := time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC)
	return Month{Start: start, End: start.AddDate(0, 1, 0)}
}

// Previous returns the month before the one containing t.
func Previous(t time.Time) Month {
	return Of(Of(t).Start.Add(-time.Hour))
}

// Parse reads a "2006-01" key.
func Parse(key string) (Month, error) {
	t, err := time.Parse("2006-01", key)
	if err != nil {
		return Month{}, fmt.Errorf("period: %q: %w", key, err)
	}
	return Of(t), nil
}

// Key formats the month as "2006-01".
func (m Month) Key() string { return m.Start.Format("2006-01") }

// LastDay is the last calendar day in the month.
func (m Month) LastDay() time.Time { return m.End.AddDate(0, 0, -1) }

// MonthlyAt is a river periodic schedule that fires on a given day of each
// month at a given hour (UTC).
type MonthlyAt struct {
	Day  int
	Hour int
}

func (s MonthlyAt) Next(current time.Time) time.Time {
	current = current.UTC()
	next := time.Date(current.Year(), current.Month(), s.Day, s.Hour, 0, 0, 0, time.UTC)
	if !next.After(current) {
		next = next.AddDate(0, 1, 0)
	}
	return next
}

// DailyAt fires once a day at the given hour (UTC).
type DailyAt struct {
	Hour int
}

func (s DailyAt) Next(current time.Time) time.Time {
	current = current.UTC()
	next := time.Date(current.Year(), current.Month(), current.Day(), s.Hour, 0, 0, 0, time.UTC)
	if !next.After(current) {
		next = next.AddDate(0, 0, 1)
	}
	return next
}
