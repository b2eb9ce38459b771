package db

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
)

const filingColumns = `id, firm_id, matter_id, attorney_id, court_code, filing_code, description,
	status, court_fee_cents, service_fee_cents, envelope_id, case_number, rejection_reason,
	submitted_at, decided_at, created_at, updated_at`

func scanFiling(row pgx.Row) (Filing, error) {
	var f Filing
	err := row.Scan(&f.ID, &f.FirmID, &f.MatterID, &f.AttorneyID, &f.CourtCode, &f.FilingCode,
		&f.Description, &f.Status, &f.CourtFeeCents, &f.ServiceFeeCents, &f.EnvelopeID,
		&f.CaseNumber, &f.RejectionReason, &f.SubmittedAt, &f.DecidedAt, &f.CreatedAt, &f.UpdatedAt)
	return f, err
}

const insertFiling = `-- name: InsertFiling :one
INSERT INTO filings (id, firm_id, matter_id, attorney_id, court_code, filing_code, description,
	court_fee_cents, service_fee_cents)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
RETURNING ` + filingColumns

type InsertFilingParams struct {
	ID              uuid.UUID
	FirmID          uuid.UUID
	MatterID        uuid.UUID
	AttorneyID      uuid.UUID
	CourtCode       string
	FilingCode      string
	Description     string
	CourtFeeCents   int64
	ServiceFeeCents int64
}

func (q *Queries) InsertFiling(ctx context.Context, arg InsertFilingParams) (Filing, error) {
	return scanFiling(q.db.QueryRow(ctx, insertFiling, arg.ID, arg.FirmID, arg.MatterID, arg.AttorneyID,
		arg.CourtCode, arg.FilingCode, arg.Description, arg.CourtFeeCents, arg.ServiceFeeCents))
}

const getFiling = `-- name: GetFiling :one
SELECT ` + filingColumns + ` FROM filings WHERE id = $1`

func (q *Queries) GetFiling(ctx context.Context, id uuid.UUID) (Filing, error) {
	return scanFiling(q.db.QueryRow(ctx, getFiling, id))
}

const getFilingForFirm = `-- name: GetFilingForFirm :one
SELECT ` + filingColumns + ` FROM filings WHERE id = $1 AND firm_id = $2`

func (q *Queries) GetFilingForFirm(ctx context.Context, id, firmID uuid.UUID) (Filing, error) {
	return scanFiling(q.db.QueryRow(ctx, getFilingForFirm, id, firmID))
}

const getFilingByEnvelope = `-- name: GetFilingByEnvelope :one
SELECT ` + filingColumns + ` FROM filings WHERE envelope_id = $1`

func (q *Queries) GetFilingByEnvelope(ctx context.Context, envelopeID string) (Filing, error) {
	return scanFiling(q.db.QueryRow(ctx, getFilingByEnvelope, envelopeID))
}

const setFilingStatus = `-- name: SetFilingStatus :exec
UPDATE filings SET status = $2, updated_at = now() WHERE id = $1`

func (q *Queries) SetFilingStatus(ctx context.Context, id uuid.UUID, status string) error {
	_, err := q.db.Exec(ctx, setFilingStatus, id, status)
	return err
}

const markFilingQueued = `-- name: MarkFilingQueued :execrows
UPDATE filings SET status = 'queued', updated_at = now()
WHERE id = $1 AND firm_id = $2 AND status = 'fee_authorized'`

