package httpapi

import (
	"net/http"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"

	"github.com/tidewater/loyalty/internal/service/giftcard"
)

type GiftCardHandler struct {
	svc GiftCardService
}

func NewGiftCardHandler(svc GiftCardService) *GiftCardHandler {
	return &GiftCardHandler{svc: svc}
}

type giftCardRequest struct {
	AmountCents    int64  `json:"amount_cents"`
	Currency       string `json:"currency"`
	RecipientEmail string `json:"recipient_email"`
}

// Request handles POST /v1/members/:memberID/gift-cards.
func (h *GiftCardHandler) Request(c echo.Context) error {
	memberID, err := memberIDParam(c)
	if err != nil {
		return err
	}
	body, err := bind[giftCardRequest](c)
	if err != nil {
		return err
	}
	req, err := h.svc.Request(c.Request().Context(), giftcard.RequestInput{
		MemberID:       memberID,
		IdempotencyKey: idempotencyKey(c),
		AmountCents:    body.AmountCents,
		Currency:       body.Currency,
		RecipientEmail: body.RecipientEmail,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, map[string]any{
		"request_id": req.ID,
		"status":     req.Status,
		"points":     req.Points,
	})
}

type reissueRequest struct {
	Reason string `json:"reason"`
}

// Reissue handles POST /v1/gift-cards/:requestID/reissue.
func (h *GiftCardHandler) Reissue(c echo.Context) error {
	id, err := uuid.Parse(c.Param("requestID"))
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "invalid gift card id")
	}
	body, err := bind[reissueRequest](c)
	if err != nil {
		return err
	}
	card, err := h.svc.Reissue(c.Request().Context(), id, body.Reason)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{
		"masked_code":   card.MaskedCode,
		"reissue_count": card.ReissueCount,
	})
}
