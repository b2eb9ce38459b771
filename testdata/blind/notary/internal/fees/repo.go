package fees

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
	Ensure(ctx context.Context, f domain.Fee) (domain.Fee, error)
	Get(ctx context.Context, id string) (domain.Fee, error)
	CapturedForSession(ctx context.Context, sessionID string) (*domain.Fee, error)
	MarkAuthorized(ctx context.Context, id, chargeID string) error
	MarkCaptured(ctx context.Context, chargeID string) (*domain.Fee, error)
	MarkFailed(ctx context.Context, chargeID, reason string) error
	MarkRefunded(ctx context.Context, id string) error
}

type pgRepo struct {
	db *sqlx.DB
}

func NewRepository(db *sqlx.DB) Repository {
	return &pgRepo{db: db}
}

// Ensure creates the fee for (session, kind) or returns the existing one.
func (r *pgRepo) Ensure(ctx context.Context, f domain.Fee) (domain.Fee, error) {
	var out domain.Fee
	err := sqlx.GetContext(ctx, dbx.Ext(ctx, r.db), &out, `
		INSERT INTO fees (id, session_id, kind, amount_cents, currency, status)
		VALUES ($1, $2, $3, $4, $5, 'pending')
		ON CONFLICT (session_id, kind) DO UPDATE SET session_id = EXCLUDED.session_id
		RETURNING *`, f.ID, f.SessionID, f.Kind, f.AmountCents, f.Currency)
	return out, err
}

func (r *pgRepo) Get(ctx context.Context, id string) (domain.Fee, error) {
	var f domain.Fee
	err := sqlx.GetContext(ctx, dbx.Ext(ctx, r.db), &f, `SELECT * FROM fees WHERE id = $1`, id)
	if errors.Is(err, sql.ErrNoRows) {
		return f, apperr.NotFound("fee %s not found", id)
	}
	return f, err
}

func (r *pgRepo) CapturedForSession(ctx context.Context, sessionID string) (*domain.Fee, error) {
	var f domain.Fee
	err := sqlx.GetContext(ctx, dbx.Ext(ctx, r.db), &f,
		`SELECT * FROM fees WHERE session_id = $1 AND status = 'captured' LIMIT 1`, sessionID)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return &f, err
}

func (r *pgRepo) MarkAuthorized(ctx context.Context, id, chargeID string) error {
	_, err := dbx.Ext(ctx, r.db).ExecContext(ctx, `
		UPDATE fees SET status = 'authorized', charge_id = $2
		WHERE id = $1 AND status IN ('pending', 'failed')`, id, chargeID)
	return err
}

// MarkCaptured moves an authorized fee to captured and returns it, or nil
// when no authorized fee carries that charge.
func (r *pgRepo) MarkCaptured(ctx context.Context, chargeID string) (*domain.Fee, error) {
	var f domain.Fee
	err := sqlx.GetContext(ctx, dbx.Ext(ctx, r.db), &f, `
		UPDATE fees SET status = 'captured', captured_at = now()
		WHERE charge_id = $1 AND status = 'authorized'
		RETURNING *`, chargeID)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return &f, err
}

func (r *pgRepo) MarkFailed(ctx context.Context, chargeID, reason string) error {
	_, err := dbx.Ext(ctx, r.db).ExecContext(ctx, `
		UPDATE fees SET status = 'failed', failure_reason = $2
		WHERE charge_id = $1 AND status = 'authorized'`, chargeID, reason)
	return err
}

func (r *pgRepo) MarkRefunded(ctx context.Context, id string) error {
	_, err := dbx.Ext(ctx, r.db).ExecContext(ctx,
		`UPDATE fees SET status = 'refunded' WHERE id = $1 AND status = 'captured'`, id)
	return err
}
