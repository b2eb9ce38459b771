package subscription

import (
	"math"
	"time"

	"github.com/meterly/subs/internal/storage/gormrepo"
)

// Proration is the pair of adjustments a mid-period plan change produces.
type Proration struct {
	UnusedCreditCents    int64 // negative: credit for the unused part of the old plan
	RemainingChargeCents int64 // positive: charge for the rest of the period on the new plan
	Fraction             float64
}

// Prorate computes the adjustment for switching from old to new at `at`
// within [start, end). Amounts are rounded half away from zero.
func Prorate(old, new gormrepo.Plan, start, end, at time.Time) Proration {
	total := end.Sub(start).Seconds()
	if total <= 0 || !at.Before(end) {
		return Proration{}
	}
	if at.Before(start) {
		at = start
	}
	frac := end.Sub(at).Seconds() / total
	return Proration{
		UnusedCreditCents:    -int64(math.Round(float64(old.AmountCents) * frac)),
		RemainingChargeCents: int64(math.Round(float64(new.AmountCents) * frac)),
		Fraction:             frac,
	}
}

// Net is the amount the customer owes (or is owed, if negative).
func (p Proration) Net() int64 { return p.UnusedCreditCents + p.RemainingChargeCents }
