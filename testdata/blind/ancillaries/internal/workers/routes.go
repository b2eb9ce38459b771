package workers

import (
	"github.com/skyway-air/ancillaries/internal/app"
	"github.com/skyway-air/ancillaries/internal/domain"
)

// Processors are the use cases driven by internal events.
type Processors struct {
	Issuer        *app.EMDIssuer
	Confirmations *app.ConfirmationSender
	Refunds       *app.RefundProcessor
	Settlements   *app.EMDRefundSettler
	Accruals      *app.AccrualPoster
	Statements    *app.StatementWriter
}

// Routes returns the router subscriptions.
func Routes(p Processors) []Route {
	return []Route{
		{Name: "issue-emd", Topic: domain.TopicPaymentSucceeded, Handler: Handle(p.Issuer.Issue)},
		{Name: "send-confirmation", Topic: domain.TopicEMDIssued, Handler: Handle(p.Confirmations.Send)},
		{Name: "process-refund", Topic: domain.TopicRefundRequested, Handler: Handle(p.Refunds.Process)},
		{Name: "settle-emd-refund", Topic: domain.TopicRefundCompleted, Handler: Handle(p.Settlements.Settle)},
		{Name: "post-accrual", Topic: domain.TopicAccrualRequested, Handler: Handle(p.Accruals.Post)},
		{Name: "append-statement", Topic: domain.TopicAccrualPosted, Handler: Handle(p.Statements.Append)},
	}
}
