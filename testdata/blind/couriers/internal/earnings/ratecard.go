package earnings

// RateCard prices a delivery. Amounts are in cents.
type RateCard struct {
	BaseCents      int64
	PerKmCents     int64
	CargoBikeCents int64
	MaxSurgeBps    int64
}

// DefaultRateCard is the cooperative's 2025 rate card, as voted at the AGM.
var DefaultRateCard = RateCard{
	BaseCents:      450,
	PerKmCents:     85,
	CargoBikeCents: 200,
	MaxSurgeBps:    20000,
}

// Quote is the priced breakdown of one delivery.
type Quote struct {
	BaseCents     int64
	DistanceCents int64
	SurgeCents    int64
}

// Total is the delivery's earnings.
func (q Quote) Total() int64 { return q.BaseCents + q.DistanceCents + q.SurgeCents }

// Price applies the rate card to a completed delivery.
func (r RateCard) Price(ev DeliveryCompleted) Quote {
	base := r.BaseCents
	if ev.CargoBike {
		base += r.CargoBikeCents
	}
	// Distance is paid per started 100m so short hops still count.
	hundreds := (int64(ev.DistanceMeters) + 99) / 100
	dist := hundreds * r.PerKmCents / 10
	surge := int64(0)
	if bps := min(ev.SurgeBps, r.MaxSurgeBps); bps > 10000 {
		surge = (base + dist) * (bps - 10000) / 10000
	}
	return Quote{BaseCents: base, DistanceCents: dist, SurgeCents: surge}
}
