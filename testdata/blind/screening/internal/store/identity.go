package store

import (
	"context"
	"database/sql"
	"time"

	"github.com/tenantlens/screening/internal/domain"
)

const verificationColumns = `id, application_id, provider_session_id, status, redirect_url,
	COALESCE(failure_reason, ''), created_at, completed_at`

func scanVerification(row interface{ Scan(...any) error }) (domain.IdentityVerification, error) {
	var v domain.IdentityVerification
	var completed sql.NullTime
	err := row.Scan(&v.ID, &v.ApplicationID, &v.ProviderSessionID, &v.Status, &v.RedirectURL,
		&v.FailureReason, &v.CreatedAt, &completed)
	v.CompletedAt = timePtr(completed)
	return v, err
}

// InsertIdentityVerification stores a verification session opened with the
// identity provider.
func (s *Store) InsertIdentityVerification(ctx context.Context, v domain.IdentityVerification) error {
	_, err := s.db.ExecContext(ctx, `
		INSERT INTO identity_verifications (id, application_id, provider_session_id, status, redirect_url)
		VALUES ($1, $2, $3, $4, $5)`,
		v.ID, v.ApplicationID, v.ProviderSessionID, v.Status, v.RedirectURL)
	return err
}

// OpenVerification returns the application's pending verification, if any.
func (s *Store) OpenVerification(ctx context.Context, applicationID string) (domain.IdentityVerification, bool, error) {
	row := s.db.QueryRowContext(ctx, `SELECT `+verificationColumns+`
		FROM identity_verifications
		WHERE application_id = $1 AND status = 'pending'
		ORDER BY created_at DESC LIMIT 1`, applicationID)
	v, err := scanVerification(row)
	if err == sql.ErrNoRows {
		return domain.IdentityVerification{}, false, nil
	}
	if err != nil {
		return domain.IdentityVerification{}, false, err
	}
	return v, true, nil
}

func (s *Store) VerificationBySession(ctx context.Context, q Queryer, sessionID string) (domain.IdentityVerification, error) {
	row := q.QueryRowContext(ctx, `SELECT `+verificationColumns+`
		FROM identity_verifications WHERE provider_session_id = $1`, sessionID)
	v, err := scanVerification(row)
	return v, notFound(err)
}

// ClaimIDVerifyEvent records a provider webhook event id. It returns false
// if the event has been applied before.
func (s *Store) ClaimIDVerifyEvent(ctx context.Context, q Queryer, eventID, verificationID, eventType string) (bool, error) {
	res, err := q.ExecContext(ctx, `
		INSERT INTO idverify_events (event_id, verification_id, event_type)
		VALUES ($1, $2, $3)
		ON CONFLICT (event_id) DO NOTHING`, eventID, verificationID, eventType)
	if err != nil {
		return false, err
	}
	n, err := rowsAffected(res)
	return n == 1, err
}

// CompleteVerification sets the final outcome of a verification.
func (s *Store) CompleteVerification(ctx context.Context, q Queryer, id, status, reason string, at time.Time) error {
	_, err := q.ExecContext(ctx, `
		UPDATE identity_verifications
		   SET status = $2, failure_reason = $3, completed_at = $4
		 WHERE id = $1 AND status = 'pending'`, id, status, nullString(reason), at)
	return err
}
