package stream

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/fx"

	"github.com/pantryco/fulfilment/internal/config"
	"github.com/pantryco/fulfilment/internal/platform/obs"
)

// Runner starts every consumer of the table.
type Runner struct {
	js       jetstream.JetStream
	stream   string
	table    []Consumer
	log      *slog.Logger
	metrics  obs.Metrics
	handleTO time.Duration

	mu       sync.Mutex
	contexts []jetstream.ConsumeContext
	cancel   context.CancelFunc
	wg       sync.WaitGroup
}

// NewJetStream connects to NATS and returns a JetStream handle.
func NewJetStream(lc fx.Lifecycle, cfg config.Config) (jetstream.JetStream, error) {
	nc, err := nats.Connect(cfg.NATSURL, nats.Name("fulfilment"), nats.MaxReconnects(-1))
	if err != nil {
		return nil, fmt.Errorf("nats connect: %w", err)
	}
	lc.Append(fx.Hook{OnStop: func(context.Context) error { return nc.Drain() }})
	return jetstream.New(nc)
}

// NewRunner builds the Runner.
func NewRunner(js jetstream.JetStream, cfg config.Config, table []Consumer, log *slog.Logger, m obs.Metrics) *Runner {
	return &Runner{js: js, stream: cfg.StoreStream, table: table, log: log, metrics: m, handleTO: 25 * time.Second}
}

// Start creates the durable consumers and starts consuming.
func (r *Runner) Start(ctx context.Context) error {
	runCtx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	r.cancel = cancel

	for _, c := range r.table {
		cons, err := r.js.CreateOrUpdateConsumer(ctx, r.stream, jetstream.ConsumerConfig{
			Durable:       c.Durable,
			FilterSubject: c.Subject,
			AckPolicy:     jetstream.AckExplicitPolicy,
			AckWait:       30 * time.Second,
			MaxDeliver:    15,
			BackOff:       []time.Duration{time.Second, 5 * time.Second, 30 * time.Second, 2 * time.Minute},
		})
		if err != nil {
			return fmt.Errorf("consumer %s: %w", c.Durable, err)
		}

		if c.FetchBatch > 0 {
			r.wg.Add(1)
			go r.fetchLoop(runCtx, cons, c)
			continue
		}

		entry := c
		cc, err := cons.Consume(func(msg jetstream.Msg) {
			r.dispatch(runCtx, entry, msg)
		}, jetstream.ConsumeErrHandler(func(_ jetstream.ConsumeContext, err error) {
			r.log.Warn("consume error", "durable", entry.Durable, "err", err)
		}))
		if err != nil {
			return fmt.Errorf("consume %s: %w", c.Durable, err)
		}
		r.mu.Lock()
		r.contexts = append(r.contexts, cc)
		r.mu.Unlock()
		r.log.Info("consumer started", "subject", c.Subject, "durable", c.Durable)
	}
	return nil
}

func (r *Runner) fetchLoop(ctx context.Context, cons jetstream.Consumer, c Consumer) {
	defer r.wg.Done()
	r.log.Info("fetch consumer started", "subject", c.Subject, "durable", c.Durable, "batch", c.FetchBatch)
	for ctx.Err() == nil {
		batch, err := cons.Fetch(c.FetchBatch, jetstream.FetchMaxWait(5*time.Second))
		if err != nil {
			r.log.Warn("fetch failed", "durable", c.Durable, "err", err)
			select {
			case <-ctx.Done():
				return
			case <-time.After(time.Second):
			}
			continue
		}
		for msg := range batch.Messages() {
			r.dispatch(ctx, c, msg)
		}
		if err := batch.Error(); err != nil && !errors.Is(err, jetstream.ErrNoMessages) {
			r.log.Warn("fetch batch error", "durable", c.Durable, "err", err)
		}
	}
}

// dispatch runs the handler and settles the message.
func (r *Runner) dispatch(ctx context.Context, c Consumer, msg jetstream.Msg) {
	hctx, cancel := context.WithTimeout(ctx, r.handleTO)
	defer cancel()

	start := time.Now()
	err := c.Handle(hctx, msg)
	r.metrics.ObserveDuration("stream_handle_duration", time.Since(start), c.Durable)

	switch {
	case err == nil:
		if ackErr := msg.Ack(); ackErr != nil {
			r.log.Warn("ack failed", "durable", c.Durable, "err", ackErr)
		}
		r.metrics.Inc("stream_ok", c.Durable)
	case errors.Is(err, ErrPoison):
		r.log.Error("terminating poison message", "durable", c.Durable, "err", err)
		_ = msg.TermWithReason(err.Error())
		r.metrics.Inc("stream_poison", c.Durable)
	default:
		delivered := uint64(1)
		if md, mdErr := msg.Metadata(); mdErr == nil {
			delivered = md.NumDelivered
		}
		r.log.Warn("handler failed, nak", "durable", c.Durable, "delivered", delivered, "err", err)
		_ = msg.NakWithDelay(backoff(delivered))
		r.metrics.Inc("stream_nak", c.Durable)
	}
}

func backoff(delivered uint64) time.Duration {
	d := time.Duration(delivered) * 2 * time.Second
	if d > time.Minute {
		d = time.Minute
	}
	return d
}

// Stop drains the consumers.
func (r *Runner) Stop(context.Context) error {
	r.mu.Lock()
	for _, cc := range r.contexts {
		cc.Drain()
	}
	r.mu.Unlock()
	if r.cancel != nil {
		r.cancel()
	}
	r.wg.Wait()
	return nil
}
