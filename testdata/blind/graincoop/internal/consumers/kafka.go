// Package consumers binds Kafka topics and SQS event types to services.
package consumers

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/segmentio/kafka-go"

	"github.com/prairiegold/graincoop/internal/events"
	"github.com/prairiegold/graincoop/internal/kafkax"
	"github.com/prairiegold/graincoop/internal/service"
)

type Grading interface {
	RecordGrade(ctx context.Context, evt events.TicketGraded) error
	Regrade(ctx context.Context, eventID string, evt events.QualityRegraded) error
}

type Deliveries interface {
	RecordDelivery(ctx context.Context, evt events.DeliveryRecorded) error
}

type Premiums interface {
	Post(ctx context.Context, eventID string, evt events.PremiumPosted) error
}

type Advances interface {
	Disburse(ctx context.Context, evt events.AdvanceApproved) error
}

type Portal interface {
	SettlementFinalized(ctx context.Context, evt events.SettlementFinalized) error
	ContractAmended(ctx context.Context, evt events.ContractAmended) error
}

type Notifier interface {
	ContractSigned(ctx context.Context, evt events.ContractSigned) error
}

type KafkaDeps struct {
	Grading    Grading
	Deliveries Deliveries
	Premiums   Premiums
	Advances   Advances
	Portal     Portal
	Notifier   Notifier
	Inbox      kafkax.Inbox
	Log        *slog.Logger
}

// Routes is the topic table for cmd/consumer.
func Routes(d KafkaDeps) []kafkax.Route {
	common := []kafkax.Middleware{logged(d.Log), classify}
	route := func(topic string, h kafkax.HandlerFunc, extra ...kafkax.Middleware) kafkax.Route {
		return kafkax.Route{Topic: topic, Handler: kafkax.Chain(h, append(common, extra...)...)}
	}
	return []kafkax.Route{
		route(kafkax.TopicTicketGraded, kafkax.Handle(d.Grading.RecordGrade)),
		route(kafkax.TopicQualityRegraded, kafkax.Handle(withEventID(d.Grading.Regrade))),
		route(kafkax.TopicDeliveryRecorded, kafkax.Handle(d.Deliveries.RecordDelivery)),
		route(kafkax.TopicPremiumPosted, kafkax.Handle(withEventID(d.Premiums.Post)), kafkax.SkipSeen(d.Inbox, "premium-posted")),
		route(kafkax.TopicAdvanceApproved, kafkax.Handle(d.Advances.Disburse)),
		route(kafkax.TopicSettlementFinalize, kafkax.Handle(d.Portal.SettlementFinalized)),
		route(kafkax.TopicContractSigned, kafkax.Handle(d.Notifier.ContractSigned)),
		route(kafkax.TopicContractAmended, kafkax.Handle(d.Portal.ContractAmended)),
	}
}

// withEventID passes the producer's event id to handlers that record it.
func withEventID[T any](fn func(ctx context.Context, eventID string, evt T) error) func(context.Context, T) error {
	return func(ctx context.Context, evt T) error {
		return fn(ctx, kafkax.EventID(ctx), evt)
	}
}

// classify turns validation failures into poison so they are skipped
// rather than retried.
func classify(next kafkax.HandlerFunc) kafkax.HandlerFunc {
	return func(ctx context.Context, msg kafka.Message) error {
		err := next(ctx, msg)
		if errors.Is(err, service.ErrInvalid) {
			return fmt.Errorf("%w: %v", kafkax.ErrPoison, err)
		}
		return err
	}
}

func logged(log *slog.Logger) kafkax.Middleware {
	return func(next kafkax.HandlerFunc) kafkax.HandlerFunc {
		return func(ctx context.Context, msg kafka.Message) error {
			start := time.Now()
			err := next(ctx, msg)
			lvl := slog.LevelDebug
			if err != nil {
				lvl = slog.LevelWarn
			}
			log.Log(ctx, lvl, "kafka message",
				"topic", msg.Topic, "partition", msg.Partition, "offset", msg.Offset,
				"event_id", kafkax.Header(msg, kafkax.HeaderEventID), "dur_ms", time.Since(start).Milliseconds(), "err", err)
			return err
		}
	}
}
