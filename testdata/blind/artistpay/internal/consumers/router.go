// Package consumers reacts to domain events published by the other
// modules.
package consumers

import (
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/message/router/middleware"
	"github.com/google/wire"
	"gorm.io/gorm"

	"github.com/soundledger/artistpay/internal/advances"
	"github.com/soundledger/artistpay/internal/config"
	"github.com/soundledger/artistpay/internal/ingest"
	"github.com/soundledger/artistpay/internal/payouts"
	"github.com/soundledger/artistpay/internal/platform/events"
	"github.com/soundledger/artistpay/internal/platform/inbox"
	"github.com/soundledger/artistpay/internal/platform/tasks"
	"github.com/soundledger/artistpay/internal/providers/postlane"
	"github.com/soundledger/artistpay/internal/royalties"
)

// ProviderSet wires the consumers.
var ProviderSet = wire.NewSet(wire.Struct(new(Consumers), "*"), inbox.New, NewRouter)

// Consumers holds what the event handlers need.
type Consumers struct {
	DB         *gorm.DB
	Inbox      *inbox.Inbox
	Queue      tasks.Enqueuer
	Ingest     *ingest.Service
	Calculator *royalties.Calculator
	Plans      *advances.Plans
	Holds      *payouts.Holds
	Mail       postlane.Sender
	Cfg        config.Config
}

type subscription struct {
	name    string
	topic   string
	handler message.NoPublishHandlerFunc
}

func (c *Consumers) subscriptions() []subscription {
	return []subscription{
		{"royalties.compute-on-ingest", events.TopicUsageReportIngested, events.Decode(c.computeOnIngest)},
		{"royalties.allocate-on-close", events.TopicPeriodClosed, events.Decode(c.allocateOnClose)},
		{"balances.credit-royalties", events.TopicRoyaltiesAllocated, events.Decode(c.creditRoyalties)},
		{"advances.recoupment-plan", events.TopicAdvanceGranted, events.Decode(c.createRecoupmentPlan)},
		{"notifications.payout-paid", events.TopicPayoutPaid, events.Decode(c.payoutPaid)},
		{"payouts.release-tax-holds", events.TopicTaxFormVerified, events.Decode(c.releaseTaxHolds)},
	}
}

// NewRouter subscribes every handler. A handler error nacks the message
// and the SQL subscriber redelivers it.
func NewRouter(sub message.Subscriber, c *Consumers) (*message.Router, error) {
	r, err := message.NewRouter(message.RouterConfig{CloseTimeout: 30 * time.Second}, events.Logger())
	if err != nil {
		return nil, err
	}
	r.AddMiddleware(
		middleware.Recoverer,
		middleware.Retry{
			MaxRetries:      3,
			InitialInterval: 500 * time.Millisecond,
			Multiplier:      2,
			Logger:          events.Logger(),
		}.Middleware,
	)
	for _, s := range c.subscriptions() {
		r.AddConsumerHandler(s.name, s.topic, sub, s.handler)
	}
	return r, nil
}
