// Package reminders stores the reminder notifications scheduled ahead of a
// session; the reminder sender cron (a separate service) delivers them.
package reminders

import (
	"context"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/sealpoint-labs/notary/internal/dbx"
)

type Kind string

const (
	DayBefore  Kind = "day_before"
	HourBefore Kind = "hour_before"
	TenMinutes Kind = "ten_minutes"
)

type Reminder struct {
	SessionID string    `db:"session_id"`
	Kind      Kind      `db:"kind"`
	Channel   string    `db:"channel"`
	SendAt    time.Time `db:"send_at"`
}

// Plan returns the reminders for a session starting at start, skipping
// any whose send time has already passed.
func Plan(sessionID string, start, now time.Time) []Reminder {
	offsets := []struct {
		kind    Kind
		before  time.Duration
		channel string
	}{
		{DayBefore, 24 * time.Hour, "email"},
		{HourBefore, time.Hour, "sms"},
		{TenMinutes, 10 * time.Minute, "sms"},
	}
	var out []Reminder
	for _, o := range offsets {
		at := start.Add(-o.before)
		if at.After(now) {
			out = append(out, Reminder{SessionID: sessionID, Kind: o.kind, Channel: o.channel, SendAt: at})
		}
	}
	return out
}

type Repository struct {
	db *sqlx.DB
}

func NewRepository(db *sqlx.DB) *Repository {
	return &Repository{db: db}
}

// Schedule stores one reminder; (session_id, kind) is unique.
func (r *Repository) Schedule(ctx context.Context, rem Reminder) error {
	_, err := sqlx.NamedExecContext(ctx, dbx.Ext(ctx, r.db), `
		INSERT INTO reminders (session_id, kind, channel, send_at)
		VALUES (:session_id, :kind, :channel, :send_at)`, rem)
	return err
}
