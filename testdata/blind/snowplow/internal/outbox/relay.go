// Package outbox relays rows written to the outbox table onto JetStream.
package outbox

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/driftline-services/snowplow/internal/domain"
)

// Store reads and acknowledges outbox rows.
type Store interface {
	Pending(ctx context.Context, limit int) ([]domain.OutboxMessage, error)
	MarkPublished(ctx context.Context, ids []uuid.UUID) error
}

// Publisher is the slice of jetstream.JetStream the relay uses.
type Publisher interface {
	Publish(ctx context.Context, subject string, payload []byte, opts ...jetstream.PublishOpt) (*jetstream.PubAck, error)
}

// Relay moves pending outbox rows to JetStream in batches.
type Relay struct {
	store     Store
	pub       Publisher
	batchSize int
	log       *slog.Logger
}

// Option configures a Relay.
type Option func(*Relay)

// WithLogger sets the logger.
func WithLogger(l *slog.Logger) Option { return func(r *Relay) { r.log = l } }

// NewRelay returns a Relay.
func NewRelay(store Store, pub Publisher, opts ...Option) *Relay {
	r := &Relay{store: store, pub: pub, batchSize: 200, log: slog.Default()}
	for _, o := range opts {
		o(r)
	}
	return r
}

// Drain publishes one batch and returns how many rows it relayed.
func (r *Relay) Drain(ctx context.Context) (int, error) {
	msgs, err := r.store.Pending(ctx, r.batchSize)
	if err != nil {
		return 0, err
	}
	if len(msgs) == 0 {
		return 0, nil
	}
	done := make([]uuid.UUID, 0, len(msgs))
	for _, m := range msgs {
		if _, err := r.pub.Publish(ctx, m.Subject, m.Payload, jetstream.WithMsgID(uuid.NewString())); err != nil {
			// Keep what already went out so the next pass starts after it.
			if markErr := r.store.MarkPublished(ctx, done); markErr != nil {
				r.log.ErrorContext(ctx, "outbox mark", "err", markErr)
			}
			return len(done), fmt.Errorf("publish %s: %w", m.Subject, err)
		}
		done = append(done, m.ID)
	}
	return len(done), r.store.MarkPublished(ctx, done)
}
