package app

import (
	"time"

	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/hollowpine-memorial/plotkeeper/internal/config"
	"github.com/hollowpine-memorial/plotkeeper/internal/core/care"
	"github.com/hollowpine-memorial/plotkeeper/internal/core/engraving"
	"github.com/hollowpine-memorial/plotkeeper/internal/core/interment"
	"github.com/hollowpine-memorial/plotkeeper/internal/core/messaging"
	"github.com/hollowpine-memorial/plotkeeper/internal/core/payments"
	"github.com/hollowpine-memorial/plotkeeper/internal/core/plots"
	"github.com/hollowpine-memorial/plotkeeper/internal/core/reservation"
	"github.com/hollowpine-memorial/plotkeeper/internal/provider"
	"github.com/hollowpine-memorial/plotkeeper/internal/queue"
	"github.com/hollowpine-memorial/plotkeeper/internal/repository"
	"github.com/hollowpine-memorial/plotkeeper/internal/service"
	"github.com/hollowpine-memorial/plotkeeper/internal/uow"
)

// Deps collects what the service constructors draw on.
type Deps struct {
	fx.In

	Config   config.Config
	Logger   *zap.Logger
	Location *time.Location
	UoW      uow.Runner
	Queue    queue.Enqueuer

	Families      repository.Families
	Plots         repository.Plots
	Transfers     repository.Transfers
	Reservations  repository.Reservations
	Interments    repository.Interments
	PartnerEvents repository.PartnerEvents
	Engraving     repository.EngravingOrders
	CareAccounts  repository.CareAccounts
	CareInvoices  repository.CareInvoices
	CarePayments  repository.CarePayments
	StripeEvents  repository.StripeEvents
	Deliveries    repository.SMSDeliveries

	Payments    provider.Payments
	FuneralHome provider.FuneralHome
	Engraver    provider.Engraver
	SMS         provider.SMS
}

// Services binds every core implementation to its service interface.
var Services = fx.Module("services",
	fx.Provide(
		func(d Deps) service.Reservations {
			return reservation.New(reservation.Options{
				UoW:          d.UoW,
				Reservations: d.Reservations,
				Plots:        d.Plots,
				Payments:     d.Payments,
				Queue:        d.Queue,
				Logger:       d.Logger.Named("reservations"),
				DepositCents: d.Config.DepositCents,
			})
		},
		func(d Deps) service.Plots {
			return plots.New(plots.Options{UoW: d.UoW, Plots: d.Plots, Transfers: d.Transfers})
		},
		func(d Deps) service.Interments {
			return interment.New(interment.Options{
				UoW:          d.UoW,
				Interments:   d.Interments,
				Reservations: d.Reservations,
				Plots:        d.Plots,
				Families:     d.Families,
				Partner:      d.FuneralHome,
				SMS:          d.SMS,
				Queue:        d.Queue,
				Logger:       d.Logger.Named("interments"),
				ReminderLead: d.Config.ReminderLeadTime,
				Location:     d.Location,
			})
		},
		func(d Deps) service.PartnerEvents {
			return interment.NewEventService(interment.EventOptions{
				UoW:          d.UoW,
				Events:       d.PartnerEvents,
				Interments:   d.Interments,
				CareAccounts: d.CareAccounts,
				Queue:        d.Queue,
				Logger:       d.Logger.Named("partner-events"),
				Location:     d.Location,
			})
		},
		func(d Deps) service.Engraving {
			return engraving.New(engraving.Options{
				UoW:      d.UoW,
				Orders:   d.Engraving,
				Plots:    d.Plots,
				Engraver: d.Engraver,
				Queue:    d.Queue,
				Logger:   d.Logger.Named("engraving"),
			})
		},
		func(d Deps) service.Care {
			return care.New(care.Options{
				UoW:      d.UoW,
				Accounts: d.CareAccounts,
				Invoices: d.CareInvoices,
				Payments: d.CarePayments,
				Gateway:  d.Payments,
				Queue:    d.Queue,
				Logger:   d.Logger.Named("care"),
			})
		},
		func(d Deps) service.Messaging {
			return messaging.New(messaging.Options{
				Families:   d.Families,
				Deliveries: d.Deliveries,
				SMS:        d.SMS,
				Logger:     d.Logger.Named("messaging"),
			})
		},
		func(d Deps) service.StripeEvents {
			return payments.New(payments.Options{
				UoW:          d.UoW,
				Events:       d.StripeEvents,
				Reservations: d.Reservations,
				Plots:        d.Plots,
				Invoices:     d.CareInvoices,
				Queue:        d.Queue,
				Logger:       d.Logger.Named("stripe-events"),
			})
		},
	),
)
