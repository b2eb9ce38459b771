package store

import (
	"context"

	"github.com/jmoiron/sqlx"

	"github.com/gearloop/rentals/internal/domain"
)

// KYCRepo stores verification sessions and vendor decisions.
type KYCRepo interface {
	InsertVerification(ctx context.Context, v domain.KYCVerification) error
	GetVerificationBySession(ctx context.Context, sessionID string) (domain.KYCVerification, error)
	SetVerificationStatus(ctx context.Context, sessionID, status string) error
	InsertResult(ctx context.Context, r domain.KYCResult) (bool, error)
}

type kycRepo struct{ q sqlx.ExtContext }

func (r *kycRepo) InsertVerification(ctx context.Context, v domain.KYCVerification) error {
	_, err := sqlx.NamedExecContext(ctx, r.q, `
		INSERT INTO kyc_verifications (id, user_id, vendor_session_id, status, redirect_url, created_at)
		VALUES (:id, :user_id, :vendor_session_id, :status, :redirect_url, :created_at)`, v)
	return err
}

func (r *kycRepo) GetVerificationBySession(ctx context.Context, sessionID string) (domain.KYCVerification, error) {
	return getOne[domain.KYCVerification](ctx, r.q,
		`SELECT * FROM kyc_verifications WHERE vendor_session_id = ?`, sessionID)
}

func (r *kycRepo) SetVerificationStatus(ctx context.Context, sessionID, status string) error {
	_, err := r.q.ExecContext(ctx,
		`UPDATE kyc_verifications SET status = ? WHERE vendor_session_id = ?`, status, sessionID)
	return err
}

// InsertResult stores the vendor's decision once per check and reports
// whether this call stored it.
func (r *kycRepo) InsertResult(ctx context.Context, res domain.KYCResult) (bool, error) {
	out, err := sqlx.NamedExecContext(ctx, r.q, `
		INSERT IGNORE INTO kyc_results (vendor_check_id, vendor_session_id, user_id, outcome, received_at)
		VALUES (:vendor_check_id, :vendor_session_id, :user_id, :outcome, :received_at)`, res)
	if err != nil {
		return false, err
	}
	n, err := affected(out)
	return n == 1, err
}
