package workers

import (
	"time"

	"github.com/riverqueue/river"

	"github.com/kickvolt/ridecore/internal/jobs/jobargs"
)

// Deps are the services the workers call.
type Deps struct {
	Rides   RideBiller
	Fines   FineBiller
	Swaps   Dispatcher
	Reports TripReporter
}

// Register adds every worker to ws.
func Register(ws *river.Workers, d Deps) {
	river.AddWorker(ws, &ChargeRideWorker{Billing: d.Rides})
	river.AddWorker(ws, &ChargeFineWorker{Billing: d.Fines})
	river.AddWorker(ws, &RefundFineWorker{Billing: d.Fines})
	river.AddWorker(ws, &SwapDispatchWorker{Swaps: d.Swaps})
	river.AddWorker(ws, &TripReportWorker{Reports: d.Reports})
}

// PeriodicJobs returns the scheduled jobs: one trip report per zone for
// the previous service day, checked hourly.
func PeriodicJobs(zones []string, loc *time.Location) []*river.PeriodicJob {
	var jobs []*river.PeriodicJob
	for _, zone := range zones {
		jobs = append(jobs, river.NewPeriodicJob(
			river.PeriodicInterval(time.Hour),
			func() (river.JobArgs, *river.InsertOpts) {
				yesterday := time.Now().In(loc).AddDate(0, 0, -1).Format("2006-01-02")
				return jobargs.TripReport{ZoneID: zone, ServiceDate: yesterday}, &river.InsertOpts{
					Queue:      "reporting",
					UniqueOpts: river.UniqueOpts{ByArgs: true},
				}
			},
			&river.PeriodicJobOpts{ID: "trip_report_" + zone},
		))
	}
	return jobs
}
