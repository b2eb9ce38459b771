package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"

	"github.com/skyhop-logistics/dronedelivery/internal/domain"
)

type telemetryRepo struct{ db DBTX }

// InsertPositions writes a batch of fixes. Brokers redeliver batches after a
// rebalance, so fixes already stored are skipped by their natural key.
func (r telemetryRepo) InsertPositions(ctx context.Context, fixes []domain.PositionFix) (int64, error) {
	if len(fixes) == 0 {
		return 0, nil
	}
	batch := &pgx.Batch{}
	for _, f := range fixes {
		batch.Queue(`
			INSERT INTO drone_positions (drone_id, recorded_at, lat, lng, altitude_m, speed_mps, battery_pct)
			VALUES ($1, $2, $3, $4, $5, $6, $7)
			ON CONFLICT (drone_id, recorded_at) DO NOTHING`,
			f.DroneID, f.RecordedAt, f.Lat, f.Lng, f.AltitudeM, f.SpeedMPS, f.BatteryPct)
	}
	br := r.db.SendBatch(ctx, batch)
	defer br.Close()
	var inserted int64
	for range fixes {
		tag, err := br.Exec()
		if err != nil {
			return inserted, mapErr(err)
		}
		inserted += tag.RowsAffected()
	}
	return inserted, nil
}

func (r telemetryRepo) InsertIncident(ctx context.Context, inc *domain.GeofenceIncident) error {
	_, err := r.db.Exec(ctx, `
		INSERT INTO geofence_incidents (id, telemetry_event_id, drone_id, flight_plan_id,
			authority_incident_id, zone_code, breached_at)
		VALUES ($1, $2, $3, $4, nullif($5, ''), $6, $7)`,
		inc.ID, inc.TelemetryEventID, inc.DroneID, inc.FlightPlanID, inc.AuthorityIncidentID,
		inc.ZoneCode, inc.BreachedAt)
	return mapErr(err)
}
