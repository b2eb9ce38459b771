package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

// RouterDeps are the handler groups mounted on the router.
type RouterDeps struct {
	Claims      *ClaimHandlers
	Denials     *DenialHandlers
	Eligibility *EligibilityHandlers
	Billing     *BillingHandlers
	Webhooks    *WebhookHandlers
	Idempotency *IdempotencyMiddleware
}

// authenticate trusts the identity headers injected by the API gateway
// after it has validated the caller's token.
func authenticate() gin.HandlerFunc {
	return func(c *gin.Context) {
		practice := c.GetHeader("X-Practice-Id")
		if practice == "" {
			c.AbortWithStatusJSON(http.StatusUnauthorized, errorBody{Error: "missing identity", Code: "unauthorized"})
			return
		}
		c.Set("principal", Principal{PracticeID: practice, UserID: c.GetHeader("X-User-Id")})
		c.Next()
	}
}

// NewRouter mounts every route.
func NewRouter(d RouterDeps) *gin.Engine {
	r := gin.New()
	r.Use(gin.Recovery())
	r.GET("/healthz", func(c *gin.Context) { c.String(http.StatusOK, "ok") })

	r.POST("/v1/webhooks/stripe", Handle(d.Webhooks.Stripe))

	v1 := r.Group("/v1", authenticate())
	{
		v1.POST("/claims", Handle(d.Claims.SubmitClaim))
		v1.POST("/claim-batches", Handle(d.Claims.UploadBatch))
		v1.POST("/claims/:claim_id/resubmissions", Handle(d.Claims.Resubmit))
		v1.POST("/claims/:claim_id/void", Handle(d.Claims.VoidClaim))
		v1.POST("/claims/:claim_id/attachments", Handle(d.Claims.AddAttachment))
		v1.POST("/claims/:claim_id/crossover", Handle(d.Claims.Crossover))
		v1.POST("/claims/:claim_id/appeals", Handle(d.Denials.FileAppeal))
		v1.POST("/appeals/:appeal_id/withdraw", Handle(d.Denials.WithdrawAppeal))

		v1.POST("/eligibility/inquiries", Handle(d.Eligibility.Inquire))

		v1.POST("/statements", Handle(d.Billing.IssueStatement))
		v1.POST("/statements/:statement_id/mailings", Handle(d.Billing.MailStatement))
		v1.POST("/statements/:statement_id/copay-payments", Handle(d.Billing.CollectCopay))
		v1.POST("/copay-payments/:payment_id/refunds", Handle(d.Billing.RefundCopay))

		v1.POST("/practices/:practice_id/payouts", Handle(d.Billing.CreatePayout))
		v1.POST("/practices/:practice_id/adjustments", Handle(d.Billing.CreateAdjustment))
		v1.POST("/patient-accounts/:account_id/payment-plans",
			d.Idempotency.Handler("payment-plans"), Handle(d.Billing.CreatePaymentPlan))
	}
	return r
}
