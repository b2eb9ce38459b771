// Package clock supplies the wall clock to services through dependency
// injection so time-dependent rules (deferral windows, quarantine holds,
// compensation tiers) can be tested.
package clock

import "time"

// Now returns the current time. Services hold a field of this type.
type Now func() time.Time

// System returns a Now that reads the system clock in UTC.
func System() Now {
	return func() time.Time { return time.Now().UTC() }
}

// StartOfDay truncates t to midnight in loc.
func StartOfDay(t time.Time, loc *time.Location) time.Time {
	y, m, d := t.In(loc).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, loc)
}

// MonthKey renders t as "YYYY-MM" in UTC, used for monthly compensation
// tiers and milestone tracking.
func MonthKey(t time.Time) string {
	return t.UTC().Format("2006-01")
}
