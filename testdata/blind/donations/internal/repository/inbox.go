package repository

import (
	"context"

	"github.com/uptrace/bun"

	"github.com/kindredgive/donations/internal/domain"
)

// InboxRepo records which messages each consumer has processed.
type InboxRepo interface {
	WithTx(tx bun.IDB) InboxRepo
	// Claim inserts (consumer, messageID) and reports whether this call
	// inserted it. Use inside the transaction that applies the message.
	Claim(ctx context.Context, consumer, messageID string) (bool, error)
	Seen(ctx context.Context, consumer, messageID string) (bool, error)
	Mark(ctx context.Context, consumer, messageID string) error
}

type inboxRepo struct{ db bun.IDB }

// NewInboxRepo returns the bun implementation.
func NewInboxRepo(db *bun.DB) InboxRepo { return &inboxRepo{db: db} }

func (r *inboxRepo) WithTx(tx bun.IDB) InboxRepo { return &inboxRepo{db: tx} }

func (r *inboxRepo) Claim(ctx context.Context, consumer, messageID string) (bool, error) {
	res, err := r.db.NewInsert().
		Model(&domain.ProcessedMessage{Consumer: consumer, MessageID: messageID}).
		On("CONFLICT (consumer, message_id) DO NOTHING").
		Exec(ctx)
	if err != nil {
		return false, err
	}
	return affected(res) == 1, nil
}

func (r *inboxRepo) Seen(ctx context.Context, consumer, messageID string) (bool, error) {
	return r.db.NewSelect().Model((*domain.ProcessedMessage)(nil)).
		Where("consumer = ? AND message_id = ?", consumer, messageID).
		Exists(ctx)
}

func (r *inboxRepo) Mark(ctx context.Context, consumer, messageID string) error {
	_, err := r.db.NewInsert().
		Model(&domain.ProcessedMessage{Consumer: consumer, MessageID: messageID}).
		On("CONFLICT (consumer, message_id) DO NOTHING").
		Exec(ctx)
	return err
}
