// Package inbox records which broker messages a consumer has already
// processed.
package inbox

import (
	"context"
	"fmt"

	"github.com/ThreeDotsLabs/watermill/message"

	"github.com/spokechain/courierpay/internal/db"
)

// Store reads and writes processed_messages.
type Store struct {
	q *db.Queries
}

// NewStore returns a Store on the given queries.
func NewStore(q *db.Queries) *Store {
	return &Store{q: q}
}

// Seen reports whether consumer already processed messageID.
func (s *Store) Seen(ctx context.Context, consumer, messageID string) (bool, error) {
	return s.q.MessageProcessed(ctx, db.MessageProcessedParams{Consumer: consumer, MessageID: messageID})
}

// Mark records that consumer processed messageID.
func (s *Store) Mark(ctx context.Context, consumer, messageID string) error {
	return s.q.MarkMessageProcessed(ctx, db.MarkMessageProcessedParams{Consumer: consumer, MessageID: messageID})
}

// Middleware skips messages the consumer has already processed and records
// each message once its handler has succeeded. Use it for handlers whose
// writes have no natural key of their own.
func Middleware(store *Store, consumer string) message.HandlerMiddleware {
	return func(h message.HandlerFunc) message.HandlerFunc {
		return func(msg *message.Message) ([]*message.Message, error) {
			ctx := msg.Context()
			seen, err := store.Seen(ctx, consumer, msg.UUID)
			if err != nil {
				return nil, fmt.Errorf("inbox: lookup %s: %w", msg.UUID, err)
			}
			if seen {
				return nil, nil
			}
			out, err := h(msg)
			if err != nil {
				return nil, err
			}
			if err := store.Mark(ctx, consumer, msg.UUID); err != nil {
				return nil, fmt.Errorf("inbox: mark %s: %w", msg.UUID, err)
			}
			return out, nil
		}
	}
}

// Claim records messageID for consumer on q, which is expected to be the
// transaction that also carries the handler's writes. It returns false when
// the message was processed before.
func Claim(ctx context.Context, q *db.Queries, consumer, messageID string) (bool, error) {
	n, err := q.ClaimMessage(ctx, db.ClaimMessageParams{Consumer: consumer, MessageID: messageID})
	if err != nil {
		return false, fmt.Errorf("inbox: claim %s: %w", messageID, err)
	}
	return n == 1, nil
}
