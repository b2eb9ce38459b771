// Package amqpx consumes carrier feeds from RabbitMQ with manual acks.
package amqpx

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	amqp "github.com/rabbitmq/amqp091-go"

	"github.com/acme/freight/internal/app/tracking"
)

// ErrPoison marks a message that can never be processed; it is rejected
// without requeue (and dead-lettered by the queue policy).
var ErrPoison = errors.New("poison message")

// Handler processes one delivery. Returning nil acks it; any other error
// nacks it with requeue, so the broker redelivers it.
type Handler func(ctx context.Context, d amqp.Delivery) error

type Consumer struct {
	conn     *amqp.Connection
	queue    string
	tag      string
	prefetch int
	handle   Handler
}

func NewConsumer(conn *amqp.Connection, queue string, prefetch int, h Handler) *Consumer {
	return &Consumer{conn: conn, queue: queue, tag: "freightd-" + queue, prefetch: prefetch, handle: h}
}

// Run consumes until ctx is cancelled or the channel closes.
func (c *Consumer) Run(ctx context.Context) error {
	ch, err := c.conn.Channel()
	if err != nil {
		return fmt.Errorf("amqp channel: %w", err)
	}
	defer ch.Close()
	if err := ch.Qos(c.prefetch, 0, false); err != nil {
		return fmt.Errorf("amqp qos: %w", err)
	}
	deliveries, err := ch.ConsumeWithContext(ctx, c.queue, c.tag, false, false, false, false, nil)
	if err != nil {
		return fmt.Errorf("amqp consume %s: %w", c.queue, err)
	}
	slog.Info("amqp consumer started", "queue", c.queue)
	for {
		select {
		case <-ctx.Done():
			return nil
		case d, ok := <-deliveries:
			if !ok {
				return fmt.Errorf("amqp: delivery channel for %s closed", c.queue)
			}
			c.dispatch(ctx, d)
		}
	}
}

func (c *Consumer) dispatch(ctx context.Context, d amqp.Delivery) {
	hctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	err := c.handle(hctx, d)
	switch {
	case err == nil:
		if ackErr := d.Ack(false); ackErr != nil {
			slog.Error("amqp ack", "queue", c.queue, "err", ackErr)
		}
	case errors.Is(err, ErrPoison):
		slog.Error("amqp poison message", "queue", c.queue, "message_id", d.MessageId, "err", err)
		_ = d.Reject(false)
	default:
		slog.Warn("amqp handler failed; requeueing", "queue", c.queue, "message_id", d.MessageId, "err", err)
		_ = d.Nack(false, true)
	}
}

type TrackingService interface {
	ApplyStatusUpdate(ctx context.Context, carrier string, u tracking.StatusUpdate) error
	RecordException(ctx context.Context, carrier string, e tracking.ExceptionEvent) error
	RecordProofOfDelivery(ctx context.Context, messageID string, m tracking.PODMessage) error
}

func decode[T any](d amqp.Delivery) (T, error) {
	var v T
	if err := json.Unmarshal(d.Body, &v); err != nil {
		return v, fmt.Errorf("%w: %v", ErrPoison, err)
	}
	return v, nil
}

func carrierOf(d amqp.Delivery, fallback string) string {
	if c, ok := d.Headers["x-carrier"].(string); ok && c != "" {
		return c
	}
	return fallback
}

// StatusHandler consumes carrier.status (ParcelCo scan events).
func StatusHandler(svc TrackingService) Handler {
	return func(ctx context.Context, d amqp.Delivery) error {
		u, err := decode[tracking.StatusUpdate](d)
		if err != nil {
			return err
		}
		if u.EventID == "" || u.TrackingNumber == "" {
			return fmt.Errorf("%w: event_id and tracking_number are required", ErrPoison)
		}
		return svc.ApplyStatusUpdate(ctx, carrierOf(d, "parcelco"), u)
	}
}

// ExceptionHandler consumes carrier.exceptions (SwiftFreight exceptions).
func ExceptionHandler(svc TrackingService) Handler {
	return func(ctx context.Context, d amqp.Delivery) error {
		e, err := decode[tracking.ExceptionEvent](d)
		if err != nil {
			return err
		}
		if e.EventID == "" {
			return fmt.Errorf("%w: event_id is required", ErrPoison)
		}
		return svc.RecordException(ctx, carrierOf(d, "swiftfreight"), e)
	}
}

// PODHandler consumes carrier.pod (proof-of-delivery documents).
func PODHandler(svc TrackingService) Handler {
	return func(ctx context.Context, d amqp.Delivery) error {
		if d.MessageId == "" {
			return fmt.Errorf("%w: message_id property is required", ErrPoison)
		}
		m, err := decode[tracking.PODMessage](d)
		if err != nil {
			return err
		}
		return svc.RecordProofOfDelivery(ctx, d.MessageId, m)
	}
}
