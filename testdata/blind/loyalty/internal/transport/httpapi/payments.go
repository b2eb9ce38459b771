package httpapi

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"

	"github.com/tidewater/loyalty/internal/service/topup"
)

type PaymentHandler struct {
	svc           TopUpService
	members       MemberService
	webhookSecret string
	log           *slog.Logger
}

func NewPaymentHandler(svc TopUpService, members MemberService, webhookSecret string, log *slog.Logger) *PaymentHandler {
	return &PaymentHandler{svc: svc, members: members, webhookSecret: webhookSecret, log: log}
}

type topUpRequest struct {
	AmountCents      int64  `json:"amount_cents"`
	Currency         string `json:"currency"`
	StripeCustomerID string `json:"stripe_customer_id"`
	PaymentMethodID  string `json:"payment_method_id"`
}

// TopUp handles POST /v1/members/:memberID/topups.
func (h *PaymentHandler) TopUp(c echo.Context) error {
	memberID, err := memberIDParam(c)
	if err != nil {
		return err
	}
	req, err := bind[topUpRequest](c)
	if err != nil {
		return err
	}
	if req.Currency == "" {
		req.Currency = "gbp"
	}
	res, err := h.svc.Purchase(c.Request().Context(), topup.PurchaseInput{
		MemberID:         memberID,
		StripeCustomerID: req.StripeCustomerID,
		PaymentMethodID:  req.PaymentMethodID,
		AmountCents:      req.AmountCents,
		Currency:         req.Currency,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, map[string]any{
		"topup_id":          res.TopUpID,
		"payment_intent_id": res.IntentID,
		"status":            res.Status,
		"points":            res.Points,
	})
}

// StripeWebhook handles POST /webhooks/stripe. Stripe retries any delivery
// that does not get a 2xx, for up to three days.
func (h *PaymentHandler) StripeWebhook(c echo.Context) error {
	payload, err := io.ReadAll(io.LimitReader(c.Request().Body, 1<<16))
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "unreadable body")
	}
	event, err := webhook.ConstructEventWithOptions(payload, c.Request().Header.Get("Stripe-Signature"),
		h.webhookSecret, webhook.ConstructEventOptions{IgnoreAPIVersionMismatch: true})
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "bad signature")
	}

	switch event.Type {
	case "payment_intent.succeeded":
		var pi stripe.PaymentIntent
		if err := json.Unmarshal(event.Data.Raw, &pi); err != nil {
			return echo.NewHTTPError(http.StatusBadRequest, "bad payment intent payload")
		}
		if err := h.svc.HandlePaymentSucceeded(c.Request().Context(), topup.PaymentSucceeded{
			EventID:         event.ID,
			EventType:       string(event.Type),
			PaymentIntentID: pi.ID,
		}); err != nil {
			return err
		}
	default:
		h.log.Debug("ignoring stripe event", "type", event.Type, "id", event.ID)
	}
	return c.NoContent(http.StatusOK)
}
