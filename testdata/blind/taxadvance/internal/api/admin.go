package api

import (
	"net/http"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"

	"github.com/refundbridge/advance/internal/api/middleware"
	"github.com/refundbridge/advance/internal/command"
	"github.com/refundbridge/advance/internal/domain"
	"github.com/refundbridge/advance/internal/service"
)

type adjustmentRequest struct {
	ApplicationID *uuid.UUID `json:"application_id"`
	Amount        int64      `json:"amount"`
	Kind          string     `json:"kind"`
	Note          string     `json:"note"`
}

// recordAdjustment books a manual commission credit or clawback for a partner.
func (h *handlers) recordAdjustment(c echo.Context) error {
	partnerID, err := uuid.Parse(c.Param("id"))
	if err != nil {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	var req adjustmentRequest
	if err := c.Bind(&req); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "malformed JSON body")
	}
	var accrual domain.CommissionAccrual
	err = h.commands.Adjustment.Handle(c.Request().Context(), command.RecordAdjustment{
		Input: service.AdjustmentInput{
			PartnerID:     partnerID,
			ApplicationID: req.ApplicationID,
			AmountCents:   req.Amount,
			Kind:          domain.AccrualKind(req.Kind),
			Note:          req.Note,
			Actor:         middleware.Actor(c),
		},
		Result: &accrual,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, map[string]any{
		"id":         accrual.ID,
		"partner_id": accrual.PartnerID,
		"kind":       accrual.Kind,
		"amount":     accrual.AmountCents,
		"accrued_at": accrual.AccruedAt,
	})
}

// redisburse re-sends an advance whose ACH credit was returned.
func (h *handlers) redisburse(c echo.Context) error {
	appID, err := uuid.Parse(c.Param("id"))
	if err != nil {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	var req struct {
		DestinationAccountToken string `json:"destination_account_token"`
	}
	if err := c.Bind(&req); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "malformed JSON body")
	}
	var d domain.Disbursement
	err = h.commands.Redisburse.Handle(c.Request().Context(), command.Redisburse{
		Input: service.RedisburseInput{
			ApplicationID:           appID,
			DestinationAccountToken: req.DestinationAccountToken,
			Actor:                   middleware.Actor(c),
		},
		Result: &d,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, map[string]any{
		"disbursement_id":  d.ID,
		"attempt":          d.Attempt,
		"bank_transfer_id": d.BankTransferID,
		"status":           d.Status,
	})
}
