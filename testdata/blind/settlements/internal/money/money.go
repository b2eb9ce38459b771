// Package money holds integer-cent arithmetic used by allocation and the
// trust ledger. Floating point never touches an amount.
package money

import (
	"errors"
	"fmt"
	"sort"
)

// Cents is an amount in US cents.
type Cents int64

// String renders c as dollars, e.g. "$1234.56".
func (c Cents) String() string {
	if c < 0 {
		return "-" + (-c).String()
	}
	return fmt.Sprintf("$%d.%02d", int64(c)/100, int64(c)%100)
}

// BasisPoints applies a rate in basis points (1/100 of a percent), rounding
// half away from zero.
func (c Cents) BasisPoints(bps int) Cents {
	num := int64(c) * int64(bps)
	q := num / 10000
	r := num % 10000
	if r*2 >= 10000 {
		q++
	} else if r*2 <= -10000 {
		q--
	}
	return Cents(q)
}

// ErrNoWeights is returned when a split has nothing to split across.
var ErrNoWeights = errors.New("money: no positive weights")

// Split divides total across weights using the largest-remainder method, so
// the parts always sum exactly to total. Ties on remainder go to the earlier
// index, which keeps the split deterministic for a given claimant order.
func Split(total Cents, weights []int64) ([]Cents, error) {
	var sum int64
	for _, w := range weights {
		if w < 0 {
			return nil, fmt.Errorf("money: negative weight %d", w)
		}
		sum += w
	}
	if sum == 0 {
		return nil, ErrNoWeights
	}
	parts := make([]Cents, len(weights))
	type rem struct {
		idx int
		r   int64
	}
	rems := make([]rem, len(weights))
	var allotted int64
	for i, w := range weights {
		q := int64(total) * w / sum
		r := int64(total) * w % sum
		parts[i] = Cents(q)
		allotted += q
		rems[i] = rem{idx: i, r: r}
	}
	sort.SliceStable(rems, func(a, b int) bool { return rems[a].r > rems[b].r })
	left := int64(total) - allotted
	for i := 0; left > 0; i++ {
		parts[rems[i%len(rems)].idx]++
		left--
	}
	return parts, nil
}
