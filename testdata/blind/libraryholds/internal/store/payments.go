package store

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/shelfwise-labs/branchline/internal/domain"
)

type paymentRepo struct{ db *sql.DB }

// NewPaymentRepository returns the Postgres payment repository.
func NewPaymentRepository(db *sql.DB) PaymentRepository { return &paymentRepo{db: db} }

const paymentColumns = `id, patron_id, request_key, amount_cents, status, source,
	COALESCE(stripe_payment_intent_id, ''), COALESCE(failure_reason, ''), created_at`

func scanPayment(row interface{ Scan(...any) error }) (domain.Payment, error) {
	var (
		p      domain.Payment
		status string
	)
	err := row.Scan(&p.ID, &p.PatronID, &p.RequestKey, &p.AmountCents, &status, &p.Source,
		&p.StripePaymentIntentID, &p.FailureReason, &p.CreatedAt)
	p.Status = domain.PaymentStatus(status)
	return p, err
}

// CreatePending records the intent to charge before the card is touched.
// The (patron_id, request_key) pair comes from the client's Idempotency-Key
// header; a repeated request gets the payment that is already there.
func (r *paymentRepo) CreatePending(ctx context.Context, tx *sql.Tx, p domain.Payment, fineIDs []string) (domain.Payment, bool, error) {
	res, err := tx.ExecContext(ctx, `
		INSERT INTO payments (id, patron_id, request_key, amount_cents, status, source)
		VALUES ($1, $2, $3, $4, 'pending', $5)
		ON CONFLICT (patron_id, request_key) DO NOTHING`,
		p.ID, p.PatronID, p.RequestKey, p.AmountCents, p.Source)
	if err != nil {
		return p, false, fmt.Errorf("insert payment: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		existing, err := scanPayment(tx.QueryRowContext(ctx, `
			SELECT `+paymentColumns+` FROM payments
			 WHERE patron_id = $1 AND request_key = $2`, p.PatronID, p.RequestKey))
		if err != nil {
			return p, false, fmt.Errorf("load existing payment: %w", err)
		}
		return existing, false, nil
	}
	if err := attachFines(ctx, tx, p.ID, fineIDs); err != nil {
		return p, false, err
	}
	p.Status = domain.PaymentPending
	return p, true, nil
}

// Insert writes a payment that has already been settled (autopay).
func (r *paymentRepo) Insert(ctx context.Context, tx *sql.Tx, p domain.Payment, fineIDs []string) error {
	_, err := tx.ExecContext(ctx, `
		INSERT INTO payments (id, patron_id, request_key, amount_cents, status, source, stripe_payment_intent_id)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		p.ID, p.PatronID, p.RequestKey, p.AmountCents, string(p.Status), p.Source,
		nullString(p.StripePaymentIntentID))
	if err != nil {
		return fmt.Errorf("insert payment: %w", err)
	}
	return attachFines(ctx, tx, p.ID, fineIDs)
}

func attachFines(ctx context.Context, tx *sql.Tx, paymentID string, fineIDs []string) error {
	for _, id := range fineIDs {
		if _, err := tx.ExecContext(ctx, `
			INSERT INTO payment_fines (payment_id, fine_id) VALUES ($1, $2)
			ON CONFLICT DO NOTHING`, paymentID, id); err != nil {
			return fmt.Errorf("attach fine %s: %w", id, err)
		}
	}
	return nil
}

func (r *paymentRepo) Get(ctx context.Context, id string) (domain.Payment, error) {
	p, err := scanPayment(r.db.QueryRowContext(ctx, `SELECT `+paymentColumns+` FROM payments WHERE id = $1`, id))
	if err != nil {
		return p, notFound(err, "payment "+id)
	}
	return p, nil
}

func (r *paymentRepo) GetByIntent(ctx context.Context, intentID string) (domain.Payment, error) {
	p, err := scanPayment(r.db.QueryRowContext(ctx,
		`SELECT `+paymentColumns+` FROM payments WHERE stripe_payment_intent_id = $1`, intentID))
	if err != nil {
		return p, notFound(err, "payment for intent "+intentID)
	}
	return p, nil
}

func (r *paymentRepo) SetIntent(ctx context.Context, id, intentID string) error {
	_, err := r.db.ExecContext(ctx, `
		UPDATE payments SET stripe_payment_intent_id = $2, updated_at = now()
		 WHERE id = $1`, id, intentID)
	return err
}

func (r *paymentRepo) MarkSucceeded(ctx context.Context, tx *sql.Tx, id string) error {
	res, err := tx.ExecContext(ctx, `
		UPDATE payments SET status = 'succeeded', updated_at = now()
		 WHERE id = $1 AND status = 'pending'`, id)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("payment %s is not pending: %w", id, domain.ErrInvalidState)
	}
	return nil
}

func (r *paymentRepo) MarkFailed(ctx context.Context, id, reason string) error {
	_, err := r.db.ExecContext(ctx, `
		UPDATE payments SET status = 'failed', failure_reason = $2, updated_at = now()
		 WHERE id = $1 AND status = 'pending'`, id, reason)
	return err
}

func (r *paymentRepo) MarkDisputed(ctx context.Context, tx *sql.Tx, id string) error {
	_, err := tx.ExecContext(ctx, `
		UPDATE payments SET status = 'disputed', updated_at = now() WHERE id = $1`, id)
	return err
}

// InsertRefund records a refund Stripe has already made.
func (r *paymentRepo) InsertRefund(ctx context.Context, rf domain.Refund) (bool, error) {
	res, err := r.db.ExecContext(ctx, `
		INSERT INTO refunds (id, payment_id, fine_id, amount_cents, stripe_refund_id, reason, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7)
		ON CONFLICT (payment_id, fine_id) DO NOTHING`,
		rf.ID, rf.PaymentID, rf.FineID, rf.AmountCents, rf.StripeRefundID, nullString(rf.Reason), rf.CreatedAt)
	if err != nil {
		return false, fmt.Errorf("insert refund: %w", err)
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

type ledgerRepo struct{}

// NewLedgerRepository returns the account ledger repository.
func NewLedgerRepository() LedgerRepository { return ledgerRepo{} }

func (ledgerRepo) Insert(ctx context.Context, tx *sql.Tx, e domain.LedgerEntry) error {
	_, err := tx.ExecContext(ctx, `
		INSERT INTO ledger_entries (id, patron_id, amount_cents, reason, ref, created_at)
		VALUES ($1, $2, $3, $4, $5, $6)`,
		e.ID, e.PatronID, e.AmountCents, e.Reason, nullString(e.Ref), e.CreatedAt)
	return err
}

type stripeEventRepo struct{ db *sql.DB }

// NewStripeEventRepository returns the webhook event log.
func NewStripeEventRepository(db *sql.DB) StripeEventRepository { return &stripeEventRepo{db: db} }

func (r *stripeEventRepo) Seen(ctx context.Context, eventID string) (bool, error) {
	var exists bool
	err := r.db.QueryRowContext(ctx,
		`SELECT EXISTS (SELECT 1 FROM stripe_events WHERE event_id = $1)`, eventID).Scan(&exists)
	return exists, err
}

func (r *stripeEventRepo) MarkProcessed(ctx context.Context, eventID, eventType string) error {
	_, err := r.db.ExecContext(ctx, `
		INSERT INTO stripe_events (event_id, type) VALUES ($1, $2)
		ON CONFLICT (event_id) DO NOTHING`, eventID, eventType)
	return err
}
