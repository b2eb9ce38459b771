// Package api exposes the HTTP surface: the candidate API used by the web
// and mobile apps, the staff API used by support, and partner webhooks.
package api

import (
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/lexicaassess/examreg/internal/platform/bus"
)

// Options wires the handlers.
type Options struct {
	Bus           *bus.Bus
	Logger        *slog.Logger
	Gatherer      prometheus.Gatherer
	Profiles      ProfileSaver
	Accommodation AccommodationSubmitter
	Scoring       *ScoringWebhook
	Stripe        *StripeWebhook
	Print         *PrintWebhook
}

// NewRouter builds the gin engine.
func NewRouter(opts Options) *gin.Engine {
	r := gin.New()
	r.Use(gin.Recovery(), requestLog(opts.Logger))

	r.GET("/healthz", func(c *gin.Context) { c.Status(http.StatusNoContent) })
	r.GET("/metrics", gin.WrapH(promhttp.HandlerFor(opts.Gatherer, promhttp.HandlerOpts{})))

	cand := &CandidateHandlers{bus: opts.Bus, profiles: opts.Profiles, accommodation: opts.Accommodation}
	v1 := r.Group("/v1")
	v1.POST("/candidates", cand.SaveProfile)

	me := v1.Group("", requireCandidate())
	me.POST("/registrations", cand.Register)
	me.POST("/registrations/:id/fee-intent", cand.StartFee)
	me.POST("/registrations/:id/withdraw", cand.Withdraw)
	me.POST("/registrations/:id/accommodations", cand.RequestAccommodation)

	staff := &StaffHandlers{bus: opts.Bus}
	st := r.Group("/staff/v1", requireStaff())
	st.POST("/certificates/:id/reissue", staff.Reissue)

	hooks := r.Group("/webhooks")
	hooks.POST("/scoring", opts.Scoring.Handle)
	hooks.POST("/stripe", opts.Stripe.Handle)
	hooks.POST("/printpost", opts.Print.Handle)
	return r
}

const (
	ctxCandidate = "candidate_id"
	ctxStaff     = "staff_id"
)

// requireCandidate reads the candidate identity the API gateway sets after
// verifying the session token.
func requireCandidate() gin.HandlerFunc {
	return func(c *gin.Context) {
		id := c.GetHeader("X-Candidate-Id")
		if id == "" {
			c.AbortWithStatusJSON(http.StatusUnauthorized, gin.H{"error": "unauthenticated"})
			return
		}
		c.Set(ctxCandidate, id)
		c.Next()
	}
}

func requireStaff() gin.HandlerFunc {
	return func(c *gin.Context) {
		id := c.GetHeader("X-Staff-Id")
		if id == "" {
			c.AbortWithStatusJSON(http.StatusUnauthorized, gin.H{"error": "unauthenticated"})
			return
		}
		c.Set(ctxStaff, id)
		c.Next()
	}
}

func requestLog(log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		c.Next()
		log.InfoContext(c.Request.Context(), "http",
			"method", c.Request.Method, "path", c.FullPath(), "status", c.Writer.Status())
	}
}
