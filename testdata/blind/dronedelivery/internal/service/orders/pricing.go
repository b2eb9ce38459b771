package orders

import (
	"math"

	"github.com/skyhop-logistics/dronedelivery/internal/domain"
)

// weightBand is one row of the per-parcel price list.
type weightBand struct {
	maxGrams int
	cents    int64
}

// Pricing quotes delivery fees. Bands are ordered by weight.
type Pricing struct {
	bands          []weightBand
	expressCents   int64
	perKmCents     int64
	includedKm     float64
	maxParcelGrams int
}

// DefaultPricing is the 2025 public price list.
func DefaultPricing() *Pricing {
	return &Pricing{
		bands: []weightBand{
			{maxGrams: 500, cents: 690},
			{maxGrams: 1500, cents: 890},
			{maxGrams: 2500, cents: 1190},
			{maxGrams: 4000, cents: 1590},
		},
		expressCents:   450,
		perKmCents:     60,
		includedKm:     5,
		maxParcelGrams: 4000,
	}
}

// Quote returns the upfront fee for a parcel of the given weight.
func (p *Pricing) Quote(grams int, priority domain.Priority) (int64, error) {
	if grams <= 0 || grams > p.maxParcelGrams {
		return 0, domain.ErrInvalidArgument
	}
	var fee int64
	for _, b := range p.bands {
		if grams <= b.maxGrams {
			fee = b.cents
			break
		}
	}
	if priority == domain.PriorityExpress {
		fee += p.expressCents
	}
	return fee, nil
}

// ExpressSurcharge is the price of upgrading a standard order.
func (p *Pricing) ExpressSurcharge() int64 { return p.expressCents }

// DistanceSurcharge is billed after delivery for flights beyond the included radius.
func (p *Pricing) DistanceSurcharge(flownKm float64) int64 {
	extra := flownKm - p.includedKm
	if extra <= 0 {
		return 0
	}
	return int64(math.Ceil(extra)) * p.perKmCents
}
