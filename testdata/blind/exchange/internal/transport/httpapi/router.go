// Package httpapi is the public and back-office HTTP API.
package httpapi

import (
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/halyard/funding/internal/service/addresses"
	"github.com/halyard/funding/internal/service/deposits"
	"github.com/halyard/funding/internal/service/recon"
	"github.com/halyard/funding/internal/service/topups"
	"github.com/halyard/funding/internal/service/withdrawals"
)

// WebhookSecrets holds provider signing secrets.
type WebhookSecrets struct {
	Bank    string
	Card    string
	Custody string
}

// Handlers holds the services behind the HTTP API.
type Handlers struct {
	Withdrawals *withdrawals.Service
	Topups      *topups.Service
	Deposits    *deposits.Service
	Addresses   *addresses.Service
	Recon       *recon.Scheduler
	Secrets     WebhookSecrets
	Log         *slog.Logger
}

// NewRouter builds the gin engine.
func NewRouter(h *Handlers) *gin.Engine {
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.Use(gin.Recovery(), requestID(), accessLog(h.Log))

	r.GET("/healthz", func(c *gin.Context) { c.Status(http.StatusOK) })

	hooks := r.Group("/v1/webhooks")
	for _, wr := range h.webhookRoutes() {
		hooks.POST(wr.path, wr.handler)
	}

	api := r.Group("/v1", userAuth())
	api.POST("/card-topups", h.createTopup)
	api.POST("/withdrawals/fiat", h.createFiatWithdrawal)
	api.POST("/withdrawals/crypto", h.createCryptoWithdrawal)
	api.GET("/withdrawals/:id", h.getWithdrawal)
	api.POST("/withdrawals/:id/cancel", h.cancelWithdrawal)
	api.POST("/deposit-addresses", h.issueAddress)
	api.GET("/deposit-addresses", h.listAddresses)

	admin := r.Group("/v1/admin", adminAuth())
	admin.POST("/withdrawals/:id/approvals", h.approveWithdrawal)
	admin.POST("/withdrawals/:id/rejection", h.rejectWithdrawal)
	admin.POST("/card-topups/:id/refunds", h.refundTopup)
	admin.POST("/reconciliation/runs", h.requestReconciliation)

	return r
}
