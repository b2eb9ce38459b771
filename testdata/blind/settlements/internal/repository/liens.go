package repository

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/trustwell/settlements/internal/domain"
	"github.com/trustwell/settlements/internal/money"
)

// LienRepo stores liens.
type LienRepo struct {
	db *sqlx.DB
}

// NewLienRepo returns a LienRepo.
func NewLienRepo(pool *sqlx.DB) *LienRepo { return &LienRepo{db: pool} }

const lienCols = `id, settlement_id, claimant_id, lienholder_name, lienholder_ref,
	payee_line1, payee_line2, payee_city, payee_state, payee_postal_code,
	asserted_cents, final_cents, paid_cents, status, resolved_at, created_at, updated_at`

// InsertIfAbsent records a lien unless the lienholder's claim is already on
// file for this claimant; it returns the stored row either way.
func (r *LienRepo) InsertIfAbsent(ctx context.Context, q Q, l *domain.Lien) (*domain.Lien, bool, error) {
	res, err := sqlx.NamedExecContext(ctx, q, `
		INSERT INTO liens (id, settlement_id, claimant_id, lienholder_name, lienholder_ref,
			payee_line1, payee_line2, payee_city, payee_state, payee_postal_code,
			asserted_cents, status, created_at, updated_at)
		VALUES (:id, :settlement_id, :claimant_id, :lienholder_name, :lienholder_ref,
			:payee_line1, :payee_line2, :payee_city, :payee_state, :payee_postal_code,
			:asserted_cents, :status, :created_at, :created_at)
		ON CONFLICT ON CONSTRAINT liens_claim_key DO NOTHING`, l)
	if err != nil {
		return nil, false, fmt.Errorf("insert lien: %w", err)
	}
	n, _ := res.RowsAffected()
	var stored domain.Lien
	if err := sqlx.GetContext(ctx, q, &stored, `SELECT `+lienCols+` FROM liens
		WHERE settlement_id = $1 AND claimant_id = $2 AND lienholder_ref = $3`,
		l.SettlementID, l.ClaimantID, l.LienholderRef); err != nil {
		return nil, false, fmt.Errorf("load lien: %w", err)
	}
	return &stored, n == 1, nil
}

// Get loads a lien.
func (r *LienRepo) Get(ctx context.Context, q Q, id string) (*domain.Lien, error) {
	var l domain.Lien
	if err := sqlx.GetContext(ctx, q, &l, `SELECT `+lienCols+` FROM liens WHERE id = $1`, id); err != nil {
		return nil, notFound(err, "lien", id)
	}
	return &l, nil
}

// ListBySettlement returns all liens on a settlement.
func (r *LienRepo) ListBySettlement(ctx context.Context, q Q, settlementID string) ([]domain.Lien, error) {
	var out []domain.Lien
	if err := sqlx.SelectContext(ctx, q, &out, `SELECT `+lienCols+` FROM liens
		WHERE settlement_id = $1 ORDER BY claimant_id, created_at`, settlementID); err != nil {
		return nil, fmt.Errorf("list liens for %s: %w", settlementID, err)
	}
	return out, nil
}

// SetFinal records the negotiated final amount and marks the lien resolved.
func (r *LienRepo) SetFinal(ctx context.Context, q Q, id string, final money.Cents, at time.Time) error {
	res, err := q.ExecContext(ctx, `
		UPDATE liens SET final_cents = $2, status = 'resolved', resolved_at = $3, updated_at = $3
		WHERE id = $1 AND status IN ('asserted', 'resolved')`, id, final, at)
	if err != nil {
		return fmt.Errorf("resolve lien %s: %w", id, err)
	}
	n, _ := res.RowsAffected()
	return expectOne(n, "resolve lien", id)
}

// SetStatus moves a lien to status.
func (r *LienRepo) SetStatus(ctx context.Context, q Q, id string, status domain.LienStatus) error {
	_, err := q.ExecContext(ctx, `UPDATE liens SET status = $2, updated_at = now() WHERE id = $1`, id, status)
	if err != nil {
		return fmt.Errorf("set lien %s status: %w", id, err)
	}
	return nil
}

// AddPaid adds a cleared payment to the lien's paid total and marks it paid
// once the final amount is covered.
func (r *LienRepo) AddPaid(ctx context.Context, tx *sqlx.Tx, id string, amt money.Cents) error {
	_, err := tx.ExecContext(ctx, `
		UPDATE liens
		SET paid_cents = paid_cents + $2,
		    status = CASE WHEN paid_cents + $2 >= COALESCE(final_cents, asserted_cents)
		                  THEN 'paid' ELSE status END,
		    updated_at = now()
		WHERE id = $1`, id, amt)
	if err != nil {
		return fmt.Errorf("add paid to lien %s: %w", id, err)
	}
	return nil
}
