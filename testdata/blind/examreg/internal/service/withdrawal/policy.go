// Package withdrawal handles candidates withdrawing from a sitting.
package withdrawal

import "time"

// RefundPolicy decides how much of the fee is returned on withdrawal.
type RefundPolicy struct {
	// FullBefore: withdrawing at least this long before the sitting refunds in full.
	FullBefore time.Duration
	// PartialBefore: withdrawing at least this long before refunds PartialPercent.
	PartialBefore  time.Duration
	PartialPercent int64
}

// DefaultPolicy is the published withdrawal policy.
var DefaultPolicy = RefundPolicy{
	FullBefore:     35 * 24 * time.Hour,
	PartialBefore:  14 * 24 * time.Hour,
	PartialPercent: 50,
}

// Amount returns the refund owed for a fee when withdrawing at now.
func (p RefundPolicy) Amount(feeMinor int64, startsAt, now time.Time) int64 {
	left := startsAt.Sub(now)
	switch {
	case left >= p.FullBefore:
		return feeMinor
	case left >= p.PartialBefore:
		return feeMinor * p.PartialPercent / 100
	default:
		return 0
	}
}
