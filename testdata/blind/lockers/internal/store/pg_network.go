package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/quayside/lockers/internal/domain"
)

type lockerRepo struct{ db DBTX }

func (r *lockerRepo) Create(ctx context.Context, l domain.Locker) (domain.Locker, bool, error) {
	tag, err := r.db.Exec(ctx, `
		INSERT INTO lockers (id, site_code, host_id, name, address, timezone)
		VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (site_code) DO NOTHING`,
		l.ID, l.SiteCode, l.HostID, l.Name, l.Address, l.Timezone)
	if err != nil {
		return domain.Locker{}, false, fmt.Errorf("insert locker: %w", err)
	}
	created := tag.RowsAffected() == 1
	var out domain.Locker
	err = r.db.QueryRow(ctx, `
		SELECT id, site_code, host_id, name, address, timezone, created_at
		FROM lockers WHERE site_code = $1`, l.SiteCode).
		Scan(&out.ID, &out.SiteCode, &out.HostID, &out.Name, &out.Address, &out.Timezone, &out.CreatedAt)
	if err != nil {
		return domain.Locker{}, false, notFound(err)
	}
	return out, created, nil
}

func (r *lockerRepo) Get(ctx context.Context, id string) (domain.Locker, error) {
	var out domain.Locker
	err := r.db.QueryRow(ctx, `
		SELECT id, site_code, host_id, name, address, timezone, created_at
		FROM lockers WHERE id = $1`, id).
		Scan(&out.ID, &out.SiteCode, &out.HostID, &out.Name, &out.Address, &out.Timezone, &out.CreatedAt)
	return out, notFound(err)
}

func (r *lockerRepo) HostOf(ctx context.Context, lockerID string) (domain.Host, error) {
	var h domain.Host
	err := r.db.QueryRow(ctx, `
		SELECT h.id, h.name, h.payout_account, h.rate_per_pickup_cents, h.base_fee_cents
		FROM hosts h JOIN lockers l ON l.host_id = h.id
		WHERE l.id = $1`, lockerID).
		Scan(&h.ID, &h.Name, &h.PayoutAccount, &h.RatePerPickupCents, &h.BaseFeeCents)
	return h, notFound(err)
}

type compartmentRepo struct{ db DBTX }

const compartmentCols = `id, locker_id, label, size, status, door_state, door_open_since`

func scanCompartment(row pgx.Row) (domain.Compartment, error) {
	var c domain.Compartment
	err := row.Scan(&c.ID, &c.LockerID, &c.Label, &c.Size, &c.Status, &c.DoorState, &c.DoorOpenSince)
	return c, notFound(err)
}

func (r *compartmentRepo) EnsureCompartment(ctx context.Context, c domain.Compartment) error {
	_, err := r.db.Exec(ctx, `
		INSERT INTO compartments (id, locker_id, label, size)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (locker_id, label) DO NOTHING`,
		c.ID, c.LockerID, c.Label, c.Size)
	return err
}

func (r *compartmentRepo) Get(ctx context.Context, id string) (domain.Compartment, error) {
	return scanCompartment(r.db.QueryRow(ctx, `SELECT `+compartmentCols+` FROM compartments WHERE id = $1`, id))
}

func (r *compartmentRepo) LockFree(ctx context.Context, lockerID string, size domain.Size) (domain.Compartment, error) {
	c, err := scanCompartment(r.db.QueryRow(ctx, `
		SELECT `+compartmentCols+`
		FROM compartments
		WHERE locker_id = $1 AND size = $2 AND status = 'free'
		ORDER BY label
		LIMIT 1
		FOR UPDATE SKIP LOCKED`, lockerID, size))
	if err == errNotFound {
		return c, domain.ErrNoCapacity
	}
	return c, err
}

func (r *compartmentRepo) SetStatus(ctx context.Context, id string, status domain.CompartmentStatus) error {
	_, err := r.db.Exec(ctx, `UPDATE compartments SET status = $2, updated_at = now() WHERE id = $1`, id, status)
	return err
}

func (r *compartmentRepo) StartMaintenance(ctx context.Context, id, reason string) (bool, error) {
	tag, err := r.db.Exec(ctx, `
		UPDATE compartments
		SET status = 'maintenance', maintenance_reason = $2, updated_at = now()
		WHERE id = $1 AND status IN ('free', 'maintenance')`, id, reason)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (r *compartmentRepo) MarkDoorOpen(ctx context.Context, id string, since time.Time) error {
	_, err := r.db.Exec(ctx, `
		UPDATE compartments
		SET door_state = 'open', door_open_since = COALESCE(door_open_since, $2), updated_at = now()
		WHERE id = $1`, id, since)
	return err
}

func (r *compartmentRepo) MarkDoorClosed(ctx context.Context, id string) error {
	_, err := r.db.Exec(ctx, `
		UPDATE compartments
		SET door_state = 'closed', door_open_since = NULL, updated_at = now()
		WHERE id = $1`, id)
	return err
}

type partnerRepo struct{ db DBTX }

const partnerCols = `id, name, COALESCE(webhook_url, ''), COALESCE(webhook_secret, ''), billing_customer_id, fee_per_parcel_cents, return_fee_cents`

func scanPartner(row pgx.Row) (domain.Partner, error) {
	var p domain.Partner
	err := row.Scan(&p.ID, &p.Name, &p.WebhookURL, &p.WebhookSecret, &p.BillingCustomerID, &p.FeePerParcelCents, &p.ReturnFeeCents)
	return p, notFound(err)
}

func (r *partnerRepo) Get(ctx context.Context, id string) (domain.Partner, error) {
	return scanPartner(r.db.QueryRow(ctx, `SELECT `+partnerCols+` FROM partners WHERE id = $1`, id))
}

func (r *partnerRepo) ListBillable(ctx context.Context) ([]domain.Partner, error) {
	rows, err := r.db.Query(ctx, `SELECT `+partnerCols+` FROM partners ORDER BY id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []domain.Partner
	for rows.Next() {
		p, err := scanPartner(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}
