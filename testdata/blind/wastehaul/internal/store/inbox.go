package store

import "context"

// Inbox remembers webhook events that have been processed.
type Inbox interface {
	// Claim records the event and reports whether this call inserted it.
	Claim(ctx context.Context, q Querier, source, eventID, eventType string) (bool, error)
	Seen(ctx context.Context, q Querier, source, eventID string) (bool, error)
	Record(ctx context.Context, q Querier, source, eventID, eventType string) error
}

type inboxRepo struct{}

// NewInbox returns the Postgres webhook inbox.
func NewInbox() Inbox { return inboxRepo{} }

func (inboxRepo) Claim(ctx context.Context, q Querier, source, eventID, eventType string) (bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO webhook_inbox (source, event_id, event_type) VALUES ($1, $2, $3)
		ON CONFLICT (source, event_id) DO NOTHING`, source, eventID, eventType)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (inboxRepo) Seen(ctx context.Context, q Querier, source, eventID string) (bool, error) {
	var seen bool
	err := q.QueryRow(ctx,
		`SELECT EXISTS (SELECT 1 FROM webhook_inbox WHERE source = $1 AND event_id = $2)`,
		source, eventID).Scan(&seen)
	return seen, err
}

func (inboxRepo) Record(ctx context.Context, q Querier, source, eventID, eventType string) error {
	_, err := q.Exec(ctx, `
		INSERT INTO webhook_inbox (source, event_id, event_type) VALUES ($1, $2, $3)
		ON CONFLICT (source, event_id) DO NOTHING`, source, eventID, eventType)
	return err
}
