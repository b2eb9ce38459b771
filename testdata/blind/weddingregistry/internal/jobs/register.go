package jobs

import (
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"github.com/tiedknot/registry/internal/fulfillment"
	"github.com/tiedknot/registry/internal/gifting"
	"github.com/tiedknot/registry/internal/notify"
	"github.com/tiedknot/registry/internal/payouts"
)

// Services are the services the workers call.
type Services struct {
	Fulfillment fulfillment.Service
	Notify      notify.Service
	Payouts     payouts.Service
	Gifting     gifting.Service
	Log         *slog.Logger
	// CheckoutTTL is how long an unpaid checkout holds its units.
	CheckoutTTL time.Duration
}

// NewWorkers registers every worker.
func NewWorkers(s Services) *river.Workers {
	w := river.NewWorkers()
	river.AddWorker(w, &PlaceOrderWorker{svc: s.Fulfillment})
	river.AddWorker(w, &GroupGiftFulfillWorker{svc: s.Fulfillment})
	river.AddWorker(w, &SendThankYouWorker{svc: s.Notify})
	river.AddWorker(w, &ContributionReceiptWorker{svc: s.Notify})
	river.AddWorker(w, &RegistryDigestWorker{svc: s.Notify, log: s.Log})
	river.AddWorker(w, &AnnounceRegistryWorker{svc: s.Notify})
	river.AddWorker(w, &CashFundPayoutWorker{svc: s.Payouts})
	river.AddWorker(w, &PayoutSweepWorker{svc: s.Payouts, log: s.Log})
	river.AddWorker(w, &ExpireReservationsWorker{svc: s.Gifting, ttl: s.CheckoutTTL, log: s.Log})
	return w
}

type periodic struct {
	every      time.Duration
	args       func() river.JobArgs
	runOnStart bool
}

// schedule is the table of periodic jobs.
var schedule = []periodic{
	{every: 5 * time.Minute, args: func() river.JobArgs { return ExpireReservationsArgs{} }, runOnStart: true},
	{every: time.Hour, args: func() river.JobArgs { return RegistryDigestArgs{} }},
	{every: 24 * time.Hour, args: func() river.JobArgs { return PayoutSweepArgs{} }, runOnStart: true},
}

// PeriodicJobs builds River periodic jobs from the schedule table.
func PeriodicJobs() []*river.PeriodicJob {
	out := make([]*river.PeriodicJob, 0, len(schedule))
	for _, p := range schedule {
		p := p
		out = append(out, river.NewPeriodicJob(
			river.PeriodicInterval(p.every),
			func() (river.JobArgs, *river.InsertOpts) { return p.args(), nil },
			&river.PeriodicJobOpts{RunOnStart: p.runOnStart},
		))
	}
	return out
}

// NewWorkerClient builds the River client that works jobs.
func NewWorkerClient(pool *pgxpool.Pool, workers *river.Workers, log *slog.Logger) (*river.Client[pgx.Tx], error) {
	return river.NewClient(riverpgxv5.New(pool), &river.Config{
		Logger: log,
		Queues: map[string]river.QueueConfig{
			river.QueueDefault: {MaxWorkers: 5},
			QueueFulfillment:   {MaxWorkers: 10},
			QueueEmail:         {MaxWorkers: 10},
			QueuePayouts:       {MaxWorkers: 2},
			QueueMaintenance:   {MaxWorkers: 1},
		},
		Workers:      workers,
		PeriodicJobs: PeriodicJobs(),
	})
}

// NewInsertClient builds an insert-only River client for the services.
func NewInsertClient(pool *pgxpool.Pool, log *slog.Logger) (*river.Client[pgx.Tx], error) {
	return river.NewClient(riverpgxv5.New(pool), &river.Config{Logger: log})
}
