package worker

import (
	"log/slog"

	"github.com/riverqueue/river"

	"github.com/pawsure/premiums/internal/service/billing"
	"github.com/pawsure/premiums/internal/service/claims"
	"github.com/pawsure/premiums/internal/service/notify"
	"github.com/pawsure/premiums/internal/service/payouts"
)

// Services is what the workers need.
type Services struct {
	Billing billing.Service
	Payouts payouts.Service
	Claims  claims.Service
	Notify  notify.Service
	Log     *slog.Logger
}

// Register adds every worker to a river.Workers bundle.
func Register(s Services) *river.Workers {
	w := river.NewWorkers()
	river.AddWorker(w, &PremiumRunWorker{Billing: s.Billing, Log: s.Log})
	river.AddWorker(w, &CollectPremiumWorker{Billing: s.Billing})
	river.AddWorker(w, &CancellationRefundWorker{Billing: s.Billing})
	river.AddWorker(w, &ClaimPayoutWorker{Payouts: s.Payouts})
	river.AddWorker(w, &ReissuePayoutWorker{Payouts: s.Payouts})
	river.AddWorker(w, &SendNotificationWorker{Notify: s.Notify})
	reminder, vetNotice := ClaimFollowUpWorkers(s.Claims)
	river.AddWorker(w, reminder)
	river.AddWorker(w, vetNotice)
	return w
}
