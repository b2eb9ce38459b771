package repo

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/carelift-health/nemt/internal/models"
	"github.com/carelift-health/nemt/internal/platform/database"
)

type ClinicRepo struct{ db *bun.DB }

func NewClinicRepo(db *bun.DB) *ClinicRepo { return &ClinicRepo{db: db} }

func (r *ClinicRepo) Get(ctx context.Context, id uuid.UUID) (*models.Clinic, error) {
	c := new(models.Clinic)
	if err := database.Conn(ctx, r.db).NewSelect().Model(c).Where("c.id = ?", id).Scan(ctx); err != nil {
		return nil, notFound(err, "clinic")
	}
	return c, nil
}

func (r *ClinicRepo) ConsumeQuota(ctx context.Context, id uuid.UUID) error {
	_, err := database.Conn(ctx, r.db).NewUpdate().
		Model((*models.Clinic)(nil)).
		Set("trips_used = trips_used + 1").
		Where("id = ?", id).
		Exec(ctx)
	return err
}

func (r *ClinicRepo) ReleaseQuota(ctx context.Context, id uuid.UUID) error {
	_, err := database.Conn(ctx, r.db).NewUpdate().
		Model((*models.Clinic)(nil)).
		Set("trips_used = GREATEST(trips_used - 1, 0)").
		Where("id = ?", id).
		Exec(ctx)
	return err
}

type PatientRepo struct{ db *bun.DB }

func NewPatientRepo(db *bun.DB) *PatientRepo { return &PatientRepo{db: db} }

func (r *PatientRepo) Get(ctx context.Context, id uuid.UUID) (*models.Patient, error) {
	p := new(models.Patient)
	if err := database.Conn(ctx, r.db).NewSelect().Model(p).Where("p.id = ?", id).Scan(ctx); err != nil {
		return nil, notFound(err, "patient")
	}
	return p, nil
}

type DriverRepo struct{ db *bun.DB }

func NewDriverRepo(db *bun.DB) *DriverRepo { return &DriverRepo{db: db} }

func (r *DriverRepo) Get(ctx context.Context, id uuid.UUID) (*models.Driver, error) {
	d := new(models.Driver)
	if err := database.Conn(ctx, r.db).NewSelect().Model(d).Where("d.id = ?", id).Scan(ctx); err != nil {
		return nil, notFound(err, "driver")
	}
	return d, nil
}

// NextAvailable returns an active driver with an open shift today and no
// trip in progress, least recently assigned first.
func (r *DriverRepo) NextAvailable(ctx context.Context, day time.Time) (*models.Driver, error) {
	d := new(models.Driver)
	err := database.Conn(ctx, r.db).NewSelect().
		Model(d).
		Join("JOIN driver_shifts AS s ON s.driver_id = d.id").
		Where("d.active").
		Where("s.shift_date = ?", day.Format(time.DateOnly)).
		Where("s.status = ?", models.ShiftOpen).
		Where("NOT EXISTS (SELECT 1 FROM trips t WHERE t.driver_id = d.id AND t.status IN (?))",
			bun.In([]models.TripStatus{models.TripAssigned, models.TripEnRoute, models.TripPickedUp})).
		OrderExpr("s.checked_in_at ASC").
		Limit(1).
		For("UPDATE OF d SKIP LOCKED").
		Scan(ctx)
	if err != nil {
		return nil, notFound(err, "available driver")
	}
	return d, nil
}
