// Package clock provides the time source injected into services.
package clock

import "time"

// Func returns the current time.
type Func func() time.Time

// UTC is the production clock.
func UTC() time.Time { return time.Now().UTC() }

// Date truncates t to a calendar date in UTC.
func Date(t time.Time) time.Time {
	y, m, d := t.UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// MonthStart returns the first day of t's month.
func MonthStart(t time.Time) time.Time {
	y, m, _ := t.UTC().Date()
	return time.Date(y, m, 1, 0, 0, 0, 0, time.UTC)
}
