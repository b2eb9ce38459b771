package store

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
)

// PaymentRepository persists card charges and tips.
type PaymentRepository interface {
	// EnsureAttempt returns the order's payment attempt, creating it when
	// the order has none yet.
	EnsureAttempt(ctx context.Context, q Querier, a *PaymentAttempt) (*PaymentAttempt, error)
	GetAttemptByOrder(ctx context.Context, q Querier, orderID uuid.UUID) (*PaymentAttempt, error)
	GetAttemptByIntent(ctx context.Context, q Querier, intentID string) (*PaymentAttempt, error)
	SetIntent(ctx context.Context, q Querier, id uuid.UUID, intentID, status string) error
	MarkAttempt(ctx context.Context, q Querier, intentID, status string, failureCode *string) (bool, error)
	InsertTip(ctx context.Context, q Querier, t *Tip) error
	GetTip(ctx context.Context, q Querier, id string) (*Tip, error)
	MarkTipForwarded(ctx context.Context, q Querier, id string) error
}

type pgPayments struct{}

// NewPaymentRepository returns the Postgres payment repository.
func NewPaymentRepository() *pgPayments { return &pgPayments{} }

const attemptColumns = `id, order_id, amount_cents, currency, status, stripe_payment_intent_id, failure_code`

func scanAttempt(row pgx.Row) (*PaymentAttempt, error) {
	var a PaymentAttempt
	if err := row.Scan(&a.ID, &a.OrderID, &a.AmountCents, &a.Currency, &a.Status,
		&a.StripePaymentIntentID, &a.FailureCode); err != nil {
		return nil, mapErr(err)
	}
	return &a, nil
}

func (r *pgPayments) EnsureAttempt(ctx context.Context, q Querier, a *PaymentAttempt) (*PaymentAttempt, error) {
	return scanAttempt(q.QueryRow(ctx, `
		INSERT INTO payment_attempts (id, order_id, amount_cents, currency, status)
		VALUES ($1, $2, $3, $4, 'pending')
		ON CONFLICT (order_id) DO UPDATE SET updated_at = payment_attempts.updated_at
		RETURNING `+attemptColumns,
		a.ID, a.OrderID, a.AmountCents, a.Currency))
}

func (r *pgPayments) GetAttemptByOrder(ctx context.Context, q Querier, orderID uuid.UUID) (*PaymentAttempt, error) {
	return scanAttempt(q.QueryRow(ctx,
		`SELECT `+attemptColumns+` FROM payment_attempts WHERE order_id = $1`, orderID))
}

func (r *pgPayments) GetAttemptByIntent(ctx context.Context, q Querier, intentID string) (*PaymentAttempt, error) {
	return scanAttempt(q.QueryRow(ctx,
		`SELECT `+attemptColumns+` FROM payment_attempts WHERE stripe_payment_intent_id = $1`, intentID))
}

func (r *pgPayments) SetIntent(ctx context.Context, q Querier, id uuid.UUID, intentID, status string) error {
	_, err := q.Exec(ctx, `
		UPDATE payment_attempts
		SET stripe_payment_intent_id = $2, status = $3, updated_at = now()
		WHERE id = $1`, id, intentID, status)
	return mapErr(err)
}

func (r *pgPayments) MarkAttempt(ctx context.Context, q Querier, intentID, status string, failureCode *string) (bool, error) {
	tag, err := q.Exec(ctx, `
		UPDATE payment_attempts SET status = $2, failure_code = $3, updated_at = now()
		WHERE stripe_payment_intent_id = $1 AND status <> $2`, intentID, status, failureCode)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (r *pgPayments) InsertTip(ctx context.Context, q Querier, t *Tip) error {
	_, err := q.Exec(ctx, `
		INSERT INTO tips (id, order_id, amount_cents, stripe_payment_intent_id)
		VALUES ($1, $2, $3, $4)`, t.ID, t.OrderID, t.AmountCents, t.StripePaymentIntentID)
	return mapErr(err)
}

func (r *pgPayments) GetTip(ctx context.Context, q Querier, id string) (*Tip, error) {
	var t Tip
	err := q.QueryRow(ctx, `
		SELECT id, order_id, amount_cents, stripe_payment_intent_id, forwarded_at
		FROM tips WHERE id = $1`, id).
		Scan(&t.ID, &t.OrderID, &t.AmountCents, &t.StripePaymentIntentID, &t.ForwardedAt)
	if err != nil {
		return nil, mapErr(err)
	}
	return &t, nil
}

func (r *pgPayments) MarkTipForwarded(ctx context.Context, q Querier, id string) error {
	_, err := q.Exec(ctx, `UPDATE tips SET forwarded_at = now() WHERE id = $1`, id)
	return err
}
