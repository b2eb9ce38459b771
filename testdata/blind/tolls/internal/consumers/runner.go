// Package consumers runs the Kafka consumer groups of the tolling pipeline.
//
// Each binding has its own consumer group. A message's offset is committed
// only after its handler succeeds; transient failures are retried in place
// with backoff, so a partition does not advance past a failing message.
// Messages that can never succeed (undecodable, invalid) are logged and
// skipped.
package consumers

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
	"time"

	"github.com/cenkalti/backoff/v4"
	"github.com/segmentio/kafka-go"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/northgate/tolls/internal/config"
	"github.com/northgate/tolls/internal/domain"
)

// Handler processes one Kafka message.
type Handler func(ctx context.Context, m kafka.Message) error

// Binding attaches a Handler to a topic under its own consumer group.
type Binding struct {
	Name    string
	Topic   string
	Handler Handler
}

// ErrSkip marks a message that must not be retried.
var ErrSkip = errors.New("skip message")

// decode adapts a typed handler to a Handler.
func decode[T any](fn func(context.Context, T) error) Handler {
	return func(ctx context.Context, m kafka.Message) error {
		var v T
		if err := json.Unmarshal(m.Value, &v); err != nil {
			return errors.Join(ErrSkip, err)
		}
		return fn(ctx, v)
	}
}

// Runner owns the readers for a set of bindings.
type Runner struct {
	brokers  []string
	group    string
	bindings []Binding
	log      *zap.Logger

	cancel context.CancelFunc
	wg     sync.WaitGroup
}

// NewRunner returns a Runner for bindings.
func NewRunner(cfg *config.Config, bindings []Binding, log *zap.Logger) *Runner {
	return &Runner{brokers: cfg.KafkaBrokers, group: cfg.KafkaGroup, bindings: bindings, log: log.Named("kafka")}
}

// Start launches one reader loop per binding.
func (r *Runner) Start() {
	ctx, cancel := context.WithCancel(context.Background())
	r.cancel = cancel
	for _, b := range r.bindings {
		reader := kafka.NewReader(kafka.ReaderConfig{
			Brokers:        r.brokers,
			GroupID:        r.group + "." + b.Name,
			Topic:          b.Topic,
			MinBytes:       1,
			MaxBytes:       10 << 20,
			MaxWait:        500 * time.Millisecond,
			CommitInterval: 0,
			StartOffset:    kafka.FirstOffset,
		})
		r.wg.Add(1)
		go func(b Binding, reader *kafka.Reader) {
			defer r.wg.Done()
			defer reader.Close()
			r.loop(ctx, b, reader)
		}(b, reader)
	}
}

// Stop cancels the loops and waits for in-flight messages.
func (r *Runner) Stop() {
	if r.cancel != nil {
		r.cancel()
	}
	r.wg.Wait()
}

func (r *Runner) loop(ctx context.Context, b Binding, reader *kafka.Reader) {
	log := r.log.With(zap.String("binding", b.Name), zap.String("topic", b.Topic))
	for {
		m, err := reader.FetchMessage(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			log.Warn("fetch failed", zap.Error(err))
			time.Sleep(time.Second)
			continue
		}
		if err := r.handle(ctx, b, m); err != nil {
			if ctx.Err() != nil {
				return
			}
			log.Error("message skipped", zap.Int("partition", m.Partition), zap.Int64("offset", m.Offset), zap.Error(err))
		}
		if err := reader.CommitMessages(ctx, m); err != nil && ctx.Err() == nil {
			log.Warn("commit failed", zap.Int64("offset", m.Offset), zap.Error(err))
		}
	}
}

func (r *Runner) handle(ctx context.Context, b Binding, m kafka.Message) error {
	bo := backoff.NewExponentialBackOff()
	bo.InitialInterval = 200 * time.Millisecond
	bo.MaxInterval = 30 * time.Second
	bo.MaxElapsedTime = 0 // keep the partition on this message until it succeeds
	return backoff.RetryNotify(func() error {
		err := b.Handler(ctx, m)
		if err == nil {
			return nil
		}
		if errors.Is(err, ErrSkip) || errors.Is(err, domain.ErrInvalid) || errors.Is(err, domain.ErrPrecondition) {
			return backoff.Permanent(err)
		}
		return err
	}, backoff.WithContext(bo, ctx), func(err error, wait time.Duration) {
		r.log.Warn("handler failed, retrying", zap.String("binding", b.Name),
			zap.Int64("offset", m.Offset), zap.Duration("wait", wait), zap.Error(err))
	})
}

// Run ties the Runner to the fx lifecycle.
func Run(lc fx.Lifecycle, r *Runner) {
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error { r.Start(); return nil },
		OnStop:  func(context.Context) error { r.Stop(); return nil },
	})
}
