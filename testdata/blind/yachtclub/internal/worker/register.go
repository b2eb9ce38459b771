package worker

import (
	"log/slog"
	"time"

	"github.com/riverqueue/river"
	"go.uber.org/dig"

	"github.com/tidewater-yc/clubhouse/internal/berths"
	"github.com/tidewater-yc/clubhouse/internal/dues"
	"github.com/tidewater-yc/clubhouse/internal/guests"
	"github.com/tidewater-yc/clubhouse/internal/jobs"
	"github.com/tidewater-yc/clubhouse/internal/membership"
	"github.com/tidewater-yc/clubhouse/internal/outbox"
	"github.com/tidewater-yc/clubhouse/internal/statements"
)

// Deps are the services the workers call, injected by dig.
type Deps struct {
	dig.In

	Membership membership.Service
	Dues       dues.Service
	Statements statements.Service
	Berths     berths.Service
	Guests     guests.Service
	Relay      *outbox.Relay
	Log        *slog.Logger
}

// Register adds every worker to a River registry.
func Register(d Deps) *river.Workers {
	w := river.NewWorkers()
	river.AddWorker(w, &ProvisionMemberWorker{Membership: d.Membership})
	river.AddWorker(w, &DuesCycleWorker{Dues: d.Dues, Log: d.Log})
	river.AddWorker(w, &DuesBillingWorker{Dues: d.Dues})
	river.AddWorker(w, &StatementRunWorker{Statements: d.Statements})
	river.AddWorker(w, &MemberStatementWorker{Statements: d.Statements})
	river.AddWorker(w, &StatementEmailWorker{Statements: d.Statements})
	river.AddWorker(w, &LedgerPostingWorker{Statements: d.Statements})
	river.AddWorker(w, &WaitlistOfferWorker{Berths: d.Berths})
	river.AddWorker(w, &GuestConfirmationWorker{Guests: d.Guests})
	river.AddWorker(w, &OutboxRelayWorker{Relay: d.Relay})
	return w
}

// PeriodicJobs are scheduled by the River leader.
func PeriodicJobs(loc *time.Location) []*river.PeriodicJob {
	return []*river.PeriodicJob{
		river.NewPeriodicJob(river.PeriodicInterval(15*time.Second),
			func() (river.JobArgs, *river.InsertOpts) { return jobs.OutboxRelayArgs{}, nil },
			&river.PeriodicJobOpts{ID: "outbox_relay", RunOnStart: true}),
		river.NewPeriodicJob(river.PeriodicInterval(6*time.Hour),
			func() (river.JobArgs, *river.InsertOpts) {
				// Dues for the coming year go out from December 1st.
				now := time.Now().In(loc)
				year := now.Year()
				if now.Month() == time.December {
					year++
				}
				return jobs.DuesCycleArgs{Year: year}, nil
			},
			&river.PeriodicJobOpts{ID: "dues_cycle"}),
	}
}
