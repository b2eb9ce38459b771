package repository

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"

	"github.com/trustwell/settlements/internal/domain"
)

// DepositRepo stores trust deposits.
type DepositRepo struct {
	db *sqlx.DB
}

// NewDepositRepo returns a DepositRepo.
func NewDepositRepo(pool *sqlx.DB) *DepositRepo { return &DepositRepo{db: pool} }

const depositCols = `id, settlement_id, amount_cents, wire_reference, payer_name,
	received_at, journal_id, created_by, created_at`

// Insert writes a deposit.
func (r *DepositRepo) Insert(ctx context.Context, tx *sqlx.Tx, d *domain.Deposit) error {
	_, err := tx.NamedExecContext(ctx, `
		INSERT INTO deposits (id, settlement_id, amount_cents, wire_reference, payer_name,
			received_at, journal_id, created_by, created_at)
		VALUES (:id, :settlement_id, :amount_cents, :wire_reference, :payer_name,
			:received_at, :journal_id, :created_by, :created_at)`, d)
	if err != nil {
		return fmt.Errorf("insert deposit: %w", err)
	}
	return nil
}

// Get loads a deposit.
func (r *DepositRepo) Get(ctx context.Context, q Q, id string) (*domain.Deposit, error) {
	var d domain.Deposit
	if err := sqlx.GetContext(ctx, q, &d, `SELECT `+depositCols+` FROM deposits WHERE id = $1`, id); err != nil {
		return nil, notFound(err, "deposit", id)
	}
	return &d, nil
}
