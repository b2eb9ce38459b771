package store

import (
	"context"
	"fmt"
	"time"

	sq "github.com/Masterminds/squirrel"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/tldhouse/registrar/internal/db"
	"github.com/tldhouse/registrar/internal/model"
)

type Domains struct {
	conn *db.Conn
}

func NewDomains(conn *db.Conn) *Domains { return &Domains{conn: conn} }

var domainCols = []string{
	"id", "name", "account_id", "registrant_contact_id", "coalesce(registry_roid, '')", "status",
	"auto_renew", "nameservers", "registered_at", "expires_at", "updated_at",
}

func scanDomain(row pgx.Row) (model.Domain, error) {
	var d model.Domain
	err := row.Scan(&d.ID, &d.Name, &d.AccountID, &d.RegistrantContactID, &d.RegistryROID, &d.Status,
		&d.AutoRenew, &d.Nameservers, &d.RegisteredAt, &d.ExpiresAt, &d.UpdatedAt)
	return d, err
}

func domainInsert(d model.Domain) sq.InsertBuilder {
	if d.Nameservers == nil {
		d.Nameservers = []string{}
	}
	return db.SB.Insert("domains").
		Columns("id", "name", "account_id", "registrant_contact_id", "registry_roid", "status",
			"auto_renew", "nameservers", "registered_at", "expires_at", "updated_at").
		Values(d.ID, d.Name, d.AccountID, d.RegistrantContactID, nullable(d.RegistryROID), d.Status,
			d.AutoRenew, d.Nameservers, d.RegisteredAt, d.ExpiresAt, time.Now().UTC())
}

// Insert adds a newly registered domain.
func (r *Domains) Insert(ctx context.Context, d model.Domain) error {
	if _, err := db.Exec(ctx, r.conn.Q(ctx), domainInsert(d)); err != nil {
		return fmt.Errorf("insert domain %s: %w", d.Name, err)
	}
	return nil
}

// UpsertByName inserts the domain or, when the name is already known (a
// domain coming back to us through a transfer), takes it over.
func (r *Domains) UpsertByName(ctx context.Context, d model.Domain) (model.Domain, error) {
	q := domainInsert(d).Suffix(`ON CONFLICT (name) DO UPDATE SET
		account_id = EXCLUDED.account_id,
		registrant_contact_id = EXCLUDED.registrant_contact_id,
		registry_roid = EXCLUDED.registry_roid,
		status = EXCLUDED.status,
		expires_at = EXCLUDED.expires_at,
		updated_at = EXCLUDED.updated_at
		RETURNING ` + joinCols(domainCols))
	return db.Get(ctx, r.conn.Q(ctx), q, scanDomain)
}

func (r *Domains) Get(ctx context.Context, id uuid.UUID) (model.Domain, error) {
	q := db.SB.Select(domainCols...).From("domains").Where(sq.Eq{"id": id})
	return db.Get(ctx, r.conn.Q(ctx), q, scanDomain)
}

func (r *Domains) GetByName(ctx context.Context, name string) (model.Domain, error) {
	q := db.SB.Select(domainCols...).From("domains").Where(sq.Eq{"name": name})
	return db.Get(ctx, r.conn.Q(ctx), q, scanDomain)
}

func (r *Domains) GetOwned(ctx context.Context, accountID uuid.UUID, name string) (model.Domain, error) {
	q := db.SB.Select(domainCols...).From("domains").Where(sq.Eq{"name": name, "account_id": accountID})
	return db.Get(ctx, r.conn.Q(ctx), q, scanDomain)
}

func (r *Domains) ListForAccount(ctx context.Context, accountID uuid.UUID) ([]model.Domain, error) {
	q := db.SB.Select(domainCols...).From("domains").Where(sq.Eq{"account_id": accountID}).OrderBy("name")
	return db.Select(ctx, r.conn.Q(ctx), q, scanDomain)
}

// ExpiringBetween lists active domains whose expiry falls in [from, to).
func (r *Domains) ExpiringBetween(ctx context.Context, from, to time.Time, autoRenewOnly bool) ([]model.Domain, error) {
	q := db.SB.Select(domainCols...).From("domains").
		Where(sq.Eq{"status": "active"}).
		Where(sq.GtOrEq{"expires_at": from}).
		Where(sq.Lt{"expires_at": to}).
		OrderBy("expires_at")
	if autoRenewOnly {
		q = q.Where(sq.Eq{"auto_renew": true})
	}
	return db.Select(ctx, r.conn.Q(ctx), q, scanDomain)
}

// Page lists active domains by name after the cursor.
func (r *Domains) Page(ctx context.Context, after string, limit uint64) ([]model.Domain, error) {
	q := db.SB.Select(domainCols...).From("domains").
		Where(sq.Gt{"name": after}).
		Where(sq.NotEq{"status": "transferred_out"}).
		OrderBy("name").Limit(limit)
	return db.Select(ctx, r.conn.Q(ctx), q, scanDomain)
}

func (r *Domains) SetNameservers(ctx context.Context, id uuid.UUID, ns []string) error {
	q := db.SB.Update("domains").Set("nameservers", ns).Set("updated_at", time.Now().UTC()).
		Where(sq.Eq{"id": id})
	_, err := db.Exec(ctx, r.conn.Q(ctx), q)
	return err
}

func (r *Domains) SetAutoRenew(ctx context.Context, id uuid.UUID, on bool) error {
	q := db.SB.Update("domains").Set("auto_renew", on).Set("updated_at", time.Now().UTC()).
		Where(sq.Eq{"id": id})
	_, err := db.Exec(ctx, r.conn.Q(ctx), q)
	return err
}

func (r *Domains) SetStatus(ctx context.Context, id uuid.UUID, status string) error {
	q := db.SB.Update("domains").Set("status", status).Set("updated_at", time.Now().UTC()).
		Where(sq.Eq{"id": id})
	_, err := db.Exec(ctx, r.conn.Q(ctx), q)
	return err
}

// SetExpiry stores the registry's expiry date as it is.
func (r *Domains) SetExpiry(ctx context.Context, id uuid.UUID, expires time.Time) error {
	q := db.SB.Update("domains").Set("expires_at", expires).Set("updated_at", time.Now().UTC()).
		Where(sq.Eq{"id": id})
	_, err := db.Exec(ctx, r.conn.Q(ctx), q)
	return err
}

// ExtendExpiry moves the expiry forward by the given number of years and
// returns the new expiry.
func (r *Domains) ExtendExpiry(ctx context.Context, id uuid.UUID, years int) (time.Time, error) {
	q := db.SB.Update("domains").
		Set("expires_at", sq.Expr("expires_at + make_interval(years => ?)", years)).
		Set("updated_at", time.Now().UTC()).
		Where(sq.Eq{"id": id}).
		Suffix("RETURNING expires_at")
	return db.Get(ctx, r.conn.Q(ctx), q, func(row pgx.Row) (time.Time, error) {
		var t time.Time
		err := row.Scan(&t)
		return t, err
	})
}
