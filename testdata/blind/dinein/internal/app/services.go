package app

import (
	"go.uber.org/fx"

	"github.com/dinein/platform/internal/service"
)

// Services provides the business services, each decorated with logging
// and metrics where it faces callers.
var Services = fx.Options(
	fx.Provide(
		service.NewNotifier,
		fx.Annotate(service.NewOrderService, fx.As(new(service.OrderService))),
		fx.Annotate(service.NewCheckoutService, fx.As(new(service.CheckoutService))),
		fx.Annotate(service.NewCreditService, fx.As(new(service.CreditService))),
		fx.Annotate(service.NewMenuService, fx.As(new(service.MenuService))),
		fx.Annotate(service.NewDispatchService, fx.As(new(service.DispatchService))),
		fx.Annotate(service.NewCourierEvents, fx.As(new(service.CourierEvents))),
		fx.Annotate(service.NewPaymentEvents, fx.As(new(service.PaymentEvents))),
		fx.Annotate(service.NewRefundService, fx.As(new(service.RefundService))),
		fx.Annotate(service.NewPayoutService, fx.As(new(service.PayoutService))),
		fx.Annotate(service.NewNotificationService, fx.As(new(service.NotificationService))),
		fx.Annotate(service.NewLoyaltyService, fx.As(new(service.LoyaltyService))),
	),
	fx.Decorate(
		service.ObserveOrders,
		service.ObserveCheckout,
		service.ObserveCredits,
		service.ObserveDispatch,
	),
)
