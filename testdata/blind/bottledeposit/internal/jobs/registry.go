package jobs

import (
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/pantloop/deposit/internal/materials"
	"github.com/pantloop/deposit/internal/payouts"
	"github.com/pantloop/deposit/internal/period"
	"github.com/pantloop/deposit/internal/settlement"
	"github.com/pantloop/deposit/internal/vouchers"
)

// Deps are the services the workers call.
type Deps struct {
	Settlement *settlement.Service
	Materials  *materials.Service
	Payouts    *payouts.Service
	Vouchers   *vouchers.Service
	Log        *slog.Logger
	Now        func() time.Time
}

// Workers registers every worker.
func Workers(d Deps) *river.Workers {
	if d.Now == nil {
		d.Now = time.Now
	}
	w := river.NewWorkers()
	river.AddWorker(w, &MonthlySettlementWorker{Settlement: d.Settlement, Now: d.Now})
	river.AddWorker(w, &SettleShopWorker{Settlement: d.Settlement})
	river.AddWorker(w, &RecyclerReportWorker{Materials: d.Materials, Now: d.Now})
	river.AddWorker(w, &PickupScanWorker{Materials: d.Materials, Now: d.Now})
	river.AddWorker(w, &RecyclerPickupWorker{Materials: d.Materials})
	river.AddWorker(w, &PayoutReconcileWorker{Payouts: d.Payouts, Now: d.Now})
	river.AddWorker(w, &VoucherExpiryWorker{Vouchers: d.Vouchers, Log: d.Log, Now: d.Now})
	return w
}

// Periodic returns the scheduled jobs.
func Periodic() []*river.PeriodicJob {
	return []*river.PeriodicJob{
		river.NewPeriodicJob(
			period.MonthlyAt{Day: 2, Hour: 3},
			func() (river.JobArgs, *river.InsertOpts) {
				return MonthlySettlementArgs{}, &river.InsertOpts{Queue: "settlement"}
			},
			&river.PeriodicJobOpts{ID: "monthly_settlement"},
		),
		river.NewPeriodicJob(
			period.MonthlyAt{Day: 5, Hour: 4},
			func() (river.JobArgs, *river.InsertOpts) {
				return RecyclerReportArgs{}, &river.InsertOpts{Queue: "recycling"}
			},
			&river.PeriodicJobOpts{ID: "recycler_report"},
		),
		river.NewPeriodicJob(
			river.PeriodicInterval(time.Hour),
			func() (river.JobArgs, *river.InsertOpts) {
				return PickupScanArgs{}, &river.InsertOpts{Queue: "recycling"}
			},
			&river.PeriodicJobOpts{ID: "pickup_scan"},
		),
		river.NewPeriodicJob(
			river.PeriodicInterval(10*time.Minute),
			func() (river.JobArgs, *river.InsertOpts) {
				return PayoutReconcileArgs{}, nil
			},
			&river.PeriodicJobOpts{ID: "payout_reconcile", RunOnStart: true},
		),
		river.NewPeriodicJob(
			period.DailyAt{Hour: 2},
			func() (river.JobArgs, *river.InsertOpts) {
				return VoucherExpiryArgs{}, nil
			},
			&river.PeriodicJobOpts{ID: "voucher_expiry"},
		),
	}
}

// Queues is the queue configuration for cmd/worker.
func Queues() map[string]river.QueueConfig {
	return map[string]river.QueueConfig{
		river.QueueDefault: {MaxWorkers: 4},
		"settlement":       {MaxWorkers: 2},
		"recycling":        {MaxWorkers: 2},
	}
}
