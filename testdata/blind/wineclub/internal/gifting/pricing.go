package gifting

import (
	"fmt"

	"github.com/segmentio/ksuid"
)

// PriceList maps tier to price per quarter in cents.
type PriceList map[string]int64

// DefaultPrices are the current gift prices.
var DefaultPrices = PriceList{
	"classic":   8900,
	"reserve":   17900,
	"collector": 34900,
}

// Total returns the price for quarters of tier, with a discount for a full
// year.
func (p PriceList) Total(tier string, quarters int) (int64, error) {
	per, ok := p[tier]
	if !ok {
		return 0, fmt.Errorf("unknown tier %q", tier)
	}
	if quarters < 1 || quarters > 8 {
		return 0, fmt.Errorf("quarters must be between 1 and 8")
	}
	total := per * int64(quarters)
	if quarters >= 4 {
		total = total * 95 / 100
	}
	return total, nil
}

// attemptKey builds the Stripe idempotency key for one payment attempt on
// an object. A declined card must be retryable with a different card, so
// each attempt gets its own suffix.
func attemptKey(kind, id string) string {
	return kind + "/" + id + "/" + ksuid.New().String()
}
