package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/halyard/funding/internal/service/topups"
	"github.com/halyard/funding/internal/service/withdrawals"
	"github.com/halyard/funding/internal/store"
)

const idempotencyHeader = "Idempotency-Key"

type topupBody struct {
	Amount          int64  `json:"amount" binding:"required,gt=0"`
	Currency        string `json:"currency" binding:"required,len=3"`
	PaymentMethodID string `json:"payment_method_id" binding:"required"`
}

func (h *Handlers) createTopup(c *gin.Context) {
	var body topupBody
	if err := c.ShouldBindJSON(&body); err != nil {
		c.AbortWithStatusJSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	t, err := h.Topups.Create(c.Request.Context(), topups.Request{
		UserID:          c.GetString(ctxUserID),
		IdempotencyKey:  c.GetHeader(idempotencyHeader),
		Amount:          body.Amount,
		Currency:        body.Currency,
		PaymentMethodID: body.PaymentMethodID,
	})
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusCreated, topupView(t))
}

type fiatWithdrawalBody struct {
	Amount     int64  `json:"amount" binding:"required,gt=0"`
	Currency   string `json:"currency" binding:"required,len=3"`
	IBAN       string `json:"iban" binding:"required"`
	BIC        string `json:"bic"`
	HolderName string `json:"holder_name" binding:"required"`
	Reference  string `json:"reference"`
}

func (h *Handlers) createFiatWithdrawal(c *gin.Context) {
	var body fiatWithdrawalBody
	if err := c.ShouldBindJSON(&body); err != nil {
		c.AbortWithStatusJSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	w, created, err := h.Withdrawals.CreateFiat(c.Request.Context(), withdrawals.FiatRequest{
		UserID:         c.GetString(ctxUserID),
		IdempotencyKey: c.GetHeader(idempotencyHeader),
		Currency:       body.Currency,
		Amount:         body.Amount,
		IBAN:           body.IBAN,
		BIC:            body.BIC,
		HolderName:     body.HolderName,
		Reference:      body.Reference,
	})
	if err != nil {
		writeError(c, err)
		return
	}
	status := http.StatusCreated
	if !created {
		status = http.StatusOK
	}
	c.JSON(status, withdrawalView(w))
}

type cryptoWithdrawalBody struct {
	Asset   string `json:"asset" binding:"required"`
	Network string `json:"network" binding:"required"`
	Address string `json:"address" binding:"required"`
	Tag     string `json:"tag"`
	Amount  int64  `json:"amount" binding:"required,gt=0"`
}

func (h *Handlers) createCryptoWithdrawal(c *gin.Context) {
	var body cryptoWithdrawalBody
	if err := c.ShouldBindJSON(&body); err != nil {
		c.AbortWithStatusJSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	w, err := h.Withdrawals.CreateCrypto(c.Request.Context(), withdrawals.CryptoRequest{
		UserID:  c.GetString(ctxUserID),
		Asset:   body.Asset,
		Network: body.Network,
		Address: body.Address,
		Tag:     body.Tag,
		Amount:  body.Amount,
	})
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusCreated, withdrawalView(w))
}

func (h *Handlers) getWithdrawal(c *gin.Context) {
	w, err := h.Withdrawals.Get(c.Request.Context(), c.GetString(ctxUserID), c.Param("id"))
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, withdrawalView(w))
}

func (h *Handlers) cancelWithdrawal(c *gin.Context) {
	w, err := h.Withdrawals.Cancel(c.Request.Context(), c.GetString(ctxUserID), c.Param("id"))
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, withdrawalView(w))
}

type addressBody struct {
	Asset   string `json:"asset" binding:"required"`
	Network string `json:"network" binding:"required"`
	Label   string `json:"label"`
}

func (h *Handlers) issueAddress(c *gin.Context) {
	var body addressBody
	if err := c.ShouldBindJSON(&body); err != nil {
		c.AbortWithStatusJSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	a, err := h.Addresses.Issue(c.Request.Context(), c.GetString(ctxUserID), body.Asset, body.Network, body.Label)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusCreated, a)
}

func (h *Handlers) listAddresses(c *gin.Context) {
	out, err := h.Addresses.List(c.Request.Context(), c.GetString(ctxUserID), c.Query("asset"))
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"addresses": out})
}

func withdrawalView(w *store.Withdrawal) gin.H {
	return gin.H{
		"id":          w.ID,
		"rail":        w.Rail,
		"asset":       w.Asset,
		"amount":      w.Amount,
		"fee":         w.Fee,
		"destination": w.Destination,
		"status":      w.Status,
		"tx_hash":     w.TxHash,
		"created_at":  w.CreatedAt,
	}
}

func topupView(t *store.CardTopup) gin.H {
	return gin.H{
		"id":           t.ID,
		"amount":       t.Amount,
		"currency":     t.Currency,
		"status":       t.Status,
		"redirect_url": t.RedirectURL,
	}
}
