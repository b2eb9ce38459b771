package posevents

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// StreamBinding attaches one durable consumer on a stream to the router.
type StreamBinding struct {
	Stream   string
	Durable  string
	Subjects []string
}

// Runner owns the consume contexts for all bindings.
type Runner struct {
	js       jetstream.JetStream
	router   *Router
	bindings []StreamBinding
	log      *slog.Logger
	running  []jetstream.ConsumeContext
}

func NewRunner(js jetstream.JetStream, router *Router, bindings []StreamBinding, log *slog.Logger) *Runner {
	return &Runner{js: js, router: router, bindings: bindings, log: log}
}

// Start creates (or updates) each durable consumer and begins consuming.
func (r *Runner) Start(ctx context.Context) error {
	for _, b := range r.bindings {
		cons, err := r.js.CreateOrUpdateConsumer(ctx, b.Stream, jetstream.ConsumerConfig{
			Durable:        b.Durable,
			FilterSubjects: b.Subjects,
			AckPolicy:      jetstream.AckExplicitPolicy,
			AckWait:        45 * time.Second,
			MaxDeliver:     20,
			DeliverPolicy:  jetstream.DeliverAllPolicy,
		})
		if err != nil {
			return fmt.Errorf("posevents: consumer %s/%s: %w", b.Stream, b.Durable, err)
		}
		cc, err := cons.Consume(r.router.Dispatch,
			jetstream.ConsumeErrHandler(func(_ jetstream.ConsumeContext, err error) {
				r.log.Warn("consume error", "stream", b.Stream, "err", err)
			}))
		if err != nil {
			return fmt.Errorf("posevents: consume %s: %w", b.Stream, err)
		}
		r.running = append(r.running, cc)
		r.log.Info("consuming", "stream", b.Stream, "durable", b.Durable, "subjects", b.Subjects)
	}
	return nil
}

// Stop drains all consumers.
func (r *Runner) Stop() {
	for _, cc := range r.running {
		cc.Drain()
	}
	for _, cc := range r.running {
		<-cc.Closed()
	}
}
