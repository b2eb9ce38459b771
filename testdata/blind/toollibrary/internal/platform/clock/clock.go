// Package clock provides the time source injected into services so tests
// and replays can pin "now".
package clock

import "time"

// Clock returns the current instant.
type Clock func() time.Time

// System is the wall clock in UTC, truncated to microseconds to match the
// DATETIME(6) columns.
func System() Clock {
	return func() time.Time { return time.Now().UTC().Truncate(time.Microsecond) }
}

// Fixed always returns t. Used by the admin replay tool.
func Fixed(t time.Time) Clock {
	return func() time.Time { return t }
}

// DateOf returns the calendar date of t in loc as a midnight UTC time,
// which is how DATE columns round-trip through the MySQL driver.
func DateOf(t time.Time, loc *time.Location) time.Time {
	if loc == nil {
		loc = time.UTC
	}
	y, m, d := t.In(loc).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}
