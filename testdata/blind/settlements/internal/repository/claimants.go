package repository

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"

	"github.com/trustwell/settlements/internal/domain"
)

// ClaimantRepo stores claimants.
type ClaimantRepo struct {
	db *sqlx.DB
}

// NewClaimantRepo returns a ClaimantRepo.
func NewClaimantRepo(pool *sqlx.DB) *ClaimantRepo { return &ClaimantRepo{db: pool} }

const claimantCols = `id, settlement_id, external_ref, full_name, email, share_points,
	ach_recipient_id, bank_fingerprint, address_line1, address_line2, city, state,
	postal_code, created_at, updated_at`

// InsertIfAbsent adds a claimant unless one with the same external reference
// already exists on the settlement. It returns the stored row and whether it
// was created by this call.
func (r *ClaimantRepo) InsertIfAbsent(ctx context.Context, q Q, c *domain.Claimant) (*domain.Claimant, bool, error) {
	res, err := sqlx.NamedExecContext(ctx, q, `
		INSERT INTO claimants (id, settlement_id, external_ref, full_name, email, share_points,
			address_line1, address_line2, city, state, postal_code, created_at, updated_at)
		VALUES (:id, :settlement_id, :external_ref, :full_name, :email, :share_points,
			:address_line1, :address_line2, :city, :state, :postal_code, :created_at, :created_at)
		ON CONFLICT ON CONSTRAINT claimants_settlement_external_ref_key DO NOTHING`, c)
	if err != nil {
		return nil, false, fmt.Errorf("insert claimant: %w", err)
	}
	n, _ := res.RowsAffected()
	var stored domain.Claimant
	if err := sqlx.GetContext(ctx, q, &stored, `SELECT `+claimantCols+`
		FROM claimants WHERE settlement_id = $1 AND external_ref = $2`, c.SettlementID, c.ExternalRef); err != nil {
		return nil, false, fmt.Errorf("load claimant %s/%s: %w", c.SettlementID, c.ExternalRef, err)
	}
	return &stored, n == 1, nil
}

// Get loads a claimant.
func (r *ClaimantRepo) Get(ctx context.Context, q Q, id string) (*domain.Claimant, error) {
	var c domain.Claimant
	if err := sqlx.GetContext(ctx, q, &c, `SELECT `+claimantCols+` FROM claimants WHERE id = $1`, id); err != nil {
		return nil, notFound(err, "claimant", id)
	}
	return &c, nil
}

// ListBySettlement returns a settlement's claimants in a stable order.
func (r *ClaimantRepo) ListBySettlement(ctx context.Context, q Q, settlementID string) ([]domain.Claimant, error) {
	var out []domain.Claimant
	if err := sqlx.SelectContext(ctx, q, &out, `SELECT `+claimantCols+`
		FROM claimants WHERE settlement_id = $1 ORDER BY created_at, id`, settlementID); err != nil {
		return nil, fmt.Errorf("list claimants for %s: %w", settlementID, err)
	}
	return out, nil
}

// SetRecipient stores the payments-provider recipient for a claimant's bank
// account.
func (r *ClaimantRepo) SetRecipient(ctx context.Context, q Q, id, recipientID, fingerprint string) error {
	_, err := q.ExecContext(ctx, `
		UPDATE claimants SET ach_recipient_id = $2, bank_fingerprint = $3, updated_at = now()
		WHERE id = $1`, id, recipientID, fingerprint)
	if err != nil {
		return fmt.Errorf("set recipient on claimant %s: %w", id, err)
	}
	return nil
}
