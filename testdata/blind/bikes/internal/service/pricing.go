package service

import (
	"math"
	"time"

	"github.com/cyclegrid/bikeshare/internal/db"
)

// Pricer computes the fare of a finished ride.
type Pricer interface {
	Fare(ride db.Ride, endedAt time.Time, pass *db.PassPlan) int64
}

type Tariff struct {
	UnlockFeeCents int64
	PerMinuteCents int64
	DailyCapCents  int64
	GraceSeconds   int
}

var DefaultTariff = Tariff{
	UnlockFeeCents: 100,
	PerMinuteCents: 25,
	DailyCapCents:  2400,
	GraceSeconds:   60,
}

type tariffPricer struct {
	t Tariff
}

func NewPricer() Pricer { return &tariffPricer{t: DefaultTariff} }

func (p *tariffPricer) Fare(ride db.Ride, endedAt time.Time, pass *db.PassPlan) int64 {
	start := ride.UnlockedAt
	if ride.StartedAt.Valid {
		start = ride.StartedAt.Time
	}
	secs := int(endedAt.Sub(start).Seconds())
	if secs <= p.t.GraceSeconds {
		return 0
	}
	minutes := int64(math.Ceil(float64(secs) / 60))
	fare := p.t.UnlockFeeCents
	if pass != nil {
		fare = 0
		minutes -= int64(pass.FreeMinutes)
		if minutes < 0 {
			minutes = 0
		}
	}
	fare += minutes * p.t.PerMinuteCents
	if fare > p.t.DailyCapCents {
		fare = p.t.DailyCapCents
	}
	return fare
}
