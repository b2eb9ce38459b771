// Package kafka carries internal domain events over Kafka with sarama.
package kafka

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/IBM/sarama"

	"github.com/ironbridge-leasing/railcars/internal/domain"
)

// HandlerFunc handles one domain event.
type HandlerFunc func(ctx context.Context, e domain.Event) error

// Middleware wraps a handler.
type Middleware func(HandlerFunc) HandlerFunc

// Router dispatches events to handlers by type.
type Router struct {
	handlers map[string]HandlerFunc
	mw       []Middleware
	log      *slog.Logger
}

// NewRouter returns an empty router.
func NewRouter(log *slog.Logger) *Router {
	return &Router{handlers: map[string]HandlerFunc{}, log: log}
}

// Use adds middleware applied to every handler registered afterwards.
func (r *Router) Use(mw ...Middleware) { r.mw = append(r.mw, mw...) }

// Handle registers h for an event type.
func (r *Router) Handle(eventType string, h HandlerFunc) {
	for i := len(r.mw) - 1; i >= 0; i-- {
		h = r.mw[i](h)
	}
	r.handlers[eventType] = h
}

// Dispatch runs the handler for e. Unknown types are skipped.
func (r *Router) Dispatch(ctx context.Context, e domain.Event) error {
	h, ok := r.handlers[e.Type]
	if !ok {
		return nil
	}
	return h(ctx, e)
}

// Retry retries a failing handler in-process with exponential backoff.
func Retry(attempts int, base time.Duration) Middleware {
	return func(next HandlerFunc) HandlerFunc {
		return func(ctx context.Context, e domain.Event) error {
			var err error
			delay := base
			for i := 0; i < attempts; i++ {
				if err = next(ctx, e); err == nil {
					return nil
				}
				select {
				case <-ctx.Done():
					return ctx.Err()
				case <-time.After(delay):
				}
				delay *= 2
			}
			return err
		}
	}
}

// Logging logs each event's outcome.
func Logging(log *slog.Logger) Middleware {
	return func(next HandlerFunc) HandlerFunc {
		return func(ctx context.Context, e domain.Event) error {
			start := time.Now()
			err := next(ctx, e)
			log.InfoContext(ctx, "event handled", "type", e.Type, "id", e.ID,
				"aggregate", e.AggregateID, "took", time.Since(start), "err", err)
			return err
		}
	}
}

// groupHandler adapts a Router to sarama.ConsumerGroupHandler. An event whose
// handler still fails after the router's retries ends the session without
// marking the offset, so the partition is consumed again from that event.
type groupHandler struct {
	router *Router
	log    *slog.Logger
}

func (groupHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (groupHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (g groupHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		var e domain.Event
		if err := json.Unmarshal(msg.Value, &e); err != nil {
			g.log.Error("undecodable event; skipping", "topic", msg.Topic, "offset", msg.Offset, "err", err)
			sess.MarkMessage(msg, "")
			continue
		}
		e.Key = string(msg.Key)
		if err := g.router.Dispatch(sess.Context(), e); err != nil {
			return fmt.Errorf("event %s (%s) at offset %d: %w", e.ID, e.Type, msg.Offset, err)
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

// Consume joins the consumer group and runs until ctx is cancelled.
func Consume(ctx context.Context, group sarama.ConsumerGroup, topics []string, r *Router, log *slog.Logger) error {
	h := groupHandler{router: r, log: log}
	for {
		if err := group.Consume(ctx, topics, h); err != nil {
			if errors.Is(err, sarama.ErrClosedConsumerGroup) {
				return nil
			}
			log.Error("consumer group session ended", "err", err)
			time.Sleep(time.Second)
		}
		if ctx.Err() != nil {
			return nil
		}
	}
}

// Producer publishes domain events.
type Producer struct {
	sp sarama.SyncProducer
}

// NewProducer wraps a sync producer.
func NewProducer(sp sarama.SyncProducer) *Producer { return &Producer{sp: sp} }

// Publish sends e to topic keyed by its aggregate.
func (p *Producer) Publish(_ context.Context, topic string, e domain.Event) error {
	raw, err := json.Marshal(e)
	if err != nil {
		return err
	}
	_, _, err = p.sp.SendMessage(&sarama.ProducerMessage{
		Topic: topic,
		Key:   sarama.StringEncoder(e.AggregateID),
		Value: sarama.ByteEncoder(raw),
		Headers: []sarama.RecordHeader{
			{Key: []byte("event-id"), Value: []byte(e.ID)},
			{Key: []byte("event-type"), Value: []byte(e.Type)},
		},
	})
	return err
}

// Close closes the producer.
func (p *Producer) Close() error { return p.sp.Close() }

// Config returns the sarama config used by the services.
func Config(clientID string) *sarama.Config {
	cfg := sarama.NewConfig()
	cfg.ClientID = clientID
	cfg.Version = sarama.V3_6_0_0
	cfg.Producer.RequiredAcks = sarama.WaitForAll
	cfg.Producer.Idempotent = true
	cfg.Producer.Return.Successes = true
	cfg.Net.MaxOpenRequests = 1
	cfg.Consumer.Offsets.Initial = sarama.OffsetOldest
	cfg.Consumer.Offsets.AutoCommit.Enable = true
	cfg.Consumer.Group.Rebalance.GroupStrategies = []sarama.BalanceStrategy{sarama.NewBalanceStrategySticky()}
	return cfg
}
