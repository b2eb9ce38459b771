// Package eventhandlers reacts to domain events consumed from Kafka.
package eventhandlers

import (
	"fmt"
	"log/slog"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"

	"github.com/nimbusrack/hosting/internal/billing"
	"github.com/nimbusrack/hosting/internal/customers"
	"github.com/nimbusrack/hosting/internal/events"
	"github.com/nimbusrack/hosting/internal/notify"
	"github.com/nimbusrack/hosting/internal/platform/messaging"
)

// Handlers holds the dependencies of every event handler.
type Handlers struct {
	Subscriptions *billing.SubscriptionService
	Collector     *billing.Collector
	Notifier      *notify.Notifier
	Customers     *customers.Repository
	Log           *slog.Logger
}

type route struct {
	name    string
	topic   string
	handler message.NoPublishHandlerFunc
}

func (h *Handlers) routes() []route {
	return []route{
		{"billing.start_subscription", events.TopicServerProvisioned, messaging.Typed(h.startSubscription)},
		{"billing.collect_invoice", events.TopicInvoiceFinalized, messaging.Typed(h.collectInvoice)},
		{"notify.payment_failed", events.TopicPaymentFailed, messaging.Typed(h.paymentFailed)},
		{"notify.receipt", events.TopicPaymentSucceeded, messaging.Typed(h.receipt)},
		{"notify.welcome", events.TopicCustomerCreated, messaging.Typed(h.welcome)},
	}
}

// Register adds every handler to the router.
func (h *Handlers) Register(r *message.Router, sub message.Subscriber) {
	for _, rt := range h.routes() {
		r.AddNoPublisherHandler(rt.name, rt.topic, sub, rt.handler)
	}
}

func (h *Handlers) startSubscription(msg *message.Message, e events.ServerProvisioned) error {
	return h.Subscriptions.Start(msg.Context(), billing.StartInput{
		ServerID:     e.ServerID,
		CustomerID:   e.CustomerID,
		PlanID:       e.PlanID,
		MonthlyCents: e.MonthlyCents,
		StartedAt:    e.ActivatedAt,
	})
}

func (h *Handlers) collectInvoice(msg *message.Message, e events.InvoiceFinalized) error {
	return h.Collector.CollectFinalized(msg.Context(), e.InvoiceID)
}

func money(cents int64, cur string) string {
	return fmt.Sprintf("%d.%02d %s", cents/100, cents%100, cur)
}

func (h *Handlers) paymentFailed(msg *message.Message, e events.PaymentFailed) error {
	ctx := msg.Context()
	cust, err := h.Customers.Get(ctx, e.CustomerID)
	if err != nil {
		return err
	}
	return h.Notifier.Send(ctx, notify.Email{
		MessageID:  notify.NewMessageID("dunning"),
		CustomerID: cust.ID,
		To:         cust.Email,
		Template:   notify.TemplatePaymentFailed,
		Data: map[string]string{
			"Amount":    money(e.AmountCents, "EUR"),
			"Reason":    e.FailureCode,
			"NextRetry": e.NextRetryAt.Format(time.DateOnly),
		},
	})
}

func (h *Handlers) receipt(msg *message.Message, e events.PaymentSucceeded) error {
	ctx := msg.Context()
	cust, err := h.Customers.Get(ctx, e.CustomerID)
	if err != nil {
		return err
	}
	return h.Notifier.Send(ctx, notify.Email{
		MessageID:  "receipt-" + e.PaymentID.String(),
		CustomerID: cust.ID,
		To:         cust.Email,
		Template:   notify.TemplateReceipt,
		Data:       map[string]string{"Amount": money(e.AmountCents, e.Currency), "InvoiceID": e.InvoiceID.String()},
	})
}

func (h *Handlers) welcome(msg *message.Message, e events.CustomerCreated) error {
	return h.Notifier.Send(msg.Context(), notify.Email{
		MessageID:  msg.UUID,
		CustomerID: e.CustomerID,
		To:         e.Email,
		Template:   notify.TemplateWelcome,
		Data:       map[string]string{"Name": e.Name},
	})
}
