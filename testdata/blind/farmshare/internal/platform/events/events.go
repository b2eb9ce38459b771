// Package events defines the topics and payloads that features exchange and
// the watermill router plumbing used by cmd/events.
package events

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/message/router/middleware"
)

// Topics.
const (
	TopicSubscriptionCreated   = "subscriptions.created"
	TopicSubscriptionCancelled = "subscriptions.cancelled"
	TopicWeekSkipped           = "subscriptions.week_skipped"
	TopicHarvestSubmitted      = "harvests.submitted"
	TopicRoutePlanned          = "routes.planned"
	TopicInvoicePaid           = "billing.invoice_paid"
	TopicInvoicePaymentFailed  = "billing.invoice_payment_failed"
	TopicAddonOrderPaid        = "marketplace.order_paid"
	TopicPayoutPaid            = "payouts.paid"
)

// SubscriptionCreated is published when a member starts a subscription.
type SubscriptionCreated struct {
	SubscriptionID string    `json:"subscription_id"`
	MemberID       string    `json:"member_id"`
	PlanID         string    `json:"plan_id"`
	PickupPointID  string    `json:"pickup_point_id"`
	StartsOn       time.Time `json:"starts_on"`
}

// SubscriptionCancelled is published when a subscription ends.
type SubscriptionCancelled struct {
	SubscriptionID string `json:"subscription_id"`
	MemberID       string `json:"member_id"`
	Reason         string `json:"reason"`
}

// WeekSkipped is published when a member skips a delivery week.
type WeekSkipped struct {
	SkipID         string    `json:"skip_id"`
	SubscriptionID string    `json:"subscription_id"`
	MemberID       string    `json:"member_id"`
	WeekStart      time.Time `json:"week_start"`
}

// HarvestSubmitted is published when a farmer's harvest declaration is accepted.
type HarvestSubmitted struct {
	HarvestID  string    `json:"harvest_id"`
	FarmerID   string    `json:"farmer_id"`
	CropCode   string    `json:"crop_code"`
	QuantityKg float64   `json:"quantity_kg"`
	WeekStart  time.Time `json:"week_start"`
}

// RoutePlanned is published when the weekly route for a pickup point is built.
type RoutePlanned struct {
	RouteID       string    `json:"route_id"`
	PickupPointID string    `json:"pickup_point_id"`
	WeekStart     time.Time `json:"week_start"`
}

// InvoicePaid is published when a weekly invoice is settled.
type InvoicePaid struct {
	InvoiceID string `json:"invoice_id"`
	MemberID  string `json:"member_id"`
	ChargeID  string `json:"charge_id"`
}

// InvoicePaymentFailed is published for every declined attempt.
type InvoicePaymentFailed struct {
	InvoiceID   string `json:"invoice_id"`
	MemberID    string `json:"member_id"`
	Attempt     int    `json:"attempt"`
	DeclineCode string `json:"decline_code"`
}

// AddonOrderPaid is published once an add-on order's charge succeeds.
type AddonOrderPaid struct {
	OrderID   string    `json:"order_id"`
	MemberID  string    `json:"member_id"`
	WeekStart time.Time `json:"week_start"`
}

// PayoutPaid is published when the bank partner confirms settlement.
type PayoutPaid struct {
	PayoutID    string `json:"payout_id"`
	FarmerID    string `json:"farmer_id"`
	AmountCents int64  `json:"amount_cents"`
}

// Handler is a typed consumer function.
type Handler[T any] func(ctx context.Context, evt T) error

// Decode wraps a typed handler into a watermill handler that decodes the
// JSON payload first. Undecodable payloads are logged and acked.
func Decode[T any](log *slog.Logger, h Handler[T]) message.NoPublishHandlerFunc {
	return func(msg *message.Message) error {
		var evt T
		if err := json.Unmarshal(msg.Payload, &evt); err != nil {
			log.Error("dropping undecodable event", "uuid", msg.UUID, "err", err)
			return nil
		}
		return h(msg.Context(), evt)
	}
}

// Route binds a consumer to a topic.
type Route struct {
	Name    string
	Topic   string
	Handler message.NoPublishHandlerFunc
}

// NewRouter builds a router with the middleware stack every consumer gets.
func NewRouter(logger watermill.LoggerAdapter, sub message.Subscriber, routes []Route) (*message.Router, error) {
	r, err := message.NewRouter(message.RouterConfig{CloseTimeout: 15 * time.Second}, logger)
	if err != nil {
		return nil, fmt.Errorf("new router: %w", err)
	}
	r.AddMiddleware(
		middleware.CorrelationID,
		middleware.Retry{
			MaxRetries:      5,
			InitialInterval: 200 * time.Millisecond,
			MaxInterval:     10 * time.Second,
			Multiplier:      2,
			Logger:          logger,
		}.Middleware,
		middleware.Recoverer,
	)
	for _, rt := range routes {
		r.AddConsumerHandler(rt.Name, rt.Topic, sub, rt.Handler)
	}
	return r, nil
}
