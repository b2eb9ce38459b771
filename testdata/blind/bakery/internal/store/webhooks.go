package store

import (
	"context"

	"github.com/google/uuid"
)

// Webhooks tracks provider webhook deliveries.
type Webhooks struct{}

// NewWebhooks builds the repository.
func NewWebhooks() *Webhooks { return &Webhooks{} }

// Seen reports whether the event has already been applied.
func (r *Webhooks) Seen(ctx context.Context, q Q, provider, eventID string) (bool, error) {
	return namedGet[bool](ctx, q, `
SELECT EXISTS (SELECT 1 FROM webhook_events WHERE provider = :provider AND event_id = :event_id)`,
		map[string]any{"provider": provider, "event_id": eventID})
}

// MarkProcessed records that the event has been applied.
func (r *Webhooks) MarkProcessed(ctx context.Context, q Q, provider, eventID string) error {
	_, err := namedExec(ctx, q, `
INSERT INTO webhook_events (provider, event_id) VALUES (:provider, :event_id)
ON CONFLICT (provider, event_id) DO NOTHING`, map[string]any{"provider": provider, "event_id": eventID})
	return err
}

// Log appends the raw delivery to the webhook log.
func (r *Webhooks) Log(ctx context.Context, q Q, provider, eventID, signature string, payload []byte) error {
	_, err := namedExec(ctx, q, `
INSERT INTO webhook_log (id, provider, event_id, signature, payload)
VALUES (:id, :provider, :event_id, :signature, :payload)`,
		map[string]any{"id": uuid.New(), "provider": provider, "event_id": eventID, "signature": signature, "payload": payload})
	return err
}

// Inbox records stream messages that a consumer has applied.
type Inbox struct{}

// NewInbox builds the repository.
func NewInbox() *Inbox { return &Inbox{} }

// Claim records msgID for consumer. It returns false if the message had
// already been recorded.
func (r *Inbox) Claim(ctx context.Context, q Q, consumer, msgID string) (bool, error) {
	n, err := namedExec(ctx, q, `
INSERT INTO processed_messages (consumer, msg_id) VALUES (:consumer, :msg_id)
ON CONFLICT (consumer, msg_id) DO NOTHING`, map[string]any{"consumer": consumer, "msg_id": msgID})
	return n == 1, err
}
