package store

import (
	"context"
	"errors"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/kickvolt/ridecore/internal/domain"
	"github.com/kickvolt/ridecore/internal/platform/pgstore"
)

type Fines struct{ db *pgstore.DB }

const fineColumns = `id, rider_id, ride_id, scooter_id, reason, amount_cents, admin_fee_cents, status,
	source, coalesce(review_id, ''), coalesce(payment_intent_id, ''), coalesce(contest_reason, ''), created_at`

func scanFine(row pgx.Row) (*domain.Fine, error) {
	var f domain.Fine
	err := row.Scan(&f.ID, &f.RiderID, &f.RideID, &f.ScooterID, &f.Reason, &f.AmountCents,
		&f.AdminFeeCents, &f.Status, &f.Source, &f.ReviewID, &f.PaymentIntentID, &f.ContestReason, &f.CreatedAt)
	if err != nil {
		return nil, pgstore.NotFound(err)
	}
	return &f, nil
}

// Insert stores a fine raised automatically from telematics.
func (r *Fines) Insert(ctx context.Context, f *domain.Fine) error {
	_, err := r.db.Q(ctx).Exec(ctx, `
		INSERT INTO fines (id, rider_id, ride_id, scooter_id, reason, amount_cents, admin_fee_cents, status, source)
		VALUES ($1, $2, $3, $4, $5, $6, $7, 'issued', $8)`,
		f.ID, f.RiderID, f.RideID, f.ScooterID, f.Reason, f.AmountCents, f.AdminFeeCents, f.Source)
	return err
}

// InsertForReview stores a fine raised by an ops photo review. A review
// produces at most one fine; created is false when it already did.
func (r *Fines) InsertForReview(ctx context.Context, f *domain.Fine) (created bool, err error) {
	tag, err := r.db.Q(ctx).Exec(ctx, `
		INSERT INTO fines (id, rider_id, ride_id, scooter_id, reason, amount_cents, admin_fee_cents,
		                   status, source, review_id)
		VALUES ($1, $2, $3, $4, $5, $6, $7, 'issued', 'review', $8)
		ON CONFLICT (review_id) DO NOTHING`,
		f.ID, f.RiderID, f.RideID, f.ScooterID, f.Reason, f.AmountCents, f.AdminFeeCents, f.ReviewID)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (r *Fines) Get(ctx context.Context, id uuid.UUID) (*domain.Fine, error) {
	return scanFine(r.db.Q(ctx).QueryRow(ctx, `SELECT `+fineColumns+` FROM fines WHERE id = $1`, id))
}

func (r *Fines) GetByReview(ctx context.Context, reviewID string) (*domain.Fine, error) {
	return scanFine(r.db.Q(ctx).QueryRow(ctx, `SELECT `+fineColumns+` FROM fines WHERE review_id = $1`, reviewID))
}

// Transition moves a fine from one status to another and reports whether
// it was in the expected status.
func (r *Fines) Transition(ctx context.Context, id uuid.UUID, from, to domain.FineStatus) (bool, error) {
	tag, err := r.db.Q(ctx).Exec(ctx, `
		UPDATE fines SET status = $3, updated_at = now()
		WHERE id = $1 AND status = $2`, id, from, to)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

// Contest records the rider's objection. Only issued or paid fines can be
// contested, and only by the rider they were issued to.
func (r *Fines) Contest(ctx context.Context, id, riderID uuid.UUID, reason string) (*domain.Fine, error) {
	f, err := scanFine(r.db.Q(ctx).QueryRow(ctx, `
		UPDATE fines SET status = 'contested', contest_reason = $3, updated_at = now()
		WHERE id = $1 AND rider_id = $2 AND status IN ('issued', 'paid')
		RETURNING `+fineColumns, id, riderID, reason))
	if errors.Is(err, pgstore.ErrNotFound) {
		return nil, domain.ErrInvalidTransition
	}
	return f, err
}

// SetPaid stores the payment intent that paid an issued fine.
func (r *Fines) SetPaid(ctx context.Context, id uuid.UUID, paymentIntentID string) (bool, error) {
	tag, err := r.db.Q(ctx).Exec(ctx, `
		UPDATE fines SET status = 'paid', payment_intent_id = $2, updated_at = now()
		WHERE id = $1 AND status = 'issued'`, id, paymentIntentID)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}
