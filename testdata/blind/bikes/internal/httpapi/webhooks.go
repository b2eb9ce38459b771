package httpapi

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/stripe/stripe-go/v82"

	"github.com/cyclegrid/bikeshare/internal/crews"
	"github.com/cyclegrid/bikeshare/internal/payments"
	"github.com/cyclegrid/bikeshare/internal/repository"
	"github.com/cyclegrid/bikeshare/internal/service"
)

const maxWebhookBody = 1 << 20

type stripeEventFunc func(ctx context.Context, ev stripe.Event) error

type WebhookHandler struct {
	verifier  *payments.WebhookVerifier
	events    repository.Events
	crew      *crews.Client
	rebalance service.RebalanceService
	stripe    map[stripe.EventType]stripeEventFunc
	log       *slog.Logger
}

func NewWebhookHandler(verifier *payments.WebhookVerifier, events repository.Events, crew *crews.Client,
	wallet service.WalletService, rebalance service.RebalanceService, log *slog.Logger) *WebhookHandler {
	h := &WebhookHandler{
		verifier:  verifier,
		events:    events,
		crew:      crew,
		rebalance: rebalance,
		log:       log,
	}
	h.stripe = map[stripe.EventType]stripeEventFunc{
		stripe.EventTypePaymentIntentSucceeded: func(ctx context.Context, ev stripe.Event) error {
			var pi stripe.PaymentIntent
			if err := json.Unmarshal(ev.Data.Raw, &pi); err != nil {
				return err
			}
			if pi.Metadata["kind"] != "topup" {
				return nil
			}
			return wallet.ApplyTopupSucceeded(ctx, pi.ID)
		},
		stripe.EventTypePaymentIntentPaymentFailed: func(ctx context.Context, ev stripe.Event) error {
			var pi stripe.PaymentIntent
			if err := json.Unmarshal(ev.Data.Raw, &pi); err != nil {
				return err
			}
			log.WarnContext(ctx, "payment failed", "payment_intent", pi.ID, "kind", pi.Metadata["kind"])
			return nil
		},
	}
	return h
}

func readBody(c echo.Context) ([]byte, error) {
	return io.ReadAll(io.LimitReader(c.Request().Body, maxWebhookBody))
}

// Stripe handles POST /webhooks/stripe.
func (h *WebhookHandler) Stripe(c echo.Context) error {
	ctx := c.Request().Context()
	payload, err := readBody(c)
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "unreadable body")
	}
	ev, err := h.verifier.Verify(payload, c.Request().Header.Get("Stripe-Signature"))
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "bad signature")
	}

	seen, err := h.events.StripeSeen(ctx, ev.ID)
	if err != nil {
		return err
	}
	if seen {
		return c.NoContent(http.StatusOK)
	}
	if fn, ok := h.stripe[ev.Type]; ok {
		if err := fn(ctx, ev); err != nil {
			h.log.ErrorContext(ctx, "stripe event failed", "event_id", ev.ID, "type", ev.Type, "err", err)
			return echo.NewHTTPError(http.StatusInternalServerError, "retry later")
		}
	}
	if err := h.events.RecordStripe(ctx, ev.ID, string(ev.Type)); err != nil {
		h.log.WarnContext(ctx, "record stripe event", "event_id", ev.ID, "err", err)
	}
	return c.NoContent(http.StatusOK)
}

// Crew handles POST /webhooks/fleetcrew: job completion callbacks.
func (h *WebhookHandler) Crew(c echo.Context) error {
	payload, err := readBody(c)
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "unreadable body")
	}
	if !h.crew.VerifySignature(payload, c.Request().Header.Get("X-FleetCrew-Signature")) {
		return echo.NewHTTPError(http.StatusUnauthorized, "bad signature")
	}
	var done crews.Completion
	if err := json.Unmarshal(payload, &done); err != nil || done.JobID == "" {
		return echo.NewHTTPError(http.StatusBadRequest, "invalid completion")
	}
	if err := h.rebalance.Complete(c.Request().Context(), done); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}
