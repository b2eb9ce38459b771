// Package consumer runs the message loops: the Kafka telemetry consumer and
// the SQS billing-events consumer. Business logic sits behind the
// interfaces declared here.
package consumer

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/segmentio/kafka-go"

	"github.com/drivewise/carsub/internal/config"
	"github.com/drivewise/carsub/internal/platform/retry"
	"github.com/drivewise/carsub/internal/service"
)

// EventHandler processes one telemetry message value.
type EventHandler interface {
	HandleEvent(ctx context.Context, value []byte) error
}

// TelemetryConsumer reads the telemetry topic in a consumer group and
// commits each offset after its message was handled.
type TelemetryConsumer struct {
	reader  *kafka.Reader
	handler EventHandler
	log     *slog.Logger
}

func NewTelemetryConsumer(cfg *config.Config, handler EventHandler, log *slog.Logger) *TelemetryConsumer {
	reader := kafka.NewReader(kafka.ReaderConfig{
		Brokers:        cfg.Kafka.Brokers,
		GroupID:        cfg.Kafka.GroupID,
		Topic:          cfg.Kafka.Topic,
		MinBytes:       1,
		MaxBytes:       10 << 20,
		MaxWait:        500 * time.Millisecond,
		CommitInterval: 0,
		StartOffset:    kafka.FirstOffset,
	})
	return &TelemetryConsumer{reader: reader, handler: handler, log: log.With("component", "telemetry-consumer")}
}

// Run consumes until ctx is cancelled. A message that keeps failing stops
// the loop without committing, so it is read again after restart.
func (c *TelemetryConsumer) Run(ctx context.Context) error {
	for {
		msg, err := c.reader.FetchMessage(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return err
		}
		log := c.log.With("partition", msg.Partition, "offset", msg.Offset, "key", string(msg.Key))

		err = retry.Do(ctx, retry.Handlers, log, "telemetry.handle", func() error {
			return c.handler.HandleEvent(ctx, msg.Value)
		})
		switch {
		case errors.Is(err, service.ErrPoisonMessage):
			log.Error("dropping undecodable telemetry message", "err", err)
		case err != nil:
			log.Error("telemetry message failed", "err", err)
			return err
		}
		if err := c.reader.CommitMessages(ctx, msg); err != nil {
			return err
		}
	}
}

func (c *TelemetryConsumer) Close() error {
	return c.reader.Close()
}
