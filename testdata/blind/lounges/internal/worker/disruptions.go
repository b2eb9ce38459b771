package worker

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"time"

	"github.com/segmentio/kafka-go"

	"github.com/aerolounge/loungepass/internal/service"
)

// DisruptionConsumer reads flight disruption notices from airline ops and
// extends day passes booked on delayed flights.
type DisruptionConsumer struct {
	reader *kafka.Reader
	passes service.DayPassService
	log    *slog.Logger
}

func NewDisruptionConsumer(brokers []string, topic, group string, passes service.DayPassService, log *slog.Logger) *DisruptionConsumer {
	return &DisruptionConsumer{
		reader: kafka.NewReader(kafka.ReaderConfig{
			Brokers:        brokers,
			Topic:          topic,
			GroupID:        group,
			MinBytes:       1,
			MaxBytes:       1 << 20,
			CommitInterval: 0, // commit synchronously after each message
		}),
		passes: passes,
		log:    log,
	}
}

// Run consumes until ctx is cancelled. Offsets are committed after the
// update, so a crash replays the last message.
func (c *DisruptionConsumer) Run(ctx context.Context) error {
	defer c.reader.Close()
	for {
		msg, err := c.reader.FetchMessage(ctx)
		if err != nil {
			if errors.Is(err, context.Canceled) {
				return nil
			}
			return err
		}
		// Retry the same message until it applies; moving on would commit
		// past it.
		for backoff := time.Second; ; backoff = min(2*backoff, time.Minute) {
			err := c.handle(ctx, msg)
			if err == nil {
				break
			}
			c.log.ErrorContext(ctx, "disruption not applied", "offset", msg.Offset, "err", err)
			select {
			case <-ctx.Done():
				return nil
			case <-time.After(backoff):
			}
		}
		if err := c.reader.CommitMessages(ctx, msg); err != nil {
			return err
		}
	}
}

func (c *DisruptionConsumer) handle(ctx context.Context, msg kafka.Message) error {
	var d service.FlightDisruption
	if err := json.Unmarshal(msg.Value, &d); err != nil {
		c.log.WarnContext(ctx, "skipping malformed disruption", "offset", msg.Offset, "err", err)
		return nil
	}
	n, err := c.passes.ApplyDisruption(ctx, d)
	if err != nil {
		return err
	}
	if n > 0 {
		c.log.InfoContext(ctx, "day passes extended", "flight", d.FlightNumber, "date", d.FlightDate, "passes", n)
	}
	return nil
}
