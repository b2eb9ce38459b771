package store

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/civicworks/permits/internal/permits"
	"github.com/civicworks/permits/internal/shared/dbx"
)

// DocumentRepo persists uploaded documents and their scan findings.
type DocumentRepo interface {
	Insert(ctx context.Context, q dbx.Querier, d *permits.Document) error
	GetByScanID(ctx context.Context, q dbx.Querier, scanID string) (*permits.Document, error)
	SetScanStatus(ctx context.Context, q dbx.Querier, id uuid.UUID, status string) error
	AddFinding(ctx context.Context, q dbx.Querier, f *permits.Finding) error
}

// CallbackRepo remembers document-scanner callbacks that were handled.
type CallbackRepo interface {
	Seen(ctx context.Context, q dbx.Querier, callbackID string) (bool, error)
	MarkSeen(ctx context.Context, q dbx.Querier, callbackID, scanID string) error
}

type documentRepo struct{}

// NewDocumentRepo returns the Postgres DocumentRepo.
func NewDocumentRepo() DocumentRepo { return documentRepo{} }

const documentColumns = `id, application_id, filename, content_type, size_bytes, sha256, scan_id, status, uploaded_by, scanned_at, created_at`

func scanDocument(row pgx.Row) (*permits.Document, error) {
	var d permits.Document
	if err := row.Scan(&d.ID, &d.ApplicationID, &d.Filename, &d.ContentType, &d.SizeBytes, &d.SHA256,
		&d.ScanID, &d.Status, &d.UploadedBy, &d.ScannedAt, &d.CreatedAt); err != nil {
		return nil, dbx.NotFound(err)
	}
	return &d, nil
}

func (documentRepo) Insert(ctx context.Context, q dbx.Querier, d *permits.Document) error {
	err := q.QueryRow(ctx, `
		INSERT INTO documents (id, application_id, filename, content_type, size_bytes, sha256, scan_id, status, uploaded_by)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
		RETURNING created_at`,
		d.ID, d.ApplicationID, d.Filename, d.ContentType, d.SizeBytes, d.SHA256, d.ScanID, d.Status, d.UploadedBy).
		Scan(&d.CreatedAt)
	if err != nil {
		return fmt.Errorf("insert document: %w", err)
	}
	return nil
}

func (documentRepo) GetByScanID(ctx context.Context, q dbx.Querier, scanID string) (*permits.Document, error) {
	return scanDocument(q.QueryRow(ctx, `SELECT `+documentColumns+` FROM documents WHERE scan_id = $1`, scanID))
}

func (documentRepo) SetScanStatus(ctx context.Context, q dbx.Querier, id uuid.UUID, status string) error {
	_, err := q.Exec(ctx, `UPDATE documents SET status = $2, scanned_at = now() WHERE id = $1`, id, status)
	if err != nil {
		return fmt.Errorf("set scan status: %w", err)
	}
	return nil
}

func (documentRepo) AddFinding(ctx context.Context, q dbx.Querier, f *permits.Finding) error {
	_, err := q.Exec(ctx, `
		INSERT INTO document_findings (id, document_id, code, severity, page, message)
		VALUES ($1, $2, $3, $4, $5, $6)`,
		f.ID, f.DocumentID, f.Code, f.Severity, f.Page, f.Message)
	if err != nil {
		return fmt.Errorf("add finding: %w", err)
	}
	return nil
}

type callbackRepo struct{}

// NewCallbackRepo returns the Postgres CallbackRepo.
func NewCallbackRepo() CallbackRepo { return callbackRepo{} }

func (callbackRepo) Seen(ctx context.Context, q dbx.Querier, callbackID string) (bool, error) {
	var seen bool
	err := q.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM docscan_callbacks WHERE callback_id = $1)`, callbackID).Scan(&seen)
	if err != nil {
		return false, fmt.Errorf("check callback: %w", err)
	}
	return seen, nil
}

func (callbackRepo) MarkSeen(ctx context.Context, q dbx.Querier, callbackID, scanID string) error {
	_, err := q.Exec(ctx, `
		INSERT INTO docscan_callbacks (callback_id, scan_id) VALUES ($1, $2)
		ON CONFLICT (callback_id) DO NOTHING`, callbackID, scanID)
	if err != nil {
		return fmt.Errorf("mark callback: %w", err)
	}
	return nil
}
