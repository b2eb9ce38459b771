package pgrepo

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/northwind-retail/rma/internal/domain"
	"github.com/northwind-retail/rma/internal/repo"
)

type Refunds struct{}

func NewRefunds() *Refunds { return &Refunds{} }

const refundColumns = `id, return_id, amount_cents, currency, reason, status, stripe_refund_id,
	failure_reason, requested_by, created_at`

func scanRefund(row pgx.Row) (domain.Refund, error) {
	var r domain.Refund
	err := row.Scan(&r.ID, &r.ReturnID, &r.AmountCents, &r.Currency, &r.Reason, &r.Status,
		&r.StripeRefundID, &r.FailureReason, &r.RequestedBy, &r.CreatedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return r, domain.ErrNotFound
	}
	return r, err
}

func (Refunds) Insert(ctx context.Context, q repo.Q, r domain.Refund) error {
	_, err := q.Exec(ctx, `
		INSERT INTO refunds (id, return_id, amount_cents, currency, reason, status, requested_by)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		r.ID, r.ReturnID, r.AmountCents, r.Currency, r.Reason, r.Status, r.RequestedBy)
	if err != nil {
		return fmt.Errorf("insert refund: %w", err)
	}
	return nil
}

func (Refunds) EnsureInspectionRefund(ctx context.Context, q repo.Q, r domain.Refund) (domain.Refund, error) {
	_, err := q.Exec(ctx, `
		INSERT INTO refunds (id, return_id, amount_cents, currency, reason, status, requested_by)
		VALUES ($1, $2, $3, $4, 'inspection', 'pending', 'system')
		ON CONFLICT (return_id) WHERE reason = 'inspection' DO NOTHING`,
		r.ID, r.ReturnID, r.AmountCents, r.Currency)
	if err != nil {
		return r, fmt.Errorf("ensure inspection refund: %w", err)
	}
	return scanRefund(q.QueryRow(ctx, `SELECT `+refundColumns+`
		FROM refunds WHERE return_id = $1 AND reason = 'inspection'`, r.ReturnID))
}

func (Refunds) Get(ctx context.Context, q repo.Q, id string) (domain.Refund, error) {
	return scanRefund(q.QueryRow(ctx, `SELECT `+refundColumns+` FROM refunds WHERE id = $1`, id))
}

func (Refunds) MarkSubmitted(ctx context.Context, q repo.Q, id, stripeRefundID string, status domain.RefundStatus) error {
	_, err := q.Exec(ctx, `
		UPDATE refunds SET stripe_refund_id = $2, status = $3, updated_at = now()
		WHERE id = $1 AND status IN ('pending', 'submitted')`, id, stripeRefundID, status)
	return err
}

func (Refunds) MarkFailed(ctx context.Context, q repo.Q, id, reason string) error {
	_, err := q.Exec(ctx, `
		UPDATE refunds SET status = 'failed', failure_reason = $2, updated_at = now()
		WHERE id = $1`, id, reason)
	return err
}

func (Refunds) UpdateByStripeID(ctx context.Context, q repo.Q, stripeRefundID string, status domain.RefundStatus, failure string) (domain.Refund, bool, error) {
	r, err := scanRefund(q.QueryRow(ctx, `
		UPDATE refunds SET status = $2, failure_reason = $3, updated_at = now()
		WHERE stripe_refund_id = $1 AND status <> $2
		RETURNING `+refundColumns, stripeRefundID, status, failure))
	if errors.Is(err, domain.ErrNotFound) {
		return r, false, nil
	}
	if err != nil {
		return r, false, fmt.Errorf("update refund by stripe id: %w", err)
	}
	return r, true, nil
}

type StoreCredits struct{}

func NewStoreCredits() *StoreCredits { return &StoreCredits{} }

func (StoreCredits) Insert(ctx context.Context, q repo.Q, c domain.StoreCredit) error {
	_, err := q.Exec(ctx, `
		INSERT INTO store_credits (id, return_id, customer_id, stripe_customer_id, stripe_txn_id,
			amount_cents, currency, reason, granted_by)
		VALUES ($1, NULLIF($2, ''), $3, $4, $5, $6, $7, $8, $9)`,
		c.ID, c.ReturnID, c.CustomerID, c.StripeCustomerID, c.StripeTxnID, c.AmountCents, c.Currency, c.Reason, c.GrantedBy)
	if err != nil {
		return fmt.Errorf("insert store credit: %w", err)
	}
	return nil
}

// InsertForReturn records the credit for a return, ignoring a second row for
// the same return.
func (StoreCredits) InsertForReturn(ctx context.Context, q repo.Q, c domain.StoreCredit) (bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO store_credits (id, return_id, customer_id, stripe_customer_id, stripe_txn_id,
			amount_cents, currency, reason, granted_by)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
		ON CONFLICT (return_id) WHERE return_id IS NOT NULL DO NOTHING`,
		c.ID, c.ReturnID, c.CustomerID, c.StripeCustomerID, c.StripeTxnID, c.AmountCents, c.Currency, c.Reason, c.GrantedBy)
	if err != nil {
		return false, fmt.Errorf("insert return store credit: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

type StripeEvents struct{}

func NewStripeEvents() *StripeEvents { return &StripeEvents{} }

func (StripeEvents) Claim(ctx context.Context, q repo.Q, eventID, eventType string) (bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO stripe_events (event_id, type) VALUES ($1, $2)
		ON CONFLICT (event_id) DO NOTHING`, eventID, eventType)
	if err != nil {
		return false, fmt.Errorf("claim stripe event: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}
