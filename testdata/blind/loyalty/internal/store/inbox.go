package store

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tidewater/loyalty/internal/db"
)

// Inbox records which queue messages a consumer has already handled.
type Inbox struct {
	q db.Querier
}

func NewInbox(pool *pgxpool.Pool) *Inbox {
	return &Inbox{q: db.New(pool)}
}

func (r *Inbox) Seen(ctx context.Context, consumer, messageID string) (bool, error) {
	return r.q.MessageProcessed(ctx, db.MessageProcessedParams{Consumer: consumer, MessageID: messageID})
}

func (r *Inbox) MarkProcessed(ctx context.Context, consumer, messageID string) error {
	_, err := r.q.InsertProcessedMessage(ctx, db.InsertProcessedMessageParams{Consumer: consumer, MessageID: messageID})
	return err
}
