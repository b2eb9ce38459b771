package consumers

import (
	"context"
	"errors"
	"time"

	"github.com/IBM/sarama"
	"go.uber.org/fx"
	"go.uber.org/zap"
)

// Runner drives the consumer group loop for the lifetime of the app.
type Runner struct {
	group      sarama.ConsumerGroup
	dispatcher *Dispatcher
	log        *zap.Logger
	cancel     context.CancelFunc
	done       chan struct{}
}

func NewRunner(lc fx.Lifecycle, group sarama.ConsumerGroup, d *Dispatcher, log *zap.Logger) *Runner {
	r := &Runner{group: group, dispatcher: d, log: log, done: make(chan struct{})}
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			ctx, cancel := context.WithCancel(context.Background())
			r.cancel = cancel
			go r.loop(ctx)
			return nil
		},
		OnStop: func(ctx context.Context) error {
			r.cancel()
			select {
			case <-r.done:
			case <-ctx.Done():
			}
			return r.group.Close()
		},
	})
	return r
}

func (r *Runner) loop(ctx context.Context) {
	defer close(r.done)
	topics := r.dispatcher.Topics()
	r.log.Info("consuming", zap.Strings("topics", topics))
	for {
		err := r.group.Consume(ctx, topics, r.dispatcher)
		if ctx.Err() != nil {
			return
		}
		if err != nil && !errors.Is(err, sarama.ErrClosedConsumerGroup) {
			r.log.Error("consume", zap.Error(err))
			time.Sleep(2 * time.Second)
		}
	}
}
