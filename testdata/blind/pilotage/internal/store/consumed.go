package store

import (
	"context"

	"github.com/harbourline-systems/pilotage/internal/db"
)

// ConsumedMessages records which messages a consumer has handled.
type ConsumedMessages struct {
	q *db.Queries
}

func NewConsumedMessages(q *db.Queries) *ConsumedMessages {
	return &ConsumedMessages{q: q}
}

func (c *ConsumedMessages) Seen(ctx context.Context, consumer, key string) (bool, error) {
	return c.q.ConsumedMessageExists(ctx, db.ConsumedMessageExistsParams{Consumer: consumer, MessageKey: key})
}

func (c *ConsumedMessages) Mark(ctx context.Context, consumer, key string) error {
	return c.q.InsertConsumedMessage(ctx, db.InsertConsumedMessageParams{Consumer: consumer, MessageKey: key})
}
