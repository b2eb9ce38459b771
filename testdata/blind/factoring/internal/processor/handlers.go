package processor

import (
	"context"

	"github.com/kestrelfin/factoring/internal/events"
	"github.com/kestrelfin/factoring/internal/service"
)

// Handlers are the services the event processor dispatches to.
type Handlers struct {
	Credit         service.CreditChecks
	Funding        service.Funding
	Reconciliation service.Reconciliation
	Settlement     service.Settlement
	Collections    service.Collections
	Notices        service.Notices
}

func NewHandlers(
	credit service.CreditChecks,
	funding service.Funding,
	recon service.Reconciliation,
	settlement service.Settlement,
	collections service.Collections,
	notices service.Notices,
) *Handlers {
	return &Handlers{
		Credit: credit, Funding: funding, Reconciliation: recon,
		Settlement: settlement, Collections: collections, Notices: notices,
	}
}

// Routes is the processor's topic table.
func (h *Handlers) Routes() []Route {
	return []Route{
		{
			Name:  "credit.debtor_check",
			Topic: events.TopicInvoiceUploaded,
			Handler: consumeEvent(func(ctx context.Context, ev events.InvoiceUploaded) error {
				return h.Credit.QueueDebtorCheck(ctx, ev.InvoiceID, ev.DebtorID)
			}),
		},
		{
			Name:    "funding.create_advance",
			Topic:   events.TopicOfferAccepted,
			Handler: consume(h.Funding.CreateAdvance),
		},
		{
			Name:    "reconciliation.match_line",
			Topic:   events.TopicStatementLine,
			Handler: consume(h.Reconciliation.ReconcileLine),
		},
		{
			Name:    "reconciliation.apply_payment",
			Topic:   events.TopicPaymentMatched,
			Handler: consumeEvent(h.Reconciliation.ApplyPayment),
		},
		{
			Name:    "settlement.issue_rebate",
			Topic:   events.TopicInvoiceSettled,
			Handler: consumeEvent(h.Settlement.IssueRebate),
		},
		{
			Name:    "settlement.notify_paid_out",
			Topic:   events.TopicAdvancePaidOut,
			Handler: consumeEvent(h.Settlement.NotifyPaidOut),
		},
		{
			Name:    "collections.schedule_retry",
			Topic:   events.TopicCollectionFailed,
			Handler: consumeEvent(h.Collections.ScheduleRetry),
		},
		{
			Name:    "notices.overdue_reminder",
			Topic:   events.TopicInvoiceOverdue,
			Handler: consumeEvent(h.Notices.RemindOverdue),
		},
	}
}

// ProvideRoutes exposes the route table to the injector.
func ProvideRoutes(h *Handlers) []Route { return h.Routes() }
