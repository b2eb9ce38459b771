package repository

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"

	"github.com/trustwell/settlements/internal/domain"
)

// LienPaymentRepo stores lien checks.
type LienPaymentRepo struct {
	db *sqlx.DB
}

// NewLienPaymentRepo returns a LienPaymentRepo.
func NewLienPaymentRepo(pool *sqlx.DB) *LienPaymentRepo { return &LienPaymentRepo{db: pool} }

const lienPaymentCols = `id, lien_id, settlement_id, amount_cents, status, vendor_check_id,
	check_number, journal_id, voided_reason, created_at, updated_at`

// InsertPendingIfAbsent creates the live payment for a lien unless one
// already exists, and returns the live row.
func (r *LienPaymentRepo) InsertPendingIfAbsent(ctx context.Context, tx *sqlx.Tx, p *domain.LienPayment) (*domain.LienPayment, error) {
	_, err := tx.NamedExecContext(ctx, `
		INSERT INTO lien_payments (id, lien_id, settlement_id, amount_cents, status, created_at, updated_at)
		VALUES (:id, :lien_id, :settlement_id, :amount_cents, 'pending', :created_at, :created_at)
		ON CONFLICT (lien_id) WHERE status <> 'voided' DO NOTHING`, p)
	if err != nil {
		return nil, fmt.Errorf("insert lien payment: %w", err)
	}
	var stored domain.LienPayment
	if err := tx.GetContext(ctx, &stored, `SELECT `+lienPaymentCols+` FROM lien_payments
		WHERE lien_id = $1 AND status <> 'voided'`, p.LienID); err != nil {
		return nil, fmt.Errorf("load live lien payment for %s: %w", p.LienID, err)
	}
	return &stored, nil
}

// Get loads a lien payment.
func (r *LienPaymentRepo) Get(ctx context.Context, q Q, id string) (*domain.LienPayment, error) {
	var p domain.LienPayment
	if err := sqlx.GetContext(ctx, q, &p, `SELECT `+lienPaymentCols+` FROM lien_payments WHERE id = $1`, id); err != nil {
		return nil, notFound(err, "lien payment", id)
	}
	return &p, nil
}

// GetByVendorCheckID loads a lien payment by the vendor's check id.
func (r *LienPaymentRepo) GetByVendorCheckID(ctx context.Context, q Q, checkID string) (*domain.LienPayment, error) {
	var p domain.LienPayment
	if err := sqlx.GetContext(ctx, q, &p, `SELECT `+lienPaymentCols+` FROM lien_payments
		WHERE vendor_check_id = $1`, checkID); err != nil {
		return nil, notFound(err, "lien payment for check", checkID)
	}
	return &p, nil
}

// MarkIssued records the vendor check on a pending payment.
func (r *LienPaymentRepo) MarkIssued(ctx context.Context, tx *sqlx.Tx, id, checkID, checkNumber, journalID string) error {
	res, err := tx.ExecContext(ctx, `
		UPDATE lien_payments
		SET status = 'issued', vendor_check_id = $2, check_number = $3, journal_id = $4, updated_at = now()
		WHERE id = $1 AND status = 'pending'`, id, checkID, checkNumber, journalID)
	if err != nil {
		return fmt.Errorf("mark lien payment %s issued: %w", id, err)
	}
	n, _ := res.RowsAffected()
	return expectOne(n, "issue lien payment", id)
}

// SetStatus moves a payment forward, never backward: mailed only from issued,
// cashed from issued or mailed.
func (r *LienPaymentRepo) SetStatus(ctx context.Context, q Q, id string, status domain.LienPaymentStatus) (bool, error) {
	var from []string
	switch status {
	case domain.LienPaymentMailed:
		from = []string{"issued"}
	case domain.LienPaymentCashed:
		from = []string{"issued", "mailed"}
	default:
		return false, fmt.Errorf("lien payment status %s: %w", status, domain.ErrInvalidState)
	}
	query, args, err := sqlx.In(`UPDATE lien_payments SET status = ?, updated_at = now()
		WHERE id = ? AND status IN (?)`, status, id, from)
	if err != nil {
		return false, err
	}
	res, err := q.ExecContext(ctx, sqlx.Rebind(sqlx.DOLLAR, query), args...)
	if err != nil {
		return false, fmt.Errorf("set lien payment %s %s: %w", id, status, err)
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// Void marks a check voided and reopens its lien so a replacement check can
// be issued.
func (r *LienPaymentRepo) Void(ctx context.Context, p *domain.LienPayment, reason string) error {
	if _, err := r.db.ExecContext(ctx, `
		UPDATE lien_payments SET status = 'voided', voided_reason = $2, updated_at = now()
		WHERE id = $1 AND status IN ('issued', 'mailed')`, p.ID, reason); err != nil {
		return fmt.Errorf("void lien payment %s: %w", p.ID, err)
	}
	if _, err := r.db.ExecContext(ctx, `
		UPDATE liens SET status = 'resolved', updated_at = now()
		WHERE id = $1 AND status = 'paying'`, p.LienID); err != nil {
		return fmt.Errorf("reopen lien %s: %w", p.LienID, err)
	}
	return nil
}
