package domain

import (
	"time"
)

// PlatformFeeBps is the marketplace's commission in basis points.
const PlatformFeeBps = 1200

// Quote computes the rental price, fee and deposit for a date range.
func Quote(l Listing, start, end time.Time) (rental, fee, deposit int64) {
	days := int64(end.Sub(start).Hours()/24) + 1
	rental = l.DailyRateCents * days
	fee = rental * PlatformFeeBps / 10000
	return rental, fee, l.DepositCents
}

// OwnerShare is what the owner receives for a booking once it completes.
func OwnerShare(b Booking) int64 {
	return b.RentalCents - b.FeeCents
}

// RefundPolicy decides how much of the rental is refunded when a booking is
// cancelled at the given time.
type RefundPolicy struct {
	FullRefundBefore    time.Duration
	PartialRefundBefore time.Duration
	PartialRefundBps    int64
}

// DefaultRefundPolicy is the "moderate" policy shown on listings.
var DefaultRefundPolicy = RefundPolicy{
	FullRefundBefore:    72 * time.Hour,
	PartialRefundBefore: 24 * time.Hour,
	PartialRefundBps:    5000,
}

// Refundable returns the amount of the rental to refund. Cancellations by
// the owner are always refunded in full; the platform fee is refunded only
// in that case.
func (p RefundPolicy) Refundable(b Booking, now time.Time, byOwner bool) int64 {
	if byOwner {
		return b.RentalCents + b.FeeCents
	}
	until := b.StartDay.Sub(now)
	switch {
	case until >= p.FullRefundBefore:
		return b.RentalCents
	case until >= p.PartialRefundBefore:
		return b.RentalCents * p.PartialRefundBps / 10000
	default:
		return 0
	}
}

// DaysBetween lists each calendar day from start to end inclusive.
func DaysBetween(start, end time.Time) []time.Time {
	var out []time.Time
	for d := start; !d.After(end); d = d.AddDate(0, 0, 1) {
		out = append(out, d)
	}
	return out
}
