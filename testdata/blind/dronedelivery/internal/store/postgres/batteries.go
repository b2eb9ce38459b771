package postgres

import (
	"context"

	"github.com/skyhop-logistics/dronedelivery/internal/domain"
)

type batteryRepo struct{ db DBTX }

func (r batteryRepo) Get(ctx context.Context, serial string) (*domain.Battery, error) {
	var b domain.Battery
	err := r.db.QueryRow(ctx, `
		SELECT serial, coalesce(depot_id, ''), coalesce(drone_id, ''), cycle_count, health_pct
		  FROM batteries WHERE serial = $1`, serial).
		Scan(&b.Serial, &b.DepotID, &b.DroneID, &b.CycleCount, &b.HealthPct)
	if err != nil {
		return nil, mapErr(err)
	}
	return &b, nil
}

// RetireFromDrone books a pack back into a depot; each removal completes one charge cycle.
func (r batteryRepo) RetireFromDrone(ctx context.Context, serial, depotID string) error {
	tag, err := r.db.Exec(ctx, `
		UPDATE batteries
		   SET drone_id = NULL, depot_id = $2, cycle_count = cycle_count + 1, updated_at = now()
		 WHERE serial = $1`, serial, depotID)
	if err != nil {
		return mapErr(err)
	}
	if tag.RowsAffected() == 0 {
		return domain.ErrNotFound
	}
	return nil
}

func (r batteryRepo) InstallOnDrone(ctx context.Context, serial, droneID string) error {
	tag, err := r.db.Exec(ctx, `
		UPDATE batteries SET drone_id = $2, depot_id = NULL, updated_at = now()
		 WHERE serial = $1`, serial, droneID)
	if err != nil {
		return mapErr(err)
	}
	if tag.RowsAffected() == 0 {
		return domain.ErrNotFound
	}
	return nil
}

func (r batteryRepo) UpsertSlot(ctx context.Context, s domain.SlotState) error {
	_, err := r.db.Exec(ctx, `
		INSERT INTO depot_battery_slots (depot_id, slot, battery_serial, charge_pct)
		VALUES ($1, $2, nullif($3, ''), $4)
		ON CONFLICT (depot_id, slot) DO UPDATE
		   SET battery_serial = EXCLUDED.battery_serial,
		       charge_pct     = EXCLUDED.charge_pct,
		       updated_at     = now()`,
		s.DepotID, s.Slot, s.BatterySerial, s.ChargePct)
	return mapErr(err)
}

func (r batteryRepo) InsertSwap(ctx context.Context, s *domain.BatterySwap) (bool, error) {
	tag, err := r.db.Exec(ctx, `
		INSERT INTO battery_swaps (swap_id, depot_id, drone_id, removed_serial, installed_serial, slot, technician, swapped_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
		ON CONFLICT (swap_id) DO NOTHING`,
		s.SwapID, s.DepotID, s.DroneID, s.RemovedSerial, s.InstalledSerial, s.Slot, s.Technician, s.SwappedAt)
	if err != nil {
		return false, mapErr(err)
	}
	return tag.RowsAffected() == 1, nil
}

func (r batteryRepo) InsertAlert(ctx context.Context, a *domain.BatteryAlert) error {
	_, err := r.db.Exec(ctx, `
		INSERT INTO battery_alerts (alert_id, drone_id, battery_serial, charge_pct, cell_temp_c, raised_at)
		VALUES ($1, $2, $3, $4, $5, $6)`,
		a.AlertID, a.DroneID, a.BatterySerial, a.ChargePct, a.CellTempC, a.RaisedAt)
	return mapErr(err)
}
