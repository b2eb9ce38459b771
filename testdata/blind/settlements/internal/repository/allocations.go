package repository

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"

	"github.com/trustwell/settlements/internal/domain"
	"github.com/trustwell/settlements/internal/money"
)

// AllocationRepo stores computed allocations.
type AllocationRepo struct {
	db *sqlx.DB
}

// NewAllocationRepo returns an AllocationRepo.
func NewAllocationRepo(pool *sqlx.DB) *AllocationRepo { return &AllocationRepo{db: pool} }

const allocationCols = `id, settlement_id, claimant_id, version, gross_share_cents, fee_cents,
	cost_cents, lien_cents, holdback_cents, net_cents, created_at`

// Replace swaps the settlement's allocation set for rows, in tx. The previous
// draft is discarded entirely, so recomputing yields the same end state.
func (r *AllocationRepo) Replace(ctx context.Context, tx *sqlx.Tx, settlementID string, rows []domain.Allocation) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM allocations WHERE settlement_id = $1`, settlementID); err != nil {
		return fmt.Errorf("clear allocations for %s: %w", settlementID, err)
	}
	if len(rows) == 0 {
		return nil
	}
	_, err := tx.NamedExecContext(ctx, `
		INSERT INTO allocations (id, settlement_id, claimant_id, version, gross_share_cents,
			fee_cents, cost_cents, lien_cents, holdback_cents, net_cents, created_at)
		VALUES (:id, :settlement_id, :claimant_id, :version, :gross_share_cents,
			:fee_cents, :cost_cents, :lien_cents, :holdback_cents, :net_cents, :created_at)`, rows)
	if err != nil {
		return fmt.Errorf("insert allocations for %s: %w", settlementID, err)
	}
	return nil
}

// ListBySettlement returns the current allocation set.
func (r *AllocationRepo) ListBySettlement(ctx context.Context, q Q, settlementID string) ([]domain.Allocation, error) {
	var out []domain.Allocation
	if err := sqlx.SelectContext(ctx, q, &out, `SELECT `+allocationCols+` FROM allocations
		WHERE settlement_id = $1 ORDER BY created_at, claimant_id`, settlementID); err != nil {
		return nil, fmt.Errorf("list allocations for %s: %w", settlementID, err)
	}
	return out, nil
}

// ForClaimant returns a claimant's allocation, or nil if none was computed.
func (r *AllocationRepo) ForClaimant(ctx context.Context, q Q, settlementID, claimantID string) (*domain.Allocation, error) {
	var a domain.Allocation
	err := sqlx.GetContext(ctx, q, &a, `SELECT `+allocationCols+` FROM allocations
		WHERE settlement_id = $1 AND claimant_id = $2`, settlementID, claimantID)
	if err != nil {
		if e := notFound(err, "allocation", claimantID); e != nil && isNotFound(e) {
			return nil, nil
		}
		return nil, fmt.Errorf("load allocation: %w", err)
	}
	return &a, nil
}

// ReleaseLienReduction moves a negotiated lien reduction back to the
// claimant's net share.
func (r *AllocationRepo) ReleaseLienReduction(ctx context.Context, q Q, settlementID, claimantID string, reduction money.Cents) error {
	_, err := q.ExecContext(ctx, `
		UPDATE allocations
		SET lien_cents = lien_cents - $3, net_cents = net_cents + $3
		WHERE settlement_id = $1 AND claimant_id = $2`, settlementID, claimantID, reduction)
	if err != nil {
		return fmt.Errorf("release lien reduction for %s: %w", claimantID, err)
	}
	return nil
}
