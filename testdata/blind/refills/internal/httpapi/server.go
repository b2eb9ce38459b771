// Package httpapi is the echo HTTP API: the patient app, pharmacist
// console, e-prescribing intake and provider webhooks.
package httpapi

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/scriptline/refills/internal/httpapi/idem"
	"github.com/scriptline/refills/internal/service"
)

type Handlers struct {
	patients      service.PatientService
	prescriptions service.PrescriptionService
	refills       service.RefillService
	payments      service.PaymentService
	fulfillment   service.FulfillmentService
}

func NewHandlers(
	patients service.PatientService,
	prescriptions service.PrescriptionService,
	refills service.RefillService,
	payments service.PaymentService,
	fulfillment service.FulfillmentService,
) *Handlers {
	return &Handlers{
		patients:      patients,
		prescriptions: prescriptions,
		refills:       refills,
		payments:      payments,
		fulfillment:   fulfillment,
	}
}

type Server struct {
	echo *echo.Echo
	addr string
}

type ServerConfig struct {
	Addr string
}

func NewServer(cfg ServerConfig, h *Handlers, sw *StripeWebhook, cw *CarrierWebhook, im *idem.Middleware, gatherer prometheus.Gatherer) *Server {
	e := echo.New()
	e.HideBanner = true
	e.HTTPErrorHandler = ErrorHandler
	e.Use(middleware.Recover())
	e.Use(middleware.RequestID())
	e.Use(middleware.BodyLimit("1M"))

	e.GET("/healthz", func(c echo.Context) error { return c.NoContent(http.StatusOK) })
	e.GET("/metrics", echo.WrapHandler(promhttp.HandlerFor(gatherer, promhttp.HandlerOpts{})))

	// Provider webhooks authenticate by signature, not by actor headers.
	e.POST("/webhooks/stripe", sw.Handle)
	e.POST("/webhooks/carrier/tracking", cw.Tracking)
	e.POST("/webhooks/carrier/exceptions", cw.Exceptions)

	v1 := e.Group("/v1", requireActor)

	// e-prescribing network intake
	v1.POST("/prescriptions", h.IntakePrescription, requireRole("erx"))

	// patient app
	v1.POST("/patients", h.RegisterPatient, requireRole("patient", "staff"))
	v1.POST("/patients/:id/payment-methods", h.AddPaymentMethod, requireRole("patient"))
	v1.POST("/patients/:id/refill-requests", h.RequestRefill, requireRole("patient"))
	v1.PUT("/patients/:id/prescriptions/:rx/reminders", h.SetReminderPreference, requireRole("patient"))
	v1.GET("/refills/:id", h.GetRefill, requireRole("patient", "staff", "pharmacist"))
	v1.PUT("/refills/:id/shipping-address", h.ChangeShippingAddress, requireRole("patient", "staff"))
	v1.POST("/refills/:id/payments", h.RetryPayment, requireRole("patient"))

	// pharmacy staff
	v1.POST("/patients/:id/credits", h.IssueCredit, requireRole("staff"), im.Require("account_credit"))
	v1.POST("/refills/:id/eligibility", h.CheckEligibility, requireRole("staff", "pharmacist"))
	v1.POST("/refills/:id/verify", h.VerifyRefill, requireRole("pharmacist"))
	v1.POST("/refills/:id/cancel", h.CancelRefill, requireRole("patient", "staff", "pharmacist"))
	v1.POST("/refills/:id/prior-authorizations", h.RequestPriorAuth, requireRole("staff", "pharmacist"))

	return &Server{echo: e, addr: cfg.Addr}
}

func (s *Server) Start() error {
	err := s.echo.Start(s.addr)
	if errors.Is(err, http.ErrServerClosed) {
		return nil
	}
	return err
}

func (s *Server) Shutdown(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	return s.echo.Shutdown(ctx)
}

// The API gateway authenticates callers and forwards who they are.
const (
	headerActor = "X-Actor-Id"
	headerRole  = "X-Actor-Role"
)

func requireActor(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if c.Request().Header.Get(headerActor) == "" {
			return echo.NewHTTPError(http.StatusUnauthorized)
		}
		return next(c)
	}
}

func requireRole(roles ...string) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			role := c.Request().Header.Get(headerRole)
			for _, r := range roles {
				if strings.EqualFold(r, role) {
					return next(c)
				}
			}
			return echo.NewHTTPError(http.StatusForbidden)
		}
	}
}

func actor(c echo.Context) string { return c.Request().Header.Get(headerActor) }
