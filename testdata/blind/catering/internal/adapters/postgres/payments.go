package postgres

import (
	"context"
	"errors"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/forkandfeast/catering/internal/core/domain"
)

type PaymentRepo struct{ db *DB }

func NewPaymentRepo(db *DB) *PaymentRepo { return &PaymentRepo{db: db} }

const paymentCols = `id, event_id, purpose, amount_cents, currency, status, attempt_key,
	COALESCE(stripe_payment_intent_id, ''), COALESCE(failure_code, ''), created_at`

func scanPayment(row pgx.Row) (domain.Payment, error) {
	var (
		p       domain.Payment
		purpose string
		status  string
	)
	err := row.Scan(&p.ID, &p.EventID, &purpose, &p.AmountCents, &p.Currency, &status, &p.AttemptKey,
		&p.StripePaymentIntentID, &p.FailureCode, &p.CreatedAt)
	p.Purpose = domain.PaymentPurpose(purpose)
	p.Status = domain.PaymentStatus(status)
	return p, err
}

func (r *PaymentRepo) ClaimDeposit(ctx context.Context, p domain.Payment) (domain.Payment, error) {
	q := r.db.q(ctx)
	_, err := q.Exec(ctx, `
		INSERT INTO payments (id, event_id, purpose, amount_cents, currency, status, attempt_key)
		VALUES ($1, $2, 'deposit', $3, $4, 'pending', $5)
		ON CONFLICT (event_id) WHERE purpose = 'deposit' DO NOTHING`,
		p.ID, p.EventID, p.AmountCents, p.Currency, p.AttemptKey)
	if err != nil {
		return domain.Payment{}, mapErr(err)
	}
	stored, err := scanPayment(q.QueryRow(ctx, `
		SELECT `+paymentCols+` FROM payments WHERE event_id = $1 AND purpose = 'deposit'`, p.EventID))
	return stored, mapErr(err)
}

func (r *PaymentRepo) InsertAttempt(ctx context.Context, p domain.Payment) error {
	_, err := r.db.q(ctx).Exec(ctx, `
		INSERT INTO payments (id, event_id, purpose, amount_cents, currency, status, attempt_key)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		p.ID, p.EventID, string(p.Purpose), p.AmountCents, p.Currency, string(p.Status), p.AttemptKey)
	return mapErr(err)
}

func (r *PaymentRepo) Get(ctx context.Context, id uuid.UUID) (domain.Payment, error) {
	p, err := scanPayment(r.db.q(ctx).QueryRow(ctx, `SELECT `+paymentCols+` FROM payments WHERE id = $1`, id))
	return p, mapErr(err)
}

func (r *PaymentRepo) FindSucceeded(ctx context.Context, eventID uuid.UUID, purpose domain.PaymentPurpose) (*domain.Payment, error) {
	p, err := scanPayment(r.db.q(ctx).QueryRow(ctx, `
		SELECT `+paymentCols+` FROM payments
		 WHERE event_id = $1 AND purpose = $2 AND status = 'succeeded'
		 ORDER BY created_at DESC LIMIT 1`, eventID, string(purpose)))
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, mapErr(err)
	}
	return &p, nil
}

func (r *PaymentRepo) ListSucceeded(ctx context.Context, eventID uuid.UUID) ([]domain.Payment, error) {
	rows, err := r.db.q(ctx).Query(ctx, `
		SELECT `+paymentCols+` FROM payments
		 WHERE event_id = $1 AND status = 'succeeded'
		 ORDER BY created_at`, eventID)
	if err != nil {
		return nil, mapErr(err)
	}
	return collect(rows, scanPayment)
}

func (r *PaymentRepo) RecordProviderResult(ctx context.Context, id uuid.UUID, piID string, status domain.PaymentStatus) error {
	_, err := r.db.q(ctx).Exec(ctx, `
		UPDATE payments
		   SET stripe_payment_intent_id = $2,
		       status = CASE WHEN status = 'succeeded' THEN status ELSE $3 END,
		       updated_at = now()
		 WHERE id = $1`, id, piID, string(status))
	return mapErr(err)
}

func (r *PaymentRepo) GetByIntent(ctx context.Context, piID string) (domain.Payment, error) {
	p, err := scanPayment(r.db.q(ctx).QueryRow(ctx, `
		SELECT `+paymentCols+` FROM payments WHERE stripe_payment_intent_id = $1`, piID))
	return p, mapErr(err)
}

func (r *PaymentRepo) MarkFailedByIntent(ctx context.Context, piID, code string) error {
	_, err := r.db.q(ctx).Exec(ctx, `
		UPDATE payments
		   SET status = 'failed', failure_code = $2, updated_at = now()
		 WHERE stripe_payment_intent_id = $1 AND status <> 'succeeded'`, piID, code)
	return mapErr(err)
}

func (r *PaymentRepo) MarkSucceededByIntent(ctx context.Context, piID string) (domain.Payment, error) {
	p, err := scanPayment(r.db.q(ctx).QueryRow(ctx, `
		UPDATE payments
		   SET status = 'succeeded', updated_at = now()
		 WHERE stripe_payment_intent_id = $1
		RETURNING `+paymentCols, piID))
	return p, mapErr(err)
}
