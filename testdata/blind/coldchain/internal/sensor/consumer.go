// Package sensor consumes reefer sensor readings from Kafka and applies
// them to shipments: temperature and humidity history, positions, door
// openings and seal breaches.
package sensor

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/segmentio/kafka-go"
)

// ReadingType is the "type" discriminator of a sensor message.
type ReadingType string

const (
	TypeTemperature ReadingType = "temperature"
	TypeHumidity    ReadingType = "humidity"
	TypeGPS         ReadingType = "gps"
	TypeDoor        ReadingType = "door"
	TypeSeal        ReadingType = "seal"
)

// Reading is the envelope published by the telematics gateway. Only the
// fields relevant to Type are populated.
type Reading struct {
	EventID     string      `json:"event_id"`
	Type        ReadingType `json:"type"`
	DeviceID    string      `json:"device_id"`
	Seq         int64       `json:"seq"`
	RecordedAt  time.Time   `json:"recorded_at"`
	Celsius     float64     `json:"celsius,omitempty"`
	RelativePct float64     `json:"relative_pct,omitempty"`
	Lat         float64     `json:"lat,omitempty"`
	Lon         float64     `json:"lon,omitempty"`
	DoorState   string      `json:"door_state,omitempty"`
	SealID      string      `json:"seal_id,omitempty"`
}

// Decode parses a Kafka message value.
func Decode(msg kafka.Message) (Reading, error) {
	var r Reading
	if err := json.Unmarshal(msg.Value, &r); err != nil {
		return Reading{}, fmt.Errorf("decode reading: %w", err)
	}
	if r.Type == "" || r.DeviceID == "" {
		return Reading{}, fmt.Errorf("decode reading: type and device_id are required")
	}
	return r, nil
}

// messageID returns the gateway's message id header, falling back to the
// message's position in the log.
func messageID(msg kafka.Message) string {
	for _, h := range msg.Headers {
		if h.Key == "message-id" && len(h.Value) > 0 {
			return string(h.Value)
		}
	}
	return fmt.Sprintf("%s/%d/%d", msg.Topic, msg.Partition, msg.Offset)
}

// Middleware decorates a HandlerFunc.
type Middleware func(HandlerFunc) HandlerFunc

// WithRetry re-runs a failing handler a few times before giving up, to ride
// out short database blips without stopping the partition.
func WithRetry(attempts int, backoff time.Duration) Middleware {
	return func(next HandlerFunc) HandlerFunc {
		return func(ctx context.Context, msg kafka.Message, r Reading) error {
			var err error
			for i := 0; i < attempts; i++ {
				if i > 0 {
					select {
					case <-ctx.Done():
						return ctx.Err()
					case <-time.After(backoff * time.Duration(i)):
					}
				}
				if err = next(ctx, msg, r); err == nil {
					return nil
				}
			}
			return err
		}
	}
}

// WithLogging logs handler failures with the message coordinates.
func WithLogging(log *slog.Logger) Middleware {
	return func(next HandlerFunc) HandlerFunc {
		return func(ctx context.Context, msg kafka.Message, r Reading) error {
			start := time.Now()
			err := next(ctx, msg, r)
			if err != nil {
				log.Error("sensor handler failed",
					"type", r.Type, "device_id", r.DeviceID,
					"partition", msg.Partition, "offset", msg.Offset,
					"elapsed", time.Since(start), "err", err)
			}
			return err
		}
	}
}

// MessageReader is the part of *kafka.Reader the consumer uses.
type MessageReader interface {
	FetchMessage(ctx context.Context) (kafka.Message, error)
	CommitMessages(ctx context.Context, msgs ...kafka.Message) error
	Close() error
}

// Consumer reads sensor messages and dispatches them by reading type.
// Offsets are committed only after the handler succeeds, so a crash or a
// handler error leads to redelivery from the last committed offset.
type Consumer struct {
	reader   MessageReader
	handlers map[ReadingType]HandlerFunc
	log      *slog.Logger
}

// NewConsumer builds a Consumer; every handler in table is wrapped with mw
// (outermost first).
func NewConsumer(reader MessageReader, table map[ReadingType]HandlerFunc, log *slog.Logger, mw ...Middleware) *Consumer {
	wrapped := make(map[ReadingType]HandlerFunc, len(table))
	for t, h := range table {
		for i := len(mw) - 1; i >= 0; i-- {
			h = mw[i](h)
		}
		wrapped[t] = h
	}
	return &Consumer{reader: reader, handlers: wrapped, log: log}
}

// Run consumes until ctx is cancelled or a handler fails permanently.
func (c *Consumer) Run(ctx context.Context) error {
	for {
		msg, err := c.reader.FetchMessage(ctx)
		if err != nil {
			if errors.Is(err, context.Canceled) || ctx.Err() != nil {
				return nil
			}
			return fmt.Errorf("fetch: %w", err)
		}
		if err := c.dispatch(ctx, msg); err != nil {
			return fmt.Errorf("partition %d offset %d: %w", msg.Partition, msg.Offset, err)
		}
		if err := c.reader.CommitMessages(ctx, msg); err != nil {
			return fmt.Errorf("commit: %w", err)
		}
	}
}

func (c *Consumer) dispatch(ctx context.Context, msg kafka.Message) error {
	r, err := Decode(msg)
	if err != nil {
		c.log.Warn("dropping undecodable sensor message", "partition", msg.Partition, "offset", msg.Offset, "err", err)
		return nil
	}
	h, ok := c.handlers[r.Type]
	if !ok {
		c.log.Debug("no handler for reading type", "type", r.Type)
		return nil
	}
	return h(ctx, msg, r)
}
