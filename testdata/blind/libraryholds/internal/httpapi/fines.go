package httpapi

import (
	"context"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/shelfwise-labs/branchline/internal/domain"
	"github.com/shelfwise-labs/branchline/internal/service/fines"
)

// FineService is what the fine routes need.
type FineService interface {
	Pay(ctx context.Context, in fines.PayInput) (domain.Payment, error)
	Waive(ctx context.Context, fineID, staffID, note string) (domain.Fine, error)
	Refund(ctx context.Context, in fines.RefundInput) (domain.Refund, error)
}

// FineHandler serves fine and payment routes.
type FineHandler struct{ svc FineService }

// NewFineHandler returns the fine routes.
func NewFineHandler(svc FineService) *FineHandler { return &FineHandler{svc: svc} }

// Pay handles POST /v1/patrons/:patronID/fine-payments. The app sends an
// Idempotency-Key header generated once per checkout screen.
func (h *FineHandler) Pay(c echo.Context) error {
	var req struct {
		PaymentMethodID string   `json:"payment_method_id"`
		FineIDs         []string `json:"fine_ids"`
	}
	if err := c.Bind(&req); err != nil || req.PaymentMethodID == "" {
		return echo.NewHTTPError(http.StatusBadRequest, "payment_method_id is required")
	}
	p, err := h.svc.Pay(c.Request().Context(), fines.PayInput{
		PatronID:        c.Param("patronID"),
		RequestKey:      c.Request().Header.Get("Idempotency-Key"),
		PaymentMethodID: req.PaymentMethodID,
		FineIDs:         req.FineIDs,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{
		"payment_id": p.ID, "status": p.Status, "amount_cents": p.AmountCents,
	})
}

// Waive handles POST /v1/staff/fines/:fineID/waive.
func (h *FineHandler) Waive(c echo.Context) error {
	var req struct {
		Note string `json:"note"`
	}
	_ = c.Bind(&req)
	f, err := h.svc.Waive(c.Request().Context(), c.Param("fineID"), staffID(c), req.Note)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, f)
}

// Refund handles POST /v1/staff/payments/:paymentID/refunds.
func (h *FineHandler) Refund(c echo.Context) error {
	var req struct {
		FineID string `json:"fine_id"`
		Reason string `json:"reason"`
	}
	if err := c.Bind(&req); err != nil || req.FineID == "" {
		return echo.NewHTTPError(http.StatusBadRequest, "fine_id is required")
	}
	rf, err := h.svc.Refund(c.Request().Context(), fines.RefundInput{
		PaymentID: c.Param("paymentID"),
		FineID:    req.FineID,
		StaffID:   staffID(c),
		Reason:    req.Reason,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, map[string]any{
		"refund_id": rf.ID, "amount_cents": rf.AmountCents, "stripe_refund_id": rf.StripeRefundID,
	})
}
