package repository

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"

	"github.com/trustwell/settlements/internal/domain"
	"github.com/trustwell/settlements/internal/money"
	"github.com/trustwell/settlements/internal/platform/db"
)

// SettlementRepo stores settlements.
type SettlementRepo struct {
	db *sqlx.DB
}

// NewSettlementRepo returns a SettlementRepo.
func NewSettlementRepo(pool *sqlx.DB) *SettlementRepo { return &SettlementRepo{db: pool} }

const settlementCols = `id, matter_number, caption, gross_amount_cents, fee_rate_bps,
	cost_reimbursement_cents, received_cents, status, allocation_version,
	approved_by, approved_at, closed_at, created_at, updated_at`

// Create inserts a new settlement.
func (r *SettlementRepo) Create(ctx context.Context, tx *sqlx.Tx, s *domain.Settlement) error {
	_, err := tx.ExecContext(ctx, `
		INSERT INTO settlements (id, matter_number, caption, gross_amount_cents, fee_rate_bps,
			cost_reimbursement_cents, status, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
		s.ID, s.MatterNumber, s.Caption, s.GrossAmountCents, s.FeeRateBps,
		s.CostReimbursementCents, s.Status, s.CreatedAt)
	if db.IsUniqueViolation(err, "settlements_matter_number_key") {
		return fmt.Errorf("matter %s already has a settlement: %w", s.MatterNumber, domain.ErrConflict)
	}
	if err != nil {
		return fmt.Errorf("insert settlement: %w", err)
	}
	return nil
}

// Get loads a settlement.
func (r *SettlementRepo) Get(ctx context.Context, q Q, id string) (*domain.Settlement, error) {
	var s domain.Settlement
	err := sqlx.GetContext(ctx, q, &s, `SELECT `+settlementCols+` FROM settlements WHERE id = $1`, id)
	if err != nil {
		return nil, notFound(err, "settlement", id)
	}
	return &s, nil
}

// GetForUpdate loads and row-locks a settlement.
func (r *SettlementRepo) GetForUpdate(ctx context.Context, tx *sqlx.Tx, id string) (*domain.Settlement, error) {
	var s domain.Settlement
	err := tx.GetContext(ctx, &s, `SELECT `+settlementCols+` FROM settlements WHERE id = $1 FOR UPDATE`, id)
	if err != nil {
		return nil, notFound(err, "settlement", id)
	}
	return &s, nil
}

// AddReceived increases the received total and moves an open settlement to
// funded once the gross is covered.
func (r *SettlementRepo) AddReceived(ctx context.Context, tx *sqlx.Tx, id string, amt money.Cents) error {
	_, err := tx.ExecContext(ctx, `
		UPDATE settlements
		SET received_cents = received_cents + $2,
		    status = CASE WHEN status = 'open' AND received_cents + $2 >= gross_amount_cents
		                  THEN 'funded' ELSE status END,
		    updated_at = now()
		WHERE id = $1`, id, amt)
	if err != nil {
		return fmt.Errorf("add received to settlement %s: %w", id, err)
	}
	return nil
}

// Transition moves a settlement from one of the given states to next. It
// returns false, without error, if the settlement was not in any of them.
func (r *SettlementRepo) Transition(ctx context.Context, q Q, id string, next domain.SettlementStatus, from ...domain.SettlementStatus) (bool, error) {
	query, args, err := sqlx.In(`
		UPDATE settlements SET status = ?, updated_at = now()
		WHERE id = ? AND status IN (?)`, next, id, from)
	if err != nil {
		return false, err
	}
	res, err := q.ExecContext(ctx, sqlx.Rebind(sqlx.DOLLAR, query), args...)
	if err != nil {
		return false, fmt.Errorf("transition settlement %s to %s: %w", id, next, err)
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// BumpAllocationVersion increments and returns the allocation version.
func (r *SettlementRepo) BumpAllocationVersion(ctx context.Context, tx *sqlx.Tx, id string) (int, error) {
	var v int
	err := tx.GetContext(ctx, &v, `
		UPDATE settlements
		SET allocation_version = allocation_version + 1, status = 'allocated', updated_at = now()
		WHERE id = $1
		RETURNING allocation_version`, id)
	if err != nil {
		return 0, fmt.Errorf("bump allocation version %s: %w", id, err)
	}
	return v, nil
}

// MarkApproved records approval metadata on an allocated settlement.
func (r *SettlementRepo) MarkApproved(ctx context.Context, tx *sqlx.Tx, id, actor string) (bool, error) {
	res, err := tx.ExecContext(ctx, `
		UPDATE settlements
		SET status = 'approved', approved_by = $2, approved_at = now(), updated_at = now()
		WHERE id = $1 AND status = 'allocated'`, id, actor)
	if err != nil {
		return false, fmt.Errorf("approve settlement %s: %w", id, err)
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// MarkClosed closes a settlement that is closing.
func (r *SettlementRepo) MarkClosed(ctx context.Context, tx *sqlx.Tx, id string) error {
	res, err := tx.ExecContext(ctx, `
		UPDATE settlements SET status = 'closed', closed_at = now(), updated_at = now()
		WHERE id = $1 AND status = 'closing'`, id)
	if err != nil {
		return fmt.Errorf("close settlement %s: %w", id, err)
	}
	n, _ := res.RowsAffected()
	return expectOne(n, "close settlement", id)
}
