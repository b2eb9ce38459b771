package events

import (
	"context"
	"log/slog"

	"github.com/quillpress/apcdesk/internal/domain"
)

// ManuscriptHandlers is the handler table for the editorial and production
// topics.
func ManuscriptHandlers(invoices domain.InvoiceService, dois domain.DOIService) Handlers {
	return Handlers{
		domain.EventManuscriptAccepted: Typed(func(ctx context.Context, _ Envelope, ev domain.ManuscriptAccepted) error {
			_, err := invoices.IssueForAcceptance(ctx, ev)
			return err
		}),
		domain.EventManuscriptWithdrawn: Typed(func(ctx context.Context, env Envelope, ev domain.ManuscriptWithdrawn) error {
			return invoices.Withdraw(ctx, env.ID, ev)
		}),
		domain.EventManuscriptTransferred: Typed(func(ctx context.Context, _ Envelope, ev domain.ManuscriptTransferred) error {
			return invoices.Reprice(ctx, ev)
		}),
		domain.EventArticleCorrected: Typed(func(ctx context.Context, _ Envelope, ev domain.ArticleCorrected) error {
			return dois.Redeposit(ctx, ev)
		}),
	}
}

// BillingDeps are the services the billing consumer calls.
type BillingDeps struct {
	Notifications domain.NotificationService
	DOIs          domain.DOIService
	Agreements    domain.AgreementService
	Processed     domain.ProcessedEventRepository
	Log           *slog.Logger
}

// BillingHandlers is the handler table for the platform's own billing
// topic and the CRM's agreements topic.
func BillingHandlers(d BillingDeps) Handlers {
	return Handlers{
		domain.EventInvoiceIssued: Typed(func(ctx context.Context, _ Envelope, ev domain.InvoiceIssued) error {
			return d.Notifications.SendInvoice(ctx, ev.InvoiceID)
		}),
		domain.EventInvoicePaid: Typed(func(ctx context.Context, _ Envelope, ev domain.InvoicePaidPayload) error {
			return d.Notifications.SendReceipt(ctx, ev.InvoiceID)
		}),
		domain.EventInvoiceCleared: Typed(func(ctx context.Context, _ Envelope, ev domain.InvoiceCleared) error {
			return d.DOIs.Enqueue(ctx, ev)
		}),
		domain.EventAgreementUpserted: Typed(func(ctx context.Context, _ Envelope, ev domain.AgreementUpserted) error {
			_, err := d.Agreements.Sync(ctx, ev)
			return err
		}),
		domain.EventAgreementToppedUp: Once("agreements.topup", d.Processed, d.Log,
			Typed(func(ctx context.Context, _ Envelope, ev domain.AgreementToppedUp) error {
				return d.Agreements.TopUp(ctx, ev)
			})),
	}
}

// Once skips envelopes the named consumer has already handled and records
// each envelope after its handler succeeds.
func Once(consumer string, seen domain.ProcessedEventRepository, log *slog.Logger, next HandlerFunc) HandlerFunc {
	return func(ctx context.Context, env Envelope) error {
		done, err := seen.Seen(ctx, consumer, env.ID)
		if err != nil {
			return err
		}
		if done {
			log.DebugContext(ctx, "duplicate event skipped", "consumer", consumer, "event", env.ID)
			return nil
		}
		if err := next(ctx, env); err != nil {
			return err
		}
		return seen.Mark(ctx, consumer, env.ID)
	}
}
