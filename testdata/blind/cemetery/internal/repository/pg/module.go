package pg

import (
	"go.uber.org/fx"

	"github.com/hollowpine-memorial/plotkeeper/internal/repository"
)

// Module binds each implementation to its repository interface.
var Module = fx.Module("repository",
	fx.Provide(
		fx.Annotate(NewFamilies, fx.As(new(repository.Families))),
		fx.Annotate(NewPlots, fx.As(new(repository.Plots))),
		fx.Annotate(NewTransfers, fx.As(new(repository.Transfers))),
		fx.Annotate(NewReservations, fx.As(new(repository.Reservations))),
		fx.Annotate(NewInterments, fx.As(new(repository.Interments))),
		fx.Annotate(NewPartnerEvents, fx.As(new(repository.PartnerEvents))),
		fx.Annotate(NewEngravingOrders, fx.As(new(repository.EngravingOrders))),
		fx.Annotate(NewCareAccounts, fx.As(new(repository.CareAccounts))),
		fx.Annotate(NewCareInvoices, fx.As(new(repository.CareInvoices))),
		fx.Annotate(NewCarePayments, fx.As(new(repository.CarePayments))),
		fx.Annotate(NewStripeEvents, fx.As(new(repository.StripeEvents))),
		fx.Annotate(NewSMSDeliveries, fx.As(new(repository.SMSDeliveries))),
	),
)
