package store

import (
	"context"
)

// InboxRepo tracks which queue messages a consumer has already handled.
type InboxRepo struct{}

// NewInboxRepo constructs an InboxRepo.
func NewInboxRepo() *InboxRepo { return &InboxRepo{} }

// Seen reports whether (consumer, key) has been recorded.
func (r *InboxRepo) Seen(ctx context.Context, q Querier, consumer, key string) (bool, error) {
	var ok bool
	err := q.QueryRow(ctx, `
		SELECT EXISTS (SELECT 1 FROM processed_messages WHERE consumer = $1 AND message_key = $2)`,
		consumer, key).Scan(&ok)
	return ok, err
}

// Mark records (consumer, key) as handled.
func (r *InboxRepo) Mark(ctx context.Context, q Querier, consumer, key string) error {
	_, err := q.Exec(ctx, `
		INSERT INTO processed_messages (consumer, message_key) VALUES ($1, $2)
		ON CONFLICT DO NOTHING`, consumer, key)
	return err
}

// Claim records (consumer, key) and reports whether this call was the first
// to do so. Call it on the transaction that performs the message's effects.
func (r *InboxRepo) Claim(ctx context.Context, q Querier, consumer, key string) (bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO processed_messages (consumer, message_key) VALUES ($1, $2)
		ON CONFLICT DO NOTHING`, consumer, key)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}
