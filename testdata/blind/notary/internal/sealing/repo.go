package sealing

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
	Document(ctx context.Context, id string) (domain.Document, error)
	MarkSealing(ctx context.Context, docID string) (bool, error)
	InsertSeal(ctx context.Context, s domain.Seal) (bool, error)
	CompleteSealing(ctx context.Context, docID, sealedKey string) error
	SealFor(ctx context.Context, docID string) (domain.Seal, error)
	InsertCopy(ctx context.Context, c domain.CertifiedCopy) error
	MarkRecorded(ctx context.Context, docID, instrumentNumber string) error
}

type pgRepo struct {
	db *sqlx.DB
}

func NewRepository(db *sqlx.DB) Repository {
	return &pgRepo{db: db}
}

func (r *pgRepo) Document(ctx context.Context, id string) (domain.Document, error) {
	var d domain.Document
	err := sqlx.GetContext(ctx, dbx.Ext(ctx, r.db), &d, `
		SELECT id, session_id, title, document_type, sha256, storage_key, page_count,
		       county_fips, status, instrument_number
		FROM documents WHERE id = $1`, id)
	if errors.Is(err, sql.ErrNoRows) {
		return d, apperr.NotFound("document %s not found", id)
	}
	return d, err
}

// MarkSealing records that a seal is being applied. Only a signed
// document can enter this state.
func (r *pgRepo) MarkSealing(ctx context.Context, docID string) (bool, error) {
	n, err := dbx.RowsAffected(dbx.Ext(ctx, r.db).ExecContext(ctx, `
		UPDATE documents SET status = 'sealing', updated_at = now()
		WHERE id = $1 AND status = 'signed'`, docID))
	return n == 1, err
}

// InsertSeal stores the seal; a document carries at most one.
func (r *pgRepo) InsertSeal(ctx context.Context, s domain.Seal) (bool, error) {
	n, err := dbx.RowsAffected(dbx.Ext(ctx, r.db).ExecContext(ctx, `
		INSERT INTO seals (id, document_id, notary_id, signature_id, certificate_serial, sealed_at)
		VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (document_id) DO NOTHING`,
		s.ID, s.DocumentID, s.NotaryID, s.SignatureID, s.CertificateSerial, s.SealedAt))
	return n == 1, err
}

func (r *pgRepo) CompleteSealing(ctx context.Context, docID, sealedKey string) error {
	_, err := dbx.Ext(ctx, r.db).ExecContext(ctx, `
		UPDATE documents SET status = 'sealed', sealed_storage_key = $2, updated_at = now()
		WHERE id = $1 AND status = 'sealing'`, docID, sealedKey)
	return err
}

func (r *pgRepo) SealFor(ctx context.Context, docID string) (domain.Seal, error) {
	var s domain.Seal
	err := sqlx.GetContext(ctx, dbx.Ext(ctx, r.db), &s, `SELECT * FROM seals WHERE document_id = $1`, docID)
	if errors.Is(err, sql.ErrNoRows) {
		return s, apperr.NotFound("document %s has no seal", docID)
	}
	return s, err
}

func (r *pgRepo) InsertCopy(ctx context.Context, c domain.CertifiedCopy) error {
	_, err := sqlx.NamedExecContext(ctx, dbx.Ext(ctx, r.db), `
		INSERT INTO certified_copies (id, document_id, recipient_name, address, delivery, fee_cents)
		VALUES (:id, :document_id, :recipient_name, :address, :delivery, :fee_cents)`, c)
	return err
}

func (r *pgRepo) MarkRecorded(ctx context.Context, docID, instrumentNumber string) error {
	_, err := dbx.Ext(ctx, r.db).ExecContext(ctx, `
		UPDATE documents SET status = 'recorded', instrument_number = $2, updated_at = now()
		WHERE id = $1`, docID, instrumentNumber)
	return err
}
