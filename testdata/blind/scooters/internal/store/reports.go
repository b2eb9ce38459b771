package store

import (
	"context"
	"time"

	"github.com/kickvolt/ridecore/internal/domain"
	"github.com/kickvolt/ridecore/internal/platform/pgstore"
)

type Reports struct{ db *pgstore.DB }

// EnsureBatch creates the day's batch row for a zone if it is not there yet.
func (r *Reports) EnsureBatch(ctx context.Context, id, zoneID string, serviceDate time.Time) error {
	_, err := r.db.Q(ctx).Exec(ctx, `
		INSERT INTO trip_report_batches (id, zone_id, service_date, status)
		VALUES ($1, $2, $3, 'pending')
		ON CONFLICT (id) DO NOTHING`, id, zoneID, serviceDate)
	return err
}

func (r *Reports) GetBatch(ctx context.Context, id string) (*domain.TripReportBatch, error) {
	var (
		b       domain.TripReportBatch
		receipt *string
	)
	err := r.db.Q(ctx).QueryRow(ctx, `
		SELECT id, zone_id, service_date, status, trip_count, regulator_receipt
		FROM trip_report_batches WHERE id = $1`, id).
		Scan(&b.ID, &b.ZoneID, &b.ServiceDate, &b.Status, &b.TripCount, &receipt)
	if err != nil {
		return nil, pgstore.NotFound(err)
	}
	b.Receipt = deref(receipt)
	return &b, nil
}

func (r *Reports) MarkBatchSubmitted(ctx context.Context, id, receipt string, trips int, at time.Time) error {
	_, err := r.db.Q(ctx).Exec(ctx, `
		UPDATE trip_report_batches
		SET status = 'submitted', regulator_receipt = $2, trip_count = $3, submitted_at = $4
		WHERE id = $1 AND status = 'pending'`, id, receipt, trips, at)
	return err
}

// InsertIncident stores a crash report once per scooter and time.
func (r *Reports) InsertIncident(ctx context.Context, inc *domain.Incident) (bool, error) {
	tag, err := r.db.Q(ctx).Exec(ctx, `
		INSERT INTO incidents (id, scooter_id, ride_id, severity, occurred_at, lat, lng, regulator_ref)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
		ON CONFLICT (scooter_id, occurred_at) DO NOTHING`,
		inc.ID, inc.ScooterID, inc.RideID, inc.Severity, inc.OccurredAt,
		inc.Position.Lat, inc.Position.Lng, nullable(inc.RegulatorRef))
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}
