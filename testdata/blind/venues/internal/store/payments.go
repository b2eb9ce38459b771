package store

import (
	"context"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/vowhall/venues/internal/domain"
	"github.com/vowhall/venues/internal/platform/dbx"
)

const (
	insertPaymentSQL = `
INSERT INTO payments (id, booking_id, instalment_id, source, amount_cents, provider_charge_id, created_at)
VALUES (:id, :booking_id, :instalment_id, :source, :amount_cents, :provider_charge_id, :created_at)`

	insertChargeAttemptSQL = `
INSERT INTO charge_attempts (id, instalment_id, attempt, outcome, detail, created_at)
VALUES (:id, :instalment_id, :attempt, :outcome, :detail, :created_at)`

	upsertCardTransactionSQL = `
INSERT INTO card_transactions (provider_charge_id, booking_id, amount_cents, currency, captured_at)
VALUES (:provider_charge_id, :booking_id, :amount_cents, :currency, :captured_at)
ON CONFLICT (provider_charge_id) DO NOTHING`

	insertPaymentFailureSQL = `
INSERT INTO payment_failures (id, provider_event_id, instalment_id, reason, created_at)
VALUES (:id, :provider_event_id, :instalment_id, :reason, :created_at)`

	insertLedgerSQL = `
INSERT INTO booking_ledger (id, booking_id, kind, amount_cents, reference, created_at)
VALUES (:id, :booking_id, :kind, :amount_cents, :reference, :created_at)`
)

type Payments struct{ db *sqlx.DB }

func NewPayments(db *sqlx.DB) *Payments { return &Payments{db: db} }

func (r *Payments) Insert(ctx context.Context, p domain.Payment) error {
	_, err := dbx.Conn(ctx, r.db).NamedExecContext(ctx, insertPaymentSQL, p)
	return err
}

func (r *Payments) RecordAttempt(ctx context.Context, a domain.ChargeAttempt) error {
	_, err := dbx.Conn(ctx, r.db).NamedExecContext(ctx, insertChargeAttemptSQL, a)
	return err
}

// RecordCardTransaction stores a settled charge; a charge already stored is
// left as is. It reports whether a row was written.
func (r *Payments) RecordCardTransaction(ctx context.Context, t domain.CardTransaction) (bool, error) {
	res, err := dbx.Conn(ctx, r.db).NamedExecContext(ctx, upsertCardTransactionSQL, t)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (r *Payments) InsertFailure(ctx context.Context, f domain.PaymentFailure) error {
	_, err := dbx.Conn(ctx, r.db).NamedExecContext(ctx, insertPaymentFailureSQL, f)
	return err
}

type Ledger struct{ db *sqlx.DB }

func NewLedger(db *sqlx.DB) *Ledger { return &Ledger{db: db} }

func (r *Ledger) Append(ctx context.Context, e domain.LedgerEntry) error {
	_, err := dbx.Conn(ctx, r.db).NamedExecContext(ctx, insertLedgerSQL, e)
	return err
}

const refundColumns = `id, booking_id, amount_cents, status, provider_refund_id, created_at, updated_at`

const (
	insertRefundSQL = `
INSERT INTO refunds (id, booking_id, amount_cents, status, created_at, updated_at)
VALUES ($1, $2, $3, 'pending', now(), now())
ON CONFLICT (booking_id) DO NOTHING`

	getRefundByBookingSQL = `SELECT ` + refundColumns + ` FROM refunds WHERE booking_id = $1`

	markRefundSubmittedSQL = `
UPDATE refunds SET status = 'submitted', provider_refund_id = $2, updated_at = now()
WHERE id = $1 AND status IN ('pending', 'failed')`

	markRefundSucceededSQL = `
UPDATE refunds SET status = 'succeeded', provider_refund_id = $2, updated_at = now()
WHERE booking_id = $1`
)

type Refunds struct{ db *sqlx.DB }

func NewRefunds(db *sqlx.DB) *Refunds { return &Refunds{db: db} }

// Open creates the booking's refund if it has none and returns the stored
// row, so a repeated cancellation sees the refund opened the first time.
func (r *Refunds) Open(ctx context.Context, rf domain.Refund) (domain.Refund, error) {
	q := dbx.Conn(ctx, r.db)
	if _, err := dbx.Exec(ctx, q, insertRefundSQL, rf.ID, rf.BookingID, rf.AmountCents); err != nil {
		return domain.Refund{}, err
	}
	return dbx.Get[domain.Refund](ctx, q, getRefundByBookingSQL, rf.BookingID)
}

func (r *Refunds) MarkSubmitted(ctx context.Context, id uuid.UUID, providerRefundID string) error {
	_, err := dbx.Exec(ctx, dbx.Conn(ctx, r.db), markRefundSubmittedSQL, id, providerRefundID)
	return err
}

func (r *Refunds) MarkSucceeded(ctx context.Context, bookingID uuid.UUID, providerRefundID string) error {
	return dbx.ExecOne(ctx, dbx.Conn(ctx, r.db), markRefundSucceededSQL, bookingID, providerRefundID)
}
