// Package events publishes and consumes marketplace events on a Redis
// stream.
package events

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/redis/go-redis/v9"

	"github.com/gearloop/rentals/internal/config"
	"github.com/gearloop/rentals/internal/domain"
)

// Publisher appends events to the marketplace stream.
type Publisher interface {
	Publish(ctx context.Context, ev domain.Event) error
}

type streamPublisher struct {
	rdb    *redis.Client
	stream string
}

// NewPublisher returns a Publisher writing to cfg.EventsStream.
func NewPublisher(rdb *redis.Client, cfg *config.Config) Publisher {
	return &streamPublisher{rdb: rdb, stream: cfg.EventsStream}
}

func (p *streamPublisher) Publish(ctx context.Context, ev domain.Event) error {
	attrs, err := json.Marshal(ev.Attrs)
	if err != nil {
		return fmt.Errorf("encode event attrs: %w", err)
	}
	err = p.rdb.XAdd(ctx, &redis.XAddArgs{
		Stream: p.stream,
		MaxLen: 1_000_000,
		Approx: true,
		Values: map[string]any{
			"event_id":    ev.ID,
			"type":        ev.Type,
			"occurred_at": ev.OccurredAt.Format("2006-01-02T15:04:05.000000Z07:00"),
			"attrs":       string(attrs),
		},
	}).Err()
	if err != nil {
		return fmt.Errorf("xadd %s: %w", ev.Type, err)
	}
	return nil
}
