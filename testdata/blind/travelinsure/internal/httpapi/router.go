// Package httpapi is the partner-facing and back-office HTTP API.
package httpapi

import (
	"errors"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/skyguard-travel/policyhub/internal/claims"
	"github.com/skyguard-travel/policyhub/internal/idempotency"
	"github.com/skyguard-travel/policyhub/internal/partners"
	"github.com/skyguard-travel/policyhub/internal/policies"
	"github.com/skyguard-travel/policyhub/internal/premiums"
	"github.com/skyguard-travel/policyhub/internal/quoting"
)

// Deps are the services the API calls.
type Deps struct {
	Quotes      quoting.Service
	Policies    policies.Service
	Claims      claims.Service
	Documents   claims.DocumentService
	Partners    partners.Service
	Webhooks    premiums.WebhookProcessor
	Idempotency idempotency.Store
	AdminToken  string
	Log         *slog.Logger
}

// NewRouter builds the gin engine with every route.
func NewRouter(d Deps) http.Handler {
	r := gin.New()
	r.Use(gin.Recovery(), requestLogger(d.Log))

	r.GET("/healthz", func(c *gin.Context) { c.Status(http.StatusNoContent) })

	q := &quoteHandlers{svc: d.Quotes, log: d.Log}
	p := &policyHandlers{svc: d.Policies, log: d.Log}
	cl := &claimHandlers{svc: d.Claims, docs: d.Documents, log: d.Log}
	ev := &eventHandlers{partners: d.Partners, webhooks: d.Webhooks, log: d.Log}

	v1 := r.Group("/v1", partnerAuth(d.Partners, d.Log))
	{
		v1.POST("/quotes", q.create)
		v1.GET("/quotes/:id", q.get)

		v1.POST("/policies", p.bind)
		v1.GET("/policies/:id", p.get)
		v1.POST("/policies/:id/cancel", p.cancel)

		v1.POST("/claims", idempotency.Middleware(idempotency.MiddlewareConfig{
			Store:     d.Idempotency,
			Scope:     "claims.submit",
			Log:       d.Log,
			PartnerID: partnerIDFrom,
		}), cl.submit)
		v1.GET("/claims/:id", cl.get)
		v1.POST("/claims/:id/documents", cl.upload)
		v1.GET("/claims/:id/documents", cl.listDocuments)

		v1.POST("/partner/events", ev.bookingEvent)
	}

	admin := r.Group("/v1/admin", adminAuth(d.AdminToken))
	admin.POST("/claims/:id/decision", cl.decide)

	r.POST("/v1/webhooks/paygate", ev.paygate)
	return r
}

// errorStatus maps service errors to HTTP statuses. Anything not listed is
// a 500.
var errorStatus = []struct {
	err    error
	status int
}{
	{quoting.ErrNotFound, http.StatusNotFound},
	{quoting.ErrNotInsurable, http.StatusUnprocessableEntity},
	{policies.ErrNotFound, http.StatusNotFound},
	{policies.ErrQuoteNotBindable, http.StatusConflict},
	{policies.ErrNotCancellable, http.StatusConflict},
	{policies.ErrKeyRequired, http.StatusBadRequest},
	{claims.ErrNotFound, http.StatusNotFound},
	{claims.ErrPolicyNotActive, http.StatusConflict},
	{claims.ErrOutsideCover, http.StatusUnprocessableEntity},
	{claims.ErrAlreadyDecided, http.StatusConflict},
	{claims.ErrUnsupportedDocument, http.StatusUnsupportedMediaType},
	{idempotency.ErrMismatch, http.StatusUnprocessableEntity},
	{partners.ErrUnknownEvent, http.StatusUnprocessableEntity},
	{premiums.ErrBadSignature, http.StatusUnauthorized},
}

func writeError(c *gin.Context, log *slog.Logger, err error) {
	for _, e := range errorStatus {
		if errors.Is(err, e.err) {
			c.JSON(e.status, gin.H{"error": err.Error()})
			return
		}
	}
	log.ErrorContext(c.Request.Context(), "request failed", "route", c.FullPath(), "err", err)
	c.JSON(http.StatusInternalServerError, gin.H{"error": "internal error"})
}
