package webhooks

import (
	"io"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/stripe/stripe-go/v82/webhook"
	"go.mongodb.org/mongo-driver/v2/bson"

	"github.com/harbourline/hotels/internal/guests"
	"github.com/harbourline/hotels/internal/payments"
	"github.com/harbourline/hotels/internal/platform/logx"
)

// StripeWebhook receives Stripe events. Stripe retries an event for up to
// three days until it gets a 2xx.
type StripeWebhook struct {
	payments payments.Service
	attempts guests.AttemptLog
	secret   string
}

// NewStripeWebhook returns the handler.
func NewStripeWebhook(p payments.Service, attempts guests.AttemptLog, secret string) *StripeWebhook {
	return &StripeWebhook{payments: p, attempts: attempts, secret: secret}
}

// Handle is mounted at POST /webhooks/stripe. It needs the raw body for the
// signature check, so it does not go through httpx.Handle.
func (s *StripeWebhook) Handle(c echo.Context) error {
	ctx := c.Request().Context()
	body, err := io.ReadAll(io.LimitReader(c.Request().Body, 1<<20))
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "unreadable body")
	}
	evt, err := webhook.ConstructEvent(body, c.Request().Header.Get("Stripe-Signature"), s.secret)
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "bad signature")
	}
	attempt := guests.Attempt{
		ID:         bson.NewObjectID(),
		Source:     "stripe",
		EventID:    evt.ID,
		EventType:  string(evt.Type),
		RemoteAddr: c.RealIP(),
		ReceivedAt: time.Now(),
	}
	herr := s.payments.HandleEvent(ctx, evt)
	attempt.Outcome = "ok"
	if herr != nil {
		attempt.Outcome = herr.Error()
	}
	if err := s.attempts.Append(ctx, attempt); err != nil {
		logx.From(ctx).Warn("could not log webhook attempt", "event_id", evt.ID, "err", err)
	}
	if herr != nil {
		return herr
	}
	return c.NoContent(http.StatusOK)
}
