package api

import (
	"crypto/subtle"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
)

const ctxAgent = "agent"

// Handlers is everything the router mounts.
type Handlers struct {
	Quotes   *QuoteHandler
	Bookings *BookingHandler
	Invoices *InvoiceHandler
	Storage  *StorageHandler
	Claims   *ClaimHandler
	Surveys  *SurveyHandler
	Webhooks *WebhookHandler
}

type RouterConfig struct {
	StaffTokens    map[string]string // token -> agent name
	AdjusterTokens map[string]string
	Log            *slog.Logger
}

func NewRouter(h Handlers, cfg RouterConfig) *gin.Engine {
	r := gin.New()
	r.Use(gin.Recovery(), requestLog(cfg.Log))

	r.GET("/healthz", func(c *gin.Context) { c.String(http.StatusOK, "ok") })

	public := r.Group("/public/v1")
	h.Surveys.Register(public)

	v1 := r.Group("/v1", bearer(cfg.StaffTokens))
	adjusters := r.Group("/v1/adjust", bearer(cfg.AdjusterTokens))
	h.Quotes.Register(v1)
	h.Bookings.Register(v1)
	h.Invoices.Register(v1)
	h.Storage.Register(v1)
	h.Claims.Register(v1, adjusters)

	h.Webhooks.Register(r.Group("/webhooks"))
	return r
}

func bearer(tokens map[string]string) gin.HandlerFunc {
	return func(c *gin.Context) {
		tok := strings.TrimPrefix(c.GetHeader("Authorization"), "Bearer ")
		for t, agent := range tokens {
			if subtle.ConstantTimeCompare([]byte(t), []byte(tok)) == 1 {
				c.Set(ctxAgent, agent)
				c.Next()
				return
			}
		}
		c.AbortWithStatusJSON(http.StatusUnauthorized, errorBody{Error: "unauthorized"})
	}
}

func requestLog(log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		start := time.Now()
		c.Next()
		log.Info("http",
			"method", c.Request.Method,
			"path", c.FullPath(),
			"status", c.Writer.Status(),
			"took", time.Since(start),
			"agent", c.GetString(ctxAgent))
	}
}
