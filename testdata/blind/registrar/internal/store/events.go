package store

import (
	"context"
	"errors"
	"time"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"

	"github.com/tldhouse/registrar/internal/db"
	"github.com/tldhouse/registrar/internal/model"
)

// Inbox tracks provider events and registry messages we have handled.
type Inbox struct {
	conn *db.Conn
}

func NewInbox(conn *db.Conn) *Inbox { return &Inbox{conn: conn} }

// Seen reports whether a webhook event was processed.
func (r *Inbox) Seen(ctx context.Context, source, eventID string) (bool, error) {
	q := db.SB.Select("1").From("processed_webhooks").Where(sq.Eq{"source": source, "event_id": eventID})
	_, err := db.Get(ctx, r.conn.Q(ctx), q, func(row pgx.Row) (int, error) {
		var one int
		err := row.Scan(&one)
		return one, err
	})
	if errors.Is(err, db.ErrNotFound) {
		return false, nil
	}
	return err == nil, err
}

// MarkProcessed records the webhook event.
func (r *Inbox) MarkProcessed(ctx context.Context, source, eventID string) error {
	q := db.SB.Insert("processed_webhooks").Columns("source", "event_id", "processed_at").
		Values(source, eventID, time.Now().UTC()).
		Suffix("ON CONFLICT (source, event_id) DO NOTHING")
	_, err := db.Exec(ctx, r.conn.Q(ctx), q)
	return err
}

// MessageSeen reports whether the registry message was acknowledged.
func (r *Inbox) MessageSeen(ctx context.Context, messageID string) (bool, error) {
	q := db.SB.Select("1").From("registry_messages").Where(sq.Eq{"message_id": messageID})
	_, err := db.Get(ctx, r.conn.Q(ctx), q, func(row pgx.Row) (int, error) {
		var one int
		err := row.Scan(&one)
		return one, err
	})
	if errors.Is(err, db.ErrNotFound) {
		return false, nil
	}
	return err == nil, err
}

// AckMessage records a registry message as handled.
func (r *Inbox) AckMessage(ctx context.Context, messageID, kind, domainName string) error {
	q := db.SB.Insert("registry_messages").Columns("message_id", "kind", "domain_name", "received_at").
		Values(messageID, kind, domainName, time.Now().UTC()).
		Suffix("ON CONFLICT (message_id) DO NOTHING")
	_, err := db.Exec(ctx, r.conn.Q(ctx), q)
	return err
}

// InsertZoneEvent stores a DNS provider event.
func (r *Inbox) InsertZoneEvent(ctx context.Context, ev model.ZoneEvent) error {
	q := db.SB.Insert("dns_zone_events").
		Columns("event_id", "provider_zone_id", "kind", "payload", "received_at").
		Values(ev.EventID, ev.ProviderZoneID, ev.Kind, ev.Payload, ev.ReceivedAt)
	_, err := db.Exec(ctx, r.conn.Q(ctx), q)
	return err
}
