package httpapi

import (
	"encoding/json"
	"io"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/summitline/skipass/internal/provider/cardissuer"
)

// stripeWebhook receives Stripe events. Stripe retries any non-2xx answer
// with backoff for up to three days.
func (h *Handlers) stripeWebhook(c echo.Context) error {
	payload, err := io.ReadAll(c.Request().Body)
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest)
	}
	ev, err := h.Stripe.ParseWebhook(payload, c.Request().Header.Get("Stripe-Signature"))
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "bad signature")
	}
	if err := h.PaymentEvents.Handle(c.Request().Context(), ev); err != nil {
		return err
	}
	return c.NoContent(http.StatusOK)
}

// cardIssuerWebhook receives job-status callbacks from the card partner,
// which redelivers until it gets a 2xx.
func (h *Handlers) cardIssuerWebhook(c echo.Context) error {
	body, err := io.ReadAll(c.Request().Body)
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest)
	}
	if !h.Issuer.VerifyCallback(body, c.Request().Header.Get("X-Partner-Signature")) {
		return echo.NewHTTPError(http.StatusUnauthorized)
	}
	var ev cardissuer.CallbackEvent
	if err := json.Unmarshal(body, &ev); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest)
	}
	if err := h.Cards.HandleCallback(c.Request().Context(), ev); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}
