package httpapi

import (
	"net/http"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"

	"github.com/tidewater/loyalty/internal/service/adjustment"
	"github.com/tidewater/loyalty/internal/service/redemption"
	"github.com/tidewater/loyalty/internal/service/transfer"
)

type PointsHandler struct {
	redemptions RedemptionService
	transfers   TransferService
	vouchers    VoucherService
	adjustments AdjustmentService
}

func NewPointsHandler(r RedemptionService, t TransferService, v VoucherService, a AdjustmentService) *PointsHandler {
	return &PointsHandler{redemptions: r, transfers: t, vouchers: v, adjustments: a}
}

type redeemRequest struct {
	ValueCents int64 `json:"value_cents"`
}

// Redeem handles POST /v1/members/:memberID/redemptions.
func (h *PointsHandler) Redeem(c echo.Context) error {
	memberID, err := memberIDParam(c)
	if err != nil {
		return err
	}
	req, err := bind[redeemRequest](c)
	if err != nil {
		return err
	}
	res, err := h.redemptions.Redeem(c.Request().Context(), redemption.RedeemInput{
		MemberID:       memberID,
		IdempotencyKey: idempotencyKey(c),
		ValueCents:     req.ValueCents,
	})
	if err != nil {
		return err
	}
	status := http.StatusCreated
	if res.Replay {
		status = http.StatusOK
	}
	return c.JSON(status, map[string]any{
		"voucher_id":  res.Voucher.ID,
		"code":        res.Voucher.Code,
		"value_cents": res.Voucher.ValueCents,
		"expires_at":  res.Voucher.ExpiresAt,
	})
}

type transferRequest struct {
	ToMemberID string `json:"to_member_id"`
	Points     int64  `json:"points"`
}

// Transfer handles POST /v1/members/:memberID/transfers.
func (h *PointsHandler) Transfer(c echo.Context) error {
	from, err := memberIDParam(c)
	if err != nil {
		return err
	}
	req, err := bind[transferRequest](c)
	if err != nil {
		return err
	}
	to, err := uuid.Parse(req.ToMemberID)
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "invalid to_member_id")
	}
	res, err := h.transfers.Transfer(c.Request().Context(), transfer.Input{
		FromMemberID:   from,
		ToMemberID:     to,
		Points:         req.Points,
		IdempotencyKey: idempotencyKey(c),
	})
	if err != nil {
		return err
	}
	if res.Replayed {
		return c.JSON(http.StatusOK, res)
	}
	return c.JSON(http.StatusCreated, res)
}

// CancelVoucher handles POST /v1/vouchers/:code/cancel.
func (h *PointsHandler) CancelVoucher(c echo.Context) error {
	v, err := h.vouchers.Cancel(c.Request().Context(), c.Param("code"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"code": v.Code, "status": v.Status, "points_returned": v.Points})
}

type adjustmentRequest struct {
	TicketID string `json:"ticket_id"`
	Points   int64  `json:"points"`
	Note     string `json:"note"`
}

// Adjust handles POST /v1/members/:memberID/adjustments (support agents).
func (h *PointsHandler) Adjust(c echo.Context) error {
	memberID, err := memberIDParam(c)
	if err != nil {
		return err
	}
	req, err := bind[adjustmentRequest](c)
	if err != nil {
		return err
	}
	res, err := h.adjustments.Apply(c.Request().Context(), adjustment.Input{
		MemberID: memberID,
		TicketID: req.TicketID,
		Points:   req.Points,
		Agent:    c.Request().Header.Get("X-Agent-Id"),
		Note:     req.Note,
	})
	if err != nil {
		return err
	}
	status := http.StatusOK
	if res.Applied {
		status = http.StatusCreated
	}
	return c.JSON(status, map[string]any{"entry_id": res.EntryID, "balance": res.Balance})
}
