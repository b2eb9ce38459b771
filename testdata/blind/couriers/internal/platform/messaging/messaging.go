// Package messaging runs the watermill router that consumes dispatch events
// from Kafka.
package messaging

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill-kafka/v3/pkg/kafka"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/message/router/middleware"
	"go.uber.org/fx"

	"github.com/spokechain/courierpay/internal/config"
)

// Handler is one consumer registration: a topic, a function and optional
// handler-level middleware.
type Handler struct {
	Name       string
	Topic      string
	Func       message.NoPublishHandlerFunc
	Middleware []message.HandlerMiddleware
}

// Consumer is implemented by packages that consume topics.
type Consumer interface {
	Handlers() []Handler
}

// AsConsumer annotates a constructor so its result joins the "consumers"
// group.
func AsConsumer(f any) any {
	return fx.Annotate(f, fx.As(new(Consumer)), fx.ResultTags(`group:"consumers"`))
}

// NewLogger adapts slog for watermill.
func NewLogger(log *slog.Logger) watermill.LoggerAdapter {
	return watermill.NewSlogLogger(log)
}

// NewSubscriber returns the Kafka subscriber for the courierpay consumer
// group. Offsets are committed after the handler acks.
func NewSubscriber(cfg config.Config, logger watermill.LoggerAdapter) (message.Subscriber, error) {
	sc := kafka.DefaultSaramaSubscriberConfig()
	sc.Consumer.Offsets.AutoCommit.Interval = time.Second
	return kafka.NewSubscriber(kafka.SubscriberConfig{
		Brokers:               cfg.KafkaBrokers,
		Unmarshaler:           kafka.DefaultMarshaler{},
		OverwriteSaramaConfig: sc,
		ConsumerGroup:         cfg.KafkaConsumerGroup,
		NackResendSleep:       500 * time.Millisecond,
		ReconnectRetrySleep:   2 * time.Second,
	}, logger)
}

type routerParams struct {
	fx.In

	Lifecycle  fx.Lifecycle
	Logger     watermill.LoggerAdapter
	Subscriber message.Subscriber
	Consumers  []Consumer `group:"consumers"`
}

// NewRouter builds the router with the shared middleware stack and every
// registered handler.
func NewRouter(p routerParams) (*message.Router, error) {
	r, err := message.NewRouter(message.RouterConfig{CloseTimeout: 15 * time.Second}, p.Logger)
	if err != nil {
		return nil, err
	}
	r.AddMiddleware(
		middleware.Recoverer,
		middleware.CorrelationID,
		middleware.Timeout(30*time.Second),
		middleware.Retry{
			MaxRetries:      4,
			InitialInterval: 250 * time.Millisecond,
			MaxInterval:     5 * time.Second,
			Multiplier:      2,
			Logger:          p.Logger,
		}.Middleware,
	)
	for _, c := range p.Consumers {
		for _, h := range c.Handlers() {
			wh := r.AddConsumerHandler(h.Name, h.Topic, p.Subscriber, h.Func)
			if len(h.Middleware) > 0 {
				wh.AddMiddleware(h.Middleware...)
			}
		}
	}

	ctx, cancel := context.WithCancel(context.Background())
	p.Lifecycle.Append(fx.Hook{
		OnStart: func(context.Context) error {
			go func() {
				if err := r.Run(ctx); err != nil {
					p.Logger.Error("router stopped", err, nil)
				}
			}()
			return nil
		},
		OnStop: func(context.Context) error {
			cancel()
			return r.Close()
		},
	})
	return r, nil
}

// JSON adapts a typed handler: it decodes the payload into T and passes the
// message's context and ID along. A payload that does not decode is logged
// and acked, since redelivering it cannot help.
func JSON[T any](log *slog.Logger, fn func(ctx context.Context, msgID string, ev T) error) message.NoPublishHandlerFunc {
	return func(msg *message.Message) error {
		var ev T
		if err := json.Unmarshal(msg.Payload, &ev); err != nil {
			log.Error("dropping undecodable message", "message_uuid", msg.UUID, "err", err,
				"type", fmt.Sprintf("%T", ev))
			return nil
		}
		return fn(msg.Context(), msg.UUID, ev)
	}
}

// Module provides the subscriber and router and starts the router.
var Module = fx.Module("messaging",
	fx.Provide(NewLogger, NewSubscriber, NewRouter),
	fx.Invoke(func(*message.Router) {}),
)
