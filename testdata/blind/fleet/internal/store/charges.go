package store

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/acme/fleet/internal/domain"
	"github.com/acme/fleet/internal/platform/db"
)

type Charges struct{}

func NewCharges() *Charges { return &Charges{} }

func (Charges) Insert(ctx context.Context, q db.Ext, c domain.Charge) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO rental_charges (id, rental_id, customer_id, kind, amount_cents, status)
		VALUES ($1, $2, $3, $4, $5, 'open')`, c.ID, c.RentalID, c.CustomerID, c.Kind, c.AmountCents)
	return err
}

// ListOpen returns up to limit open charges created before cutoff, oldest first.
func (Charges) ListOpen(ctx context.Context, q db.Ext, cutoff time.Time, limit int) ([]domain.Charge, error) {
	var out []domain.Charge
	err := q.SelectContext(ctx, &out, `
		SELECT * FROM rental_charges WHERE status = 'open' AND created_at < $1
		 ORDER BY created_at LIMIT $2`, cutoff, limit)
	return out, err
}

// ForRental returns every charge of a rental.
func (Charges) ForRental(ctx context.Context, q db.Ext, rentalID uuid.UUID) ([]domain.Charge, error) {
	var out []domain.Charge
	err := q.SelectContext(ctx, &out, `SELECT * FROM rental_charges WHERE rental_id = $1 ORDER BY created_at`, rentalID)
	return out, err
}

// MarkSubmitted records that a charge was handed to the payments queue.
func (Charges) MarkSubmitted(ctx context.Context, q db.Ext, id uuid.UUID) error {
	_, err := q.ExecContext(ctx, `UPDATE rental_charges SET status = 'submitted' WHERE id = $1 AND status = 'open'`, id)
	return err
}

// MarkSettled records that a charge was paid.
func (Charges) MarkSettled(ctx context.Context, q db.Ext, id uuid.UUID) error {
	_, err := q.ExecContext(ctx, `UPDATE rental_charges SET status = 'settled', settled_at = now() WHERE id = $1`, id)
	return err
}
