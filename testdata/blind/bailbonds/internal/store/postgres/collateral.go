package postgres

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/keystonebail/bondline/internal/collateral"
	"github.com/keystonebail/bondline/internal/platform/apperr"
	"github.com/keystonebail/bondline/internal/platform/database"
)

// Deposits implements collateral.DepositRepository.
type Deposits struct{}

const depositColumns = `id, bond_id, kind, amount_cents, reference, stripe_payment_intent_id,
	received_by, status, received_at, refunded_at`

// Insert writes a cash or wire deposit.
func (Deposits) Insert(ctx context.Context, db sqlx.ExtContext, d *collateral.Deposit) error {
	_, err := sqlx.NamedExecContext(ctx, db, `
		INSERT INTO collateral_deposits (id, bond_id, kind, amount_cents, reference, received_by, status, received_at)
		VALUES (:id, :bond_id, :kind, :amount_cents, :reference, :received_by, :status, :received_at)`, d)
	return err
}

// InsertCard writes a card deposit once per PaymentIntent; it reports
// whether this call wrote it.
func (Deposits) InsertCard(ctx context.Context, db sqlx.ExtContext, d *collateral.Deposit) (bool, error) {
	res, err := sqlx.NamedExecContext(ctx, db, `
		INSERT INTO collateral_deposits (id, bond_id, kind, amount_cents, reference, stripe_payment_intent_id,
			received_by, status, received_at)
		VALUES (:id, :bond_id, :kind, :amount_cents, :reference, :stripe_payment_intent_id,
			:received_by, :status, :received_at)
		ON CONFLICT (stripe_payment_intent_id) DO NOTHING`, d)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// GetByIntent reads the deposit a PaymentIntent paid.
func (Deposits) GetByIntent(ctx context.Context, db sqlx.ExtContext, intentID string) (*collateral.Deposit, error) {
	var d collateral.Deposit
	err := sqlx.GetContext(ctx, db, &d, `SELECT `+depositColumns+` FROM collateral_deposits WHERE stripe_payment_intent_id = $1`, intentID)
	if database.NoRows(err) {
		return nil, apperr.NotFound("deposit for intent %s", intentID)
	}
	return &d, err
}

// GetForUpdate reads and locks a deposit.
func (Deposits) GetForUpdate(ctx context.Context, db sqlx.ExtContext, id uuid.UUID) (*collateral.Deposit, error) {
	var d collateral.Deposit
	err := sqlx.GetContext(ctx, db, &d, `SELECT `+depositColumns+` FROM collateral_deposits WHERE id = $1 FOR UPDATE`, id)
	if database.NoRows(err) {
		return nil, apperr.NotFound("deposit %s", id)
	}
	return &d, err
}

// ListHeld returns the deposits still held against a bond.
func (Deposits) ListHeld(ctx context.Context, db sqlx.ExtContext, bondID uuid.UUID) ([]collateral.Deposit, error) {
	var out []collateral.Deposit
	err := sqlx.SelectContext(ctx, db, &out, `
		SELECT `+depositColumns+` FROM collateral_deposits
		 WHERE bond_id = $1 AND status = 'held' ORDER BY received_at`, bondID)
	return out, err
}

// ClaimForRefund moves a held deposit to refunding.
func (Deposits) ClaimForRefund(ctx context.Context, db sqlx.ExtContext, id uuid.UUID) (bool, error) {
	res, err := db.ExecContext(ctx, `
		UPDATE collateral_deposits SET status = 'refunding'
		 WHERE id = $1 AND status = 'held'`, id)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// MarkRefunded completes a deposit's return.
func (Deposits) MarkRefunded(ctx context.Context, db sqlx.ExtContext, id uuid.UUID, at time.Time) error {
	_, err := db.ExecContext(ctx, `
		UPDATE collateral_deposits SET status = 'refunded', refunded_at = $2
		 WHERE id = $1 AND status = 'refunding'`, id, at)
	return err
}

// Refunds implements collateral.RefundRepository.
type Refunds struct{}

// Insert writes a refund record.
func (Refunds) Insert(ctx context.Context, db sqlx.ExtContext, r *collateral.RefundRecord) error {
	_, err := sqlx.NamedExecContext(ctx, db, `
		INSERT INTO collateral_refunds (id, deposit_id, amount_cents, method, status)
		VALUES (:id, :deposit_id, :amount_cents, :method, :status)`, r)
	return err
}

// GetByDeposit reads a deposit's refund record.
func (Refunds) GetByDeposit(ctx context.Context, db sqlx.ExtContext, depositID uuid.UUID) (*collateral.RefundRecord, error) {
	var r collateral.RefundRecord
	err := sqlx.GetContext(ctx, db, &r, `
		SELECT id, deposit_id, amount_cents, method, stripe_refund_id, status
		  FROM collateral_refunds WHERE deposit_id = $1`, depositID)
	if database.NoRows(err) {
		return nil, apperr.NotFound("refund for deposit %s", depositID)
	}
	return &r, err
}

// Complete records the outcome of a refund.
func (Refunds) Complete(ctx context.Context, db sqlx.ExtContext, id uuid.UUID, stripeRefundID *string, at time.Time) error {
	_, err := db.ExecContext(ctx, `
		UPDATE collateral_refunds SET status = 'completed', stripe_refund_id = $2, completed_at = $3
		 WHERE id = $1`, id, stripeRefundID, at)
	return err
}
