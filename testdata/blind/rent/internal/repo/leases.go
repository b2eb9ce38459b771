package repo

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/keystone-pm/rent/internal/db"
)

// LeaseStore is the persistence surface for leases, landlords and tenants.
type LeaseStore interface {
	Get(ctx context.Context, q db.Querier, id string) (*Lease, error)
	GetForUpdate(ctx context.Context, q db.Querier, id string) (*Lease, error)
	Create(ctx context.Context, q db.Querier, l *Lease) error
	AddTenant(ctx context.Context, q db.Querier, leaseID, tenantID string, primary bool) error
	PrimaryTenant(ctx context.Context, q db.Querier, leaseID string) (*Tenant, error)
	UpdateRent(ctx context.Context, q db.Querier, id string, rentCents int64, endsOn time.Time) error
	InsertTerm(ctx context.Context, q db.Querier, leaseID string, start, end time.Time, rentCents int64, eventID string) (bool, error)
	MarkTerminated(ctx context.Context, q db.Querier, id string, at time.Time) error
	AdjustDepositHeld(ctx context.Context, q db.Querier, id string, deltaCents int64) error
	ListActiveByDueDay(ctx context.Context, q db.Querier, dueDay int) ([]Lease, error)
	ListDelinquent(ctx context.Context, q db.Querier, asOf time.Time) ([]string, error)
	UpsertLandlord(ctx context.Context, q db.Querier, l *Landlord) error
	GetLandlord(ctx context.Context, q db.Querier, id string) (*Landlord, error)
	UpsertTenant(ctx context.Context, q db.Querier, t *Tenant) (string, error)
	GetTenant(ctx context.Context, q db.Querier, id string) (*Tenant, error)
}

type LeaseRepo struct{}

func NewLeaseRepo() *LeaseRepo { return &LeaseRepo{} }

const leaseColumns = `id, landlord_id, property_ref, unit_label, rent_cents, due_day, grace_days,
	late_fee_cents, late_fee_cap_cents, deposit_cents, deposit_held_cents, status,
	starts_on, ends_on, terminated_at, created_at, updated_at`

func (r *LeaseRepo) Get(ctx context.Context, q db.Querier, id string) (*Lease, error) {
	return r.getOne(ctx, q, `SELECT `+leaseColumns+` FROM leases WHERE id = $1`, id)
}

func (r *LeaseRepo) GetForUpdate(ctx context.Context, q db.Querier, id string) (*Lease, error) {
	return r.getOne(ctx, q, `SELECT `+leaseColumns+` FROM leases WHERE id = $1 FOR UPDATE`, id)
}

func (r *LeaseRepo) getOne(ctx context.Context, q db.Querier, sql string, args ...any) (*Lease, error) {
	rows, err := q.Query(ctx, sql, args...)
	if err != nil {
		return nil, err
	}
	l, err := pgx.CollectExactlyOneRow(rows, pgx.RowToAddrOfStructByName[Lease])
	if db.IsNoRows(err) {
		return nil, ErrNotFound
	}
	return l, err
}

