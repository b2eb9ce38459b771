package storage

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/larchway/hoaops/internal/amenities"
)

// AmenityRepo persists amenities and reservations.
type AmenityRepo struct{ db *sqlx.DB }

// NewAmenityRepo builds an AmenityRepo.
func NewAmenityRepo(db *sqlx.DB) *AmenityRepo { return &AmenityRepo{db: db} }

// GetAmenity loads one amenity.
func (r *AmenityRepo) GetAmenity(ctx context.Context, id uuid.UUID) (amenities.Amenity, error) {
	var a amenities.Amenity
	err := conn(ctx, r.db).GetContext(ctx, &a, qAmenityGet, id)
	return a, translate(err, "amenity "+id.String())
}

// GetReservation loads one reservation.
func (r *AmenityRepo) GetReservation(ctx context.Context, id uuid.UUID) (amenities.Reservation, error) {
	var res amenities.Reservation
	err := conn(ctx, r.db).GetContext(ctx, &res, qReservationGet, id)
	return res, translate(err, "reservation "+id.String())
}

// InsertReservation stores a pending reservation unless one with the same id
// exists. Overlapping bookings surface as apperr.ErrConflict.
func (r *AmenityRepo) InsertReservation(ctx context.Context, res amenities.Reservation) (bool, error) {
	ok, err := rowsAffected(sqlx.NamedExecContext(ctx, conn(ctx, r.db), qReservationInsert, res))
	return ok, translate(err, "insert reservation")
}

// ConfirmReservation confirms a pending reservation.
func (r *AmenityRepo) ConfirmReservation(ctx context.Context, id uuid.UUID, chargeRef *string, depositStatus string) (bool, error) {
	ok, err := rowsAffected(conn(ctx, r.db).ExecContext(ctx, qReservationConfirm, id, chargeRef, depositStatus))
	return ok, translate(err, "confirm reservation")
}

// SetDepositStatus moves the deposit from one status to another.
func (r *AmenityRepo) SetDepositStatus(ctx context.Context, id uuid.UUID, from, to string) (bool, error) {
	ok, err := rowsAffected(conn(ctx, r.db).ExecContext(ctx, qReservationSetDeposit, id, from, to))
	return ok, translate(err, "set deposit status")
}

// DepositRefundRepo persists scheduled deposit refunds.
type DepositRefundRepo struct{ db *sqlx.DB }

// NewDepositRefundRepo builds a DepositRefundRepo.
func NewDepositRefundRepo(db *sqlx.DB) *DepositRefundRepo { return &DepositRefundRepo{db: db} }

// Insert schedules a refund.
func (r *DepositRefundRepo) Insert(ctx context.Context, rf amenities.DepositRefund) error {
	_, err := sqlx.NamedExecContext(ctx, conn(ctx, r.db), qDepositRefundInsert, rf)
	return translate(err, "insert deposit refund")
}

// Get loads one scheduled refund.
func (r *DepositRefundRepo) Get(ctx context.Context, reservationID uuid.UUID) (amenities.DepositRefund, error) {
	var rf amenities.DepositRefund
	err := conn(ctx, r.db).GetContext(ctx, &rf, qDepositRefundGet, reservationID)
	return rf, translate(err, "deposit refund "+reservationID.String())
}

// MarkRefunded records the Paylane refund on a scheduled refund.
func (r *DepositRefundRepo) MarkRefunded(ctx context.Context, reservationID uuid.UUID, refundRef string) (bool, error) {
	ok, err := rowsAffected(conn(ctx, r.db).ExecContext(ctx, qDepositRefundMarkRefunded, reservationID, refundRef))
	return ok, translate(err, "mark deposit refunded")
}

// Due lists reservations whose deposit refund is due.
func (r *DepositRefundRepo) Due(ctx context.Context, asOf time.Time) ([]uuid.UUID, error) {
	var ids []uuid.UUID
	err := conn(ctx, r.db).SelectContext(ctx, &ids, qDepositRefundsDue, asOf)
	return ids, translate(err, "due deposit refunds")
}
