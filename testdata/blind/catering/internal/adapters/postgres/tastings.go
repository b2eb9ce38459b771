package postgres

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/forkandfeast/catering/internal/core/domain"
)

type TastingRepo struct{ db *DB }

func NewTastingRepo(db *DB) *TastingRepo { return &TastingRepo{db: db} }

const tastingCols = `id, enquiry_id, slot_at, guests, fee_cents, currency, status,
	COALESCE(payment_intent_id, ''), created_at, completed_at`

func scanTasting(row pgx.Row) (domain.Tasting, error) {
	var (
		t      domain.Tasting
		id     string
		status string
	)
	err := row.Scan(&id, &t.EnquiryID, &t.SlotAt, &t.Guests, &t.FeeCents, &t.Currency, &status,
		&t.PaymentIntentID, &t.CreatedAt, &t.CompletedAt)
	t.ID = domain.TastingID(id)
	t.Status = domain.TastingStatus(status)
	return t, err
}

func (r *TastingRepo) Insert(ctx context.Context, t domain.Tasting) error {
	_, err := r.db.q(ctx).Exec(ctx, `
		INSERT INTO tastings (id, enquiry_id, slot_at, guests, fee_cents, currency, status, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
		string(t.ID), t.EnquiryID, t.SlotAt, t.Guests, t.FeeCents, t.Currency, string(t.Status), t.CreatedAt)
	return mapErr(err)
}

func (r *TastingRepo) Get(ctx context.Context, id domain.TastingID) (domain.Tasting, error) {
	t, err := scanTasting(r.db.q(ctx).QueryRow(ctx, `SELECT `+tastingCols+` FROM tastings WHERE id = $1`, string(id)))
	return t, mapErr(err)
}

func (r *TastingRepo) CountAtSlot(ctx context.Context, slot time.Time) (int, error) {
	var n int
	err := r.db.q(ctx).QueryRow(ctx, `
		SELECT count(*) FROM tastings WHERE slot_at = $1 AND status <> 'no_show'`, slot).Scan(&n)
	return n, mapErr(err)
}

func (r *TastingRepo) SetPaymentIntent(ctx context.Context, id domain.TastingID, piID string) error {
	_, err := r.db.q(ctx).Exec(ctx, `
		UPDATE tastings SET payment_intent_id = $2, status = 'paid'
		 WHERE id = $1 AND status = 'booked'`, string(id), piID)
	return mapErr(err)
}

func (r *TastingRepo) MarkCompleted(ctx context.Context, id domain.TastingID, at time.Time) error {
	_, err := r.db.q(ctx).Exec(ctx, `
		UPDATE tastings SET status = 'completed', completed_at = $2
		 WHERE id = $1 AND status IN ('booked', 'paid')`, string(id), at)
	return mapErr(err)
}
