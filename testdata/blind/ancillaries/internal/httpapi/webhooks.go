package httpapi

import (
	"io"
	"log/slog"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/skyway-air/ancillaries/internal/payments"
)

// stripeWebhook handles POST /webhooks/stripe.
func (s *Server) stripeWebhook(c echo.Context) error {
	payload, err := io.ReadAll(io.LimitReader(c.Request().Body, 512<<10))
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "unreadable body")
	}
	evt, err := payments.ParseWebhook(payload, c.Request().Header.Get("Stripe-Signature"), s.webhookSecret)
	if err != nil {
		s.logger.WarnContext(c.Request().Context(), "rejected stripe webhook", slog.Any("err", err))
		return echo.NewHTTPError(http.StatusBadRequest, "invalid signature")
	}
	if err := s.paymentEvents.Apply(c.Request().Context(), evt); err != nil {
		return err
	}
	return c.NoContent(http.StatusOK)
}
