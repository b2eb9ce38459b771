// Package queue runs gocloud.dev/pubsub subscriptions and topics.
//
// Delivery is at-least-once: a message is acked only after its handler
// returns nil. A handler error nacks the message (where the driver supports
// it) or lets the ack deadline lapse, and the broker redelivers it.
package queue

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"sync"
	"time"

	"gocloud.dev/pubsub"
	_ "gocloud.dev/pubsub/mempubsub"    // mem:// for local runs
	_ "gocloud.dev/pubsub/rabbitpubsub" // rabbit:// in production
)

// MessageIDKey is the metadata key producers set to a stable message ID.
const MessageIDKey = "message_id"

// Delivery is one received message, decoupled from the pubsub driver.
type Delivery struct {
	// MessageID is the producer-assigned ID (stable across redeliveries)
	// when present, otherwise the driver's loggable ID.
	MessageID string
	Body      []byte
	Metadata  map[string]string
	Received  time.Time
}

// HandlerFunc processes a single delivery. Returning an error leaves the
// message unacked so that it is redelivered.
type HandlerFunc func(ctx context.Context, d Delivery) error

// Consumer binds a subscription URL to a handler.
type Consumer struct {
	Name    string
	URL     string
	Handler HandlerFunc
	Workers int
	Timeout time.Duration
}

// Runner runs a set of consumers until the context is cancelled.
type Runner struct {
	log       *slog.Logger
	consumers []Consumer
}

// NewRunner returns a Runner.
func NewRunner(log *slog.Logger, consumers ...Consumer) *Runner {
	return &Runner{log: log, consumers: consumers}
}

// Run blocks until ctx is done or a subscription fails to open.
func (r *Runner) Run(ctx context.Context) error {
	var wg sync.WaitGroup
	errCh := make(chan error, len(r.consumers))
	for _, c := range r.consumers {
		sub, err := pubsub.OpenSubscription(ctx, c.URL)
		if err != nil {
			return fmt.Errorf("queue: open %s (%s): %w", c.Name, c.URL, err)
		}
		wg.Add(1)
		go func(c Consumer, sub *pubsub.Subscription) {
			defer wg.Done()
			defer func() {
				shutCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
				defer cancel()
				_ = sub.Shutdown(shutCtx)
			}()
			if err := r.loop(ctx, c, sub); err != nil && !errors.Is(err, context.Canceled) {
				errCh <- fmt.Errorf("queue: %s: %w", c.Name, err)
			}
		}(c, sub)
	}
	wg.Wait()
	close(errCh)
	return errors.Join(collect(errCh)...)
}

func collect(ch <-chan error) []error {
	var out []error
	for err := range ch {
		out = append(out, err)
	}
	return out
}

func (r *Runner) loop(ctx context.Context, c Consumer, sub *pubsub.Subscription) error {
	workers := c.Workers
	if workers <= 0 {
		workers = 1
	}
	timeout := c.Timeout
	if timeout <= 0 {
		timeout = 30 * time.Second
	}
	sem := make(chan struct{}, workers)
	var wg sync.WaitGroup
	defer wg.Wait()
	for {
		msg, err := sub.Receive(ctx)
		if err != nil {
			return err
		}
		sem <- struct{}{}
		wg.Add(1)
		go func(msg *pubsub.Message) {
			defer wg.Done()
			defer func() { <-sem }()
			hctx, cancel := context.WithTimeout(ctx, timeout)
			defer cancel()
			if err := r.handle(hctx, c, msg); err != nil {
				r.log.ErrorContext(hctx, "consumer handler failed; message will be redelivered",
					"consumer", c.Name, "loggable_id", msg.LoggableID, "err", err)
				if msg.Nackable() {
					msg.Nack()
				}
				return
			}
			msg.Ack()
		}(msg)
	}
}

func (r *Runner) handle(ctx context.Context, c Consumer, msg *pubsub.Message) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v\n%s", p, debug.Stack())
		}
	}()
	id := msg.Metadata[MessageIDKey]
	if id == "" {
		id = msg.LoggableID
	}
	return c.Handler(ctx, Delivery{
		MessageID: id,
		Body:      msg.Body,
		Metadata:  msg.Metadata,
		Received:  time.Now(),
	})
}
