package store

import (
	"context"
	"time"

	"github.com/jmoiron/sqlx"
)

// WebhookEventRepo remembers which bank webhook events have been handled.
// It writes straight to the pool: the table is a delivery log shared with
// the ops dashboard and is not part of any business transaction.
type WebhookEventRepo struct {
	db *sqlx.DB
}

// NewWebhookEventRepo returns a WebhookEventRepo.
func NewWebhookEventRepo(db *sqlx.DB) *WebhookEventRepo { return &WebhookEventRepo{db: db} }

// Seen reports whether an event id has been recorded.
func (r *WebhookEventRepo) Seen(ctx context.Context, eventID string) (bool, error) {
	var n int
	err := r.db.GetContext(ctx, &n, `SELECT COUNT(*) FROM bank_webhook_events WHERE event_id = ?`, eventID)
	return n > 0, err
}

// Record stores an event id.
func (r *WebhookEventRepo) Record(ctx context.Context, eventID, eventType string, at time.Time) error {
	_, err := r.db.ExecContext(ctx,
		`INSERT IGNORE INTO bank_webhook_events (event_id, event_type, received_at) VALUES (?, ?, ?)`,
		eventID, eventType, at)
	return err
}
