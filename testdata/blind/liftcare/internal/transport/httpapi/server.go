// Package httpapi exposes the LiftCare REST API used by the building
// portal, the dispatch desk and the technicians' mobile app, plus the
// partner webhooks.
package httpapi

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"github.com/liftwell-systems/liftcare/internal/service/callout"
	"github.com/liftwell-systems/liftcare/internal/service/certification"
	"github.com/liftwell-systems/liftcare/internal/service/contract"
	"github.com/liftwell-systems/liftcare/internal/service/inspection"
	"github.com/liftwell-systems/liftcare/internal/service/parts"
)

// DeliveryGuard remembers handled webhook deliveries.
type DeliveryGuard interface {
	Seen(ctx context.Context, deliveryID string) (bool, error)
	Remember(ctx context.Context, deliveryID string) error
}

// WebhookSecrets are the shared HMAC secrets of the partner webhooks.
type WebhookSecrets struct {
	Supplier string
	City     string
}

// Handlers holds the services behind the routes.
type Handlers struct {
	Callouts      callout.Service
	Parts         parts.Service
	Inspections   inspection.Service
	Contracts     contract.Service
	Certificates  certification.Service
	SupplierGuard DeliveryGuard
	Secrets       WebhookSecrets
	Log           *slog.Logger
}

// NewServer builds the echo instance with every route registered.
func NewServer(h *Handlers) *echo.Echo {
	e := echo.New()
	e.HideBanner = true
	e.HidePort = true
	e.HTTPErrorHandler = h.errorHandler
	e.Use(middleware.RequestID())
	e.Use(middleware.Recover())
	e.Use(middleware.ContextTimeout(30 * time.Second))
	e.Use(requestLogger(h.Log))

	e.GET("/healthz", func(c echo.Context) error { return c.String(http.StatusOK, "ok") })

	v1 := e.Group("/v1")
	v1.POST("/callouts", h.ReportBreakdown)
	v1.POST("/callouts/:id/assign", h.AssignTechnician)
	v1.POST("/callouts/:id/complete", h.CompleteCallout)

	v1.POST("/parts-orders", h.CreatePartsOrder)

	v1.POST("/inspections/:id/authority-booking", h.BookAuthorityVisit)
	v1.POST("/inspections/:id/result", h.RecordInspectionResult)

	v1.POST("/contracts/:id/activate", h.ActivateContract)
	v1.PUT("/contracts/:id/term", h.RenewContract)

	v1.POST("/certificates/:no/amendments", h.RequestAmendment)

	wh := e.Group("/webhooks")
	wh.POST("/partsdirect/shipments", h.SupplierShipment, verifySignature(h.Secrets.Supplier, "X-PartsDirect-Signature"))
	city := wh.Group("/city", verifySignature(h.Secrets.City, "X-Authority-Signature"))
	city.POST("/certificate-issued", h.CertificateIssued)
	city.POST("/certificate-revoked", h.CertificateRevoked)

	return e
}

func requestLogger(log *slog.Logger) echo.MiddlewareFunc {
	return middleware.RequestLoggerWithConfig(middleware.RequestLoggerConfig{
		LogMethod:    true,
		LogURI:       true,
		LogStatus:    true,
		LogLatency:   true,
		LogRequestID: true,
		LogValuesFunc: func(c echo.Context, v middleware.RequestLoggerValues) error {
			log.LogAttrs(c.Request().Context(), slog.LevelInfo, "http",
				slog.String("method", v.Method), slog.String("uri", v.URI),
				slog.Int("status", v.Status), slog.Duration("latency", v.Latency),
				slog.String("request_id", v.RequestID))
			return nil
		},
	})
}
