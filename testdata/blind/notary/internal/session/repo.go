package session

import (
	"context"
	"database/sql"
	"errors"

	"github.com/jmoiron/sqlx"

	"github.com/sealpoint-labs/notary/internal/apperr"
	"github.com/sealpoint-labs/notary/internal/dbx"
	"github.com/sealpoint-labs/notary/internal/domain"
)

// Repository persists sessions and reads the signer/notary directory.
type Repository interface {
	Insert(ctx context.Context, s domain.Session) error
	Get(ctx context.Context, id string) (domain.Session, error)
	Cancel(ctx context.Context, id, reason string) (bool, error)
	AssignNotary(ctx context.Context, id, notaryID string) (bool, error)
	Signer(ctx context.Context, id string) (domain.Signer, error)
	Notary(ctx context.Context, id string) (domain.Notary, error)
	NextAvailableNotary(ctx context.Context, jurisdiction string) (string, error)
}

type pgRepo struct {
	db *sqlx.DB
}

func NewRepository(db *sqlx.DB) Repository {
	return &pgRepo{db: db}
}

func (r *pgRepo) Insert(ctx context.Context, s domain.Session) error {
	_, err := sqlx.NamedExecContext(ctx, dbx.Ext(ctx, r.db), `
		INSERT INTO sessions (id, signer_id, jurisdiction, scheduled_at, document_count, status)
		VALUES (:id, :signer_id, :jurisdiction, :scheduled_at, :document_count, :status)`, s)
	return err
}

func (r *pgRepo) Get(ctx context.Context, id string) (domain.Session, error) {
	var s domain.Session
	err := sqlx.GetContext(ctx, dbx.Ext(ctx, r.db), &s, `SELECT * FROM sessions WHERE id = $1`, id)
	if errors.Is(err, sql.ErrNoRows) {
		return s, apperr.NotFound("session %s not found", id)
	}
	return s, err
}

func (r *pgRepo) Cancel(ctx context.Context, id, reason string) (bool, error) {
	n, err := dbx.RowsAffected(dbx.Ext(ctx, r.db).ExecContext(ctx, `
		UPDATE sessions SET status = 'cancelled', cancel_reason = $2, updated_at = now()
		WHERE id = $1 AND status IN ('pending_identity', 'ready')`, id, reason))
	return n == 1, err
}

func (r *pgRepo) AssignNotary(ctx context.Context, id, notaryID string) (bool, error) {
	n, err := dbx.RowsAffected(dbx.Ext(ctx, r.db).ExecContext(ctx, `
		UPDATE sessions SET status = 'ready', notary_id = $2, updated_at = now()
		WHERE id = $1 AND status = 'pending_identity'`, id, notaryID))
	return n == 1, err
}

func (r *pgRepo) Signer(ctx context.Context, id string) (domain.Signer, error) {
	var s domain.Signer
	err := sqlx.GetContext(ctx, dbx.Ext(ctx, r.db), &s,
		`SELECT id, email, phone, first_name, last_name, birth_date FROM signers WHERE id = $1`, id)
	if errors.Is(err, sql.ErrNoRows) {
		return s, apperr.NotFound("signer %s not found", id)
	}
	return s, err
}

func (r *pgRepo) Notary(ctx context.Context, id string) (domain.Notary, error) {
	var n domain.Notary
	err := sqlx.GetContext(ctx, dbx.Ext(ctx, r.db), &n, `
		SELECT id, full_name, commission_number, commission_state, commission_expires_on,
		       certificate_id, payout_account
		FROM notaries WHERE id = $1`, id)
	if errors.Is(err, sql.ErrNoRows) {
		return n, apperr.NotFound("notary %s not found", id)
	}
	return n, err
}

// NextAvailableNotary picks the commissioned notary with the fewest open
// sessions in the jurisdiction.
func (r *pgRepo) NextAvailableNotary(ctx context.Context, jurisdiction string) (string, error) {
	var id string
	err := sqlx.GetContext(ctx, dbx.Ext(ctx, r.db), &id, `
		SELECT n.id FROM notaries n
		LEFT JOIN sessions s ON s.notary_id = n.id AND s.status IN ('ready', 'in_progress')
		WHERE n.commission_state = $1 AND n.commission_expires_on > now() AND n.active
		GROUP BY n.id
		ORDER BY count(s.id), n.id
		LIMIT 1`, jurisdiction)
	if errors.Is(err, sql.ErrNoRows) {
		return "", apperr.Conflict("no notary available in %s", jurisdiction)
	}
	return id, err
}
