// Package httpapi is the gin HTTP API used by the customer portal, the
// agent desktop and partner webhooks.
package httpapi

import (
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/gridwell/utilities/internal/config"
	"github.com/gridwell/utilities/internal/service"
	"github.com/gridwell/utilities/internal/store"
)

// Server holds the handler groups.
type Server struct {
	cfg      *config.Config
	log      *slog.Logger
	repos    store.Repos
	payments *service.PaymentService
	dd       *service.DirectDebitService
	billing  *service.BillingService
	orders   *service.WorkOrderService
	notices  *service.NoticeService
	readings *service.ReadingService
}

func NewServer(
	cfg *config.Config,
	log *slog.Logger,
	repos store.Repos,
	payments *service.PaymentService,
	dd *service.DirectDebitService,
	billing *service.BillingService,
	orders *service.WorkOrderService,
	notices *service.NoticeService,
	readings *service.ReadingService,
) *Server {
	return &Server{
		cfg: cfg, log: log, repos: repos, payments: payments, dd: dd,
		billing: billing, orders: orders, notices: notices, readings: readings,
	}
}

// Engine builds the gin engine with all routes.
func (s *Server) Engine() *gin.Engine {
	gin.SetMode(gin.ReleaseMode)
	e := gin.New()
	e.Use(RequestID(), AccessLog(s.log), gin.Recovery())

	e.GET("/healthz", func(c *gin.Context) { c.String(http.StatusOK, "ok") })

	v1 := e.Group("/v1")

	accounts := v1.Group("/accounts/:account_id", Authenticated())
	{
		accounts.POST("/payments/card", s.payBillByCard)
		accounts.POST("/mandates", s.createMandate)
		accounts.POST("/direct-debit/collections", AgentOnly(), s.collectNow)
		accounts.POST("/disconnections", AgentOnly(), s.requestDisconnection)
		accounts.POST("/reconnections", AgentOnly(), s.requestReconnection)
		accounts.POST("/letters", AgentOnly(), s.sendLetter)
		accounts.POST("/credits", AgentOnly(), Idempotent(s.repos.Idempotency, "account_credit"), s.grantCredit)
	}

	bills := v1.Group("/bills/:bill_id", Authenticated(), AgentOnly())
	{
		bills.POST("/adjustments", s.adjustBill)
	}

	payments := v1.Group("/payments/:payment_id", Authenticated(), AgentOnly())
	{
		payments.POST("/refunds", s.refundPayment)
	}

	meters := v1.Group("/meters/:meter_id", Authenticated())
	{
		meters.POST("/topups", s.topUpMeter)
		meters.POST("/readings", s.submitReading)
	}

	premises := v1.Group("/premises/:premise_id", Authenticated(), AgentOnly())
	{
		premises.POST("/move-in", s.moveIn)
	}

	admin := v1.Group("/admin", AdminToken(s.cfg.AdminToken))
	{
		admin.POST("/billing-runs", s.startBillingRun)
	}

	hooks := v1.Group("/webhooks")
	{
		hooks.POST("/gateway", VerifySignature("X-Gateway-Signature", s.cfg.WebhookSecretGateway), s.gatewayWebhook)
		hooks.POST("/bank", VerifySignature("X-Bank-Signature", s.cfg.WebhookSecretBank), s.bankWebhook)
	}
	return e
}
