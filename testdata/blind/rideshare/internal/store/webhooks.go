package store

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/wayfare/ridepay/internal/db"
)

// WebhookEventRepo remembers which provider webhook deliveries were handled.
type WebhookEventRepo interface {
	// MarkProcessed records the event and reports whether this is the first
	// time it has been seen.
	MarkProcessed(ctx context.Context, provider, eventID string) (bool, error)
}

type webhookEventRepo struct {
	q *db.Queries
}

// NewWebhookEventRepo returns a WebhookEventRepo over the pool.
func NewWebhookEventRepo(sqldb *sql.DB) WebhookEventRepo {
	return &webhookEventRepo{q: db.New(sqldb)}
}

func (r *webhookEventRepo) MarkProcessed(ctx context.Context, provider, eventID string) (bool, error) {
	n, err := r.q.InsertWebhookEvent(ctx, db.InsertWebhookEventParams{Provider: provider, EventID: eventID})
	if err != nil {
		return false, fmt.Errorf("record webhook event %s/%s: %w", provider, eventID, err)
	}
	return n == 1, nil
}
