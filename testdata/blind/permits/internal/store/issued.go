package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/civicworks/permits/internal/permits"
	"github.com/civicworks/permits/internal/shared/dbx"
)

// PermitRepo persists issued permits.
type PermitRepo interface {
	NextNumber(ctx context.Context, q dbx.Querier, kind permits.Kind) (string, error)
	Insert(ctx context.Context, q dbx.Querier, p *permits.Permit) error
	GetByNumber(ctx context.Context, q dbx.Querier, number string) (*permits.Permit, error)
	ExpireDue(ctx context.Context, q dbx.Querier, asOf time.Time) (int64, error)
}

// RegistryStatusRepo tracks the state registry's view of each permit.
type RegistryStatusRepo interface {
	Upsert(ctx context.Context, q dbx.Querier, permitID, registryRef, status, reason, eventID string) error
}

// ParcelRepo stores parcel ownership changes published by the registry.
type ParcelRepo interface {
	RecordChange(ctx context.Context, q dbx.Querier, c ParcelChange) error
}

// ParcelChange is one ownership or zoning change for a parcel.
type ParcelChange struct {
	RegistryEventID string
	ParcelID        string
	OwnerName       string
	ZoningCode      string
	EffectiveAt     time.Time
}

type permitRepo struct{}

// NewPermitRepo returns the Postgres PermitRepo.
func NewPermitRepo() PermitRepo { return permitRepo{} }

var permitPrefixes = map[permits.Kind]string{
	permits.KindBuilding: "BLD",
	permits.KindParking:  "PRK",
	permits.KindEvent:    "EVT",
}

func (permitRepo) NextNumber(ctx context.Context, q dbx.Querier, kind permits.Kind) (string, error) {
	var n int64
	if err := q.QueryRow(ctx, `SELECT nextval('permit_number_seq')`).Scan(&n); err != nil {
		return "", fmt.Errorf("next permit number: %w", err)
	}
	return fmt.Sprintf("%s-%d-%06d", permitPrefixes[kind], time.Now().Year(), n), nil
}

const permitColumns = `id, application_id, permit_number, kind, status, valid_from, valid_until, issued_at`

func scanPermit(row pgx.Row) (*permits.Permit, error) {
	var p permits.Permit
	if err := row.Scan(&p.ID, &p.ApplicationID, &p.PermitNumber, &p.Kind, &p.Status, &p.ValidFrom, &p.ValidUntil, &p.IssuedAt); err != nil {
		return nil, dbx.NotFound(err)
	}
	return &p, nil
}

func (permitRepo) Insert(ctx context.Context, q dbx.Querier, p *permits.Permit) error {
	err := q.QueryRow(ctx, `
		INSERT INTO permits (id, application_id, permit_number, kind, status, valid_from, valid_until)
		VALUES ($1, $2, $3, $4, $5, $6, $7)
		RETURNING issued_at`,
		p.ID, p.ApplicationID, p.PermitNumber, p.Kind, p.Status, p.ValidFrom, p.ValidUntil).Scan(&p.IssuedAt)
	if err != nil {
		return fmt.Errorf("insert permit: %w", err)
	}
	return nil
}

func (permitRepo) GetByNumber(ctx context.Context, q dbx.Querier, number string) (*permits.Permit, error) {
	return scanPermit(q.QueryRow(ctx, `SELECT `+permitColumns+` FROM permits WHERE permit_number = $1`, number))
}

func (permitRepo) ExpireDue(ctx context.Context, q dbx.Querier, asOf time.Time) (int64, error) {
	tag, err := q.Exec(ctx, `
		UPDATE permits SET status = 'expired'
		 WHERE status = 'active' AND valid_until < $1::date`, asOf)
	if err != nil {
		return 0, fmt.Errorf("expire permits: %w", err)
	}
	return tag.RowsAffected(), nil
}

type registryStatusRepo struct{}

// NewRegistryStatusRepo returns the Postgres RegistryStatusRepo.
func NewRegistryStatusRepo() RegistryStatusRepo { return registryStatusRepo{} }

func (registryStatusRepo) Upsert(ctx context.Context, q dbx.Querier, permitID, registryRef, status, reason, eventID string) error {
	_, err := q.Exec(ctx, `
		INSERT INTO registry_statuses (permit_id, registry_ref, status, reason, last_event_id)
		VALUES ($1, nullif($2, ''), $3, $4, $5)
		ON CONFLICT (permit_id) DO UPDATE
		   SET registry_ref = coalesce(EXCLUDED.registry_ref, registry_statuses.registry_ref),
		       status = EXCLUDED.status, reason = EXCLUDED.reason,
		       last_event_id = EXCLUDED.last_event_id, updated_at = now()`,
		permitID, registryRef, status, reason, eventID)
	if err != nil {
		return fmt.Errorf("upsert registry status: %w", err)
	}
	return nil
}

type parcelRepo struct{}

// NewParcelRepo returns the Postgres ParcelRepo.
func NewParcelRepo() ParcelRepo { return parcelRepo{} }

func (parcelRepo) RecordChange(ctx context.Context, q dbx.Querier, c ParcelChange) error {
	_, err := q.Exec(ctx, `
		INSERT INTO parcel_changes (registry_event_id, parcel_id, owner_name, zoning_code, effective_at)
		VALUES ($1, $2, $3, nullif($4, ''), $5)`,
		c.RegistryEventID, c.ParcelID, c.OwnerName, c.ZoningCode, c.EffectiveAt)
	if err != nil {
		return fmt.Errorf("record parcel change: %w", err)
	}
	return nil
}
