package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"github.com/northvault/custody/internal/app"
	"github.com/northvault/custody/internal/ports"
)

type TransferHandler struct {
	ledger *app.LedgerService
	uow    ports.UnitOfWork
}

func NewTransferHandler(ledger *app.LedgerService, uow ports.UnitOfWork) *TransferHandler {
	return &TransferHandler{ledger: ledger, uow: uow}
}

func (h *TransferHandler) Register(api *gin.RouterGroup) {
	keys := func() ports.IdempotencyRepo { return h.uow.Repos().Idempotency() }
	g := api.Group("/transfers", CustomerAuth())
	g.POST("/internal", Idempotent(keys, "transfer.internal"), h.internal)
}

type internalTransferReq struct {
	FromWalletID uuid.UUID       `json:"from_wallet_id" binding:"required"`
	ToWalletID   uuid.UUID       `json:"to_wallet_id" binding:"required"`
	Amount       decimal.Decimal `json:"amount" binding:"required"`
	Memo         string          `json:"memo"`
}

func (h *TransferHandler) internal(c *gin.Context) {
	var req internalTransferReq
	if !bindJSON(c, &req) {
		return
	}
	t, err := h.ledger.InternalTransfer(c.Request.Context(), app.InternalTransferInput{
		CustomerID:   customerID(c),
		FromWalletID: req.FromWalletID,
		ToWalletID:   req.ToWalletID,
		Amount:       req.Amount,
		Memo:         req.Memo,
	})
	if err != nil {
		respondErr(c, err)
		return
	}
	c.JSON(http.StatusCreated, t)
}
