package store

import (
	"context"
	"time"

	"github.com/kickvolt/ridecore/internal/domain"
	"github.com/kickvolt/ridecore/internal/platform/pgstore"
)

type Scooters struct{ db *pgstore.DB }

func (s *Scooters) Get(ctx context.Context, id string) (*domain.Scooter, error) {
	var (
		sc       domain.Scooter
		lat, lng *float64
	)
	err := s.db.Q(ctx).QueryRow(ctx, `
		SELECT id, zone_id, status, battery_pct, lat, lng FROM scooters WHERE id = $1`, id).
		Scan(&sc.ID, &sc.ZoneID, &sc.Status, &sc.BatteryPct, &lat, &lng)
	if err != nil {
		return nil, pgstore.NotFound(err)
	}
	if lat != nil && lng != nil {
		sc.Position = domain.Position{Lat: *lat, Lng: *lng}
	}
	return &sc, nil
}

// MarkInRide takes an available scooter. It reports false when the scooter
// was not available.
func (s *Scooters) MarkInRide(ctx context.Context, id string) (bool, error) {
	tag, err := s.db.Q(ctx).Exec(ctx, `
		UPDATE scooters SET status = 'in_ride', updated_at = now()
		WHERE id = $1 AND status = 'available' AND NOT swap_pending`, id)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

// Release returns a scooter to the available pool at pos.
func (s *Scooters) Release(ctx context.Context, id string, pos domain.Position) error {
	_, err := s.db.Q(ctx).Exec(ctx, `
		UPDATE scooters SET status = 'available', lat = $2, lng = $3, updated_at = now()
		WHERE id = $1 AND status = 'in_ride'`, id, pos.Lat, pos.Lng)
	return err
}

// AddOdometer adds a travelled distance reported by the scooter.
func (s *Scooters) AddOdometer(ctx context.Context, id string, deltaM int64, pos domain.Position, seenAt time.Time) error {
	_, err := s.db.Q(ctx).Exec(ctx, `
		UPDATE scooters
		SET odometer_m = odometer_m + $2, lat = $3, lng = $4,
		    last_seen_at = GREATEST(coalesce(last_seen_at, $5), $5), updated_at = now()
		WHERE id = $1`, id, deltaM, pos.Lat, pos.Lng, seenAt)
	return err
}

// SetBatteryLevel stores the latest battery level, ignoring reports older
// than what we already have.
func (s *Scooters) SetBatteryLevel(ctx context.Context, id string, pct int, seenAt time.Time) error {
	_, err := s.db.Q(ctx).Exec(ctx, `
		UPDATE scooters SET battery_pct = $2, last_seen_at = $3, updated_at = now()
		WHERE id = $1 AND (last_seen_at IS NULL OR last_seen_at <= $3)`, id, pct, seenAt)
	return err
}

// AddEnergyUsed accumulates the energy drawn from the battery since the
// last report; fleet ops use it to spot batteries that degrade early.
func (s *Scooters) AddEnergyUsed(ctx context.Context, id string, deltaWh int64) error {
	_, err := s.db.Q(ctx).Exec(ctx, `
		UPDATE scooters SET energy_used_wh = energy_used_wh + $2, updated_at = now()
		WHERE id = $1`, id, deltaWh)
	return err
}

// MarkSwapPending flags a scooter as waiting for a technician.
func (s *Scooters) MarkSwapPending(ctx context.Context, id string) error {
	_, err := s.db.Q(ctx).Exec(ctx, `
		UPDATE scooters SET swap_pending = true, updated_at = now() WHERE id = $1`, id)
	return err
}

// InstallBattery records a freshly swapped battery.
func (s *Scooters) InstallBattery(ctx context.Context, id, serial string, pct int) error {
	_, err := s.db.Q(ctx).Exec(ctx, `
		UPDATE scooters
		SET battery_serial = $2, battery_pct = $3, swap_pending = false, updated_at = now()
		WHERE id = $1`, id, serial, pct)
	return err
}
