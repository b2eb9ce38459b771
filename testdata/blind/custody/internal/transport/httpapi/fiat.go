package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/northvault/custody/internal/app"
)

type FiatHandler struct {
	fiat *app.FiatService
}

func NewFiatHandler(fiat *app.FiatService) *FiatHandler {
	return &FiatHandler{fiat: fiat}
}

func (h *FiatHandler) Register(api *gin.RouterGroup) {
	cust := api.Group("/fiat", CustomerAuth())
	cust.POST("/deposits", h.createDeposit)
	cust.POST("/payouts", h.requestPayout)

	ops := api.Group("/ops/fiat", OperatorAuth())
	ops.POST("/deposits/:id/refunds", h.refund)
}

type createDepositReq struct {
	AmountCents     int64  `json:"amount_cents" binding:"required,gt=0"`
	Currency        string `json:"currency" binding:"required"`
	Method          string `json:"method" binding:"required"`
	PaymentMethodID string `json:"payment_method_id" binding:"required"`
}

func (h *FiatHandler) createDeposit(c *gin.Context) {
	var req createDepositReq
	if !bindJSON(c, &req) {
		return
	}
	dep, err := h.fiat.CreateDeposit(c.Request.Context(), app.CreateFiatDepositInput{
		CustomerID:      customerID(c),
		AmountCents:     req.AmountCents,
		Currency:        req.Currency,
		Method:          req.Method,
		PaymentMethodID: req.PaymentMethodID,
	})
	if err != nil {
		respondErr(c, err)
		return
	}
	c.JSON(http.StatusAccepted, dep)
}

type payoutReq struct {
	AmountCents   int64  `json:"amount_cents" binding:"required,gt=0"`
	Currency      string `json:"currency" binding:"required"`
	BankAccountID string `json:"bank_account_id" binding:"required"`
}

func (h *FiatHandler) requestPayout(c *gin.Context) {
	key := c.GetHeader(headerIdempotencyKey)
	if key == "" {
		c.AbortWithStatusJSON(http.StatusBadRequest, gin.H{"error": "Idempotency-Key header is required"})
		return
	}
	var req payoutReq
	if !bindJSON(c, &req) {
		return
	}
	p, replayed, err := h.fiat.RequestPayout(c.Request.Context(), key, app.PayoutInput{
		CustomerID:    customerID(c),
		AmountCents:   req.AmountCents,
		Currency:      req.Currency,
		BankAccountID: req.BankAccountID,
	})
	if err != nil {
		respondErr(c, err)
		return
	}
	if replayed {
		c.Header("Idempotent-Replayed", "true")
	}
	c.JSON(http.StatusAccepted, p)
}

type refundReq struct {
	AmountCents int64  `json:"amount_cents" binding:"required,gt=0"`
	Reason      string `json:"reason"`
}

func (h *FiatHandler) refund(c *gin.Context) {
	var req refundReq
	if !bindJSON(c, &req) {
		return
	}
	rf, err := h.fiat.Refund(c.Request.Context(), c.Param("id"), req.AmountCents, req.Reason)
	if err != nil {
		respondErr(c, err)
		return
	}
	c.JSON(http.StatusCreated, rf)
}
