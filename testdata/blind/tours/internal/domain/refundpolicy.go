package domain

import "fmt"

// RefundTier is one band of the cancellation policy.
type RefundTier struct {
	Name          string
	MinDaysBefore int
	RefundPct     int
	// KeepDeposit means the deposit is forfeited in this tier regardless of
	// the percentage.
	KeepDeposit bool
}

// RefundPolicy is the ordered list of tiers, most generous first.
type RefundPolicy []RefundTier

// DefaultRefundPolicy is the policy in the booking conditions.
var DefaultRefundPolicy = RefundPolicy{
	{Name: "early", MinDaysBefore: 90, RefundPct: 100, KeepDeposit: true},
	{Name: "standard", MinDaysBefore: 60, RefundPct: 75, KeepDeposit: true},
	{Name: "late", MinDaysBefore: 30, RefundPct: 50, KeepDeposit: true},
	{Name: "very_late", MinDaysBefore: 14, RefundPct: 25, KeepDeposit: true},
	{Name: "no_refund", MinDaysBefore: -1 << 31, RefundPct: 0, KeepDeposit: true},
}

// Quote is the outcome of applying the policy to a booking.
type Quote struct {
	Tier        RefundTier
	RefundCents int64
}

// Apply works out how much of what has been paid comes back.
func (p RefundPolicy) Apply(b Booking, daysBefore int) (Quote, error) {
	for _, t := range p {
		if daysBefore < t.MinDaysBefore {
			continue
		}
		base := b.AmountPaidCents
		if t.KeepDeposit {
			base -= b.DepositCents
		}
		if base < 0 {
			base = 0
		}
		return Quote{Tier: t, RefundCents: base * int64(t.RefundPct) / 100}, nil
	}
	return Quote{}, fmt.Errorf("refund policy: no tier for %d days", daysBefore)
}

// Allocate spreads a refund total over the payments it came from, newest
// payment first, so a balance payment is refunded before the deposit.
func Allocate(total int64, payments []Payment) map[string]int64 {
	out := make(map[string]int64, len(payments))
	remaining := total
	for i := len(payments) - 1; i >= 0 && remaining > 0; i-- {
		p := payments[i]
		take := p.AmountCents
		if take > remaining {
			take = remaining
		}
		out[p.ID] = take
		remaining -= take
	}
	return out
}
