package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/baywarden/storagedesk/internal/domain"
)

const invoiceCols = `id, rental_id, period, amount_cents, due_on, status, autopay_round, paid_at, created_at`

// BillingStore covers invoices, the tenant ledger and card payment attempts.
type BillingStore struct {
	db *DB
}

func NewBillingStore(db *DB) *BillingStore { return &BillingStore{db: db} }

// CreateInvoice inserts the invoice for (rental, period) if missing and
// returns the stored invoice with a flag telling whether it is new.
func (s *BillingStore) CreateInvoice(ctx context.Context, inv domain.Invoice) (*domain.Invoice, bool, error) {
	tag, err := s.db.conn(ctx).Exec(ctx, `
		INSERT INTO invoices (id, rental_id, period, amount_cents, due_on)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (rental_id, period) DO NOTHING`,
		inv.ID, inv.RentalID, inv.Period, inv.AmountCents, inv.DueOn)
	if err != nil {
		return nil, false, err
	}
	got, err := s.InvoiceFor(ctx, inv.RentalID, inv.Period)
	if err != nil {
		return nil, false, err
	}
	return got, tag.RowsAffected() == 1, nil
}

func (s *BillingStore) InvoiceFor(ctx context.Context, rentalID, period string) (*domain.Invoice, error) {
	rows, err := s.db.conn(ctx).Query(ctx,
		`SELECT `+invoiceCols+` FROM invoices WHERE rental_id = $1 AND period = $2`, rentalID, period)
	if err != nil {
		return nil, err
	}
	inv, err := pgx.CollectExactlyOneRow(rows, pgx.RowToAddrOfStructByName[domain.Invoice])
	return inv, notFound(err)
}

func (s *BillingStore) Invoice(ctx context.Context, id string) (*domain.Invoice, error) {
	rows, err := s.db.conn(ctx).Query(ctx, `SELECT `+invoiceCols+` FROM invoices WHERE id = $1`, id)
	if err != nil {
		return nil, err
	}
	inv, err := pgx.CollectExactlyOneRow(rows, pgx.RowToAddrOfStructByName[domain.Invoice])
	return inv, notFound(err)
}

// MarkInvoicePaid flips an unpaid invoice to paid; false if it was already paid.
func (s *BillingStore) MarkInvoicePaid(ctx context.Context, id string, at time.Time) (bool, error) {
	tag, err := s.db.conn(ctx).Exec(ctx,
		`UPDATE invoices SET status = 'paid', paid_at = $2 WHERE id = $1 AND status <> 'paid'`, id, at)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

// MarkInvoiceFailed records a failed autopay round and returns the new round.
func (s *BillingStore) MarkInvoiceFailed(ctx context.Context, id string, round int) (int, error) {
	var next int
	err := s.db.conn(ctx).QueryRow(ctx, `
		UPDATE invoices SET status = 'failed', autopay_round = GREATEST(autopay_round, $2 + 1)
		 WHERE id = $1 AND status <> 'paid'
		RETURNING autopay_round`, id, round).Scan(&next)
	return next, notFound(err)
}

// OverdueInvoices returns unpaid invoices whose due date is before cutoff.
func (s *BillingStore) OverdueInvoices(ctx context.Context, cutoff time.Time) ([]domain.Invoice, error) {
	rows, err := s.db.conn(ctx).Query(ctx, `
		SELECT `+invoiceCols+` FROM invoices
		 WHERE status IN ('open','failed') AND due_on < $1
		 ORDER BY due_on, id`, cutoff)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByName[domain.Invoice])
}

