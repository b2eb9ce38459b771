package store

import (
	"context"
	"time"

	sq "github.com/Masterminds/squirrel"
	"github.com/google/uuid"

	"github.com/tldhouse/registrar/internal/db"
	"github.com/tldhouse/registrar/internal/model"
)

type Notifications struct {
	conn *db.Conn
}

func NewNotifications(conn *db.Conn) *Notifications { return &Notifications{conn: conn} }

// Claim takes the notification key. Only the caller that gets true sends.
func (r *Notifications) Claim(ctx context.Context, key string, accountID uuid.UUID, kind string) (bool, error) {
	q := db.SB.Insert("notifications").
		Columns("notification_key", "account_id", "kind", "claimed_at").
		Values(key, accountID, kind, time.Now().UTC()).
		Suffix("ON CONFLICT (notification_key) DO NOTHING")
	n, err := db.Exec(ctx, r.conn.Q(ctx), q)
	return n == 1, err
}

func (r *Notifications) MarkSent(ctx context.Context, key string) error {
	q := db.SB.Update("notifications").Set("sent_at", time.Now().UTC()).Where(sq.Eq{"notification_key": key})
	_, err := db.Exec(ctx, r.conn.Q(ctx), q)
	return err
}

// DueReminders lists active domains expiring on the given day that have not
// had the reminder for that many days before expiry.
func (r *Notifications) DueReminders(ctx context.Context, day time.Time, daysBefore int) ([]model.Domain, error) {
	start := day.Truncate(24 * time.Hour)
	q := db.SB.Select(prefixed("d", domainCols)...).From("domains d").
		LeftJoin("expiry_reminders er ON er.domain_id = d.id AND er.expires_on = d.expires_at::date AND er.days_before = ?", daysBefore).
		Where(sq.Eq{"d.status": "active", "er.domain_id": nil}).
		Where(sq.GtOrEq{"d.expires_at": start}).
		Where(sq.Lt{"d.expires_at": start.Add(24 * time.Hour)})
	return db.Select(ctx, r.conn.Q(ctx), q, scanDomain)
}

// MarkReminded records the reminders that went out.
func (r *Notifications) MarkReminded(ctx context.Context, keys []model.ReminderKey) error {
	if len(keys) == 0 {
		return nil
	}
	q := db.SB.Insert("expiry_reminders").Columns("domain_id", "expires_on", "days_before", "sent_at")
	now := time.Now().UTC()
	for _, k := range keys {
		q = q.Values(k.DomainID, k.ExpiresOn, k.DaysBefore, now)
	}
	q = q.Suffix("ON CONFLICT (domain_id, expires_on, days_before) DO NOTHING")
	_, err := db.Exec(ctx, r.conn.Q(ctx), q)
	return err
}

func prefixed(alias string, cols []string) []string {
	out := make([]string, len(cols))
	for i, c := range cols {
		if len(c) > 9 && c[:9] == "coalesce(" {
			out[i] = "coalesce(" + alias + "." + c[9:]
			continue
		}
		out[i] = alias + "." + c
	}
	return out
}
