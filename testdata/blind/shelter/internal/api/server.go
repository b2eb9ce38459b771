// Package api is the HTTP surface: staff-facing JSON endpoints under /v1 and
// partner webhooks under /webhooks.
package api

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"github.com/brindlewood-labs/shelternet/internal/api/mw"
	"github.com/brindlewood-labs/shelternet/internal/config"
	"github.com/brindlewood-labs/shelternet/internal/domain"
	"github.com/brindlewood-labs/shelternet/internal/platform/ids"
	"github.com/brindlewood-labs/shelternet/internal/store"
)

// Handlers bundles every handler group; wire builds it.
type Handlers struct {
	Adoption *AdoptionHandlers
	Animals  *AnimalHandlers
	Supply   *SupplyHandlers
	Foster   *FosterHandlers
	Webhooks *WebhookHandlers
}

type route struct {
	method string
	path   string
	h      echo.HandlerFunc
	mw     []echo.MiddlewareFunc
}

// NewServer builds the echo instance with every route registered.
func NewServer(cfg config.Config, h Handlers, keys *store.IdempotencyKeys, deliveries *store.WebhookLog, log *slog.Logger) *echo.Echo {
	e := echo.New()
	e.HideBanner = true
	e.HTTPErrorHandler = errorHandler(log)
	e.Use(middleware.RequestID(), middleware.Recover(), middleware.BodyLimit("2M"))
	e.Use(middleware.RequestLoggerWithConfig(middleware.RequestLoggerConfig{
		LogStatus: true, LogURI: true, LogMethod: true, LogLatency: true,
		LogValuesFunc: func(c echo.Context, v middleware.RequestLoggerValues) error {
			log.Info("http", "method", v.Method, "uri", v.URI, "status", v.Status, "latency", v.Latency)
			return nil
		},
	}))

	replay := mw.Idempotency(keys, mw.IdempotencyOptions{Required: true})
	audit := func(source, header string) echo.MiddlewareFunc {
		return mw.AuditDeliveries(deliveries, source, header, ids.New, log)
	}

	routes := []route{
		{http.MethodPost, "/v1/applications", h.Adoption.Submit, nil},
		{http.MethodPost, "/v1/applications/:id/approve", h.Adoption.Approve, nil},
		{http.MethodPost, "/v1/applications/:id/fee", h.Adoption.PayFee, nil},
		{http.MethodPost, "/v1/applications/:id/finalize", h.Adoption.Finalize, nil},

		{http.MethodPost, "/v1/animals/:id/microchip", h.Animals.RegisterChip, nil},
		{http.MethodPost, "/v1/animals/:id/transfer-out", h.Animals.TransferOut, nil},

		{http.MethodPost, "/v1/supply-orders", h.Supply.Create, nil},
		{http.MethodPost, "/v1/supply-orders/:id/submit", h.Supply.Submit, nil},

		{http.MethodPost, "/v1/placements/:id/end", h.Foster.EndPlacement, nil},
		{http.MethodPost, "/v1/fosters/:id/adjustments", h.Foster.AddAdjustment, []echo.MiddlewareFunc{replay}},

		{http.MethodPost, "/webhooks/partners/:partner/transfers", h.Webhooks.PartnerTransfer, []echo.MiddlewareFunc{
			audit("rescuelink", "X-RescueLink-Delivery"), mw.VerifyHMAC(cfg.PartnerWebhookSecret, "X-RescueLink-Signature"),
		}},
		{http.MethodPost, "/webhooks/donations", h.Webhooks.Donation, []echo.MiddlewareFunc{
			audit("giving", "X-Giving-Event-Id"), mw.VerifyHMAC(cfg.DonationsWebhookSecret, "X-Giving-Signature"),
		}},
		{http.MethodPost, "/webhooks/distributor/deliveries", h.Webhooks.Delivery, []echo.MiddlewareFunc{
			audit("vetsource", "X-VSD-Delivery"), mw.VerifyHMAC(cfg.DistributorWebhookSecret, "X-VSD-Signature"),
		}},
	}
	for _, r := range routes {
		e.Add(r.method, r.path, r.h, r.mw...)
	}
	e.GET("/healthz", func(c echo.Context) error { return c.NoContent(http.StatusNoContent) })
	return e
}

// Run serves until ctx is cancelled, then shuts down gracefully.
func Run(ctx context.Context, e *echo.Echo, addr string) error {
	errc := make(chan error, 1)
	go func() { errc <- e.Start(addr) }()
	select {
	case err := <-errc:
		if errors.Is(err, http.ErrServerClosed) {
			return nil
		}
		return err
	case <-ctx.Done():
		shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		return e.Shutdown(shutdownCtx)
	}
}

// errorHandler maps domain errors to status codes.
func errorHandler(log *slog.Logger) echo.HTTPErrorHandler {
	return func(err error, c echo.Context) {
		if c.Response().Committed {
			return
		}
		status, msg := http.StatusInternalServerError, "internal error"
		var he *echo.HTTPError
		switch {
		case errors.As(err, &he):
			status, msg = he.Code, http.StatusText(he.Code)
			if s, ok := he.Message.(string); ok {
				msg = s
			}
		case errors.Is(err, domain.ErrNotFound):
			status, msg = http.StatusNotFound, err.Error()
		case errors.Is(err, domain.ErrInvalidState), errors.Is(err, domain.ErrConflict):
			status, msg = http.StatusConflict, err.Error()
		case errors.Is(err, errBadRequest):
			status, msg = http.StatusBadRequest, err.Error()
		default:
			log.Error("unhandled", "path", c.Path(), "err", err)
		}
		_ = c.JSON(status, map[string]string{"error": msg})
	}
}

var errBadRequest = errors.New("bad request")

// staff returns the signed-in staff member; the gateway sets the header
// after SSO.
func staff(c echo.Context) string {
	if s := c.Request().Header.Get("X-Staff-Id"); s != "" {
		return s
	}
	return "unknown"
}

func bind[T any](c echo.Context) (T, error) {
	var v T
	if err := c.Bind(&v); err != nil {
		return v, errors.Join(errBadRequest, err)
	}
	return v, nil
}
