package jobs

import (
	"context"
	"time"
)

// Workers are the services that expose batch methods.
type Workers struct {
	SubmitOrders    func(ctx context.Context) (int, error)
	DispatchHooks   func(ctx context.Context) (int, error)
	MailLetters     func(ctx context.Context) (int, error)
	PublishInvoices func(ctx context.Context) (int, error)
	ExpireConsents  func(ctx context.Context) (int64, error)
}

// Table returns the standard job table for interval base.
func Table(w Workers, base time.Duration) []Job {
	return []Job{
		{Name: "submit-report-orders", Interval: base, Run: w.SubmitOrders, Timeout: 3 * time.Minute},
		{Name: "dispatch-landlord-webhooks", Interval: base, Run: w.DispatchHooks},
		{Name: "mail-adverse-action-letters", Interval: 2 * base, Run: w.MailLetters},
		{Name: "publish-invoices", Interval: 60 * base, Run: w.PublishInvoices, Timeout: 10 * time.Minute},
		{Name: "expire-consents", Interval: 120 * base, Run: Once(w.ExpireConsents)},
	}
}
