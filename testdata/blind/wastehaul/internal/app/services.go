package app

import (
	"log/slog"

	"go.uber.org/fx"

	"github.com/haulcore/wastehaul/internal/config"
	"github.com/haulcore/wastehaul/internal/idempotency"
	"github.com/haulcore/wastehaul/internal/jobs/jobargs"
	"github.com/haulcore/wastehaul/internal/providers/sms"
	"github.com/haulcore/wastehaul/internal/service/accounts"
	"github.com/haulcore/wastehaul/internal/service/billing"
	"github.com/haulcore/wastehaul/internal/service/dispatch"
	disposalsvc "github.com/haulcore/wastehaul/internal/service/disposal"
	"github.com/haulcore/wastehaul/internal/service/pickups"
	"github.com/haulcore/wastehaul/internal/service/rentals"
	"github.com/haulcore/wastehaul/internal/service/tickets"
	"github.com/haulcore/wastehaul/internal/service/tipping"
	"github.com/haulcore/wastehaul/internal/store"
)

// Services wires the domain services. Every constructor returns the
// service's interface.
var Services = fx.Module("services",
	fx.Provide(
		accounts.New,
		rentals.New,
		newPickups,
		newDispatch,
		newBilling,
		newTickets,
		newTipping,
		newDisposal,

		func(b billing.Service) rentals.DepositRefunder { return b },
		func(b billing.Service) dispatch.HaulBiller { return b },
	),
)

type repoParams struct {
	fx.In

	DB        *store.DB
	Customers store.Customers
	Ledger    store.Ledger
	Rentals   store.Rentals
	Pickups   store.Pickups
	Routes    store.Routes
	Messages  store.Messages
	Tickets   store.Tickets
	Invoices  store.Invoices
	Payments  store.Payments
	Loads     store.Loads
	Tipping   store.Tipping
	Inbox     store.Inbox
	Keys      *idempotency.Keys
	Jobs      jobargs.Enqueuer
	Log       *slog.Logger
}

func newPickups(p repoParams, batch pickups.BatchSender) pickups.Service {
	return pickups.New(pickups.Deps{
		DB:       p.DB,
		Pickups:  p.Pickups,
		Routes:   p.Routes,
		Messages: p.Messages,
		Jobs:     p.Jobs,
		SMS:      batch,
		Log:      p.Log.With("svc", "pickups"),
	})
}

func newDispatch(p repoParams, sender sms.Sender, haul dispatch.HaulBiller) dispatch.Service {
	return dispatch.New(dispatch.Deps{
		DB:       p.DB,
		Routes:   p.Routes,
		Pickups:  p.Pickups,
		Messages: p.Messages,
		Loads:    p.Loads,
		Keys:     p.Keys,
		Jobs:     p.Jobs,
		SMS:      sender,
		Haul:     haul,
		Log:      p.Log.With("svc", "dispatch"),
	})
}

func newBilling(p repoParams, charger billing.Charger) billing.Service {
	return billing.New(billing.Deps{
		DB:        p.DB,
		Invoices:  p.Invoices,
		Payments:  p.Payments,
		Customers: p.Customers,
		Rentals:   p.Rentals,
		Ledger:    p.Ledger,
		Inbox:     p.Inbox,
		Jobs:      p.Jobs,
		Charger:   charger,
		Log:       p.Log.With("svc", "billing"),
	})
}

func newTickets(p repoParams, cfg config.Config) tickets.Service {
	return tickets.New(tickets.Deps{
		DB:        p.DB,
		Tickets:   p.Tickets,
		Customers: p.Customers,
		Invoices:  p.Invoices,
		Tipping:   p.Tipping,
		Ledger:    p.Ledger,
		Inbox:     p.Inbox,
		Jobs:      p.Jobs,
		Vendor:    cfg.ScaleVendor,
		Log:       p.Log.With("svc", "tickets"),
	})
}

func newTipping(p repoParams, partner tipping.Remitter) tipping.Service {
	return tipping.New(p.DB, p.Tipping, p.Tickets, p.Jobs, partner, p.Log.With("svc", "tipping"))
}

func newDisposal(p repoParams, partner disposalsvc.Partner, cfg config.Config) disposalsvc.Service {
	return disposalsvc.New(p.DB, p.Loads, p.Routes, partner, cfg.DisposalHaulerID, p.Log.With("svc", "disposal"))
}
