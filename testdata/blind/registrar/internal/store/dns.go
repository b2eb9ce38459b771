package store

import (
	"context"
	"time"

	sq "github.com/Masterminds/squirrel"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/tldhouse/registrar/internal/db"
	"github.com/tldhouse/registrar/internal/model"
)

type Zones struct {
	conn *db.Conn
}

func NewZones(conn *db.Conn) *Zones { return &Zones{conn: conn} }

func scanZone(row pgx.Row) (model.Zone, error) {
	var z model.Zone
	err := row.Scan(&z.DomainID, &z.ProviderZoneID, &z.Status, &z.ActivatedAt)
	return z, err
}

// Upsert stores the provider zone of a domain.
func (r *Zones) Upsert(ctx context.Context, z model.Zone) error {
	q := db.SB.Insert("dns_zones").
		Columns("domain_id", "provider_zone_id", "status", "updated_at").
		Values(z.DomainID, z.ProviderZoneID, z.Status, time.Now().UTC()).
		Suffix("ON CONFLICT (domain_id) DO UPDATE SET provider_zone_id = EXCLUDED.provider_zone_id, updated_at = EXCLUDED.updated_at")
	_, err := db.Exec(ctx, r.conn.Q(ctx), q)
	return err
}

func (r *Zones) ForDomain(ctx context.Context, domainID uuid.UUID) (model.Zone, error) {
	q := db.SB.Select("domain_id", "provider_zone_id", "status", "activated_at").From("dns_zones").
		Where(sq.Eq{"domain_id": domainID})
	return db.Get(ctx, r.conn.Q(ctx), q, scanZone)
}

func (r *Zones) Activate(ctx context.Context, providerZoneID string, at time.Time) (int64, error) {
	q := db.SB.Update("dns_zones").
		Set("status", "active").
		Set("activated_at", at).
		Set("updated_at", time.Now().UTC()).
		Where(sq.Eq{"provider_zone_id": providerZoneID})
	return db.Exec(ctx, r.conn.Q(ctx), q)
}

func (r *Zones) InsertRecord(ctx context.Context, rec model.DNSRecord) error {
	q := db.SB.Insert("dns_records").
		Columns("id", "domain_id", "provider_record_id", "rr_type", "rr_name", "content", "ttl", "priority", "created_at").
		Values(rec.ID, rec.DomainID, rec.ProviderRecordID, rec.Type, rec.Name, rec.Content, rec.TTL, rec.Priority, rec.CreatedAt).
		Suffix("ON CONFLICT (provider_record_id) DO NOTHING")
	_, err := db.Exec(ctx, r.conn.Q(ctx), q)
	return err
}

func (r *Zones) GetRecord(ctx context.Context, domainID, id uuid.UUID) (model.DNSRecord, error) {
	q := db.SB.Select("id", "domain_id", "provider_record_id", "rr_type", "rr_name", "content", "ttl", "priority", "created_at").
		From("dns_records").Where(sq.Eq{"id": id, "domain_id": domainID})
	return db.Get(ctx, r.conn.Q(ctx), q, func(row pgx.Row) (model.DNSRecord, error) {
		var rec model.DNSRecord
		err := row.Scan(&rec.ID, &rec.DomainID, &rec.ProviderRecordID, &rec.Type, &rec.Name, &rec.Content, &rec.TTL, &rec.Priority, &rec.CreatedAt)
		return rec, err
	})
}

func (r *Zones) DeleteRecord(ctx context.Context, id uuid.UUID) error {
	q := db.SB.Delete("dns_records").Where(sq.Eq{"id": id})
	_, err := db.Exec(ctx, r.conn.Q(ctx), q)
	return err
}
