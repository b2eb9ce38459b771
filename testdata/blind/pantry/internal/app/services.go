package app

import (
	"log/slog"

	"go.uber.org/fx"

	"github.com/pantryco/fulfilment/internal/config"
	"github.com/pantryco/fulfilment/internal/jobs"
	"github.com/pantryco/fulfilment/internal/platform/pg"
	"github.com/pantryco/fulfilment/internal/service/billing"
	"github.com/pantryco/fulfilment/internal/service/dispatch"
	"github.com/pantryco/fulfilment/internal/service/notify"
	"github.com/pantryco/fulfilment/internal/service/ordering"
	"github.com/pantryco/fulfilment/internal/service/partners"
	"github.com/pantryco/fulfilment/internal/service/payments"
	"github.com/pantryco/fulfilment/internal/service/picking"
	"github.com/pantryco/fulfilment/internal/service/storeevents"
)

type pickingParams struct {
	fx.In

	Tx            pg.TxManager
	Orders        picking.Orders
	Picks         picking.Picks
	Substitutions picking.Substitutions
	Bags          picking.Bags
	Shortages     picking.Shortages
	Keys          picking.RequestKeys
	Outbox        picking.Outbox
	Notifier      picking.Notifier
	Jobs          picking.Jobs
	Log           *slog.Logger
}

func newPicking(p pickingParams) picking.Service {
	return picking.NewService(picking.Deps{
		Tx: p.Tx, Orders: p.Orders, Picks: p.Picks, Substitutions: p.Substitutions, Bags: p.Bags,
		Shortages: p.Shortages, Keys: p.Keys, Outbox: p.Outbox, Notifier: p.Notifier, Jobs: p.Jobs,
		Log: p.Log.With("component", "picking"),
	})
}

type storeEventParams struct {
	fx.In

	Cfg            config.Config
	Tx             pg.TxManager
	Orders         storeevents.Orders
	Slots          storeevents.Slots
	Inbox          storeevents.Inbox
	Stock          storeevents.Stock
	DeliveryEvents storeevents.DeliveryEvents
	Deliveries     storeevents.Deliveries
	Credits        storeevents.Credits
	Notifier       storeevents.Notifier
	Jobs           storeevents.Jobs
	Log            *slog.Logger
}

func newStoreEvents(p storeEventParams) storeevents.Service {
	return storeevents.NewService(storeevents.Deps{
		Tx: p.Tx, Orders: p.Orders, Slots: p.Slots, Inbox: p.Inbox, Stock: p.Stock,
		DeliveryEvents: p.DeliveryEvents, Deliveries: p.Deliveries, Credits: p.Credits,
		Notifier: p.Notifier, Jobs: p.Jobs, Log: p.Log.With("component", "storeevents"),
		GoodwillCents: p.Cfg.GoodwillCreditCents,
	})
}

func newBilling(card billing.Charger, orders billing.Orders, subs billing.Substitutions, inv billing.Invoices, log *slog.Logger) billing.Service {
	return billing.NewService(card, orders, subs, inv, log.With("component", "billing"))
}

// Services wires the domain services.
var Services = fx.Module("services",
	fx.Provide(
		ordering.NewService,
		payments.NewService,
		newPicking,
		fx.Annotate(notify.NewService,
			fx.As(fx.Self()),
			fx.As(new(picking.Notifier)),
			fx.As(new(storeevents.Notifier)),
		),
		dispatch.NewService,
		newBilling,
		partners.NewService,
		newStoreEvents,
		fx.Annotate(jobs.NewEnqueuer,
			fx.As(new(ordering.Jobs)),
			fx.As(new(picking.Jobs)),
			fx.As(new(storeevents.Jobs)),
		),
	),
)
