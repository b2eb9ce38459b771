// Package httpapi is the echo HTTP surface: the customer API, the warehouse
// and admin API, and the provider webhook receivers.
package httpapi

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"github.com/circuitback/buyback/internal/model"
	"github.com/circuitback/buyback/internal/service"
)

// Service interfaces the handlers depend on.
type (
	QuoteAPI interface {
		Create(ctx context.Context, in service.CreateQuoteInput, idemKey string) (*model.Quote, bool, error)
		Get(ctx context.Context, id uuid.UUID) (*model.Quote, error)
		Accept(ctx context.Context, quoteID uuid.UUID, in service.AcceptQuoteInput) (*service.AcceptResult, error)
	}
	CustomerAPI interface {
		AddPayoutMethod(ctx context.Context, customerID uuid.UUID, in service.BankAccountInput) (*model.PayoutMethod, error)
	}
	TradeInAPI interface {
		Get(ctx context.Context, id uuid.UUID) (*model.TradeIn, error)
		RespondToOffer(ctx context.Context, tradeInID uuid.UUID, decision string) (*model.TradeIn, error)
	}
	WarehouseAPI interface {
		CheckIn(ctx context.Context, shipmentID uuid.UUID, in service.CheckInInput) (*model.Device, bool, error)
		Grade(ctx context.Context, deviceID uuid.UUID, in service.GradeInput) (*model.Grading, error)
		RecordWipeResult(ctx context.Context, jobID uuid.UUID, in service.WipeResultInput) (*model.WipeJob, error)
		RequestListing(ctx context.Context, deviceID uuid.UUID, requestedBy string) (bool, error)
	}
	PayoutAdminAPI interface {
		RetryFailed(ctx context.Context, payoutID uuid.UUID, operator, idemKey string) (*model.Payout, error)
	}
)

// Deps are the services and secrets the server needs.
type Deps struct {
	Quotes    QuoteAPI
	Customers CustomerAPI
	TradeIns  TradeInAPI
	Warehouse WarehouseAPI
	Payouts   PayoutAdminAPI
	Webhooks  *WebhookHandlers
	StaffKeys map[string]string // API key -> staff id
}

// New builds the echo instance with every route registered.
func New(d Deps) *echo.Echo {
	e := echo.New()
	e.HideBanner = true
	e.HTTPErrorHandler = errorHandler
	e.Use(middleware.Recover())
	e.Use(middleware.RequestID())
	e.Use(middleware.ContextTimeout(30 * time.Second))
	e.Use(requestLogger())

	e.GET("/healthz", func(c echo.Context) error { return c.NoContent(http.StatusNoContent) })

	v1 := e.Group("/v1")
	q := &quoteHandlers{quotes: d.Quotes}
	v1.POST("/quotes", q.create)
	v1.GET("/quotes/:id", q.get)
	v1.POST("/quotes/:id/accept", q.accept)

	cu := &customerHandlers{customers: d.Customers, tradeIns: d.TradeIns}
	v1.POST("/customers/:id/payout-methods", cu.addPayoutMethod)
	v1.GET("/trade-ins/:id", cu.getTradeIn)
	v1.POST("/trade-ins/:id/offer-response", cu.respondToOffer)

	staff := v1.Group("", staffAuth(d.StaffKeys))
	w := &warehouseHandlers{warehouse: d.Warehouse}
	staff.POST("/warehouse/shipments/:id/checkin", w.checkIn)
	staff.POST("/warehouse/devices/:id/grade", w.grade)
	staff.POST("/warehouse/wipe-jobs/:id/result", w.wipeResult)
	staff.POST("/admin/devices/:id/list", w.requestListing)

	a := &adminHandlers{payouts: d.Payouts}
	staff.POST("/admin/payouts/:id/retry", a.retryPayout)

	hooks := e.Group("/webhooks", middleware.BodyLimit("512K"))
	hooks.POST("/carrier", d.Webhooks.carrierTracking)
	hooks.POST("/payouts", d.Webhooks.payoutsEvent)
	hooks.POST("/marketplace/orders", d.Webhooks.marketplaceOrders)
	hooks.POST("/marketplace/cancellations", d.Webhooks.marketplaceCancellations)
	return e
}

const staffIDKey = "staff_id"

func staffAuth(keys map[string]string) echo.MiddlewareFunc {
	return middleware.KeyAuthWithConfig(middleware.KeyAuthConfig{
		KeyLookup:  "header:Authorization",
		AuthScheme: "Bearer",
		Validator: func(key string, c echo.Context) (bool, error) {
			id, ok := keys[key]
			if ok {
				c.Set(staffIDKey, id)
			}
			return ok, nil
		},
	})
}

func staffID(c echo.Context) string {
	if v, ok := c.Get(staffIDKey).(string); ok {
		return v
	}
	return "unknown"
}

func requestLogger() echo.MiddlewareFunc {
	return middleware.RequestLoggerWithConfig(middleware.RequestLoggerConfig{
		LogStatus: true, LogURI: true, LogMethod: true, LogLatency: true, LogRequestID: true, LogError: true,
		HandleError: true,
		LogValuesFunc: func(c echo.Context, v middleware.RequestLoggerValues) error {
			level := slog.LevelInfo
			if v.Status >= 500 {
				level = slog.LevelError
			}
			slog.Log(c.Request().Context(), level, "http",
				"method", v.Method, "uri", v.URI, "status", v.Status,
				"latency", v.Latency, "request_id", v.RequestID, "err", v.Error)
			return nil
		},
	})
}

type errorBody struct {
	Error string `json:"error"`
}

func errorHandler(err error, c echo.Context) {
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
		status, msg = http.StatusNotFound, "not found"
	case errors.Is(err, service.ErrInvalid):
		status, msg = http.StatusUnprocessableEntity, err.Error()
	case errors.Is(err, service.ErrIdempotencyReused):
		status, msg = http.StatusUnprocessableEntity, err.Error()
	case errors.Is(err, service.ErrConflict):
		status, msg = http.StatusConflict, err.Error()
	}
	if status >= 500 {
		slog.ErrorContext(c.Request().Context(), "request failed", "path", c.Path(), "err", err)
	}
	_ = c.JSON(status, errorBody{Error: msg})
}

func uuidParam(c echo.Context, name string) (uuid.UUID, error) {
	id, err := uuid.Parse(c.Param(name))
	if err != nil {
		return uuid.Nil, echo.NewHTTPError(http.StatusBadRequest, "malformed "+name)
	}
	return id, nil
}

func bind[T any](c echo.Context) (T, error) {
	var v T
	if err := c.Bind(&v); err != nil {
		return v, echo.NewHTTPError(http.StatusBadRequest, "malformed request body")
	}
	return v, nil
}