func (q *Queries) MarkFilingQueued(ctx context.Context, id, firmID uuid.UUID) (int64, error) {
	tag, err := q.db.Exec(ctx, markFilingQueued, id, firmID)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

const markFilingSubmitted = `-- name: MarkFilingSubmitted :execrows
UPDATE filings SET status = 'submitted', envelope_id = $2, submitted_at = now(), updated_at = now()
WHERE id = $1 AND status = 'queued'`

func (q *Queries) MarkFilingSubmitted(ctx context.Context, id uuid.UUID, envelopeID string) (int64, error) {
	tag, err := q.db.Exec(ctx, markFilingSubmitted, id, envelopeID)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

const markFilingAccepted = `-- name: MarkFilingAccepted :one
UPDATE filings SET status = 'accepted', case_number = COALESCE(NULLIF($2, ''), case_number),
	decided_at = now(), updated_at = now()
WHERE envelope_id = $1
RETURNING ` + filingColumns

func (q *Queries) MarkFilingAccepted(ctx context.Context, envelopeID, caseNumber string) (Filing, error) {
	return scanFiling(q.db.QueryRow(ctx, markFilingAccepted, envelopeID, caseNumber))
}

const markFilingRejected = `-- name: MarkFilingRejected :one
UPDATE filings SET status = 'rejected', rejection_reason = $2, decided_at = now(), updated_at = now()
WHERE envelope_id = $1
RETURNING ` + filingColumns

func (q *Queries) MarkFilingRejected(ctx context.Context, envelopeID, reason string) (Filing, error) {
	return scanFiling(q.db.QueryRow(ctx, markFilingRejected, envelopeID, reason))
}

const setMatterCaseNumber = `-- name: SetMatterCaseNumber :exec
UPDATE matters SET case_number = $2 WHERE id = $1 AND case_number IS NULL`

func (q *Queries) SetMatterCaseNumber(ctx context.Context, matterID uuid.UUID, caseNumber string) error {
	_, err := q.db.Exec(ctx, setMatterCaseNumber, matterID, caseNumber)
	return err
}

const listFilingDocuments = `-- name: ListFilingDocuments :many
SELECT id, filing_id, position, title, storage_key, sha256, page_count, lead, created_at
FROM filing_documents WHERE filing_id = $1 ORDER BY position`

func (q *Queries) ListFilingDocuments(ctx context.Context, filingID uuid.UUID) ([]FilingDocument, error) {
	rows, err := q.db.Query(ctx, listFilingDocuments, filingID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var items []FilingDocument
	for rows.Next() {
		var d FilingDocument
		if err := rows.Scan(&d.ID, &d.FilingID, &d.Position, &d.Title, &d.StorageKey, &d.SHA256,
			&d.PageCount, &d.Lead, &d.CreatedAt); err != nil {
			return nil, err
		}
		items = append(items, d)
	}
	return items, rows.Err()
}

const insertFilingDocument = `-- name: InsertFilingDocument :one
INSERT INTO filing_documents (id, filing_id, position, title, storage_key, sha256, page_count, lead)
VALUES ($1, $2,
	(SELECT COALESCE(MAX(position), 0) + 1 FROM filing_documents WHERE filing_id = $2),
	$3, $4, $5, $6, $7)
RETURNING id, filing_id, position, title, storage_key, sha256, page_count, lead, created_at`

type InsertFilingDocumentParams struct {
	ID         uuid.UUID
	FilingID   uuid.UUID
	Title      string
	StorageKey string
	SHA256     string
	PageCount  int32
	Lead       bool
}

func (q *Queries) InsertFilingDocument(ctx context.Context, arg InsertFilingDocumentParams) (FilingDocument, error) {
	var d FilingDocument
	err := q.db.QueryRow(ctx, insertFilingDocument, arg.ID, arg.FilingID, arg.Title, arg.StorageKey,
		arg.SHA256, arg.PageCount, arg.Lead).Scan(&d.ID, &d.FilingID, &d.Position, &d.Title,
		&d.StorageKey, &d.SHA256, &d.PageCount, &d.Lead, &d.CreatedAt)
	return d, err
}

const claimIdempotencyKey = `-- name: ClaimIdempotencyKey :execrows
INSERT INTO idempotency_keys (firm_id, key, request_hash)
VALUES ($1, $2, $3)
ON CONFLICT (firm_id, key) DO NOTHING`

// ClaimIdempotencyKey reports whether this call created the key row.
func (q *Queries) ClaimIdempotencyKey(ctx context.Context, firmID uuid.UUID, key, requestHash string) (bool, error) {
	tag, err := q.db.Exec(ctx, claimIdempotencyKey, firmID, key, requestHash)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

const getIdempotencyKey = `-- name: GetIdempotencyKey :one
SELECT firm_id, key, request_hash, resource_id, created_at
FROM idempotency_keys WHERE firm_id = $1 AND key = $2`

func (q *Queries) GetIdempotencyKey(ctx context.Context, firmID uuid.UUID, key string) (IdempotencyKey, error) {
	var k IdempotencyKey
	err := q.db.QueryRow(ctx, getIdempotencyKey, firmID, key).Scan(&k.FirmID, &k.Key, &k.RequestHash,
		&k.ResourceID, &k.CreatedAt)
	return k, err
}

const setIdempotencyResource = `-- name: SetIdempotencyResource :exec
UPDATE idempotency_keys SET resource_id = $3 WHERE firm_id = $1 AND key = $2`

func (q *Queries) SetIdempotencyResource(ctx context.Context, firmID uuid.UUID, key string, resourceID uuid.UUID) error {
	_, err := q.db.Exec(ctx, setIdempotencyResource, firmID, key, resourceID)
	return err
}
