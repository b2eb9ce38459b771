// Package consumer runs the Kafka consumer groups. Each topic gets its own
// reader in the service's consumer group; a message's offset is committed
// only after its handler returns nil, so a failed or interrupted message is
// delivered again.
package consumer

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/segmentio/kafka-go"

	"github.com/harbourline-systems/pilotage/internal/config"
)

// Handler processes one message. Returning an error leaves the offset
// uncommitted.
type Handler func(ctx context.Context, msg kafka.Message) error

// Handlers maps topic to handler.
type Handlers map[string]Handler

type Runner struct {
	brokers  []string
	groupID  string
	handlers Handlers
	log      *slog.Logger

	cancel context.CancelFunc
	wg     sync.WaitGroup
}

func NewRunner(cfg config.Config, handlers Handlers, log *slog.Logger) *Runner {
	return &Runner{
		brokers:  cfg.KafkaBrokers,
		groupID:  cfg.KafkaGroupID,
		handlers: handlers,
		log:      log.With("component", "consumer"),
	}
}

func (r *Runner) Start(context.Context) error {
	ctx, cancel := context.WithCancel(context.Background())
	r.cancel = cancel
	for topic, h := range r.handlers {
		r.wg.Add(1)
		go func() {
			defer r.wg.Done()
			r.consume(ctx, topic, h)
		}()
	}
	return nil
}

func (r *Runner) Stop(context.Context) error {
	if r.cancel != nil {
		r.cancel()
	}
	r.wg.Wait()
	return nil
}

// consume keeps a reader running for topic. When a handler fails the
// reader is closed and reopened, which rewinds the partition to the last
// committed offset.
func (r *Runner) consume(ctx context.Context, topic string, h Handler) {
	backoff := time.Second
	for ctx.Err() == nil {
		reader := kafka.NewReader(kafka.ReaderConfig{
			Brokers:        r.brokers,
			GroupID:        r.groupID,
			Topic:          topic,
			MinBytes:       1,
			MaxBytes:       10 << 20,
			MaxWait:        500 * time.Millisecond,
			CommitInterval: 0, // synchronous commits
			StartOffset:    kafka.FirstOffset,
		})
		err := r.drain(ctx, reader, h)
		_ = reader.Close()
		if err == nil || errors.Is(err, context.Canceled) {
			return
		}
		r.log.Error("consumer stopped, restarting", "topic", topic, "err", err, "backoff", backoff)
		select {
		case <-ctx.Done():
			return
		case <-time.After(backoff):
		}
		backoff = min(backoff*2, time.Minute)
	}
}

func (r *Runner) drain(ctx context.Context, reader *kafka.Reader, h Handler) error {
	for {
		msg, err := reader.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := h(ctx, msg); err != nil {
			return err
		}
		if err := reader.CommitMessages(ctx, msg); err != nil {
			return err
		}
	}
}
