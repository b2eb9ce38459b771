package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"github.com/polyglotdesk/marketplace/internal/platform"
	"github.com/polyglotdesk/marketplace/internal/webhooks"
)

// Routes collects every handler served by cmd/api.
type Routes struct {
	Jobs         *JobsHandler
	Quotes       *QuotesHandler
	Escrow       *EscrowHandler
	Deliverables *DeliverablesHandler
	Payouts      *PayoutsHandler
	Invoices     *InvoicesHandler
	Engagement   *EngagementHandler
	PayoutHooks  *webhooks.PayoutsReceiver
	ScanHooks    *webhooks.ScannerReceiver
	Keys         *platform.KeyStore
}

// NewServer builds the echo instance with every route mounted.
func NewServer(r Routes) *echo.Echo {
	e := echo.New()
	e.HideBanner = true
	e.Use(middleware.Recover())
	e.Use(middleware.RequestID())
	e.Use(middleware.BodyLimit("60M"))

	e.GET("/healthz", func(c echo.Context) error { return c.NoContent(http.StatusOK) })

	hooks := e.Group("/webhooks")
	hooks.POST("/remitbridge", r.PayoutHooks.Receive)
	hooks.POST("/scanguard", r.ScanHooks.Receive)

	v1 := e.Group("/v1", Authenticate())
	client := RequireRole(RoleClient)
	translator := RequireRole(RoleTranslator)

	v1.POST("/jobs", r.Jobs.Create, client)
	v1.GET("/jobs/:id", r.Jobs.Get)
	v1.POST("/jobs/:id/mt-prepass", r.Jobs.RequestPrepass, client)

	v1.POST("/jobs/:id/quotes", r.Quotes.Submit, translator)
	v1.POST("/quotes/:id/accept", r.Quotes.Accept, client)
	v1.POST("/quotes/:id/decline", r.Quotes.Decline, client)

	v1.POST("/jobs/:id/approve", r.Escrow.Approve, client)
	v1.POST("/jobs/:id/cancel", r.Escrow.Cancel, client)
	v1.POST("/jobs/:id/tip", r.Escrow.Tip, client)

	v1.POST("/jobs/:id/deliverables", r.Deliverables.Upload, translator)

	v1.POST("/jobs/:id/messages", r.Engagement.PostMessage)
	v1.POST("/jobs/:id/disputes", r.Engagement.OpenDispute, client)
	v1.POST("/jobs/:id/certified-copies", r.Engagement.OrderCopies, client)

	v1.PUT("/me/payout-account", r.Payouts.RegisterAccount, translator)
	v1.POST("/me/withdrawals", r.Payouts.Withdraw, translator, Idempotent(r.Keys, "withdrawals"))

	v1.GET("/invoices/:id", r.Invoices.Get, client)
	v1.POST("/invoices/:id/send", r.Invoices.Send, client)

	return e
}
