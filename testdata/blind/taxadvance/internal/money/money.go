// Package money holds the small amount of arithmetic we do on cents.
package money

// Bps returns amount * bps / 10000, rounded half up.
func Bps(amountCents int64, bps int) int64 {
	if amountCents <= 0 || bps <= 0 {
		return 0
	}
	return (amountCents*int64(bps) + 5000) / 10000
}

// Min returns the smaller of a and b.
func Min(a, b int64) int64 {
	if a < b {
		return a
	}
	return b
}

// RoundDown rounds cents down to a multiple of step (e.g. 5000 for $50 tiers).
func RoundDown(cents, step int64) int64 {
	if step <= 0 {
		return cents
	}
	return cents - cents%step
}
