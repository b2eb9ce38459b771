package httpapi

import (
	"bytes"
	"io"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/trustwell/settlements/internal/idempotency"
	"github.com/trustwell/settlements/internal/service"
)

// LedgerHandler serves direct trust-ledger operations.
type LedgerHandler struct {
	trust service.TrustService
	idem  *idempotency.Store
}

// NewLedgerHandler builds the LedgerHandler.
func NewLedgerHandler(trust service.TrustService, idem *idempotency.Store) *LedgerHandler {
	return &LedgerHandler{trust: trust, idem: idem}
}

// Register mounts the routes.
func (h *LedgerHandler) Register(api *echo.Group, _ *echo.Group) {
	api.POST("/ledger/transfers", h.transfer, Idempotent(h.idem, "ledger.transfer"))
	api.POST("/ledger/adjustments", h.adjust)
}

func (h *LedgerHandler) transfer(c echo.Context) error {
	var in service.TransferInput
	if err := bindJSON(c, &in); err != nil {
		return err
	}
	in.Actor = actor(c)
	t, err := h.trust.Transfer(c.Request().Context(), in)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, t)
}

func (h *LedgerHandler) adjust(c echo.Context) error {
	raw, err := io.ReadAll(c.Request().Body)
	if err != nil {
		return err
	}
	c.Request().Body = io.NopCloser(bytes.NewReader(raw))
	var in service.AdjustmentInput
	if err := bindJSON(c, &in); err != nil {
		return err
	}
	in.Actor = actor(c)
	in.IdempotencyKey = c.Request().Header.Get("Idempotency-Key")
	in.RequestHash = idempotency.HashRequest(c.Request().Method, c.Path(), raw)

	res, replayed, err := h.trust.Adjust(c.Request().Context(), in)
	if err != nil {
		return err
	}
	if replayed {
		c.Response().Header().Set("Idempotent-Replayed", "true")
	}
	return c.JSON(http.StatusCreated, res)
}
