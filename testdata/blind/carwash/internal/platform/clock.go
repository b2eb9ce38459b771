package platform

import (
	"fmt"
	"time"
)

// Clock returns the current time; services take one so tests can pin it.
type Clock func() time.Time

// SystemClock is the wall clock in UTC.
func SystemClock() time.Time { return time.Now().UTC() }

// AddMonth moves t forward one calendar month, clamping to the last day of
// the target month (Jan 31 -> Feb 28/29).
func AddMonth(t time.Time) time.Time {
	y, m, d := t.Date()
	first := time.Date(y, m+1, 1, t.Hour(), t.Minute(), t.Second(), t.Nanosecond(), t.Location())
	last := first.AddDate(0, 1, -1).Day()
	if d > last {
		d = last
	}
	return time.Date(first.Year(), first.Month(), d, t.Hour(), t.Minute(), t.Second(), t.Nanosecond(), t.Location())
}

// PreviousPeriod is the period before the one containing t.
func PreviousPeriod(t time.Time, loc *time.Location) string {
	y, m, _ := t.In(loc).Date()
	return time.Date(y, m-1, 1, 0, 0, 0, 0, loc).Format("2006-01")
}

// PeriodBounds returns the half-open interval [from, to) covered by a
// YYYY-MM period in loc.
func PeriodBounds(period string, loc *time.Location) (from, to time.Time, err error) {
	start, err := time.ParseInLocation("2006-01", period, loc)
	if err != nil {
		return time.Time{}, time.Time{}, fmt.Errorf("period %q: %w", period, err)
	}
	return start, start.AddDate(0, 1, 0), nil
}
