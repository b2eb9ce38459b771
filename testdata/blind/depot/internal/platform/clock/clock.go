// Package clock abstracts wall-clock time so services can be driven by a
// fixed clock in tests and replays.
package clock

import "time"

// Clock reports the current time.
type Clock interface {
	Now() time.Time
}

// System is the real wall clock, always in UTC.
type System struct{}

// Now returns the current UTC time.
func (System) Now() time.Time { return time.Now().UTC() }

// Fixed always returns the same instant.
type Fixed time.Time

// Now returns the fixed instant.
func (f Fixed) Now() time.Time { return time.Time(f) }

// Func adapts a function to the Clock interface.
type Func func() time.Time

// Now calls f.
func (f Func) Now() time.Time { return f() }
