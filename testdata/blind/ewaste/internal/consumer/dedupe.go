package consumer

import (
	"context"
	"log/slog"

	"github.com/circuitback/buyback/internal/platform/database"
)

type processedStore interface {
	Claim(ctx context.Context, consumer, messageID string) (bool, error)
}

// Deduper suppresses repeat deliveries by recording handled message ids in
// processed_messages.
type Deduper struct {
	tx        database.Transactor
	processed processedStore
}

func NewDeduper(tx database.Transactor, processed processedStore) *Deduper {
	return &Deduper{tx: tx, processed: processed}
}

// Once claims messageID for consumer and runs fn if the claim is new.
func (d *Deduper) Once(ctx context.Context, consumer, messageID string, fn func(ctx context.Context) error) error {
	claimed, err := d.processed.Claim(ctx, consumer, messageID)
	if err != nil {
		return err
	}
	if !claimed {
		slog.InfoContext(ctx, "skipping already-processed message", "consumer", consumer, "message_id", messageID)
		return nil
	}
	return fn(ctx)
}

// Within runs fn on a transaction that also claims messageID, so the claim
// commits only if fn's writes do.
func (d *Deduper) Within(ctx context.Context, consumer, messageID string, fn func(ctx context.Context) error) error {
	return d.tx.WithinTx(ctx, func(ctx context.Context) error {
		claimed, err := d.processed.Claim(ctx, consumer, messageID)
		if err != nil {
			return err
		}
		if !claimed {
			slog.InfoContext(ctx, "skipping already-processed message", "consumer", consumer, "message_id", messageID)
			return nil
		}
		return fn(ctx)
	})
}