func (r *LeaseRepo) Create(ctx context.Context, q db.Querier, l *Lease) error {
	_, err := q.Exec(ctx, `
		INSERT INTO leases (id, landlord_id, property_ref, unit_label, rent_cents, due_day, grace_days,
			late_fee_cents, late_fee_cap_cents, deposit_cents, deposit_held_cents, status, starts_on, ends_on)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
		l.ID, l.LandlordID, l.PropertyRef, l.UnitLabel, l.RentCents, l.DueDay, l.GraceDays,
		l.LateFeeCents, l.LateFeeCapCents, l.DepositCents, l.DepositHeldCents, LeaseActive, l.StartsOn, l.EndsOn)
	if err != nil {
		return fmt.Errorf("insert lease %s: %w", l.ID, err)
	}
	return nil
}

func (r *LeaseRepo) AddTenant(ctx context.Context, q db.Querier, leaseID, tenantID string, primary bool) error {
	_, err := q.Exec(ctx, `
		INSERT INTO lease_tenants (lease_id, tenant_id, is_primary) VALUES ($1, $2, $3)
		ON CONFLICT (lease_id, tenant_id) DO NOTHING`, leaseID, tenantID, primary)
	return err
}

func (r *LeaseRepo) PrimaryTenant(ctx context.Context, q db.Querier, leaseID string) (*Tenant, error) {
	rows, err := q.Query(ctx, `
		SELECT t.id, t.email, t.phone, t.full_name, t.ach_customer_ref, t.created_at
		FROM lease_tenants lt JOIN tenants t ON t.id = lt.tenant_id
		WHERE lt.lease_id = $1
		ORDER BY lt.is_primary DESC, t.created_at
		LIMIT 1`, leaseID)
	if err != nil {
		return nil, err
	}
	t, err := pgx.CollectExactlyOneRow(rows, pgx.RowToAddrOfStructByName[Tenant])
	if db.IsNoRows(err) {
		return nil, ErrNotFound
	}
	return t, err
}

func (r *LeaseRepo) UpdateRent(ctx context.Context, q db.Querier, id string, rentCents int64, endsOn time.Time) error {
	_, err := q.Exec(ctx, `UPDATE leases SET rent_cents = $2, ends_on = $3, updated_at = now() WHERE id = $1`,
		id, rentCents, endsOn)
	return err
}

// InsertTerm records a lease term; a term that already exists is left as is.
func (r *LeaseRepo) InsertTerm(ctx context.Context, q db.Querier, leaseID string, start, end time.Time, rentCents int64, eventID string) (bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO lease_terms (lease_id, term_start, term_end, rent_cents, source_event_id)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (lease_id, term_start) DO NOTHING`, leaseID, start, end, rentCents, eventID)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (r *LeaseRepo) MarkTerminated(ctx context.Context, q db.Querier, id string, at time.Time) error {
	_, err := q.Exec(ctx, `
		UPDATE leases SET status = $2, terminated_at = $3, updated_at = now()
		WHERE id = $1 AND status <> $2`, id, LeaseTerminated, at)
	return err
}

func (r *LeaseRepo) AdjustDepositHeld(ctx context.Context, q db.Querier, id string, deltaCents int64) error {
	_, err := q.Exec(ctx, `
		UPDATE leases SET deposit_held_cents = deposit_held_cents + $2, updated_at = now()
		WHERE id = $1`, id, deltaCents)
	return err
}

func (r *LeaseRepo) ListActiveByDueDay(ctx context.Context, q db.Querier, dueDay int) ([]Lease, error) {
	rows, err := q.Query(ctx, `SELECT `+leaseColumns+` FROM leases WHERE status = $1 AND due_day = $2 ORDER BY id`,
		LeaseActive, dueDay)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByName[Lease])
}

// ListDelinquent returns active leases with at least one open rent charge
// whose grace period ended before asOf.
func (r *LeaseRepo) ListDelinquent(ctx context.Context, q db.Querier, asOf time.Time) ([]string, error) {
	rows, err := q.Query(ctx, `
		SELECT DISTINCT l.id
		FROM leases l
		JOIN charges c ON c.lease_id = l.id
		WHERE l.status = $1
		  AND l.late_fee_cents > 0
		  AND c.kind = $2 AND c.status = $3
		  AND c.due_on + l.grace_days < $4::date
		ORDER BY l.id`, LeaseActive, ChargeRent, ChargeOpen, asOf)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

func (r *LeaseRepo) UpsertLandlord(ctx context.Context, q db.Querier, l *Landlord) error {
	_, err := q.Exec(ctx, `
		INSERT INTO landlords (id, name, email, payout_account_id) VALUES ($1, $2, $3, $4)
		ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, email = EXCLUDED.email`,
		l.ID, l.Name, l.Email, l.PayoutAccountID)
	return err
}

func (r *LeaseRepo) GetLandlord(ctx context.Context, q db.Querier, id string) (*Landlord, error) {
	rows, err := q.Query(ctx, `
		SELECT id, name, email, payout_account_id, instant_payouts, created_at FROM landlords WHERE id = $1`, id)
	if err != nil {
		return nil, err
	}
	l, err := pgx.CollectExactlyOneRow(rows, pgx.RowToAddrOfStructByName[Landlord])
	if db.IsNoRows(err) {
		return nil, ErrNotFound
	}
	return l, err
}

// UpsertTenant matches tenants by e-mail and returns the stored ID.
func (r *LeaseRepo) UpsertTenant(ctx context.Context, q db.Querier, t *Tenant) (string, error) {
	var id string
	err := q.QueryRow(ctx, `
		INSERT INTO tenants (id, email, phone, full_name) VALUES ($1, $2, $3, $4)
		ON CONFLICT ((lower(email))) DO UPDATE
			SET full_name = EXCLUDED.full_name, phone = COALESCE(EXCLUDED.phone, tenants.phone)
		RETURNING id`, t.ID, t.Email, t.Phone, t.FullName).Scan(&id)
	return id, err
}

func (r *LeaseRepo) GetTenant(ctx context.Context, q db.Querier, id string) (*Tenant, error) {
	rows, err := q.Query(ctx, `
		SELECT id, email, phone, full_name, ach_customer_ref, created_at FROM tenants WHERE id = $1`, id)
	if err != nil {
		return nil, err
	}
	t, err := pgx.CollectExactlyOneRow(rows, pgx.RowToAddrOfStructByName[Tenant])
	if db.IsNoRows(err) {
		return nil, ErrNotFound
	}
	return t, err
}
