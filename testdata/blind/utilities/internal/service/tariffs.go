package service

import (
	"math"
	"time"

	"github.com/gridwell/utilities/internal/domain"
)

// tariff is a simple two-part tariff: a daily standing charge and a unit
// rate. Real tariffs come from the pricing system; these are the regulated
// default rates.
type tariff struct {
	StandingCentsPerDay int64
	UnitCents           float64
	UnitName            string
	Register            string
}

var defaultTariffs = map[domain.Utility]tariff{
	domain.Electricity: {StandingCentsPerDay: 61, UnitCents: 24.5, UnitName: "kWh", Register: "import"},
	domain.Water:       {StandingCentsPerDay: 38, UnitCents: 212.0, UnitName: "m3", Register: "volume"},
}

// consumption returns the advance of a cumulative register over the
// readings, which must be ordered by time.
func consumption(readings []domain.Reading) float64 {
	if len(readings) < 2 {
		return 0
	}
	d := readings[len(readings)-1].Value - readings[0].Value
	if d < 0 {
		// register rolled over or the meter was exchanged; bill nothing and
		// let the exceptions queue pick it up
		return 0
	}
	return d
}

func days(from, to time.Time) int64 {
	return int64(math.Round(to.Sub(from).Hours() / 24))
}

func lineAmount(qty float64, unitCents float64) int64 {
	return int64(math.Round(qty * unitCents))
}
