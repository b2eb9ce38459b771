// Package clock holds small time helpers shared by the settlement services.
package clock

import "time"

// London is the settlement calendar timezone. Settlement days run from
// local midnight to local midnight, so they have 46, 48 or 50 periods.
var London = mustLoad("Europe/London")

func mustLoad(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		return time.UTC
	}
	return loc
}

// Now is the default clock used by services.
func Now() time.Time { return time.Now().UTC() }

// SettlementDay truncates t to the settlement day it falls in, expressed
// as midnight UTC of that calendar date (the form stored in DATE columns).
func SettlementDay(t time.Time) time.Time {
	l := t.In(London)
	return time.Date(l.Year(), l.Month(), l.Day(), 0, 0, 0, 0, time.UTC)
}

// PeriodsIn returns the number of half-hour settlement periods in the
// settlement day d (46 on the spring clock change, 50 in autumn).
func PeriodsIn(d time.Time) int {
	start := time.Date(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, London)
	end := start.AddDate(0, 0, 1)
	return int(end.Sub(start) / (30 * time.Minute))
}

// ParseDate parses a YYYY-MM-DD settlement date.
func ParseDate(s string) (time.Time, error) {
	return time.Parse("2006-01-02", s)
}

// FormatDate renders a settlement date as YYYY-MM-DD.
func FormatDate(t time.Time) string { return t.Format("2006-01-02") }
