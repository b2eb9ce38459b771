package app

import (
	"go.uber.org/fx"

	"github.com/pantryco/fulfilment/internal/jobs"
	"github.com/pantryco/fulfilment/internal/service/billing"
	"github.com/pantryco/fulfilment/internal/service/dispatch"
	"github.com/pantryco/fulfilment/internal/service/notify"
	"github.com/pantryco/fulfilment/internal/service/ordering"
	"github.com/pantryco/fulfilment/internal/service/partners"
	"github.com/pantryco/fulfilment/internal/service/payments"
	"github.com/pantryco/fulfilment/internal/service/picking"
	"github.com/pantryco/fulfilment/internal/service/storeevents"
	"github.com/pantryco/fulfilment/internal/store"
)

// Repositories binds the pgx repositories to the interfaces each service
// declares.
var Repositories = fx.Module("repositories",
	fx.Provide(
		fx.Annotate(store.NewOrderRepo,
			fx.As(new(ordering.OrderRepository)),
			fx.As(new(payments.OrderReader)),
			fx.As(new(picking.Orders)),
			fx.As(new(dispatch.Orders)),
			fx.As(new(notify.Orders)),
			fx.As(new(billing.Orders)),
			fx.As(new(storeevents.Orders)),
			fx.As(new(jobs.ExpiryOrders)),
		),
		fx.Annotate(store.NewSlotRepo,
			fx.As(new(ordering.SlotRepository)),
			fx.As(new(dispatch.Slots)),
			fx.As(new(storeevents.Slots)),
			fx.As(new(jobs.ExpirySlots)),
		),
		fx.Annotate(store.NewRequestKeyRepo, fx.As(new(ordering.RequestKeyRepository))),
		fx.Annotate(store.NewPromotionRepo, fx.As(new(ordering.PromotionRepository))),
		fx.Annotate(store.NewPickRepo, fx.As(new(picking.Picks))),
		fx.Annotate(store.NewSubstitutionRepo,
			fx.As(new(picking.Substitutions)),
			fx.As(new(billing.Substitutions)),
		),
		fx.Annotate(store.NewBagRepo, fx.As(new(picking.Bags))),
		fx.Annotate(store.NewShortageRepo, fx.As(new(picking.Shortages))),
		fx.Annotate(store.NewHandheldKeyRepo, fx.As(new(picking.RequestKeys))),
		fx.Annotate(store.NewPaymentRepo, fx.As(new(payments.PaymentRepository))),
		fx.Annotate(store.NewPaymentOpRepo, fx.As(new(payments.OperationRepository))),
		fx.Annotate(store.NewRefundRepo, fx.As(new(payments.RefundRepository))),
		fx.Annotate(store.NewInvoiceRepo, fx.As(new(billing.Invoices))),
		fx.Annotate(store.NewCreditRepo, fx.As(new(storeevents.Credits))),
		fx.Annotate(store.NewDeliveryRepo,
			fx.As(new(dispatch.Deliveries)),
			fx.As(new(storeevents.Deliveries)),
		),
		fx.Annotate(store.NewDeliveryEventRepo, fx.As(new(storeevents.DeliveryEvents))),
		fx.Annotate(store.NewNotificationRepo, fx.As(new(notify.Notifications))),
		fx.Annotate(store.NewInboxRepo, fx.As(new(storeevents.Inbox))),
		fx.Annotate(store.NewOutboxRepo,
			fx.As(new(picking.Outbox)),
			fx.As(new(partners.Outbox)),
		),
		fx.Annotate(store.NewStockRepo, fx.As(new(storeevents.Stock))),
		fx.Annotate(store.NewExpiryRunRepo, fx.As(new(jobs.ExpiryRuns))),
	),
)
