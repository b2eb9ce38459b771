// Package clock provides the time source injected into services.
package clock

import "time"

// Func returns the current time.
type Func func() time.Time

// System is the wall clock in UTC.
func System() Func {
	return func() time.Time { return time.Now().UTC() }
}

// Day truncates t to midnight UTC, the unit fines are assessed in.
func Day(t time.Time) time.Time {
	y, m, d := t.UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}
