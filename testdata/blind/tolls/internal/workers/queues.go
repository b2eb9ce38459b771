package workers

import (
	"context"
	"time"

	"github.com/northgate/tolls/internal/config"
	"github.com/northgate/tolls/internal/service/billing"
	"github.com/northgate/tolls/internal/service/notify"
	"github.com/northgate/tolls/internal/service/violations"
)

// Deps are the services the queue handlers call.
type Deps struct {
	Billing    billing.Service
	Violations violations.Service
	Notify     *notify.Service
	Credits    *CreditHandler
}

type reminderJob struct {
	ViolationID string `json:"violation_id"`
	Stage       int    `json:"stage"`
}

// Queues is the queue table.
func Queues(cfg *config.Config, d Deps) []Queue {
	return []Queue{
		{
			Name: "topup-requests", URL: cfg.Queues.TopUpRequests, Workers: 2,
			Visibility: 90 * time.Second,
			Handler:    jsonBody(d.Billing.AutoTopUp),
		},
		{
			Name: "violation-notices", URL: cfg.Queues.ViolationNotices, Workers: 2,
			Visibility: 60 * time.Second,
			Handler: jsonBody(func(ctx context.Context, r violations.NoticeRequest) error {
				return d.Violations.SendNotice(ctx, r.ViolationID)
			}),
		},
		{
			Name: "low-balance-alerts", URL: cfg.Queues.LowBalance,
			Visibility: 30 * time.Second,
			Handler:    jsonBody(d.Notify.SendLowBalance),
		},
		{
			Name: "card-settlements", URL: cfg.Queues.CardSettlements, Workers: 2,
			Visibility: 120 * time.Second,
			Handler:    jsonBody(d.Billing.Settle),
		},
		{
			Name: "account-events", URL: cfg.Queues.AccountEvents,
			Visibility: 60 * time.Second,
			Handler:    d.Credits.Handle,
		},
		{
			Name: "notice-reminders", URL: cfg.Queues.NoticeReminders,
			Visibility: 60 * time.Second,
			Handler: jsonBody(func(ctx context.Context, j reminderJob) error {
				return d.Violations.SendReminder(ctx, j.ViolationID, j.Stage)
			}),
		},
	}
}
