package tolling

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/northgate/tolls/internal/domain"
	"github.com/northgate/tolls/internal/storage/repo"
)

// Pricer computes the toll for a trip from the tariff table.
type Pricer struct {
	tariffs repo.TariffRepository
	// Peak multiplies the tariff during weekday rush hours, in percent.
	Peak    int64
	peakTZ  *time.Location
	minimum int64
}

// NewPricer returns a Pricer with the authority's standard schedule.
func NewPricer(tariffs repo.TariffRepository) *Pricer {
	tz, err := time.LoadLocation("America/New_York")
	if err != nil {
		tz = time.UTC
	}
	return &Pricer{tariffs: tariffs, Peak: 125, peakTZ: tz, minimum: 75}
}

// Price returns the toll in cents for a closed trip.
func (p *Pricer) Price(ctx context.Context, t *domain.Trip) (int64, error) {
	at := t.OpenedAt
	exit := t.ExitPlaza
	if exit == "" {
		exit = t.EntryPlaza
	}
	tariff, err := p.tariffs.Lookup(ctx, t.EntryPlaza, exit, t.VehicleClass, at)
	if errors.Is(err, domain.ErrNotFound) {
		// Unknown pair: fall back to the single-plaza rate at the exit.
		tariff, err = p.tariffs.Lookup(ctx, exit, exit, t.VehicleClass, at)
	}
	if err != nil {
		return 0, fmt.Errorf("price %s->%s class %d: %w", t.EntryPlaza, exit, t.VehicleClass, err)
	}
	amount := tariff.AmountCents
	if p.isPeak(at) {
		amount = amount * p.Peak / 100
	}
	if amount < p.minimum {
		amount = p.minimum
	}
	return amount, nil
}

// PlazaToll is the single-plaza toll used for plate-only passages.
func (p *Pricer) PlazaToll(ctx context.Context, plaza string, class int, at time.Time) (int64, error) {
	return p.Price(ctx, &domain.Trip{EntryPlaza: plaza, ExitPlaza: plaza, VehicleClass: class, OpenedAt: at})
}

func (p *Pricer) isPeak(t time.Time) bool {
	lt := t.In(p.peakTZ)
	if lt.Weekday() == time.Saturday || lt.Weekday() == time.Sunday {
		return false
	}
	h := lt.Hour()
	return (h >= 6 && h < 9) || (h >= 16 && h < 19)
}
