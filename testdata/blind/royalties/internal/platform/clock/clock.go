// Package clock abstracts time for services.
package clock

import "time"

// Clock returns the current time.
type Clock interface{ Now() time.Time }

// System is the wall clock in UTC.
type System struct{}

// Now implements Clock.
func (System) Now() time.Time { return time.Now().UTC() }
