package invoicing

import (
	"context"
	"database/sql"
	"errors"

	"github.com/google/uuid"

	"github.com/sunrail/installs/internal/platform/database"
)

// Repository persists invoices, charge attempts and Stripe events.
type Repository struct {
	db database.DBTX
	tx database.TxManager
}

// NewRepository builds a Repository.
func NewRepository(db database.DBTX, tx database.TxManager) *Repository {
	return &Repository{db: db, tx: tx}
}

// ContractBalance is the money picture of a contract.
type ContractBalance struct {
	TotalCents   int64
	DepositCents int64
	FundedCents  int64
}

// Balance loads the contract's balance inputs.
func (r *Repository) Balance(ctx context.Context, contractID uuid.UUID) (ContractBalance, error) {
	var b ContractBalance
	err := database.Executor(ctx, r.db).QueryRowContext(ctx, `
		SELECT total_cents, deposit_cents, amount_funded_cents FROM contracts WHERE id = $1`, contractID).Scan(
		&b.TotalCents, &b.DepositCents, &b.FundedCents)
	return b, database.NotFound(err)
}

const invoiceColumns = `id, contract_id, project_id, milestone, amount_cents, status, payment_intent_id, paid_at`

func scanInvoice(row interface{ Scan(...any) error }) (Invoice, error) {
	var inv Invoice
	var project uuid.NullUUID
	var pi sql.NullString
	err := row.Scan(&inv.ID, &inv.ContractID, &project, &inv.Milestone, &inv.AmountCents, &inv.Status, &pi, &inv.PaidAt)
	inv.ProjectID, inv.PaymentIntentID = project.UUID, pi.String
	return inv, database.NotFound(err)
}

// Ensure creates the invoice for (contract, milestone) or returns the
// existing one.
func (r *Repository) Ensure(ctx context.Context, inv Invoice) (Invoice, error) {
	return scanInvoice(database.Executor(ctx, r.db).QueryRowContext(ctx, `
		INSERT INTO milestone_invoices (id, contract_id, project_id, milestone, amount_cents, status)
		VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (contract_id, milestone) DO UPDATE SET milestone = EXCLUDED.milestone
		RETURNING `+invoiceColumns,
		inv.ID, inv.ContractID, inv.ProjectID, inv.Milestone, inv.AmountCents, inv.Status))
}

// InsertPaid stores an invoice that is already settled.
func (r *Repository) InsertPaid(ctx context.Context, inv Invoice) error {
	_, err := database.Executor(ctx, r.db).ExecContext(ctx, `
		INSERT INTO milestone_invoices (id, contract_id, milestone, amount_cents, status, payment_intent_id, paid_at)
		VALUES ($1, $2, $3, $4, $5, $6, now())`,
		inv.ID, inv.ContractID, inv.Milestone, inv.AmountCents, inv.Status, inv.PaymentIntentID)
	return err
}

// Get loads an invoice.
func (r *Repository) Get(ctx context.Context, id uuid.UUID) (Invoice, error) {
	return scanInvoice(database.Executor(ctx, r.db).QueryRowContext(ctx,
		`SELECT `+invoiceColumns+` FROM milestone_invoices WHERE id = $1`, id))
}

// GetForUpdate loads and locks an invoice.
func (r *Repository) GetForUpdate(ctx context.Context, id uuid.UUID) (Invoice, error) {
	return scanInvoice(database.Executor(ctx, r.db).QueryRowContext(ctx,
		`SELECT `+invoiceColumns+` FROM milestone_invoices WHERE id = $1 FOR UPDATE`, id))
}

// MarkProcessing records the PaymentIntent for an invoice.
func (r *Repository) MarkProcessing(ctx context.Context, id uuid.UUID, paymentIntentID string) error {
	_, err := database.Executor(ctx, r.db).ExecContext(ctx, `
		UPDATE milestone_invoices SET status = 'processing', payment_intent_id = $2
		WHERE id = $1 AND status IN ('open', 'failed', 'processing')`, id, paymentIntentID)
	return err
}

// Settle moves an invoice to paid or failed. It returns the invoice and
// whether this call changed it.
func (r *Repository) Settle(ctx context.Context, id uuid.UUID, status, paymentIntentID string) (Invoice, bool, error) {
	inv, err := scanInvoice(database.Executor(ctx, r.db).QueryRowContext(ctx, `
		UPDATE milestone_invoices
		SET status = $2, payment_intent_id = $3, paid_at = CASE WHEN $2 = 'paid' THEN now() END
		WHERE id = $1 AND status <> 'paid'
		RETURNING `+invoiceColumns, id, status, paymentIntentID))
	if errors.Is(err, database.ErrNotFound) {
		return inv, false, nil
	}
	return inv, err == nil, err
}

// InsertAttempt stores a new charge attempt.
func (r *Repository) InsertAttempt(ctx context.Context, a Attempt) error {
	_, err := database.Executor(ctx, r.db).ExecContext(ctx, `
		INSERT INTO charge_attempts (id, invoice_id, amount_cents, status) VALUES ($1, $2, $3, $4)`,
		a.ID, a.InvoiceID, a.AmountCents, a.Status)
	return err
}

// GetAttempt loads a charge attempt.
func (r *Repository) GetAttempt(ctx context.Context, id uuid.UUID) (Attempt, error) {
	var a Attempt
	var pi sql.NullString
	err := database.Executor(ctx, r.db).QueryRowContext(ctx, `
		SELECT id, invoice_id, amount_cents, status, payment_intent_id FROM charge_attempts WHERE id = $1`, id).Scan(
		&a.ID, &a.InvoiceID, &a.AmountCents, &a.Status, &pi)
	a.PaymentIntentID = pi.String
	return a, database.NotFound(err)
}

// FinishAttempt stores the outcome of a charge attempt.
func (r *Repository) FinishAttempt(ctx context.Context, id uuid.UUID, status, paymentIntentID string) error {
	_, err := database.Executor(ctx, r.db).ExecContext(ctx, `
		UPDATE charge_attempts SET status = $2, payment_intent_id = NULLIF($3, '') WHERE id = $1`,
		id, status, paymentIntentID)
	return err
}

// ClaimStripeEvent records a Stripe event ID; false means it was seen before.
func (r *Repository) ClaimStripeEvent(ctx context.Context, eventID, eventType string) (bool, error) {
	res, err := database.Executor(ctx, r.db).ExecContext(ctx, `
		INSERT INTO stripe_events (event_id, type) VALUES ($1, $2)
		ON CONFLICT (event_id) DO NOTHING`, eventID, eventType)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}
