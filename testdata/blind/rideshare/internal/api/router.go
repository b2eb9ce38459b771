// Package api is the public and partner-facing HTTP surface of the money
// services: rider tips and wallet, driver cash-outs, support tooling, and
// provider webhooks.
package api

import (
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/wayfare/ridepay/internal/accounts"
	"github.com/wayfare/ridepay/internal/ids"
	"github.com/wayfare/ridepay/internal/ledger"
	"github.com/wayfare/ridepay/internal/refunds"
	"github.com/wayfare/ridepay/internal/tips"
	"github.com/wayfare/ridepay/internal/wallet"
)

// Deps is everything the handlers call.
type Deps struct {
	Tips     tips.Service
	Refunds  refunds.Service
	Adjuster ledger.Adjuster
	Cashouts CashoutService
	Accounts accounts.Service
	Wallet   wallet.Service
	Disputes DisputeService
	Payouts  PayoutEvents

	AcquirerHMACKey  string
	PayoutsSecret    string
	DisputesToken    string
	InternalAPIToken string

	Log *slog.Logger
}

// NewRouter builds the gin engine.
func NewRouter(d Deps) *gin.Engine {
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.Use(gin.Recovery(), requestID(), accessLog(d.Log))

	r.GET("/healthz", func(c *gin.Context) { c.String(http.StatusOK, "ok") })

	v1 := r.Group("/v1")
	{
		th := &tipHandler{svc: d.Tips, log: d.Log}
		v1.POST("/trips/:trip_id/tips", th.create)

		ch := &cashoutHandler{svc: d.Cashouts, log: d.Log}
		v1.POST("/drivers/:driver_id/cashouts", ch.create)

		rh := &riderHandler{accounts: d.Accounts, wallet: d.Wallet, log: d.Log}
		v1.PUT("/riders/:rider_id/payment-method", rh.setPaymentMethod)
		v1.POST("/riders/:rider_id/wallet/topups", rh.topUp)
	}

	internal := r.Group("/internal/v1", bearerAuth(d.InternalAPIToken))
	{
		sh := &supportHandler{refunds: d.Refunds, adjuster: d.Adjuster, log: d.Log}
		internal.POST("/trips/:trip_id/refunds", sh.refund)
		internal.POST("/drivers/:driver_id/adjustments", sh.adjust)
	}

	wh := &webhookHandler{
		disputes:   d.Disputes,
		payouts:    d.Payouts,
		hmacKey:    d.AcquirerHMACKey,
		payoutsKey: d.PayoutsSecret,
		disputeTok: d.DisputesToken,
		log:        d.Log,
	}
	hooks := r.Group("/webhooks")
	{
		hooks.POST("/acquirer", wh.acquirer)
		hooks.POST("/payouts", wh.payoutStatus)
		hooks.POST("/disputes", bearerAuth(d.DisputesToken), wh.disputeOutcome)
	}
	return r
}

const requestIDKey = "request_id"

// requestID tags each request with an id for log correlation.
func requestID() gin.HandlerFunc {
	return func(c *gin.Context) {
		id := c.GetHeader("X-Request-ID")
		if id == "" {
			id = ids.NewRequestID()
		}
		c.Set(requestIDKey, id)
		c.Header("X-Request-ID", id)
		c.Next()
	}
}

func accessLog(log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		start := time.Now()
		c.Next()
		log.Info("http request",
			"method", c.Request.Method,
			"route", c.FullPath(),
			"status", c.Writer.Status(),
			"duration_ms", time.Since(start).Milliseconds(),
			"request_id", c.GetString(requestIDKey),
		)
	}
}

func bearerAuth(token string) gin.HandlerFunc {
	return func(c *gin.Context) {
		if token == "" || c.GetHeader("Authorization") != "Bearer "+token {
			c.AbortWithStatusJSON(http.StatusUnauthorized, gin.H{"error": "unauthorized"})
			return
		}
		c.Next()
	}
}

// subject returns the authenticated principal set by the edge gateway.
func subject(c *gin.Context) string {
	return c.GetHeader("X-Auth-Subject")
}
