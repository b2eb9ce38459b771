package ledger

// Commission describes the platform's take on a fare.
type Commission struct {
	// RateBasisPoints is the platform fee in basis points of the fare.
	RateBasisPoints int64
	// BookingFee is a flat amount the platform keeps per trip.
	BookingFee int64
}

// DefaultCommission is used when a market has no override.
var DefaultCommission = Commission{RateBasisPoints: 2500, BookingFee: 150}

// DriverShare returns the driver's part of a fare in minor units.
func (c Commission) DriverShare(fareCents int64) int64 {
	if fareCents <= c.BookingFee {
		return 0
	}
	net := fareCents - c.BookingFee
	return net - (net*c.RateBasisPoints)/10000
}

// DriverShareOfDelta returns the driver's part of a change in fare, without
// re-applying the flat booking fee.
func (c Commission) DriverShareOfDelta(deltaCents int64) int64 {
	return deltaCents - (deltaCents*c.RateBasisPoints)/10000
}
