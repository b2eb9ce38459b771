package store

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/google/uuid"
)

const insertCertificateFiling = `-- name: InsertCertificateFiling :exec
INSERT INTO certificate_filings (inspection_id, authority_ref) VALUES ($1, $2)`

func (q *Queries) InsertCertificateFiling(ctx context.Context, inspectionID uuid.UUID, authorityRef string) error {
	_, err := q.db.Exec(ctx, insertCertificateFiling, inspectionID, authorityRef)
	return err
}

const insertCertificate = `-- name: InsertCertificate :exec
INSERT INTO certificates (certificate_no, lift_id, inspection_id, issued_on, expires_on)
VALUES ($1, $2, $3, $4, $5)`

type InsertCertificateParams struct {
	CertificateNo string
	LiftID        uuid.UUID
	InspectionID  *uuid.UUID
	IssuedOn      time.Time
	ExpiresOn     time.Time
}

func (q *Queries) InsertCertificate(ctx context.Context, arg InsertCertificateParams) error {
	_, err := q.db.Exec(ctx, insertCertificate,
		arg.CertificateNo, arg.LiftID, arg.InspectionID, arg.IssuedOn, arg.ExpiresOn)
	return err
}

const revokeCertificate = `-- name: RevokeCertificate :execrows
UPDATE certificates SET revoked_at = $2, revoke_reason = $3
WHERE certificate_no = $1 AND revoked_at IS NULL`

func (q *Queries) RevokeCertificate(ctx context.Context, certificateNo string, at time.Time, reason string) (int64, error) {
	tag, err := q.db.Exec(ctx, revokeCertificate, certificateNo, at, reason)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

const getAmendment = `-- name: GetAmendment :one
SELECT id, certificate_no, reason, status, authority_ref
FROM certificate_amendments WHERE id = $1`

func (q *Queries) GetAmendment(ctx context.Context, id uuid.UUID) (CertificateAmendment, error) {
	var a CertificateAmendment
	err := q.db.QueryRow(ctx, getAmendment, id).Scan(&a.ID, &a.CertificateNo, &a.Reason, &a.Status, &a.AuthorityRef)
	return a, err
}

const setAmendmentFiled = `-- name: SetAmendmentFiled :exec
UPDATE certificate_amendments SET status = 'filed', authority_ref = $2 WHERE id = $1`

func (q *Queries) SetAmendmentFiled(ctx context.Context, id uuid.UUID, authorityRef string) error {
	_, err := q.db.Exec(ctx, setAmendmentFiled, id, authorityRef)
	return err
}

const insertAmendment = `-- name: InsertAmendment :one
INSERT INTO certificate_amendments (certificate_no, reason) VALUES ($1, $2)
ON CONFLICT (certificate_no) WHERE status = 'pending' DO NOTHING
RETURNING id`

// InsertAmendment returns inserted=false when an amendment for the
// certificate is already pending.
func (q *Queries) InsertAmendment(ctx context.Context, certificateNo, reason string) (id uuid.UUID, inserted bool, err error) {
	err = q.db.QueryRow(ctx, insertAmendment, certificateNo, reason).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return uuid.Nil, false, nil
	}
	return id, err == nil, err
}

const pendingAmendment = `-- name: PendingAmendment :one
SELECT id FROM certificate_amendments WHERE certificate_no = $1 AND status = 'pending'`

func (q *Queries) PendingAmendment(ctx context.Context, certificateNo string) (uuid.UUID, error) {
	var id uuid.UUID
	err := q.db.QueryRow(ctx, pendingAmendment, certificateNo).Scan(&id)
	return id, err
}
