package service

import (
	"time"

	"github.com/google/uuid"

	"github.com/kestrelfin/factoring/internal/domain"
)

// Pricer quotes advance terms for an invoice.
type Pricer struct {
	BaseAdvanceRateBps int
	DiscountFeeBps     int
	DailyFeeBps        int
	OfferTTL           time.Duration
}

func NewPricer() *Pricer {
	return &Pricer{BaseAdvanceRateBps: 8500, DiscountFeeBps: 150, DailyFeeBps: 3, OfferTTL: 72 * time.Hour}
}

// Quote prices an offer for the requested amount, capped by the advance rate
// on the invoice's outstanding value.
func (p *Pricer) Quote(inv *domain.Invoice, requestedMinor int64, frID uuid.UUID, now time.Time) *domain.Offer {
	rate := p.BaseAdvanceRateBps
	tenorDays := int(inv.DueDate.Sub(truncateDay(now)).Hours() / 24)
	if tenorDays > 90 {
		rate -= 500
	}
	maxAdvance := inv.Outstanding() * int64(rate) / 10_000
	advance := requestedMinor
	if advance <= 0 || advance > maxAdvance {
		advance = maxAdvance
	}
	return &domain.Offer{
		ID:               uuid.New(),
		FundingRequestID: frID,
		InvoiceID:        inv.ID,
		AdvanceRateBps:   rate,
		DiscountFeeBps:   p.DiscountFeeBps,
		DailyFeeBps:      p.DailyFeeBps,
		AdvanceMinor:     advance,
		ReserveMinor:     inv.Outstanding() - advance,
		Status:           "open",
		ExpiresAt:        now.Add(p.OfferTTL),
		CreatedAt:        now,
	}
}

// DiscountFee is the up-front fee charged on an advance.
func DiscountFee(o *domain.Offer) int64 {
	return o.AdvanceMinor * int64(o.DiscountFeeBps) / 10_000
}

// DailyFee is the fee accrued for one day on the advance principal.
func DailyFee(a *domain.Advance) int64 {
	return a.PrincipalMinor * int64(a.DailyFeeBps) / 10_000
}
