// Package period handles the co-op's monthly accounting periods ("2025-06").
package period

import (
	"fmt"
	"time"
)

const layout = "2006-01"

// Loc is the co-op's accounting time zone.
var Loc = mustLoad("Europe/Berlin")

func mustLoad(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		return time.UTC
	}
	return loc
}

// Of returns the period containing t.
func Of(t time.Time) string { return t.In(Loc).Format(layout) }

// Previous returns the period before the one containing t.
func Previous(t time.Time) string {
	t = t.In(Loc)
	first := time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, Loc)
	return first.AddDate(0, -1, 0).Format(layout)
}

// Bounds returns the first instant of p and of the period after it.
func Bounds(p string) (time.Time, time.Time, error) {
	start, err := time.ParseInLocation(layout, p, Loc)
	if err != nil {
		return time.Time{}, time.Time{}, fmt.Errorf("bad period %q: %w", p, err)
	}
	return start, start.AddDate(0, 1, 0), nil
}
