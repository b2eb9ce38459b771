package domain

import "fmt"

// Currency used by every salon in the chain.
const Currency = "GBP"

// Cents is an amount of money in minor units.
type Cents int64

func (c Cents) String() string {
	sign := ""
	if c < 0 {
		sign = "-"
		c = -c
	}
	return fmt.Sprintf("%s£%d.%02d", sign, int64(c)/100, int64(c)%100)
}

// BasisPoints applies a rate in basis points (1/100 of a percent).
func (c Cents) BasisPoints(bps int) Cents {
	return Cents((int64(c)*int64(bps) + 5000) / 10000)
}
