package billing

import (
	"context"
	"fmt"
	"time"

	"github.com/harvestloop/farmshare/internal/platform/database"
	"github.com/harvestloop/farmshare/internal/platform/ids"
	"github.com/harvestloop/farmshare/internal/platform/repository"
)

// Store holds billing queries.
type Store struct {
	invoices *repository.Repository[Invoice]
	attempts *repository.Repository[Attempt]
}

// NewStore builds a Store.
func NewStore() *Store {
	return &Store{
		invoices: repository.New[Invoice]("invoices", "id"),
		attempts: repository.New[Attempt]("charge_attempts", "id"),
	}
}

// BillableWeeks lists active subscriptions with an unskipped box for week.
func (s *Store) BillableWeeks(ctx context.Context, q database.Queryer, week time.Time) ([]BillableWeek, error) {
	var out []BillableWeek
	err := q.SelectContext(ctx, &out, `
		SELECT s.id AS subscription_id, s.member_id, p.price_cents
		FROM subscriptions s
		JOIN plans p ON p.id = s.plan_id
		JOIN boxes b ON b.subscription_id = s.id AND b.week_start = $1
		WHERE s.status = 'active' AND b.status <> 'skipped'
		ORDER BY s.id`, week)
	return out, err
}

// EnsureInvoice creates the subscription-week invoice if it does not exist
// and returns the stored row either way.
func (s *Store) EnsureInvoice(ctx context.Context, q database.Queryer, bw BillableWeek, week time.Time) (*Invoice, error) {
	candidate := &Invoice{
		ID:             ids.New(),
		SubscriptionID: bw.SubscriptionID,
		MemberID:       bw.MemberID,
		WeekStart:      week,
		AmountCents:    bw.PriceCents,
		Status:         InvoiceOpen,
		CreatedAt:      time.Now(),
		UpdatedAt:      time.Now(),
	}
	if _, err := s.invoices.InsertIgnore(ctx, q, candidate, "subscription_id", "week_start"); err != nil {
		return nil, err
	}
	return s.invoices.GetBy(ctx, q, map[string]any{"subscription_id": bw.SubscriptionID, "week_start": week})
}

// Get loads an invoice.
func (s *Store) Get(ctx context.Context, q database.Queryer, id string) (*Invoice, error) {
	return s.invoices.Get(ctx, q, id)
}

// GetLocked loads and row-locks an invoice.
func (s *Store) GetLocked(ctx context.Context, q database.Queryer, id string) (*Invoice, error) {
	var inv Invoice
	if err := q.GetContext(ctx, &inv, `SELECT * FROM invoices WHERE id = $1 FOR UPDATE`, id); err != nil {
		return nil, database.NotFound(err)
	}
	return &inv, nil
}

// DueRetries lists failed invoices whose next retry is due.
func (s *Store) DueRetries(ctx context.Context, q database.Queryer, now time.Time, limit int) ([]Invoice, error) {
	var out []Invoice
	err := q.SelectContext(ctx, &out, `
		SELECT * FROM invoices
		WHERE status = 'failed' AND attempts < $2 AND next_retry_at <= $1
		ORDER BY next_retry_at
		LIMIT $3`, now, MaxAttempts, limit)
	return out, err
}

// Profile loads the member's card on file.
func (s *Store) Profile(ctx context.Context, q database.Queryer, memberID string) (*PaymentProfile, error) {
	var p PaymentProfile
	err := q.GetContext(ctx, &p, `
		SELECT id AS member_id, cardpay_customer_id, payment_method_id FROM members WHERE id = $1`, memberID)
	if err != nil {
		return nil, database.NotFound(err)
	}
	return &p, nil
}

// RecordAttempt stores one charge attempt and moves the invoice to its new
// status. It only applies while the invoice is still unpaid.
func (s *Store) RecordAttempt(ctx context.Context, q database.Queryer, inv *Invoice, a *Attempt, status string, nextRetry *time.Time) (bool, error) {
	res, err := q.ExecContext(ctx, `
		UPDATE invoices
		SET status = $2, attempts = $3, charge_id = COALESCE($4, charge_id), next_retry_at = $5, updated_at = now()
		WHERE id = $1 AND status IN ('open', 'failed') AND attempts = $6`,
		inv.ID, status, a.Attempt, a.ChargeID, nextRetry, a.Attempt-1)
	if err != nil {
		return false, fmt.Errorf("update invoice: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return false, nil
	}
	return true, s.attempts.Insert(ctx, q, a)
}

// MarkPaidByCharge marks an invoice paid from an asynchronous confirmation.
func (s *Store) MarkPaidByCharge(ctx context.Context, q database.Queryer, invoiceID, chargeID string) (bool, error) {
	res, err := q.ExecContext(ctx, `
		UPDATE invoices SET status = 'paid', charge_id = $2, next_retry_at = NULL, updated_at = now()
		WHERE id = $1 AND status IN ('open', 'failed')`, invoiceID, chargeID)
	if err != nil {
		return false, err
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// MarkFailedAsync marks an open invoice failed after a late decline.
func (s *Store) MarkFailedAsync(ctx context.Context, q database.Queryer, invoiceID string, next time.Time) (*Invoice, error) {
	var inv Invoice
	err := q.GetContext(ctx, &inv, `
		UPDATE invoices SET status = 'failed', attempts = GREATEST(attempts, 1), next_retry_at = $2, updated_at = now()
		WHERE id = $1 AND status = 'open'
		RETURNING *`, invoiceID, next)
	if err != nil {
		if database.NotFound(err) == database.ErrNotFound {
			return nil, nil
		}
		return nil, err
	}
	return &inv, nil
}

// MarkDisputed flags an invoice after a chargeback.
func (s *Store) MarkDisputed(ctx context.Context, q database.Queryer, chargeID string) error {
	_, err := q.ExecContext(ctx, `
		UPDATE invoices SET status = 'uncollectible', updated_at = now() WHERE charge_id = $1`, chargeID)
	return err
}

// ClaimWebhook records a provider event id; false means it was seen before.
func (s *Store) ClaimWebhook(ctx context.Context, q database.Queryer, provider, eventID, eventType string) (bool, error) {
	res, err := q.ExecContext(ctx, `
		INSERT INTO processed_webhooks (provider, event_id, event_type) VALUES ($1, $2, $3)
		ON CONFLICT (provider, event_id) DO NOTHING`, provider, eventID, eventType)
	if err != nil {
		return false, err
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// CreditApplied reports whether credit has been applied to the invoice.
func (s *Store) CreditApplied(ctx context.Context, q database.Queryer, invoiceID string) (bool, error) {
	var exists bool
	err := q.GetContext(ctx, &exists, `SELECT EXISTS (SELECT 1 FROM credit_applications WHERE invoice_id = $1)`, invoiceID)
	return exists, err
}

// ApplyCredit records a credit application and reduces the amount due.
func (s *Store) ApplyCredit(ctx context.Context, q database.Queryer, invoiceID, memberID string, amount int64) error {
	res, err := q.ExecContext(ctx, `
		INSERT INTO credit_applications (invoice_id, member_id, amount_cents) VALUES ($1, $2, $3)
		ON CONFLICT (invoice_id) DO NOTHING`, invoiceID, memberID, amount)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	_, err = q.ExecContext(ctx, `
		UPDATE invoices SET credit_applied_cents = credit_applied_cents + $2, updated_at = now()
		WHERE id = $1`, invoiceID, amount)
	return err
}
