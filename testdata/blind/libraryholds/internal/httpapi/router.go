// Package httpapi is the echo HTTP surface: the patron app, the staff
// desk client and the two partner webhooks.
package httpapi

import (
	"log/slog"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
)

// Handlers groups the route handlers.
type Handlers struct {
	Holds     *HoldHandler
	Transfers *TransferHandler
	Fines     *FineHandler
	Ebooks    *EbookHandler
	Webhooks  *WebhookHandler
}

// NewRouter builds the echo instance with every route registered.
func NewRouter(h Handlers, log *slog.Logger) *echo.Echo {
	e := echo.New()
	e.HideBanner = true
	e.HTTPErrorHandler = errorHandler(log)
	e.Use(middleware.Recover())
	e.Use(middleware.RequestID())
	e.Use(middleware.BodyLimit("1M"))
	e.Use(middleware.ContextTimeout(25 * time.Second))

	e.GET("/healthz", func(c echo.Context) error { return c.NoContent(http.StatusNoContent) })

	// Patron app. The gateway authenticates the card and sets X-Patron-ID.
	// The app resends a request that times out or gets a 5xx, up to three
	// times with backoff.
	p := e.Group("/v1/patrons/:patronID", patronOnly)
	p.POST("/holds", h.Holds.Place)
	p.DELETE("/holds/:holdID", h.Holds.Cancel)
	p.POST("/fine-payments", h.Fines.Pay)
	p.POST("/ebook-loans", h.Ebooks.Checkout)
	p.POST("/ebook-loans/:loanID/renewals", h.Ebooks.Renew)
	p.POST("/ebook-holds", h.Ebooks.PlaceHold)

	// Staff desk client. The gateway sets X-Staff-ID after SSO.
	s := e.Group("/v1/staff", staffOnly)
	s.POST("/holds/:holdID/transfers", h.Transfers.Request)
	s.POST("/transfers/:transferID/ship", h.Transfers.Ship)
	s.POST("/transfers/:transferID/receive", h.Transfers.Receive)
	s.DELETE("/transfers/:transferID", h.Transfers.Cancel)
	s.POST("/fines/:fineID/waive", h.Fines.Waive)
	s.POST("/payments/:paymentID/refunds", h.Fines.Refund)

	// Partner callbacks, authenticated by signature.
	w := e.Group("/webhooks")
	w.POST("/stripe", h.Webhooks.Stripe)
	w.POST("/distributor", h.Webhooks.Distributor)
	return e
}

func patronOnly(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if id := c.Request().Header.Get("X-Patron-ID"); id == "" || id != c.Param("patronID") {
			return echo.NewHTTPError(http.StatusForbidden, "patron mismatch")
		}
		return next(c)
	}
}

func staffOnly(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if c.Request().Header.Get("X-Staff-ID") == "" {
			return echo.NewHTTPError(http.StatusForbidden, "staff only")
		}
		return next(c)
	}
}

func staffID(c echo.Context) string { return c.Request().Header.Get("X-Staff-ID") }
