// Package httpapi is the gin HTTP layer: the tenant API, the staff API and
// the partner webhooks.
package httpapi

import (
	"context"
	"errors"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/stripe/stripe-go/v82"

	"github.com/baywarden/storagedesk/internal/domain"
	"github.com/baywarden/storagedesk/internal/httpapi/middleware"
	"github.com/baywarden/storagedesk/internal/platform/metrics"
	"github.com/baywarden/storagedesk/internal/provider/insurer"
	"github.com/baywarden/storagedesk/internal/service/auctions"
	"github.com/baywarden/storagedesk/internal/service/billing"
	"github.com/baywarden/storagedesk/internal/service/insurance"
	"github.com/baywarden/storagedesk/internal/service/rentals"
	"github.com/baywarden/storagedesk/internal/store"
)

// Rentals is the rental lifecycle used by the tenant API.
type Rentals interface {
	Reserve(ctx context.Context, req rentals.ReserveRequest) (*store.Reservation, error)
	MoveIn(ctx context.Context, req rentals.MoveInRequest) (*domain.Rental, error)
	SetAutopay(ctx context.Context, rentalID string, req rentals.AutopayRequest) error
	MoveOut(ctx context.Context, rentalID string, req rentals.MoveOutRequest) (*rentals.MoveOutResult, error)
}

// Access is the access-control subset used by HTTP handlers.
type Access interface {
	SetCode(ctx context.Context, rentalID, pin string) (*domain.AccessCode, error)
	PlaceOverlock(ctx context.Context, unitID, reason, placedBy string) (*domain.Overlock, error)
	ReleaseOverlock(ctx context.Context, unitID, releasedBy string) (*domain.Overlock, error)
}

// Insurance is the coverage API.
type Insurance interface {
	AddCoverage(ctx context.Context, rentalID string, req insurance.CoverageRequest) (*domain.Policy, error)
	CancelCoverage(ctx context.Context, rentalID string) error
	ApplyPartnerEvent(ctx context.Context, ev *insurer.Event) error
}

// Auctions is the lien-sale API.
type Auctions interface {
	Schedule(ctx context.Context, rentalID string, req auctions.ScheduleRequest) (*domain.Auction, error)
	Settle(ctx context.Context, auctionID string, sale auctions.Sale) (*domain.Auction, error)
}

// StripeEvents applies payment webhooks.
type StripeEvents interface {
	Handles(t stripe.EventType) bool
	Handle(ctx context.Context, ev *stripe.Event) error
}

// Server holds the handler dependencies.
type Server struct {
	Rentals       Rentals
	Billing       billing.Service
	Access        Access
	Insurance     Insurance
	Auctions      Auctions
	StripeEvents  StripeEvents
	Responses     middleware.ResponseStore
	Metrics       *metrics.Metrics
	Registry      *prometheus.Registry
	Log           *slog.Logger
	AdminToken    string
	StripeSecret  string
	InsurerSecret string
	Ready         func(ctx context.Context) error
}

// Router builds the gin engine.
func (s *Server) Router() *gin.Engine {
	r := gin.New()
	r.Use(gin.Recovery(), middleware.RequestID(), middleware.Logger(s.Log))

	r.GET("/healthz", func(c *gin.Context) { c.String(http.StatusOK, "ok") })
	r.GET("/readyz", s.ready)
	r.GET("/metrics", gin.WrapH(promhttp.HandlerFor(s.Registry, promhttp.HandlerOpts{})))

	v1 := r.Group("/v1")
	{
		v1.POST("/reservations", s.reserve)
		v1.POST("/move-ins", s.moveIn)
		v1.PUT("/rentals/:id/autopay", s.setAutopay)
		v1.POST("/rentals/:id/payments", middleware.Idempotent(s.Responses, s.Log), s.pay)
		v1.POST("/rentals/:id/insurance", s.addInsurance)
		v1.DELETE("/rentals/:id/insurance", s.cancelInsurance)
		v1.PUT("/rentals/:id/gate-code", s.setGateCode)
		v1.POST("/rentals/:id/move-out", s.moveOut)
	}

	admin := r.Group("/admin", middleware.AdminAuth(s.AdminToken))
	{
		admin.POST("/units/:id/overlock", s.placeOverlock)
		admin.DELETE("/units/:id/overlock", s.releaseOverlock)
		admin.POST("/rentals/:id/auction", s.scheduleAuction)
		admin.POST("/auctions/:id/settle", s.settleAuction)
		admin.POST("/rentals/:id/refunds", s.refund)
		admin.POST("/rentals/:id/fees", s.assessFee)
	}

	hooks := r.Group("/webhooks")
	{
		hooks.POST("/stripe", s.stripeWebhook)
		hooks.POST("/insurer", s.insurerWebhook)
	}
	return r
}

func (s *Server) ready(c *gin.Context) {
	if s.Ready != nil {
		if err := s.Ready(c.Request.Context()); err != nil {
			c.JSON(http.StatusServiceUnavailable, gin.H{"error": err.Error()})
			return
		}
	}
	c.String(http.StatusOK, "ready")
}

// fail maps service errors to HTTP statuses.
func (s *Server) fail(c *gin.Context, err error) {
	status := http.StatusInternalServerError
	switch {
	case errors.Is(err, domain.ErrNotFound):
		status = http.StatusNotFound
	case errors.Is(err, domain.ErrUnitTaken), errors.Is(err, domain.ErrInvalidState):
		status = http.StatusConflict
	case errors.Is(err, domain.ErrConflict), errors.Is(err, domain.ErrNoPaymentCard):
		status = http.StatusUnprocessableEntity
	}
	if status == http.StatusInternalServerError {
		s.Log.ErrorContext(c.Request.Context(), "request failed", "route", c.FullPath(), "err", err)
		c.JSON(status, gin.H{"error": "internal error", "request_id": middleware.GetRequestID(c)})
		return
	}
	c.JSON(status, gin.H{"error": err.Error()})
}

func (s *Server) bind(c *gin.Context, v any) bool {
	if err := c.ShouldBindJSON(v); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return false
	}
	return true
}
