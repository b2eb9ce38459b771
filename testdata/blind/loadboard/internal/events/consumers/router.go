package consumers

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/ThreeDotsLabs/watermill"
	wsql "github.com/ThreeDotsLabs/watermill-sql/v4/pkg/sql"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/message/router/middleware"

	"github.com/haulgrid/loadboard/internal/events"
)

// ConsumerGroup is the watermill consumer group of this service.
const ConsumerGroup = "loadboard"

// route is one row of the handler table.
type route struct {
	name   string
	topic  string
	handle message.NoPublishHandlerFunc
}

// routes is the handler table. Each topic has exactly one handler in this
// service; other services subscribe with their own consumer groups.
func routes(h *Handlers, log *slog.Logger) []route {
	return []route{
		{"ratecon.issue", events.TopicTenderAccepted, on(log, h.IssueRateCon)},
		{"notify.tender_sms", events.CmdSendTenderSMS, on(log, h.SendTenderSMS)},
		{"quickpay.auto", events.TopicLoadDelivered, on(log, h.AutoQuickPay)},
		{"ratecon.file", events.TopicRateConSigned, on(log, h.FileRateCon)},
		{"bids.stats", events.TopicBidPlaced, on(log, h.RefreshBidStats)},
		{"tender.forward_decline", events.TopicTenderDeclined, on(log, h.ForwardDecline)},
		{"tender.stop", events.TopicLoadCancelled, on(log, h.StopTender)},
		{"ledger.post_payout", events.TopicPayoutSettled, on(log, h.PostPayoutToLedger)},
	}
}

// on decodes the JSON payload into T and calls fn with the message context.
// Payloads that cannot be decoded are logged and acknowledged; retrying them
// would never succeed.
func on[T any](log *slog.Logger, fn func(context.Context, *message.Message, T) error) message.NoPublishHandlerFunc {
	return func(msg *message.Message) error {
		var payload T
		if err := json.Unmarshal(msg.Payload, &payload); err != nil {
			log.Error("dropping undecodable message",
				"uuid", msg.UUID, "event_type", msg.Metadata.Get(events.MetaEventType), "error", err)
			return nil
		}
		ctx := msg.Context()
		if cid := msg.Metadata.Get(events.MetaCorrelationID); cid != "" {
			ctx = events.WithCorrelationID(ctx, cid)
		}
		return fn(ctx, msg, payload)
	}
}

// NewSubscriber creates the SQL subscriber for this service's consumer group.
func NewSubscriber(db *sql.DB, logger watermill.LoggerAdapter) (*wsql.Subscriber, error) {
	ack := 2 * time.Minute
	return wsql.NewSubscriber(wsql.BeginnerFromStdSQL(db), wsql.SubscriberConfig{
		ConsumerGroup:    ConsumerGroup,
		AckDeadline:      &ack,
		PollInterval:     500 * time.Millisecond,
		ResendInterval:   2 * time.Second,
		SchemaAdapter:    wsql.DefaultPostgreSQLSchema{},
		OffsetsAdapter:   wsql.DefaultPostgreSQLOffsetsAdapter{},
		InitializeSchema: true,
	}, logger)
}

// NewRouter builds the router with the standard middleware and every
// handler from the table.
func NewRouter(sub *wsql.Subscriber, h *Handlers, logger watermill.LoggerAdapter, log *slog.Logger) (*message.Router, error) {
	for _, topic := range events.AllTopics {
		if err := sub.SubscribeInitialize(topic); err != nil {
			return nil, fmt.Errorf("initialise topic %s: %w", topic, err)
		}
	}
	r, err := message.NewRouter(message.RouterConfig{CloseTimeout: 30 * time.Second}, logger)
	if err != nil {
		return nil, err
	}
	r.AddMiddleware(
		middleware.Recoverer,
		middleware.Retry{
			MaxRetries:      5,
			InitialInterval: 500 * time.Millisecond,
			MaxInterval:     30 * time.Second,
			Multiplier:      2,
			Logger:          logger,
		}.Middleware,
	)
	for _, rt := range routes(h, log) {
		r.AddConsumerHandler(rt.name, rt.topic, sub, rt.handle)
	}
	return r, nil
}
