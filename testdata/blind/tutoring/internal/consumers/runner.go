// Package consumers runs the worker's Pub/Sub subscriptions. Messages are
// acked when their handler returns nil and nacked otherwise, in which
// case Pub/Sub redelivers them.
package consumers

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"sync"

	"cloud.google.com/go/pubsub/v2"
	"go.uber.org/fx"
)

// Handler processes one message.
type Handler func(ctx context.Context, msg *pubsub.Message) error

// ErrDrop marks a message that can never be processed (bad payload).
// It is acked so it does not loop.
var ErrDrop = errors.New("drop message")

// Decoded adapts a typed handler.
func Decoded[T any](fn func(ctx context.Context, msg *pubsub.Message, v T) error) Handler {
	return func(ctx context.Context, msg *pubsub.Message) error {
		var v T
		if err := json.Unmarshal(msg.Data, &v); err != nil {
			return errors.Join(ErrDrop, err)
		}
		return fn(ctx, msg, v)
	}
}

// Subscription binds a subscription name to its handler.
type Subscription struct {
	Name           string
	Handler        Handler
	MaxOutstanding int
}

// Provider contributes subscriptions to the runner through the
// "subscriptions" fx value group.
type Provider interface {
	Subscriptions() []Subscription
}

// RunnerParams are the runner's injected dependencies.
type RunnerParams struct {
	fx.In
	Lifecycle fx.Lifecycle
	Client    *pubsub.Client
	Log       *slog.Logger
	Providers []Provider `group:"subscriptions"`
}

// Run starts one Receive loop per subscription.
func Run(p RunnerParams) {
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	p.Lifecycle.Append(fx.Hook{
		OnStart: func(context.Context) error {
			for _, prov := range p.Providers {
				for _, s := range prov.Subscriptions() {
					sub := p.Client.Subscriber(s.Name)
					if s.MaxOutstanding > 0 {
						sub.ReceiveSettings.MaxOutstandingMessages = s.MaxOutstanding
					}
					wg.Add(1)
					go func(s Subscription, sub *pubsub.Subscriber) {
						defer wg.Done()
						err := sub.Receive(ctx, func(ctx context.Context, msg *pubsub.Message) {
							dispatch(ctx, p.Log, s, msg)
						})
						if err != nil && !errors.Is(err, context.Canceled) {
							p.Log.Error("subscription stopped", "subscription", s.Name, "err", err)
						}
					}(s, sub)
				}
			}
			return nil
		},
		OnStop: func(context.Context) error {
			cancel()
			wg.Wait()
			return nil
		},
	})
}

func dispatch(ctx context.Context, log *slog.Logger, s Subscription, msg *pubsub.Message) {
	err := s.Handler(ctx, msg)
	switch {
	case err == nil:
		msg.Ack()
	case errors.Is(err, ErrDrop):
		log.WarnContext(ctx, "dropping message", "subscription", s.Name, "message_id", msg.ID, "err", err)
		msg.Ack()
	default:
		attempt := 0
		if msg.DeliveryAttempt != nil {
			attempt = *msg.DeliveryAttempt
		}
		log.ErrorContext(ctx, "message failed", "subscription", s.Name, "message_id", msg.ID, "attempt", attempt, "err", err)
		msg.Nack()
	}
}
