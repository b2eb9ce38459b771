package store

import (
	"context"
	"time"

	"github.com/kickvolt/ridecore/internal/domain"
	"github.com/kickvolt/ridecore/internal/platform/pgstore"
)

type Swaps struct{ db *pgstore.DB }

// CreateJob opens a technician job. Job IDs come from the dispatching
// queue job, so re-running the dispatch finds the row already there.
func (s *Swaps) CreateJob(ctx context.Context, j *domain.SwapJob) (bool, error) {
	tag, err := s.db.Q(ctx).Exec(ctx, `
		INSERT INTO swap_jobs (id, scooter_id, zone_id, status, battery_pct)
		VALUES ($1, $2, $3, 'open', $4)
		ON CONFLICT (id) DO NOTHING`, j.ID, j.ScooterID, j.ZoneID, j.BatteryPct)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (s *Swaps) GetJob(ctx context.Context, id int64) (*domain.SwapJob, error) {
	var (
		j    domain.SwapJob
		tech *string
	)
	err := s.db.Q(ctx).QueryRow(ctx, `
		SELECT id, scooter_id, zone_id, status, battery_pct, technician_id, created_at
		FROM swap_jobs WHERE id = $1`, id).
		Scan(&j.ID, &j.ScooterID, &j.ZoneID, &j.Status, &j.BatteryPct, &tech, &j.CreatedAt)
	if err != nil {
		return nil, pgstore.NotFound(err)
	}
	j.TechnicianID = deref(tech)
	return &j, nil
}

// Accept assigns an open job to a technician. Reports false if someone
// else already has it (or the same technician accepted it before).
func (s *Swaps) Accept(ctx context.Context, id int64, technicianID string, at time.Time) (bool, error) {
	tag, err := s.db.Q(ctx).Exec(ctx, `
		UPDATE swap_jobs SET status = 'accepted', technician_id = $2, accepted_at = $3
		WHERE id = $1 AND status = 'open'`, id, technicianID, at)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

// InsertSwap records a battery exchange done by a technician.
func (s *Swaps) InsertSwap(ctx context.Context, b *domain.BatterySwap) error {
	_, err := s.db.Q(ctx).Exec(ctx, `
		INSERT INTO battery_swaps (id, swap_job_id, scooter_id, technician_id, battery_out,
		                           battery_in, charge_in_pct, swapped_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
		b.ID, b.SwapJobID, b.ScooterID, b.TechnicianID, b.BatteryOut, b.BatteryIn, b.ChargeInPct, b.SwappedAt)
	return err
}

func (s *Swaps) MarkJobDone(ctx context.Context, id int64, at time.Time) error {
	_, err := s.db.Q(ctx).Exec(ctx, `
		UPDATE swap_jobs SET status = 'done', completed_at = $2 WHERE id = $1`, id, at)
	return err
}
