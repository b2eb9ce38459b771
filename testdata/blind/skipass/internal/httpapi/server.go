// Package httpapi is the guest-facing and operator HTTP API.
package httpapi

import (
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
	echomw "github.com/labstack/echo/v4/middleware"

	"github.com/summitline/skipass/internal/config"
	"github.com/summitline/skipass/internal/httpapi/middleware"
	"github.com/summitline/skipass/internal/provider/cardissuer"
	"github.com/summitline/skipass/internal/provider/stripepay"
	"github.com/summitline/skipass/internal/service"
)

// Handlers bundles the services the API exposes.
type Handlers struct {
	Orders        service.OrderService
	Season        service.SeasonPassService
	Claims        service.ClaimService
	Cards         service.CardService
	Groups        service.GroupService
	Loyalty       service.LoyaltyService
	Accounts      service.AccountService
	Closures      service.ClosureService
	PaymentEvents service.PaymentEventService
	Stripe        *stripepay.Client
	Issuer        *cardissuer.Client
	Responses     middleware.ResponseStore
	Log           *slog.Logger
	tz            *time.Location
}

func NewHandlers(cfg config.Config, orders service.OrderService, season service.SeasonPassService,
	claims service.ClaimService, cards service.CardService, groups service.GroupService,
	loyalty service.LoyaltyService, accounts service.AccountService, closures service.ClosureService,
	events service.PaymentEventService, stripe *stripepay.Client, issuer *cardissuer.Client,
	responses middleware.ResponseStore, log *slog.Logger) *Handlers {
	return &Handlers{
		Orders: orders, Season: season, Claims: claims, Cards: cards, Groups: groups, Loyalty: loyalty,
		Accounts: accounts, Closures: closures, PaymentEvents: events, Stripe: stripe, Issuer: issuer,
		Responses: responses, Log: log, tz: cfg.Timezone,
	}
}

// NewServer builds the echo instance with every route registered.
func NewServer(cfg config.Config, h *Handlers) *echo.Echo {
	e := echo.New()
	e.HideBanner = true
	e.HTTPErrorHandler = errorHandler(h.Log)
	e.Use(echomw.Recover())
	e.Use(echomw.RequestID())
	e.Use(echomw.BodyLimit("1M"))

	e.GET("/healthz", func(c echo.Context) error { return c.NoContent(http.StatusOK) })

	wh := e.Group("/webhooks")
	wh.POST("/stripe", h.stripeWebhook)
	wh.POST("/card-issuer", h.cardIssuerWebhook)

	v1 := e.Group("/v1")
	v1.POST("/group-bookings", h.createGroupBooking, middleware.Idempotent(h.Responses, "group-booking"))
	v1.POST("/group-bookings/:id/deposit", h.payGroupDeposit)

	me := v1.Group("", middleware.Account())
	me.POST("/orders", h.checkout)
	me.POST("/orders/:id/confirm", h.confirmOrder)
	me.POST("/orders/:id/cancel", h.cancelOrder)
	me.POST("/season-passes", h.purchaseSeasonPass)
	me.POST("/passes/:id/claims", h.submitClaim)
	me.POST("/passes/:id/replacement", h.replaceCard)
	me.PUT("/me/profile", h.updateProfile)
	me.POST("/me/redemptions", h.redeem)

	admin := v1.Group("/admin", middleware.StaticToken(cfg.AdminToken))
	admin.POST("/closures", h.declareClosure)
	admin.POST("/group-bookings/:id/invoice", h.issueGroupInvoice)
	return e
}

type errorBody struct {
	Error string `json:"error"`
}

func errorHandler(log *slog.Logger) echo.HTTPErrorHandler {
	return func(err error, c echo.Context) {
		if c.Response().Committed {
			return
		}
		status := http.StatusInternalServerError
		msg := "internal error"
		var he *echo.HTTPError
		switch {
		case errors.As(err, &he):
			status = he.Code
			if m, ok := he.Message.(string); ok {
				msg = m
			} else {
				msg = http.StatusText(status)
			}
		case errors.Is(err, service.ErrNotFound):
			status, msg = http.StatusNotFound, err.Error()
		case errors.Is(err, service.ErrInvalid):
			status, msg = http.StatusUnprocessableEntity, err.Error()
		case errors.Is(err, service.ErrConflict), errors.Is(err, service.ErrSoldOut):
			status, msg = http.StatusConflict, err.Error()
		case errors.Is(err, service.ErrInsufficient):
			status, msg = http.StatusPaymentRequired, err.Error()
		}
		if status >= 500 {
			log.Error("request failed", "method", c.Request().Method, "path", c.Path(), "err", err)
		}
		_ = c.JSON(status, errorBody{Error: msg})
	}
}

func parseDate(s string, tz *time.Location) (time.Time, error) {
	t, err := time.ParseInLocation(time.DateOnly, s, tz)
	if err != nil {
		return time.Time{}, echo.NewHTTPError(http.StatusBadRequest, "dates are YYYY-MM-DD")
	}
	return t, nil
}

func bind[T any](c echo.Context) (T, error) {
	var v T
	if err := c.Bind(&v); err != nil {
		return v, echo.NewHTTPError(http.StatusBadRequest, "malformed body")
	}
	return v, nil
}
