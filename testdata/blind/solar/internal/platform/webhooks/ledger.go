// Package webhooks keeps track of inbound webhook deliveries we have handled.
package webhooks

import (
	"context"
	"database/sql"
	"errors"

	"github.com/sunrail/installs/internal/platform/database"
)

// Ledger is backed by the processed_webhooks table.
type Ledger struct {
	db database.DBTX
}

// NewLedger builds a Ledger.
func NewLedger(db database.DBTX) *Ledger {
	return &Ledger{db: db}
}

// Seen reports whether the event was already handled.
func (l *Ledger) Seen(ctx context.Context, source, eventID string) (bool, error) {
	var one int
	err := database.Executor(ctx, l.db).QueryRowContext(ctx,
		`SELECT 1 FROM processed_webhooks WHERE source = $1 AND event_id = $2`, source, eventID).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

// MarkSeen records the event as handled.
func (l *Ledger) MarkSeen(ctx context.Context, source, eventID string) error {
	_, err := database.Executor(ctx, l.db).ExecContext(ctx, `
		INSERT INTO processed_webhooks (source, event_id) VALUES ($1, $2)
		ON CONFLICT (source, event_id) DO NOTHING`, source, eventID)
	return err
}

// Claim records the event and reports whether this call was the first.
func (l *Ledger) Claim(ctx context.Context, source, eventID string) (bool, error) {
	res, err := database.Executor(ctx, l.db).ExecContext(ctx, `
		INSERT INTO processed_webhooks (source, event_id) VALUES ($1, $2)
		ON CONFLICT (source, event_id) DO NOTHING`, source, eventID)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}
