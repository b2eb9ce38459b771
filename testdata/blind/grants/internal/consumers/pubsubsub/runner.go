// Package pubsubsub runs Google Pub/Sub subscriptions. A message is acked
// when its handler returns nil and nacked otherwise; a nacked message (or
// one whose ack deadline lapses) is redelivered.
package pubsubsub

import (
	"context"
	"log/slog"
	"sync"

	"cloud.google.com/go/pubsub/v2"
)

// Handler processes one message.
type Handler func(ctx context.Context, m *pubsub.Message) error

// Subscription binds a subscription id to a handler.
type Subscription struct {
	ID             string
	Handler        Handler
	MaxOutstanding int
}

// Runner receives on every subscription until ctx is cancelled.
type Runner struct {
	Client *pubsub.Client
	Subs   []Subscription
	Log    *slog.Logger
}

// Run blocks until all Receive calls return.
func (r *Runner) Run(ctx context.Context) error {
	var wg sync.WaitGroup
	errs := make(chan error, len(r.Subs))
	for _, s := range r.Subs {
		wg.Add(1)
		go func(s Subscription) {
			defer wg.Done()
			sub := r.Client.Subscriber(s.ID)
			if s.MaxOutstanding > 0 {
				sub.ReceiveSettings.MaxOutstandingMessages = s.MaxOutstanding
			}
			err := sub.Receive(ctx, func(ctx context.Context, m *pubsub.Message) {
				if err := s.Handler(ctx, m); err != nil {
					r.Log.ErrorContext(ctx, "pubsub handler failed; nacking",
						"subscription", s.ID, "message_id", m.ID, "err", err)
					m.Nack()
					return
				}
				m.Ack()
			})
			if err != nil {
				errs <- err
			}
		}(s)
	}
	wg.Wait()
	close(errs)
	return <-errs
}
