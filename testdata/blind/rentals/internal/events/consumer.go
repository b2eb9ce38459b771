package events

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/gearloop/rentals/internal/config"
	"github.com/gearloop/rentals/internal/domain"
)

// Delivery is one stream entry handed to a handler. The same event can be
// delivered more than once: entries left unacknowledged are claimed again by
// a consumer after ReclaimAfter, and publishers may append the same event
// twice.
type Delivery struct {
	StreamID string
	Event    domain.Event
}

// Handler handles one event. Returning an error leaves the entry pending.
type Handler func(ctx context.Context, d Delivery) error

// Routes maps event types to handlers.
type Routes map[string]Handler

// Consumer runs the XREADGROUP loop for one consumer in the group.
type Consumer struct {
	rdb          *redis.Client
	stream       string
	group        string
	name         string
	routes       Routes
	log          *slog.Logger
	ReclaimAfter time.Duration
	BatchSize    int64
}

// NewConsumer builds a consumer for the configured stream and group.
func NewConsumer(rdb *redis.Client, cfg *config.Config, routes Routes, log *slog.Logger) *Consumer {
	return &Consumer{
		rdb:          rdb,
		stream:       cfg.EventsStream,
		group:        cfg.EventsGroup,
		name:         cfg.EventsConsumer,
		routes:       routes,
		log:          log.With("component", "events", "consumer", cfg.EventsConsumer),
		ReclaimAfter: 2 * time.Minute,
		BatchSize:    32,
	}
}

// Run consumes until ctx is cancelled.
func (c *Consumer) Run(ctx context.Context) error {
	err := c.rdb.XGroupCreateMkStream(ctx, c.stream, c.group, "0").Err()
	if err != nil && !strings.Contains(err.Error(), "BUSYGROUP") {
		return fmt.Errorf("create consumer group: %w", err)
	}

	reclaimTick := time.NewTicker(c.ReclaimAfter / 2)
	defer reclaimTick.Stop()

	for {
		select {
		case <-ctx.Done():
			return nil
		case <-reclaimTick.C:
			c.reclaim(ctx)
		default:
		}

		streams, err := c.rdb.XReadGroup(ctx, &redis.XReadGroupArgs{
			Group:    c.group,
			Consumer: c.name,
			Streams:  []string{c.stream, ">"},
			Count:    c.BatchSize,
			Block:    5 * time.Second,
		}).Result()
		if errors.Is(err, redis.Nil) {
			continue
		}
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			c.log.Error("xreadgroup failed", "err", err)
			time.Sleep(time.Second)
			continue
		}
		for _, s := range streams {
			for _, msg := range s.Messages {
				c.handle(ctx, msg)
			}
		}
	}
}

// reclaim takes over entries that another consumer (or an earlier attempt
// of this one) read but never acknowledged, and handles them again.
func (c *Consumer) reclaim(ctx context.Context) {
	start := "0-0"
	for {
		msgs, next, err := c.rdb.XAutoClaim(ctx, &redis.XAutoClaimArgs{
			Stream:   c.stream,
			Group:    c.group,
			Consumer: c.name,
			MinIdle:  c.ReclaimAfter,
			Start:    start,
			Count:    c.BatchSize,
		}).Result()
		if err != nil {
			c.log.Warn("xautoclaim failed", "err", err)
			return
		}
		for _, msg := range msgs {
			c.handle(ctx, msg)
		}
		if next == "0-0" || len(msgs) == 0 {
			return
		}
		start = next
	}
}

func (c *Consumer) handle(ctx context.Context, msg redis.XMessage) {
	d, err := decode(msg)
	if err != nil {
		c.log.Error("dropping malformed entry", "stream_id", msg.ID, "err", err)
		c.ack(ctx, msg.ID)
		return
	}
	h, ok := c.routes[d.Event.Type]
	if !ok {
		c.ack(ctx, msg.ID)
		return
	}
	log := c.log.With("stream_id", msg.ID, "event_id", d.Event.ID, "type", d.Event.Type)
	if err := h(ctx, d); err != nil {
		log.Error("event handler failed; leaving pending", "err", err)
		return
	}
	c.ack(ctx, msg.ID)
}

func (c *Consumer) ack(ctx context.Context, id string) {
	if err := c.rdb.XAck(ctx, c.stream, c.group, id).Err(); err != nil {
		c.log.Warn("xack failed", "stream_id", id, "err", err)
	}
}

func decode(msg redis.XMessage) (Delivery, error) {
	str := func(k string) string {
		v, _ := msg.Values[k].(string)
		return v
	}
	ev := domain.Event{ID: str("event_id"), Type: str("type")}
	if ev.ID == "" || ev.Type == "" {
		return Delivery{}, errors.New("missing event_id or type")
	}
	if ts := str("occurred_at"); ts != "" {
		t, err := time.Parse(time.RFC3339Nano, ts)
		if err != nil {
			return Delivery{}, fmt.Errorf("occurred_at: %w", err)
		}
		ev.OccurredAt = t
	}
	if a := str("attrs"); a != "" {
		if err := json.Unmarshal([]byte(a), &ev.Attrs); err != nil {
			return Delivery{}, fmt.Errorf("attrs: %w", err)
		}
	}
	return Delivery{StreamID: msg.ID, Event: ev}, nil
}

// SkipSeen decorates h so that an event ID already handled within ttl is
// acknowledged without running h again.
func SkipSeen(rdb *redis.Client, ttl time.Duration, h Handler) Handler {
	return func(ctx context.Context, d Delivery) error {
		fresh, err := rdb.SetNX(ctx, "events:seen:"+d.Event.ID, d.StreamID, ttl).Result()
		if err != nil {
			return fmt.Errorf("dedup check: %w", err)
		}
		if !fresh {
			return nil
		}
		return h(ctx, d)
	}
}
