package billing

// Tariff is the price list for a ride.
type Tariff struct {
	UnlockFeeCents int64
	PerMinuteCents int64
	// PassWaivesUnlock drops the unlock fee when a pass covered any part
	// of the ride.
	PassWaivesUnlock bool
	MinimumCents     int64
}

// DefaultTariff is the Berlin price list.
var DefaultTariff = Tariff{UnlockFeeCents: 100, PerMinuteCents: 25, PassWaivesUnlock: true, MinimumCents: 50}

// Fare prices a ride given the minutes left to pay after pass minutes were
// applied.
func (t Tariff) Fare(payableMinutes int, passUsed bool) int64 {
	var fare int64
	if !(passUsed && t.PassWaivesUnlock) {
		fare += t.UnlockFeeCents
	}
	fare += int64(payableMinutes) * t.PerMinuteCents
	if fare > 0 && fare < t.MinimumCents {
		fare = t.MinimumCents
	}
	return fare
}
