package contracts

import (
	"context"
	"database/sql"
	"errors"

	"github.com/google/uuid"

	"github.com/sunrail/installs/internal/platform/database"
)

// Repository persists contracts and deposits.
type Repository struct {
	db database.DBTX
	tx database.TxManager
}

// NewRepository builds a Repository.
func NewRepository(db database.DBTX, tx database.TxManager) *Repository {
	return &Repository{db: db, tx: tx}
}

const contractColumns = `id, quote_id, customer_id, total_cents, deposit_cents, amount_funded_cents,
	status, signer_name, signer_ip, envelope_ref, signed_at`

func scanContract(row interface{ Scan(...any) error }) (Contract, error) {
	var c Contract
	err := row.Scan(&c.ID, &c.QuoteID, &c.CustomerID, &c.TotalCents, &c.DepositCents, &c.AmountFundedCents,
		&c.Status, &c.SignerName, &c.SignerIP, &c.EnvelopeRef, &c.SignedAt)
	return c, database.NotFound(err)
}

// InsertForQuote inserts c unless the quote already has a contract.
func (r *Repository) InsertForQuote(ctx context.Context, c Contract) (bool, error) {
	res, err := database.Executor(ctx, r.db).ExecContext(ctx, `
		INSERT INTO contracts (`+contractColumns+`)
		VALUES ($1, $2, $3, $4, $5, 0, $6, $7, $8, $9, $10)
		ON CONFLICT (quote_id) DO NOTHING`,
		c.ID, c.QuoteID, c.CustomerID, c.TotalCents, c.DepositCents,
		c.Status, c.SignerName, c.SignerIP, c.EnvelopeRef, c.SignedAt)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// Get loads a contract.
func (r *Repository) Get(ctx context.Context, id uuid.UUID) (Contract, error) {
	return scanContract(database.Executor(ctx, r.db).QueryRowContext(ctx,
		`SELECT `+contractColumns+` FROM contracts WHERE id = $1`, id))
}

// GetByQuote loads the contract for a quote.
func (r *Repository) GetByQuote(ctx context.Context, quoteID string) (Contract, error) {
	return scanContract(database.Executor(ctx, r.db).QueryRowContext(ctx,
		`SELECT `+contractColumns+` FROM contracts WHERE quote_id = $1`, quoteID))
}

// AddFunding increases the funded amount on a contract.
func (r *Repository) AddFunding(ctx context.Context, id uuid.UUID, cents int64) error {
	_, err := database.Executor(ctx, r.db).ExecContext(ctx, `
		UPDATE contracts SET amount_funded_cents = amount_funded_cents + $2 WHERE id = $1`, id, cents)
	return err
}

// EnsureDeposit returns the contract's deposit row, creating it from d the
// first time.
func (r *Repository) EnsureDeposit(ctx context.Context, d Deposit) (Deposit, error) {
	q := database.Executor(ctx, r.db)
	var out Deposit
	var pi sql.NullString
	err := q.QueryRowContext(ctx, `
		INSERT INTO deposits (id, contract_id, amount_cents, status)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (contract_id) DO UPDATE SET updated_at = now()
		RETURNING id, contract_id, amount_cents, status, payment_intent_id`,
		d.ID, d.ContractID, d.AmountCents, d.Status).Scan(
		&out.ID, &out.ContractID, &out.AmountCents, &out.Status, &pi)
	out.PaymentIntentID = pi.String
	return out, err
}

// UpdateDeposit stores the charge outcome.
func (r *Repository) UpdateDeposit(ctx context.Context, d Deposit) error {
	_, err := database.Executor(ctx, r.db).ExecContext(ctx, `
		UPDATE deposits SET status = $2, payment_intent_id = $3, updated_at = now()
		WHERE id = $1`, d.ID, d.Status, d.PaymentIntentID)
	return err
}

// SettleDeposit moves a deposit to a terminal status when Stripe reports it.
// It returns the deposit and whether this call changed its status.
func (r *Repository) SettleDeposit(ctx context.Context, id uuid.UUID, status string) (Deposit, bool, error) {
	var d Deposit
	var pi sql.NullString
	err := database.Executor(ctx, r.db).QueryRowContext(ctx, `
		UPDATE deposits SET status = $2, updated_at = now()
		WHERE id = $1 AND status <> $2
		RETURNING id, contract_id, amount_cents, status, payment_intent_id`, id, status).Scan(
		&d.ID, &d.ContractID, &d.AmountCents, &d.Status, &pi)
	if errors.Is(err, sql.ErrNoRows) {
		return d, false, nil
	}
	d.PaymentIntentID = pi.String
	return d, err == nil, err
}
