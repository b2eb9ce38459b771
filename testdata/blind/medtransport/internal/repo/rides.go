package repo

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/carelift-health/nemt/internal/models"
	"github.com/carelift-health/nemt/internal/platform/database"
)

type RideRepo struct{ db *bun.DB }

func NewRideRepo(db *bun.DB) *RideRepo { return &RideRepo{db: db} }

func (r *RideRepo) Insert(ctx context.Context, ride *models.Ride) error {
	_, err := database.Conn(ctx, r.db).NewInsert().Model(ride).Exec(ctx)
	return err
}

func (r *RideRepo) Get(ctx context.Context, id uuid.UUID) (*models.Ride, error) {
	ride := new(models.Ride)
	err := database.Conn(ctx, r.db).NewSelect().Model(ride).Where("r.id = ?", id).Scan(ctx)
	if err != nil {
		return nil, notFound(err, "ride")
	}
	return ride, nil
}

// MarkCancelled sets the ride to cancelled with the given reason.
func (r *RideRepo) MarkCancelled(ctx context.Context, id uuid.UUID, reason string, at time.Time) error {
	_, err := database.Conn(ctx, r.db).NewUpdate().
		Model((*models.Ride)(nil)).
		Set("status = ?", models.RideCancelled).
		Set("cancel_reason = ?", reason).
		Set("cancelled_at = ?", at).
		Set("updated_at = now()").
		Where("id = ?", id).
		Exec(ctx)
	return err
}

// Transition moves the ride to status `to` if it is currently in one of
// `from`. It reports whether a row changed.
func (r *RideRepo) Transition(ctx context.Context, id uuid.UUID, from []models.RideStatus, to models.RideStatus, authNumber string) (bool, error) {
	q := database.Conn(ctx, r.db).NewUpdate().
		Model((*models.Ride)(nil)).
		Set("status = ?", to).
		Set("updated_at = now()").
		Where("id = ?", id).
		Where("status IN (?)", bun.In(from))
	if authNumber != "" {
		q = q.Set("auth_number = ?", authNumber)
	}
	return affected(q.Exec(ctx))
}
