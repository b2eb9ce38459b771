package events

import (
	"context"
	"errors"
	"log/slog"
	"sync"

	"cloud.google.com/go/pubsub/v2"
	"go.uber.org/fx"

	"github.com/saltline-charters/charterhub/internal/config"
)

func NewClient(lc fx.Lifecycle, cfg config.Config) (*pubsub.Client, error) {
	c, err := pubsub.NewClient(context.Background(), cfg.GCPProject)
	if err != nil {
		return nil, err
	}
	lc.Append(fx.StopHook(c.Close))
	return c, nil
}

// receive pulls from one subscription until ctx ends. A handler error
// nacks the message; Pub/Sub redelivers it with backoff and, after the
// subscription's max delivery attempts, moves it to the dead-letter topic.
func receive(ctx context.Context, sub *pubsub.Subscriber, reg *Registry, log *slog.Logger) error {
	sub.ReceiveSettings.MaxOutstandingMessages = 32
	return sub.Receive(ctx, func(ctx context.Context, m *pubsub.Message) {
		err := reg.Dispatch(ctx, m)
		switch {
		case err == nil:
			m.Ack()
		case IsPermanent(err):
			log.WarnContext(ctx, "dropping event", "sub", sub.ID(), "msg", m.ID, "err", err)
			m.Ack()
		default:
			log.ErrorContext(ctx, "event failed", "sub", sub.ID(), "msg", m.ID, "type", m.Attributes["event_type"], "err", err)
			m.Nack()
		}
	})
}

func startSubscribers(lc fx.Lifecycle, cfg config.Config, client *pubsub.Client, reg *Registry, log *slog.Logger) {
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	subs := []string{cfg.MarinaSubscription, cfg.WeatherSubscription}

	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			for _, name := range subs {
				sub := client.Subscriber(name)
				wg.Add(1)
				go func() {
					defer wg.Done()
					if err := receive(ctx, sub, reg, log); err != nil && !errors.Is(err, context.Canceled) {
						log.Error("subscriber stopped", "sub", sub.ID(), "err", err)
					}
				}()
			}
			log.Info("subscribers started", "types", reg.Types())
			return nil
		},
		OnStop: func(context.Context) error {
			cancel()
			wg.Wait()
			return nil
		},
	})
}

// TopicPublisher publishes outbox rows to the booking events topic.
type TopicPublisher struct {
	p *pubsub.Publisher
}

func NewTopicPublisher(lc fx.Lifecycle, client *pubsub.Client, cfg config.Config) *TopicPublisher {
	p := client.Publisher(cfg.OutboxTopic)
	lc.Append(fx.StopHook(p.Stop))
	return &TopicPublisher{p: p}
}

func (t *TopicPublisher) Publish(ctx context.Context, data []byte, attrs map[string]string) error {
	_, err := t.p.Publish(ctx, &pubsub.Message{Data: data, Attributes: attrs}).Get(ctx)
	return err
}
