package httpapi

import (
	"log/slog"

	"github.com/labstack/echo/v4"
	echomw "github.com/labstack/echo/v4/middleware"
)

// Handlers bundles every handler so the router can be built in one place.
type Handlers struct {
	Members    *MemberHandler
	Points     *PointsHandler
	Orders     *OrderHandler
	Payments   *PaymentHandler
	GiftCards  *GiftCardHandler
	Statements *StatementHandler
}

// NewServer builds the echo instance with all routes registered.
func NewServer(h Handlers, log *slog.Logger) *echo.Echo {
	e := echo.New()
	e.HideBanner = true
	e.HTTPErrorHandler = ErrorHandler
	e.Use(echomw.Recover())
	e.Use(RequestID())
	e.Use(AccessLog(log))

	// Provider webhooks: no auth middleware, verified by signature.
	e.POST("/webhooks/stripe", h.Payments.StripeWebhook)

	v1 := e.Group("/v1")
	v1.POST("/members", h.Members.Enroll)
	v1.GET("/members/:memberID", h.Members.Get)

	keyed := v1.Group("", RequireIdempotencyKey())
	keyed.POST("/members/:memberID/redemptions", h.Points.Redeem)
	keyed.POST("/members/:memberID/transfers", h.Points.Transfer)
	keyed.POST("/members/:memberID/gift-cards", h.GiftCards.Request)

	v1.POST("/members/:memberID/catalogue-orders", h.Orders.PlaceOrder)
	v1.POST("/members/:memberID/topups", h.Payments.TopUp)
	v1.POST("/members/:memberID/adjustments", h.Points.Adjust)
	v1.POST("/members/:memberID/statements/:period/resend", h.Statements.Resend)
	v1.POST("/vouchers/:code/cancel", h.Points.CancelVoucher)
	v1.POST("/gift-cards/:requestID/reissue", h.GiftCards.Reissue)

	return e
}
