package booking

import "time"

// RefundEligible reports whether a diner cancelling at now, for a booking
// starting at startsAt, is inside the restaurant's free-cancellation window.
func RefundEligible(startsAt, now time.Time, windowMinutes int32) bool {
	if windowMinutes <= 0 {
		return true
	}
	return startsAt.Sub(now) >= time.Duration(windowMinutes)*time.Minute
}

// bookingEnd returns when a slot of the given length ends.
func bookingEnd(start time.Time, minutes int32) time.Time {
	return start.Add(time.Duration(minutes) * time.Minute)
}
