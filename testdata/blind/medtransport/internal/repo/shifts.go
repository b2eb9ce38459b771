package repo

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/carelift-health/nemt/internal/models"
	"github.com/carelift-health/nemt/internal/platform/database"
)

type ShiftRepo struct{ db *bun.DB }

func NewShiftRepo(db *bun.DB) *ShiftRepo { return &ShiftRepo{db: db} }

// Open inserts the driver's shift for the day, or returns the one that is
// already there.
func (r *ShiftRepo) Open(ctx context.Context, s *models.Shift) (*models.Shift, error) {
	conn := database.Conn(ctx, r.db)
	_, err := conn.NewInsert().
		Model(s).
		On("CONFLICT (driver_id, shift_date) DO NOTHING").
		Returning("NULL").
		Exec(ctx)
	if err != nil {
		return nil, err
	}
	out := new(models.Shift)
	err = conn.NewSelect().Model(out).
		Where("s.driver_id = ?", s.DriverID).
		Where("s.shift_date = ?", s.ShiftDate.Format(time.DateOnly)).
		Scan(ctx)
	return out, err
}

func (r *ShiftRepo) GetForUpdate(ctx context.Context, id uuid.UUID) (*models.Shift, error) {
	s := new(models.Shift)
	err := database.Conn(ctx, r.db).NewSelect().Model(s).Where("s.id = ?", id).For("UPDATE").Scan(ctx)
	if err != nil {
		return nil, notFound(err, "shift")
	}
	return s, nil
}

func (r *ShiftRepo) Close(ctx context.Context, id uuid.UUID, odometerEnd int, at time.Time) error {
	_, err := database.Conn(ctx, r.db).NewUpdate().
		Model((*models.Shift)(nil)).
		Set("status = ?", models.ShiftClosed).
		Set("odometer_end = ?", odometerEnd).
		Set("checked_out_at = ?", at).
		Where("id = ?", id).
		Exec(ctx)
	return err
}

type MileageRepo struct{ db *bun.DB }

func NewMileageRepo(db *bun.DB) *MileageRepo { return &MileageRepo{db: db} }

func (r *MileageRepo) Insert(ctx context.Context, m *models.MileageLog) error {
	_, err := database.Conn(ctx, r.db).NewInsert().Model(m).Exec(ctx)
	return err
}

// DriverMileage is the unpaid mileage of one volunteer driver.
type DriverMileage struct {
	DriverID        uuid.UUID `bun:"driver_id"`
	PayoutAccountID string    `bun:"payout_account_id"`
	Miles           int       `bun:"miles"`
	AmountCents     int64     `bun:"amount_cents"`
}

// Unpaid sums mileage logged before `before` that no payout covers yet.
func (r *MileageRepo) Unpaid(ctx context.Context, before time.Time) ([]DriverMileage, error) {
	var out []DriverMileage
	err := database.Conn(ctx, r.db).NewSelect().
		TableExpr("mileage_logs AS ml").
		Join("JOIN drivers AS d ON d.id = ml.driver_id").
		ColumnExpr("ml.driver_id").
		ColumnExpr("d.payout_account_id").
		ColumnExpr("SUM(ml.miles)::int AS miles").
		ColumnExpr("SUM(ml.miles * ml.rate_cents)::bigint AS amount_cents").
		Where("ml.payout_id IS NULL").
		Where("ml.created_at < ?", before).
		Where("d.kind = ?", models.DriverVolunteer).
		GroupExpr("ml.driver_id, d.payout_account_id").
		Scan(ctx, &out)
	return out, err
}

// AttachPayout marks the driver's unpaid logs as covered by payoutID.
func (r *MileageRepo) AttachPayout(ctx context.Context, driverID, payoutID uuid.UUID, before time.Time) error {
	_, err := database.Conn(ctx, r.db).NewUpdate().
		Model((*models.MileageLog)(nil)).
		Set("payout_id = ?", payoutID).
		Where("driver_id = ?", driverID).
		Where("payout_id IS NULL").
		Where("created_at < ?", before).
		Exec(ctx)
	return err
}
