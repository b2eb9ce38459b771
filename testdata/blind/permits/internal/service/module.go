package service

import (
	"log/slog"

	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/fx"

	"github.com/civicworks/permits/internal/clients/inspections"
	"github.com/civicworks/permits/internal/clients/messaging"
	"github.com/civicworks/permits/internal/clients/payments"
	"github.com/civicworks/permits/internal/platform/config"
	"github.com/civicworks/permits/internal/platform/queue"
	"github.com/civicworks/permits/internal/store"
)

type feeParams struct {
	fx.In

	Pool      *pgxpool.Pool
	Apps      store.ApplicationRepo
	Payments  store.PaymentRepo
	Refunds   store.RefundRepo
	Residents store.ResidentRepo
	Gateway   payments.Gateway
	Log       *slog.Logger
}

func provideFees(p feeParams) Fees {
	return NewFees(FeeDeps{
		Pool: p.Pool, Apps: p.Apps, Payments: p.Payments, Refunds: p.Refunds,
		Residents: p.Residents, Gateway: p.Gateway, Log: p.Log,
	}, WithFeeSchedule(DefaultFeeSchedule))
}

type parkingParams struct {
	fx.In

	Pool      *pgxpool.Pool
	Config    *config.Config
	Idem      store.IdempotencyRepo
	Parking   store.ParkingRepo
	Renewals  store.RenewalRepo
	Reminders store.ReminderRepo
	Ledger    store.LedgerRepo
	Residents store.ResidentRepo
	Gateway   payments.Gateway
	Sender    messaging.Sender
	Log       *slog.Logger
}

func provideParking(p parkingParams) Parking {
	return NewParking(ParkingDeps{
		Pool: p.Pool, Idem: p.Idem, Parking: p.Parking, Renewals: p.Renewals, Reminders: p.Reminders,
		Ledger: p.Ledger, Residents: p.Residents, Gateway: p.Gateway, Sender: p.Sender,
		BaseURL: p.Config.PublicBaseURL, Log: p.Log,
	})
}

type inspectionParams struct {
	fx.In

	Pool        *pgxpool.Pool
	Apps        store.ApplicationRepo
	Residents   store.ResidentRepo
	Inspections store.InspectionRepo
	Results     store.InspectionResultRepo
	Events      store.PartnerEventRepo
	Ledger      store.LedgerRepo
	Scheduler   inspections.Scheduler
	Jobs        queue.Enqueuer `optional:"true"`
	Log         *slog.Logger
}

func provideInspections(p inspectionParams) Inspections {
	return NewInspections(InspectionDeps{
		Pool: p.Pool, Apps: p.Apps, Residents: p.Residents, Inspections: p.Inspections, Results: p.Results,
		Events: p.Events, Ledger: p.Ledger, Scheduler: p.Scheduler, Jobs: p.Jobs, Log: p.Log,
	})
}

// Module provides every service.
var Module = fx.Module("service",
	fx.Provide(
		NewApplications,
		provideFees,
		NewPaymentEvents,
		provideParking,
		NewDocuments,
		provideInspections,
		NewNotifier,
		NewReview,
		NewResidents,
		NewRegistry,
	),
)

// Instrumentation wraps the services the API exposes directly with metrics
// and logging. It is applied at the root of the app so every module sees
// the decorated values.
var Instrumentation = fx.Decorate(
	InstrumentApplications,
	InstrumentInspections,
	InstrumentFees,
)
