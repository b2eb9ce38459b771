package store

import (
	"context"

	"gorm.io/gorm"
)

// InboxRepository records which messages a consumer has already handled.
type InboxRepository struct{ base }

// NewInboxRepository builds an InboxRepository.
func NewInboxRepository(db *gorm.DB) *InboxRepository {
	return &InboxRepository{base{db: db}}
}

// Seen reports whether consumer already processed messageID.
func (r *InboxRepository) Seen(ctx context.Context, consumer, messageID string) (bool, error) {
	var seen bool
	err := r.conn(ctx).Raw(`
		SELECT EXISTS (SELECT 1 FROM processed_messages WHERE consumer = ? AND message_id = ?)`,
		consumer, messageID).Scan(&seen).Error
	return seen, err
}

// MarkProcessed records messageID as handled by consumer.
func (r *InboxRepository) MarkProcessed(ctx context.Context, consumer, messageID string) error {
	return r.conn(ctx).Exec(`
		INSERT INTO processed_messages (consumer, message_id) VALUES (?, ?)
		ON CONFLICT (consumer, message_id) DO NOTHING`, consumer, messageID).Error
}

// Claim records messageID and reports whether this call was the first. Use
// it inside the transaction that applies the message's effects.
func (r *InboxRepository) Claim(ctx context.Context, consumer, messageID string) (bool, error) {
	res := r.conn(ctx).Exec(`
		INSERT INTO processed_messages (consumer, message_id) VALUES (?, ?)
		ON CONFLICT (consumer, message_id) DO NOTHING`, consumer, messageID)
	return res.RowsAffected == 1, res.Error
}
