package consumers

import (
	"time"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill-amqp/v3/pkg/amqp"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/message/router/middleware"

	"github.com/harbourline/marina/internal/events"
)

// SubscriberFactory creates a subscriber whose queue is private to one
// handler, so every handler receives every event on its topic.
type SubscriberFactory func(handlerName string) (message.Subscriber, error)

// AMQPSubscribers builds durable fan-out subscribers, one queue per handler.
func AMQPSubscribers(amqpURL string, logger watermill.LoggerAdapter) SubscriberFactory {
	return func(handlerName string) (message.Subscriber, error) {
		cfg := amqp.NewDurablePubSubConfig(amqpURL, amqp.GenerateQueueNameTopicNameWithSuffix("marina."+handlerName))
		cfg.Consume.Qos.PrefetchCount = 10
		return amqp.NewSubscriber(cfg, logger)
	}
}

type route struct {
	name    string
	topic   string
	handler message.NoPublishHandlerFunc
}

// SetupRouter binds every consumer to its topic.
func SetupRouter(r *message.Router, subs SubscriberFactory, h *Handlers, logger watermill.LoggerAdapter) error {
	r.AddMiddleware(
		middleware.Recoverer,
		middleware.CorrelationID,
		middleware.Retry{
			MaxRetries:      3,
			InitialInterval: 500 * time.Millisecond,
			MaxInterval:     10 * time.Second,
			Multiplier:      2,
			Logger:          logger,
		}.Middleware,
	)

	routes := []route{
		{"reservation-confirmed-notify", events.TopicReservationConfirmed, h.OnReservationConfirmed},
		{"reservation-cancelled-refund", events.TopicReservationCancelled, h.OnReservationCancelledRefund},
		{"reservation-cancelled-harbourmaster", events.TopicReservationCancelled, h.OnReservationCancelledHarbourmaster},
		{"fuel-sale-settlement", events.TopicFuelSaleCompleted, h.OnFuelSaleCompleted},
		{"workorder-completed-charge", events.TopicWorkOrderCompleted, h.OnWorkOrderCompleted},
		{"vessel-arrived", events.TopicVesselArrived, h.OnVesselArrived},
		{"power-session-settlement", events.TopicPowerSessionBilled, h.OnPowerSessionBilled},
	}
	for _, rt := range routes {
		sub, err := subs(rt.name)
		if err != nil {
			return err
		}
		r.AddConsumerHandler(rt.name, rt.topic, sub, rt.handler)
	}
	return nil
}
