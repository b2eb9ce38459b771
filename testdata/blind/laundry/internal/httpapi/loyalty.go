package httpapi

import (
	"net/http"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"

	"github.com/freshpress/laundry/internal/loyalty"
)

type redeemBody struct {
	OrderID     uuid.UUID `json:"order_id"`
	AmountCents int64     `json:"amount_cents"`
}

func (a *API) redeem(c echo.Context) error {
	body, err := bind[redeemBody](c)
	if err != nil {
		return err
	}
	balance, err := a.Loyalty.Redeem(c.Request().Context(), customer(c), body.OrderID, body.AmountCents)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{
		"applied_cents": body.AmountCents,
		"balance_cents": balance,
	})
}

type giftBody struct {
	RecipientID uuid.UUID `json:"recipient_id"`
	AmountCents int64     `json:"amount_cents"`
	Message     string    `json:"message"`
}

func (a *API) gift(c echo.Context) error {
	key, err := idempotencyKey(c)
	if err != nil {
		return err
	}
	body, err := bind[giftBody](c)
	if err != nil {
		return err
	}
	id, err := a.Loyalty.Gift(c.Request().Context(), loyalty.GiftRequest{
		SenderID:    customer(c),
		RecipientID: body.RecipientID,
		AmountCents: body.AmountCents,
		Key:         key,
		Message:     body.Message,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, map[string]any{"gift_id": id})
}
