package httpapi

import (
	"log/slog"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"github.com/civicfund/grants/internal/httpapi/handlers"
	"github.com/civicfund/grants/internal/httpapi/webhooks"
)

// Routes groups everything the server mounts.
type Routes struct {
	Donations      *handlers.DonationHandler
	Grants         *handlers.GrantHandler
	CreatePledge   echo.HandlerFunc
	CreateOffer    echo.HandlerFunc
	RequestReceipt echo.HandlerFunc
	StripeWebhook  *webhooks.StripeHandler
	BankWebhook    *webhooks.BankHandler
	EmailEvents    echo.HandlerFunc
}

// NewServer builds the echo instance.
func NewServer(r Routes, log *slog.Logger) *echo.Echo {
	e := echo.New()
	e.HideBanner = true
	e.HTTPErrorHandler = ErrorHandler(log)
	e.Use(middleware.Recover())
	e.Use(RequestID())
	e.Use(AccessLog(log))

	v1 := e.Group("/v1")
	v1.POST("/donations", r.Donations.Create)
	v1.POST("/donations/:id/refunds", r.Donations.Refund)
	v1.POST("/pledges", r.CreatePledge)
	v1.POST("/campaigns/:id/matching-offers", r.CreateOffer)
	v1.POST("/grant-applications", r.Grants.SubmitApplication)
	v1.POST("/grants/:id/approve", r.Grants.Approve)
	v1.POST("/donors/:id/receipt-requests", r.RequestReceipt)

	hooks := e.Group("/webhooks", middleware.BodyLimit("1M"))
	hooks.POST("/stripe", r.StripeWebhook.Handle)
	hooks.POST("/bank", r.BankWebhook.Handle)
	hooks.POST("/email", r.EmailEvents)

	e.GET("/healthz", func(c echo.Context) error { return c.String(200, "ok") })
	return e
}
