package domain

import "fmt"

// Micros is an amount in millionths of the currency unit.
type Micros int64

const microsPerUnit = 1_000_000

// FromCents converts minor units (cents) to micros.
func FromCents(c int64) Micros { return Micros(c * 10_000) }

// Cents rounds micros to minor units for providers that take cents.
func (m Micros) Cents() int64 {
	if m >= 0 {
		return (int64(m) + 5_000) / 10_000
	}
	return (int64(m) - 5_000) / 10_000
}

// Share returns bps/10000 of m, rounded down.
func (m Micros) Share(bps int) Micros { return Micros(int64(m) * int64(bps) / 10_000) }

func (m Micros) String() string {
	sign := ""
	v := int64(m)
	if v < 0 {
		sign, v = "-", -v
	}
	return fmt.Sprintf("%s%d.%02d", sign, v/microsPerUnit, (v%microsPerUnit)/10_000)
}
