package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"github.com/northvault/custody/internal/app"
	"github.com/northvault/custody/internal/ports"
)

type WithdrawalHandler struct {
	withdrawals *app.WithdrawalService
	uow         ports.UnitOfWork
}

func NewWithdrawalHandler(w *app.WithdrawalService, uow ports.UnitOfWork) *WithdrawalHandler {
	return &WithdrawalHandler{withdrawals: w, uow: uow}
}

func (h *WithdrawalHandler) Register(api *gin.RouterGroup) {
	cust := api.Group("/withdrawals", CustomerAuth())
	cust.POST("", h.create)
	cust.GET("/:id", h.get)
	cust.POST("/:id/cancel", h.cancel)

	ops := api.Group("/ops/withdrawals", OperatorAuth())
	ops.POST("/:id/approvals", h.approve)
	ops.POST("/:id/travel-rule/retry", h.retryTravelRule)
}

func withdrawalID(c *gin.Context) (uuid.UUID, bool) {
	id, err := uuid.Parse(c.Param("id"))
	if err != nil {
		c.AbortWithStatusJSON(http.StatusBadRequest, gin.H{"error": "bad withdrawal id"})
		return uuid.Nil, false
	}
	return id, true
}

type createWithdrawalReq struct {
	WalletID        uuid.UUID       `json:"wallet_id" binding:"required"`
	Amount          decimal.Decimal `json:"amount" binding:"required"`
	ToAddress       string          `json:"to_address" binding:"required"`
	BeneficiaryVASP string          `json:"beneficiary_vasp"`
	BeneficiaryName string          `json:"beneficiary_name"`
}

func (h *WithdrawalHandler) create(c *gin.Context) {
	key := c.GetHeader(headerIdempotencyKey)
	if key == "" {
		c.AbortWithStatusJSON(http.StatusBadRequest, gin.H{"error": "Idempotency-Key header is required"})
		return
	}
	var req createWithdrawalReq
	if !bindJSON(c, &req) {
		return
	}
	wd, replayed, err := h.withdrawals.Create(c.Request.Context(), key, app.CreateWithdrawalInput{
		CustomerID:      customerID(c),
		WalletID:        req.WalletID,
		Amount:          req.Amount,
		ToAddress:       req.ToAddress,
		BeneficiaryVASP: req.BeneficiaryVASP,
		BeneficiaryName: req.BeneficiaryName,
	})
	if err != nil {
		respondErr(c, err)
		return
	}
	if replayed {
		c.Header("Idempotent-Replayed", "true")
	}
	c.JSON(http.StatusCreated, wd)
}

func (h *WithdrawalHandler) get(c *gin.Context) {
	id, ok := withdrawalID(c)
	if !ok {
		return
	}
	wd, err := h.uow.Repos().Withdrawals().Get(c.Request.Context(), id)
	if err != nil || wd.CustomerID != customerID(c) {
		c.AbortWithStatusJSON(http.StatusNotFound, gin.H{"error": "not found"})
		return
	}
	c.JSON(http.StatusOK, wd)
}

func (h *WithdrawalHandler) cancel(c *gin.Context) {
	id, ok := withdrawalID(c)
	if !ok {
		return
	}
	wd, err := h.withdrawals.Cancel(c.Request.Context(), id, customerID(c))
	if err != nil {
		respondErr(c, err)
		return
	}
	c.JSON(http.StatusOK, wd)
}

type approveReq struct {
	Comment string `json:"comment"`
}

func (h *WithdrawalHandler) approve(c *gin.Context) {
	id, ok := withdrawalID(c)
	if !ok {
		return
	}
	var req approveReq
	if c.Request.ContentLength > 0 && !bindJSON(c, &req) {
		return
	}
	res, err := h.withdrawals.Approve(c.Request.Context(), id, operatorID(c), req.Comment)
	if err != nil {
		respondErr(c, err)
		return
	}
	c.JSON(http.StatusOK, res)
}

func (h *WithdrawalHandler) retryTravelRule(c *gin.Context) {
	id, ok := withdrawalID(c)
	if !ok {
		return
	}
	if err := h.withdrawals.RetryTravelRule(c.Request.Context(), id); err != nil {
		respondErr(c, err)
		return
	}
	c.Status(http.StatusAccepted)
}
