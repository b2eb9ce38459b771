package repository

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/trustwell/settlements/internal/domain"
)

// HoldbackRepo stores holdbacks.
type HoldbackRepo struct {
	db *sqlx.DB
}

// NewHoldbackRepo returns a HoldbackRepo.
func NewHoldbackRepo(pool *sqlx.DB) *HoldbackRepo { return &HoldbackRepo{db: pool} }

const holdbackCols = `id, settlement_id, claimant_id, amount_cents, reason, status,
	provider_payment_id, released_at, created_at, updated_at`

// InsertIfAbsent creates a holdback keyed by (settlement, claimant, reason).
func (r *HoldbackRepo) InsertIfAbsent(ctx context.Context, tx *sqlx.Tx, h *domain.Holdback) error {
	_, err := tx.NamedExecContext(ctx, `
		INSERT INTO holdbacks (id, settlement_id, claimant_id, amount_cents, reason, status, created_at, updated_at)
		VALUES (:id, :settlement_id, :claimant_id, :amount_cents, :reason, :status, :created_at, :created_at)
		ON CONFLICT ON CONSTRAINT holdbacks_reason_key DO NOTHING`, h)
	if err != nil {
		return fmt.Errorf("insert holdback: %w", err)
	}
	return nil
}

// Get loads a holdback.
func (r *HoldbackRepo) Get(ctx context.Context, q Q, id string) (*domain.Holdback, error) {
	var h domain.Holdback
	if err := sqlx.GetContext(ctx, q, &h, `SELECT `+holdbackCols+` FROM holdbacks WHERE id = $1`, id); err != nil {
		return nil, notFound(err, "holdback", id)
	}
	return &h, nil
}

// MarkReleasing moves a held holdback to releasing. It reports false if the
// holdback was not held.
func (r *HoldbackRepo) MarkReleasing(ctx context.Context, tx *sqlx.Tx, id string) (bool, error) {
	res, err := tx.ExecContext(ctx, `
		UPDATE holdbacks SET status = 'releasing', updated_at = now()
		WHERE id = $1 AND status = 'held'`, id)
	if err != nil {
		return false, fmt.Errorf("mark holdback %s releasing: %w", id, err)
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// MarkReleased records the payout for a releasing holdback.
func (r *HoldbackRepo) MarkReleased(ctx context.Context, tx *sqlx.Tx, id, paymentID string, at time.Time) error {
	res, err := tx.ExecContext(ctx, `
		UPDATE holdbacks SET status = 'released', provider_payment_id = $2, released_at = $3, updated_at = $3
		WHERE id = $1 AND status = 'releasing'`, id, paymentID, at)
	if err != nil {
		return fmt.Errorf("mark holdback %s released: %w", id, err)
	}
	n, _ := res.RowsAffected()
	return expectOne(n, "release holdback", id)
}

// CountHeld counts holdbacks on a settlement not yet released.
func (r *HoldbackRepo) CountHeld(ctx context.Context, q Q, settlementID string) (int, error) {
	var n int
	err := sqlx.GetContext(ctx, q, &n, `SELECT count(*) FROM holdbacks
		WHERE settlement_id = $1 AND status <> 'released'`, settlementID)
	return n, err
}
