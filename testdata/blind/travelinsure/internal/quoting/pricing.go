package quoting

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"time"
)

// ErrNotInsurable is returned when no product covers the requested trip.
var ErrNotInsurable = errors.New("quoting: trip is not insurable")

// PriceInput is what the pricer needs to know about a trip.
type PriceInput struct {
	ProductCode   string
	TravellerAge  int
	Destination   string
	TripStart     time.Time
	TripEnd       time.Time
	TripCostMinor int64
	DelayCover    bool
	Currency      string
}

// Pricer computes a premium for a trip.
type Pricer interface {
	Price(in PriceInput) (int64, error)
}

// PricerFunc adapts a function to Pricer.
type PricerFunc func(in PriceInput) (int64, error)

// Price implements Pricer.
func (f PricerFunc) Price(in PriceInput) (int64, error) { return f(in) }

type product struct {
	baseDailyMinor int64
	tripCostRate   float64
	maxDays        int
	maxAge         int
}

var products = map[string]product{
	"ESSENTIAL": {baseDailyMinor: 120, tripCostRate: 0.025, maxDays: 31, maxAge: 75},
	"COMFORT":   {baseDailyMinor: 210, tripCostRate: 0.035, maxDays: 62, maxAge: 80},
	"PREMIUM":   {baseDailyMinor: 390, tripCostRate: 0.045, maxDays: 93, maxAge: 85},
}

// Destination zones priced relative to zone EU.
var zoneFactor = map[string]float64{
	"EU":     1.0,
	"EUROPE": 1.15,
	"WORLD":  1.9,
	"USCA":   2.6,
}

// delayCoverMinor is the flat add-on for parametric flight-delay cover.
const delayCoverMinor = 450

// TariffPricer prices with the static tariff table above.
func TariffPricer() Pricer {
	return PricerFunc(func(in PriceInput) (int64, error) {
		p, ok := products[strings.ToUpper(in.ProductCode)]
		if !ok {
			return 0, fmt.Errorf("%w: unknown product %q", ErrNotInsurable, in.ProductCode)
		}
		days := int(in.TripEnd.Sub(in.TripStart).Hours()/24) + 1
		if days < 1 || days > p.maxDays {
			return 0, fmt.Errorf("%w: trip of %d days", ErrNotInsurable, days)
		}
		if in.TravellerAge > p.maxAge {
			return 0, fmt.Errorf("%w: traveller age %d", ErrNotInsurable, in.TravellerAge)
		}
		zf, ok := zoneFactor[strings.ToUpper(in.Destination)]
		if !ok {
			return 0, fmt.Errorf("%w: destination zone %q", ErrNotInsurable, in.Destination)
		}

		base := float64(p.baseDailyMinor*int64(days)) * zf
		base += float64(in.TripCostMinor) * p.tripCostRate
		base *= ageFactor(in.TravellerAge)
		premium := int64(math.Round(base))
		if in.DelayCover {
			premium += delayCoverMinor
		}
		if premium < 500 {
			premium = 500
		}
		return premium, nil
	})
}

func ageFactor(age int) float64 {
	switch {
	case age < 18:
		return 0.6
	case age < 60:
		return 1.0
	case age < 70:
		return 1.45
	default:
		return 2.1
	}
}
