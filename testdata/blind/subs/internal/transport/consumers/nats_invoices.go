package consumers

import (
	"context"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/meterly/subs/internal/billing"
	"github.com/meterly/subs/internal/messaging/natsbus"
	"github.com/meterly/subs/internal/service/invoicing"
)

type Collector interface {
	ChargeFinalized(ctx context.Context, evt billing.InvoiceEvent) (invoicing.PaymentOutcome, error)
	ReleaseCredits(ctx context.Context, invoiceID string) error
}

type PaidNotifier interface {
	OnInvoicePaid(ctx context.Context, evt billing.InvoiceEvent) error
}

type DunningStarter interface {
	Start(ctx context.Context, evt billing.InvoiceEvent) error
}

type InvoiceConsumers struct {
	collector Collector
	receipts  PaidNotifier
	dunning   DunningStarter
	log       *slog.Logger
}

func NewInvoiceConsumers(c Collector, r PaidNotifier, d DunningStarter, log *slog.Logger) *InvoiceConsumers {
	return &InvoiceConsumers{collector: c, receipts: r, dunning: d, log: log}
}

// eventHandler decodes an InvoiceEvent and calls fn.
func eventHandler(fn func(ctx context.Context, evt billing.InvoiceEvent) error) natsbus.Handler {
	return func(ctx context.Context, m jetstream.Msg) error {
		evt, err := natsbus.Decode[billing.InvoiceEvent](m)
		if err != nil {
			_ = m.Term()
			return nil
		}
		return fn(ctx, evt)
	}
}

// Subscriptions is the registration table for the INVOICES stream.
func (h *InvoiceConsumers) Subscriptions() []natsbus.Subscription {
	return []natsbus.Subscription{
		{
			Durable: "billing-charge-finalized",
			Subject: billing.SubjectInvoiceFinalized,
			AckWait: 60 * time.Second,
			Handler: eventHandler(func(ctx context.Context, evt billing.InvoiceEvent) error {
				out, err := h.collector.ChargeFinalized(ctx, evt)
				if err == nil {
					h.log.InfoContext(ctx, "collection finished", "invoice_id", out.InvoiceID, "status", out.InvoiceStatus)
				}
				return err
			}),
		},
		{
			Durable: "notify-invoice-paid",
			Subject: billing.SubjectInvoicePaid,
			Handler: eventHandler(h.receipts.OnInvoicePaid),
		},
		{
			Durable: "dunning-payment-failed",
			Subject: billing.SubjectInvoicePaymentFailed,
			Handler: eventHandler(h.dunning.Start),
		},
		{
			Durable: "credits-invoice-voided",
			Subject: billing.SubjectInvoiceVoided,
			Handler: eventHandler(func(ctx context.Context, evt billing.InvoiceEvent) error {
				return h.collector.ReleaseCredits(ctx, evt.InvoiceID)
			}),
		},
	}
}
