// Package events defines the event types exchanged over the Redis stream and
// the publisher used by the API and the worker.
package events

import (
	"context"
	"fmt"

	"github.com/redis/go-redis/v9"

	"github.com/sendhome/remit/internal/config"
)

const (
	TransferFunded         = "transfer.funded"
	TransferCleared        = "transfer.cleared"
	TransferCancelled      = "transfer.cancelled"
	TransferRefunded       = "transfer.refunded"
	PayoutDispatch         = "payout.dispatch"
	PayoutCompleted        = "payout.completed"
	PickupReady            = "pickup.ready"
	SettlementFileReceived = "settlement.file_received"
)

// Fields is the flat field map carried by a stream entry.
type Fields map[string]string

// Publisher appends events to the stream.
type Publisher interface {
	Publish(ctx context.Context, eventType string, f Fields) (string, error)
}

type streamPublisher struct {
	rdb    *redis.Client
	stream string
	maxLen int64
}

func NewPublisher(rdb *redis.Client, cfg *config.Config) Publisher {
	return &streamPublisher{rdb: rdb, stream: cfg.EventsStream, maxLen: 1_000_000}
}

func (p *streamPublisher) Publish(ctx context.Context, eventType string, f Fields) (string, error) {
	values := make(map[string]any, len(f)+1)
	for k, v := range f {
		values[k] = v
	}
	values["type"] = eventType
	id, err := p.rdb.XAdd(ctx, &redis.XAddArgs{
		Stream: p.stream,
		MaxLen: p.maxLen,
		Approx: true,
		Values: values,
	}).Result()
	if err != nil {
		return "", fmt.Errorf("events: publish %s: %w", eventType, err)
	}
	return id, nil
}
