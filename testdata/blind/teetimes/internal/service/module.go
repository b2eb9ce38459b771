package service

import (
	"go.uber.org/fx"

	"github.com/fairwaylinks/teetimes/internal/platform/dedup"
)

// Module provides every service behind its interface.
var Module = fx.Module("service",
	fx.Provide(
		dedup.NewRecorder,
		fx.Annotate(NewBookingService, fx.As(new(Bookings))),
		fx.Annotate(NewRefundService, fx.As(new(Refunds))),
		fx.Annotate(NewWaitlistService, fx.As(new(Waitlist))),
		fx.Annotate(NewVoucherService, fx.As(new(Vouchers))),
		fx.Annotate(NewTournamentService, fx.As(new(Tournaments))),
		fx.Annotate(NewProShopService, fx.As(new(ProShop))),
		fx.Annotate(NewPOSService, fx.As(new(POSEvents))),
		fx.Annotate(NewRainCheckService, fx.As(new(RainChecks))),
		fx.Annotate(NewMarketplaceService, fx.As(new(Marketplace))),
		fx.Annotate(NewPaymentEventService, fx.As(new(PaymentEvents))),
		fx.Annotate(NewTeeSheetService, fx.As(new(TeeSheet))),
	),
)
