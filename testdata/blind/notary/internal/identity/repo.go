package identity

import (
	"context"
	"database/sql"
	"errors"

	"github.com/jmoiron/sqlx"

	"github.com/sealpoint-labs/notary/internal/apperr"
	"github.com/sealpoint-labs/notary/internal/dbx"
	"github.com/sealpoint-labs/notary/internal/domain"
)

type Repository interface {
	OpenCheck(ctx context.Context, sessionID string) (*domain.IdentityCheck, error)
	InsertCheck(ctx context.Context, c domain.IdentityCheck) error
	CheckByVendorRef(ctx context.Context, vendorRef string) (domain.IdentityCheck, error)
	InsertResult(ctx context.Context, r domain.KYCResult) error
	SetCheckStatus(ctx context.Context, checkID string, status domain.IdentityCheckStatus) error
}

type pgRepo struct {
	db *sqlx.DB
}

func NewRepository(db *sqlx.DB) Repository {
	return &pgRepo{db: db}
}

// OpenCheck returns the newest pending, unexpired check for the session.
func (r *pgRepo) OpenCheck(ctx context.Context, sessionID string) (*domain.IdentityCheck, error) {
	var c domain.IdentityCheck
	err := sqlx.GetContext(ctx, dbx.Ext(ctx, r.db), &c, `
		SELECT * FROM identity_checks
		WHERE session_id = $1 AND status = 'pending' AND expires_at > now()
		ORDER BY created_at DESC LIMIT 1`, sessionID)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &c, nil
}

func (r *pgRepo) InsertCheck(ctx context.Context, c domain.IdentityCheck) error {
	_, err := sqlx.NamedExecContext(ctx, dbx.Ext(ctx, r.db), `
		INSERT INTO identity_checks (id, session_id, vendor_ref, status, verification_url, expires_at)
		VALUES (:id, :session_id, :vendor_ref, :status, :verification_url, :expires_at)`, c)
	return err
}

func (r *pgRepo) CheckByVendorRef(ctx context.Context, vendorRef string) (domain.IdentityCheck, error) {
	var c domain.IdentityCheck
	err := sqlx.GetContext(ctx, dbx.Ext(ctx, r.db), &c,
		`SELECT * FROM identity_checks WHERE vendor_ref = $1`, vendorRef)
	if errors.Is(err, sql.ErrNoRows) {
		return c, apperr.NotFound("identity check for verification %s not found", vendorRef)
	}
	return c, err
}

// InsertResult stores the vendor's outcome event verbatim for the audit
// trail that RON statutes require.
func (r *pgRepo) InsertResult(ctx context.Context, res domain.KYCResult) error {
	_, err := dbx.Ext(ctx, r.db).ExecContext(ctx, `
		INSERT INTO kyc_results (vendor_event_id, check_id, outcome, risk_score, raw)
		VALUES ($1, $2, $3, $4, $5)`,
		res.VendorEventID, res.CheckID, res.Outcome, res.RiskScore, res.Raw)
	return err
}

func (r *pgRepo) SetCheckStatus(ctx context.Context, checkID string, status domain.IdentityCheckStatus) error {
	_, err := dbx.Ext(ctx, r.db).ExecContext(ctx, `
		UPDATE identity_checks SET status = $2, completed_at = now()
		WHERE id = $1`, checkID, status)
	return err
}
