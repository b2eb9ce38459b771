package httpapi

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"

	"github.com/tablewise/reservations/internal/deposit"
	"github.com/tablewise/reservations/internal/inbox"
	"github.com/tablewise/reservations/internal/smsstatus"
)

type stripeEventFunc func(ctx context.Context, ev stripe.Event) error

// StripeWebhookHandler receives Stripe events.
type StripeWebhookHandler struct {
	secret   string
	inbox    inbox.Inbox
	deposits deposit.Service
	log      *slog.Logger
	routes   map[stripe.EventType]stripeEventFunc
}

func NewStripeWebhookHandler(secret string, ib inbox.Inbox, deposits deposit.Service, log *slog.Logger) *StripeWebhookHandler {
	h := &StripeWebhookHandler{secret: secret, inbox: ib, deposits: deposits, log: log}
	h.routes = map[stripe.EventType]stripeEventFunc{
		stripe.EventTypePaymentIntentSucceeded:     h.onIntentSucceeded,
		stripe.EventTypePaymentIntentPaymentFailed: h.onIntentFailed,
		stripe.EventTypeChargeRefunded:             h.onChargeRefunded,
	}
	return h
}

// Handle serves POST /webhooks/stripe.
func (h *StripeWebhookHandler) Handle(c echo.Context) error {
	payload, err := io.ReadAll(io.LimitReader(c.Request().Body, 1<<20))
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "unreadable body")
	}
	ev, err := webhook.ConstructEventWithOptions(payload, c.Request().Header.Get("Stripe-Signature"), h.secret,
		webhook.ConstructEventOptions{IgnoreAPIVersionMismatch: true})
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "bad signature")
	}
	fn, ok := h.routes[ev.Type]
	if !ok {
		return c.NoContent(http.StatusOK)
	}

	ctx := c.Request().Context()
	seen, err := h.inbox.Seen(ctx, ev.ID)
	if err != nil {
		return err
	}
	if seen {
		return c.NoContent(http.StatusOK)
	}
	if err := fn(ctx, ev); err != nil {
		return fmt.Errorf("stripe event %s (%s): %w", ev.ID, ev.Type, err)
	}
	if err := h.inbox.MarkProcessed(ctx, ev.ID, string(ev.Type)); err != nil {
		loggerFrom(c).Warn("mark stripe event processed", "event_id", ev.ID, "err", err)
	}
	return c.NoContent(http.StatusOK)
}

func (h *StripeWebhookHandler) onIntentSucceeded(ctx context.Context, ev stripe.Event) error {
	var pi stripe.PaymentIntent
	if err := json.Unmarshal(ev.Data.Raw, &pi); err != nil {
		return err
	}
	return h.deposits.ApplyPaymentSucceeded(ctx, pi.ID)
}

func (h *StripeWebhookHandler) onIntentFailed(ctx context.Context, ev stripe.Event) error {
	var pi stripe.PaymentIntent
	if err := json.Unmarshal(ev.Data.Raw, &pi); err != nil {
		return err
	}
	return h.deposits.ApplyPaymentFailed(ctx, pi.ID)
}

func (h *StripeWebhookHandler) onChargeRefunded(ctx context.Context, ev stripe.Event) error {
	var ch stripe.Charge
	if err := json.Unmarshal(ev.Data.Raw, &ch); err != nil {
		return err
	}
	if ch.PaymentIntent == nil {
		return nil
	}
	return h.deposits.ApplyRefunded(ctx, ch.PaymentIntent.ID)
}

// SMSWebhookHandler receives delivery receipts from the SMS provider.
type SMSWebhookHandler struct {
	key      []byte
	receipts smsstatus.Service
}

func NewSMSWebhookHandler(key string, receipts smsstatus.Service) *SMSWebhookHandler {
	return &SMSWebhookHandler{key: []byte(key), receipts: receipts}
}

type smsReceiptPayload struct {
	MessageID string    `json:"message_id"`
	Status    string    `json:"status"`
	ErrorCode string    `json:"error_code"`
	Timestamp time.Time `json:"timestamp"`
}

// Handle serves POST /webhooks/sms.
func (h *SMSWebhookHandler) Handle(c echo.Context) error {
	body, err := io.ReadAll(io.LimitReader(c.Request().Body, 64<<10))
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "unreadable body")
	}
	if !h.verify(body, c.Request().Header.Get("X-TextRelay-Signature")) {
		return echo.NewHTTPError(http.StatusUnauthorized, "bad signature")
	}
	var p smsReceiptPayload
	if err := json.Unmarshal(body, &p); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "invalid JSON")
	}
	if p.MessageID == "" || p.Status == "" {
		return echo.NewHTTPError(http.StatusBadRequest, "message_id and status required")
	}
	if _, err := h.receipts.Apply(c.Request().Context(), smsstatus.Receipt{
		MessageID:  p.MessageID,
		Status:     p.Status,
		ErrorCode:  p.ErrorCode,
		ReportedAt: p.Timestamp,
	}); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

func (h *SMSWebhookHandler) verify(body []byte, sig string) bool {
	mac := hmac.New(sha256.New, h.key)
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(want), []byte(sig))
}