// PostEntry appends a ledger entry.
func (s *BillingStore) PostEntry(ctx context.Context, e domain.LedgerEntry) error {
	_, err := s.db.conn(ctx).Exec(ctx, `
		INSERT INTO ledger_entries (id, rental_id, kind, amount_cents, period, ref, memo)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		e.ID, e.RentalID, e.Kind, e.AmountCents, e.Period, e.Ref, e.Memo)
	return err
}

// PostPeriodicEntry appends a rent or late-fee entry once per rental and period.
func (s *BillingStore) PostPeriodicEntry(ctx context.Context, e domain.LedgerEntry) (bool, error) {
	tag, err := s.db.conn(ctx).Exec(ctx, `
		INSERT INTO ledger_entries (id, rental_id, kind, amount_cents, period, ref, memo)
		VALUES ($1, $2, $3, $4, $5, $6, $7)
		ON CONFLICT (rental_id, kind, period) WHERE kind IN ('rent','late_fee') DO NOTHING`,
		e.ID, e.RentalID, e.Kind, e.AmountCents, e.Period, e.Ref, e.Memo)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

// ClaimAttempt returns the payment attempt for (invoice, attemptNo), creating
// it with the supplied id when it does not exist yet.
func (s *BillingStore) ClaimAttempt(ctx context.Context, a domain.PaymentAttempt) (*domain.PaymentAttempt, error) {
	rows, err := s.db.conn(ctx).Query(ctx, `
		INSERT INTO payment_attempts (id, invoice_id, attempt_no, amount_cents, status)
		VALUES ($1, $2, $3, $4, 'pending')
		ON CONFLICT (invoice_id, attempt_no) DO UPDATE SET attempt_no = EXCLUDED.attempt_no
		RETURNING id, invoice_id, attempt_no, amount_cents, stripe_pi_id, status, failure_code`,
		a.ID, a.InvoiceID, a.AttemptNo, a.AmountCents)
	if err != nil {
		return nil, err
	}
	return pgx.CollectExactlyOneRow(rows, pgx.RowToAddrOfStructByName[domain.PaymentAttempt])
}

func (s *BillingStore) SetAttemptIntent(ctx context.Context, attemptID, piID, status string) error {
	_, err := s.db.conn(ctx).Exec(ctx, `
		UPDATE payment_attempts SET stripe_pi_id = $2, status = $3
		 WHERE id = $1 AND status IN ('pending','processing')`, attemptID, piID, status)
	return err
}

func (s *BillingStore) FinishAttempt(ctx context.Context, attemptID, status string, failureCode *string) error {
	_, err := s.db.conn(ctx).Exec(ctx, `
		UPDATE payment_attempts SET status = $2, failure_code = $3 WHERE id = $1`, attemptID, status, failureCode)
	return err
}

func (s *BillingStore) Attempt(ctx context.Context, id string) (*domain.PaymentAttempt, error) {
	rows, err := s.db.conn(ctx).Query(ctx, `
		SELECT id, invoice_id, attempt_no, amount_cents, stripe_pi_id, status, failure_code
		  FROM payment_attempts WHERE id = $1`, id)
	if err != nil {
		return nil, err
	}
	a, err := pgx.CollectExactlyOneRow(rows, pgx.RowToAddrOfStructByName[domain.PaymentAttempt])
	return a, notFound(err)
}

// LastCardPayment returns the most recent card payment on a rental.
func (s *BillingStore) LastCardPayment(ctx context.Context, rentalID string) (piID string, amount int64, err error) {
	err = s.db.conn(ctx).QueryRow(ctx, `
		SELECT ref, -amount_cents FROM ledger_entries
		 WHERE rental_id = $1 AND kind = 'payment' AND ref LIKE 'pi_%'
		 ORDER BY created_at DESC LIMIT 1`, rentalID).Scan(&piID, &amount)
	return piID, amount, notFound(err)
}

// RentalForIntent finds the rental a card payment was posted to.
func (s *BillingStore) RentalForIntent(ctx context.Context, piID string) (string, error) {
	var rentalID string
	err := s.db.conn(ctx).QueryRow(ctx, `
		SELECT rental_id FROM ledger_entries WHERE kind = 'payment' AND ref = $1 LIMIT 1`, piID).Scan(&rentalID)
	return rentalID, notFound(err)
}

// InsertRefund records a refund reported by the payment processor.
func (s *BillingStore) InsertRefund(ctx context.Context, refundID, piID, rentalID string, amount int64) error {
	_, err := s.db.conn(ctx).Exec(ctx, `
		INSERT INTO refunds (stripe_refund_id, stripe_pi_id, rental_id, amount_cents)
		VALUES ($1, $2, $3, $4)`, refundID, piID, rentalID, amount)
	return err
}
