// Package store contains the hand-written Postgres repositories. Every
// method takes a dbx.Querier so callers decide the transaction boundary.
package store

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/civicworks/permits/internal/permits"
	"github.com/civicworks/permits/internal/shared/dbx"
)

// ApplicationRepo persists permit applications.
type ApplicationRepo interface {
	Insert(ctx context.Context, q dbx.Querier, a *permits.Application) error
	Get(ctx context.Context, q dbx.Querier, id string) (*permits.Application, error)
	GetForUpdate(ctx context.Context, q dbx.Querier, id string) (*permits.Application, error)
	SetStatus(ctx context.Context, q dbx.Querier, id string, status permits.Status) error
	Transition(ctx context.Context, q dbx.Querier, id string, from []permits.Status, to permits.Status) (bool, error)
	MarkSubmitted(ctx context.Context, q dbx.Querier, id string, feeCents int64) error
	ApplyAmendment(ctx context.Context, q dbx.Querier, id string, details json.RawMessage, revision int) error
	ListOpenByContractor(ctx context.Context, q dbx.Querier, license string) ([]permits.Application, error)
	UpdateParcelOwner(ctx context.Context, q dbx.Querier, parcelID, owner string) (int64, error)
}

type applicationRepo struct{}

// NewApplicationRepo returns the Postgres ApplicationRepo.
func NewApplicationRepo() ApplicationRepo { return applicationRepo{} }

const applicationColumns = `id, resident_id, kind, status, title, coalesce(parcel_id, ''), coalesce(parcel_owner, ''),
	coalesce(contractor_license, ''), details, revision, fee_cents, submitted_at, decided_at, created_at, updated_at`

func scanApplication(row pgx.Row) (*permits.Application, error) {
	var a permits.Application
	err := row.Scan(&a.ID, &a.ResidentID, &a.Kind, &a.Status, &a.Title, &a.ParcelID, &a.ParcelOwner,
		&a.ContractorLicense, &a.Details, &a.Revision, &a.FeeCents, &a.SubmittedAt, &a.DecidedAt, &a.CreatedAt, &a.UpdatedAt)
	if err != nil {
		return nil, dbx.NotFound(err)
	}
	return &a, nil
}

func (applicationRepo) Insert(ctx context.Context, q dbx.Querier, a *permits.Application) error {
	details := a.Details
	if len(details) == 0 {
		details = json.RawMessage(`{}`)
	}
	row := q.QueryRow(ctx, `
		INSERT INTO applications (id, resident_id, kind, status, title, parcel_id, contractor_license, details)
		VALUES ($1, $2, $3, $4, $5, nullif($6, ''), nullif($7, ''), $8)
		RETURNING revision, created_at, updated_at`,
		a.ID, a.ResidentID, a.Kind, a.Status, a.Title, a.ParcelID, a.ContractorLicense, details)
	if err := row.Scan(&a.Revision, &a.CreatedAt, &a.UpdatedAt); err != nil {
		return fmt.Errorf("insert application: %w", err)
	}
	a.Details = details
	return nil
}

func (applicationRepo) Get(ctx context.Context, q dbx.Querier, id string) (*permits.Application, error) {
	return scanApplication(q.QueryRow(ctx, `SELECT `+applicationColumns+` FROM applications WHERE id = $1`, id))
}

func (applicationRepo) GetForUpdate(ctx context.Context, q dbx.Querier, id string) (*permits.Application, error) {
	return scanApplication(q.QueryRow(ctx, `SELECT `+applicationColumns+` FROM applications WHERE id = $1 FOR UPDATE`, id))
}

func (applicationRepo) SetStatus(ctx context.Context, q dbx.Querier, id string, status permits.Status) error {
	tag, err := q.Exec(ctx, `
		UPDATE applications
		   SET status = $2,
		       decided_at = CASE WHEN $2 IN ('approved', 'rejected', 'needs_changes') THEN now() ELSE decided_at END,
		       updated_at = now()
		 WHERE id = $1`, id, status)
	if err != nil {
		return fmt.Errorf("set application status: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return dbx.ErrNotFound
	}
	return nil
}

func (applicationRepo) Transition(ctx context.Context, q dbx.Querier, id string, from []permits.Status, to permits.Status) (bool, error) {
	states := make([]string, len(from))
	for i, s := range from {
		states[i] = string(s)
	}
	tag, err := q.Exec(ctx, `
		UPDATE applications SET status = $3, updated_at = now()
		 WHERE id = $1 AND status = ANY($2)`, id, states, to)
	if err != nil {
		return false, fmt.Errorf("transition application: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

func (applicationRepo) MarkSubmitted(ctx context.Context, q dbx.Querier, id string, feeCents int64) error {
	_, err := q.Exec(ctx, `
		UPDATE applications
		   SET status = 'awaiting_payment', fee_cents = $2, submitted_at = coalesce(submitted_at, now()), updated_at = now()
		 WHERE id = $1`, id, feeCents)
	if err != nil {
		return fmt.Errorf("mark submitted: %w", err)
	}
	return nil
}

func (applicationRepo) ApplyAmendment(ctx context.Context, q dbx.Querier, id string, details json.RawMessage, revision int) error {
	_, err := q.Exec(ctx, `
		UPDATE applications
		   SET details = details || $2::jsonb, revision = greatest(revision, $3), updated_at = now()
		 WHERE id = $1`, id, details, revision)
	if err != nil {
		return fmt.Errorf("apply amendment: %w", err)
	}
	return nil
}

func (applicationRepo) ListOpenByContractor(ctx context.Context, q dbx.Querier, license string) ([]permits.Application, error) {
	rows, err := q.Query(ctx, `
		SELECT `+applicationColumns+` FROM applications
		 WHERE contractor_license = $1
		   AND status IN ('draft', 'awaiting_payment', 'under_review', 'needs_changes', 'approved')
		 ORDER BY created_at
		 FOR UPDATE`, license)
	if err != nil {
		return nil, fmt.Errorf("list by contractor: %w", err)
	}
	defer rows.Close()
	var out []permits.Application
	for rows.Next() {
		a, err := scanApplication(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, *a)
	}
	return out, rows.Err()
}

func (applicationRepo) UpdateParcelOwner(ctx context.Context, q dbx.Querier, parcelID, owner string) (int64, error) {
	tag, err := q.Exec(ctx, `
		UPDATE applications SET parcel_owner = $2, updated_at = now()
		 WHERE parcel_id = $1 AND parcel_owner IS DISTINCT FROM $2`, parcelID, owner)
	if err != nil {
		return 0, fmt.Errorf("update parcel owner: %w", err)
	}
	return tag.RowsAffected(), nil
}
