package httpapi

import (
	"errors"
	"io"
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/stripe/stripe-go/v82/webhook"

	"github.com/lumen-gift/giftcards/internal/service"
)

type stripeHandler struct {
	events service.StripeEvents
	secret string
}

// receive handles POST /webhooks/stripe. Stripe retries any non-2xx for up
// to three days.
func (h *stripeHandler) receive(c echo.Context) error {
	payload, err := io.ReadAll(io.LimitReader(c.Request().Body, 1<<20))
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "unreadable body")
	}
	ev, err := webhook.ConstructEvent(payload, c.Request().Header.Get("Stripe-Signature"), h.secret)
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "bad signature")
	}
	if err := h.events.Handle(c.Request().Context(), ev); err != nil {
		if errors.Is(err, service.ErrPurchaseNotYetRecorded) {
			return echo.NewHTTPError(http.StatusConflict, "purchase not yet recorded")
		}
		return err
	}
	return c.NoContent(http.StatusOK)
}
