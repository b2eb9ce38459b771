package events

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
)

// HandlerSpec describes one consumer: its name doubles as the Kafka consumer
// group suffix.
type HandlerSpec struct {
	Name   string
	Topic  string
	Handle message.NoPublishHandlerFunc
}

// NewRouter builds the watermill router with our standard middleware stack.
func NewRouter(
	logger watermill.LoggerAdapter,
	slogger *slog.Logger,
	subs SubscriberFactory,
	poisonPub message.Publisher,
	specs []HandlerSpec,
) (*message.Router, error) {
	r, err := message.NewRouter(message.RouterConfig{CloseTimeout: 30 * time.Second}, logger)
	if err != nil {
		return nil, err
	}
	poison, err := middleware.PoisonQueue(poisonPub, TopicPoison)
	if err != nil {
		return nil, err
	}
	r.AddMiddleware(
		middleware.CorrelationID,
		poison,
		middleware.Retry{
			MaxRetries:      5,
			InitialInterval: 250 * time.Millisecond,
			MaxInterval:     10 * time.Second,
			Multiplier:      2,
			Logger:          logger,
		}.Middleware,
		LogFailures(slogger),
		middleware.Recoverer,
	)
	for _, s := range specs {
		sub, err := subs(s.Name)
		if err != nil {
			return nil, fmt.Errorf("subscriber %s: %w", s.Name, err)
		}
		r.AddConsumerHandler(s.Name, s.Topic, sub, s.Handle)
	}
	return r, nil
}

// LogFailures logs every failed attempt with the message's identity.
func LogFailures(log *slog.Logger) message.HandlerMiddleware {
	return func(h message.HandlerFunc) message.HandlerFunc {
		return func(msg *message.Message) ([]*message.Message, error) {
			out, err := h(msg)
			if err != nil {
				log.Error("message handling failed",
					"message_uuid", msg.UUID,
					"event_type", msg.Metadata.Get(MetaEventType),
					"correlation_id", middleware.MessageCorrelationID(msg),
					"err", err)
			}
			return out, err
		}
	}
}

// Dispatch routes a message to a handler by its event type. Types without an
// entry are acknowledged and skipped.
type Dispatch map[string]message.NoPublishHandlerFunc

// Handle implements message.NoPublishHandlerFunc.
func (d Dispatch) Handle(msg *message.Message) error {
	if h, ok := d[msg.Metadata.Get(MetaEventType)]; ok {
		return h(msg)
	}
	return nil
}

// Typed decodes the JSON payload before calling fn.
func Typed[T any](fn func(ctx context.Context, msg *message.Message, ev T) error) message.NoPublishHandlerFunc {
	return func(msg *message.Message) error {
		var ev T
		if err := json.Unmarshal(msg.Payload, &ev); err != nil {
			// A payload we cannot decode will never decode; let the poison
			// queue take it instead of retrying.
			return fmt.Errorf("decode %T: %w", ev, err)
		}
		return fn(msg.Context(), msg, ev)
	}
}

// partitionByKey keeps every event for one trip/booking on one partition so
// consumers see them in order.
var marshaler = kafka.NewWithPartitioningMarshaler(func(_ string, msg *message.Message) (string, error) {
	return msg.Metadata.Get(MetaPartitionKey), nil
})

// NewPublisher returns a synchronous Kafka publisher.
func NewPublisher(brokers []string, logger watermill.LoggerAdapter) (message.Publisher, error) {
	return kafka.NewPublisher(kafka.PublisherConfig{
		Brokers:   brokers,
		Marshaler: marshaler,
	}, logger)
}

// SubscriberFactory creates one subscriber per consumer group; every router
// handler gets its own group so they commit offsets independently.
type SubscriberFactory func(consumerGroup string) (message.Subscriber, error)

// NewSubscriberFactory binds brokers and logger.
func NewSubscriberFactory(brokers []string, logger watermill.LoggerAdapter) SubscriberFactory {
	return func(group string) (message.Subscriber, error) {
		cfg := kafka.DefaultSaramaSubscriberConfig()
		return kafka.NewSubscriber(kafka.SubscriberConfig{
			Brokers:               brokers,
			Unmarshaler:           marshaler,
			ConsumerGroup:         "coachbus." + group,
			OverwriteSaramaConfig: cfg,
		}, logger)
	}
}
