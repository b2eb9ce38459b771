package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/northvault/custody/internal/app"
)

type WalletHandler struct {
	wallets *app.WalletService
}

func NewWalletHandler(wallets *app.WalletService) *WalletHandler {
	return &WalletHandler{wallets: wallets}
}

func (h *WalletHandler) Register(api *gin.RouterGroup) {
	g := api.Group("", CustomerAuth())
	g.POST("/wallets", h.create)
	g.POST("/wallets/:id/addresses", h.requestAddress)
	g.PUT("/whitelist", h.whitelist)
}

type createWalletReq struct {
	Asset string `json:"asset" binding:"required"`
}

func (h *WalletHandler) create(c *gin.Context) {
	var req createWalletReq
	if !bindJSON(c, &req) {
		return
	}
	w, created, err := h.wallets.CreateWallet(c.Request.Context(), customerID(c), req.Asset)
	if err != nil {
		respondErr(c, err)
		return
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	c.JSON(status, w)
}

func (h *WalletHandler) requestAddress(c *gin.Context) {
	walletID, err := uuid.Parse(c.Param("id"))
	if err != nil {
		c.AbortWithStatusJSON(http.StatusBadRequest, gin.H{"error": "bad wallet id"})
		return
	}
	key := c.GetHeader(headerIdempotencyKey)
	if key == "" {
		c.AbortWithStatusJSON(http.StatusBadRequest, gin.H{"error": "Idempotency-Key header is required"})
		return
	}
	req, err := h.wallets.RequestAddress(c.Request.Context(), customerID(c), walletID, key)
	if err != nil {
		respondErr(c, err)
		return
	}
	c.JSON(http.StatusAccepted, req)
}

type whitelistReq struct {
	Asset   string `json:"asset" binding:"required"`
	Address string `json:"address" binding:"required"`
	Label   string `json:"label"`
}

func (h *WalletHandler) whitelist(c *gin.Context) {
	var req whitelistReq
	if !bindJSON(c, &req) {
		return
	}
	e, err := h.wallets.Whitelist(c.Request.Context(), app.WhitelistInput{
		CustomerID: customerID(c),
		Asset:      req.Asset,
		Address:    req.Address,
		Label:      req.Label,
	})
	if err != nil {
		respondErr(c, err)
		return
	}
	c.JSON(http.StatusOK, e)
}
