package postgres

import (
	"context"

	"github.com/velvetchair/salon/internal/core/ports"
)

type InboxStore struct{}

func NewInboxStore() *InboxStore { return &InboxStore{} }

func (s *InboxStore) ClaimWebhook(ctx context.Context, q ports.Querier, provider, eventID, eventType string) (bool, error) {
	return affected(ctx, q, `
		INSERT INTO webhook_events (provider, event_id, event_type) VALUES ($1, $2, $3)
		ON CONFLICT (provider, event_id) DO NOTHING`, provider, eventID, eventType)
}

func (s *InboxStore) ClaimMessage(ctx context.Context, q ports.Querier, consumer, messageID string) (bool, error) {
	return affected(ctx, q, `
		INSERT INTO consumer_inbox (consumer, message_id) VALUES ($1, $2)
		ON CONFLICT (consumer, message_id) DO NOTHING`, consumer, messageID)
}

func (s *InboxStore) Processed(ctx context.Context, q ports.Querier, consumer, messageID string) (bool, error) {
	var exists bool
	err := q.GetContext(ctx, &exists, `
		SELECT EXISTS (SELECT 1 FROM consumer_inbox WHERE consumer = $1 AND message_id = $2)`, consumer, messageID)
	return exists, err
}
