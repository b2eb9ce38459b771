// Package worker consumes domain events from the Postgres-backed watermill
// topics and drives the providers.
package worker

import (
	"context"
	"log/slog"
	"time"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/message/router/middleware"
	"github.com/google/uuid"

	"github.com/halcyonevents/confreg/internal/domain"
	"github.com/halcyonevents/confreg/internal/events"
	"github.com/halcyonevents/confreg/internal/platform/metrics"
)

// Route binds a handler to a topic. Name doubles as the consumer group, so
// two routes on the same topic each receive every message.
type Route struct {
	Name   string
	Topic  string
	Handle message.NoPublishHandlerFunc
}

// SubscriberFactory returns a subscriber for one consumer group.
type SubscriberFactory func(consumerGroup string) (message.Subscriber, error)

// AttemptLog stores one row per delivery attempt.
type AttemptLog interface {
	Append(ctx context.Context, a *domain.DeliveryAttempt) error
}

// RouterConfig tunes the in-process retry of failed handlers. Once those
// retries are spent the message is nacked and the subscriber redelivers it.
type RouterConfig struct {
	MaxRetries      int
	InitialInterval time.Duration
	MaxInterval     time.Duration
}

// NewRouter wires every route onto a watermill router.
func NewRouter(cfg RouterConfig, log *slog.Logger, subs SubscriberFactory, attempts AttemptLog, rec *metrics.Recorder, routes []Route) (*message.Router, error) {
	wmLog := watermill.NewSlogLogger(log)
	router, err := message.NewRouter(message.RouterConfig{CloseTimeout: 30 * time.Second}, wmLog)
	if err != nil {
		return nil, err
	}
	router.AddMiddleware(
		middleware.Recoverer,
		middleware.Retry{
			MaxRetries:          cfg.MaxRetries,
			InitialInterval:     cfg.InitialInterval,
			MaxInterval:         cfg.MaxInterval,
			Multiplier:          2,
			RandomizationFactor: 0.2,
			Logger:              wmLog,
		}.Middleware,
	)

	for _, r := range routes {
		sub, err := subs(r.Name)
		if err != nil {
			return nil, err
		}
		h := router.AddConsumerHandler(r.Name, r.Topic, sub, r.Handle)
		h.AddMiddleware(recordAttempt(r.Name, r.Topic, attempts, rec, log))
	}
	return router, nil
}

// recordAttempt appends an audit row for every attempt, successful or not.
func recordAttempt(consumer, topic string, attempts AttemptLog, rec *metrics.Recorder, log *slog.Logger) message.HandlerMiddleware {
	return func(next message.HandlerFunc) message.HandlerFunc {
		return func(msg *message.Message) ([]*message.Message, error) {
			start := time.Now()
			out, err := next(msg)
			rec.ObserveMessage(consumer, err)

			a := &domain.DeliveryAttempt{
				ID:          uuid.New(),
				Consumer:    consumer,
				Topic:       topic,
				MessageID:   msg.UUID,
				AttemptedAt: start.UTC(),
				DurationMs:  int(time.Since(start).Milliseconds()),
			}
			if err != nil {
				s := err.Error()
				a.Error = &s
			}
			if logErr := attempts.Append(context.WithoutCancel(msg.Context()), a); logErr != nil {
				log.Warn("delivery attempt not recorded", "consumer", consumer, "message_id", msg.UUID, "err", logErr)
			}
			return out, err
		}
	}
}

// Handlers are the message handlers the worker runs.
type Handlers struct {
	Confirmation *ConfirmationMailer
	Badges       *BadgeIssuer
	Rooms        *RoomReserver
	Schedule     *InstalmentScheduler
	Signage      *SignageOrderer
	Charges      *InstalmentCharger
	Captures     *CapturedPaymentApplier
	Refunds      *RefundSubmitter
}

// Routes is the consumer table.
func Routes(h Handlers) []Route {
	return []Route{
		{Name: "confirmation-mailer", Topic: events.TopicRegistrationConfirmed, Handle: h.Confirmation.Handle},
		{Name: "badge-issuer", Topic: events.TopicRegistrationConfirmed, Handle: h.Badges.Handle},
		{Name: "room-reserver", Topic: events.TopicRoomRequested, Handle: h.Rooms.Handle},
		{Name: "instalment-scheduler", Topic: events.TopicSponsorshipCreated, Handle: h.Schedule.Handle},
		{Name: "signage-orderer", Topic: events.TopicSponsorshipCreated, Handle: h.Signage.Handle},
		{Name: "instalment-charger", Topic: events.TopicInstalmentDue, Handle: h.Charges.Handle},
		{Name: "instalment-payments", Topic: events.TopicPaymentCaptured, Handle: h.Captures.Handle},
		{Name: "refund-submitter", Topic: events.TopicRefundRequested, Handle: h.Refunds.Handle},
	}
}
