package httpapi

import (
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"

	"github.com/velvetchair/salon/internal/adapters/payments/tillpoint"
	"github.com/velvetchair/salon/internal/core/domain"
	"github.com/velvetchair/salon/internal/core/services"
)

type PaymentWebhookHandler struct {
	verifier *tillpoint.Verifier
	payments *services.PaymentService
	log      *slog.Logger
}

func NewPaymentWebhookHandler(v *tillpoint.Verifier, p *services.PaymentService, log *slog.Logger) *PaymentWebhookHandler {
	return &PaymentWebhookHandler{verifier: v, payments: p, log: log.With("webhook", "tillpoint")}
}

func (h *PaymentWebhookHandler) Register(e *echo.Echo) {
	e.POST("/webhooks/tillpoint", h.receive)
}

func (h *PaymentWebhookHandler) receive(c echo.Context) error {
	body, err := io.ReadAll(c.Request().Body)
	if err != nil {
		return err
	}
	evt, err := h.verifier.Verify(c.Request().Header.Get("Tillpoint-Signature"), body)
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "invalid signature")
	}
	pe, err := toPaymentEvent(evt)
	if err != nil {
		h.log.WarnContext(c.Request().Context(), "undecodable event", "event_id", evt.ID, "type", evt.Type, "err", err)
		return c.NoContent(http.StatusOK)
	}
	if err := h.payments.HandleProviderEvent(c.Request().Context(), pe); err != nil {
		return err
	}
	return c.NoContent(http.StatusOK)
}

// toPaymentEvent maps the provider payload onto domain.PaymentEvent.
func toPaymentEvent(evt *tillpoint.Event) (domain.PaymentEvent, error) {
	pe := domain.PaymentEvent{EventID: evt.ID, Type: evt.Type}
	switch evt.Type {
	case domain.EventChargeSucceeded, domain.EventChargeFailed, domain.EventChargeRefunded:
		var ch tillpoint.ChargeObject
		if err := json.Unmarshal(evt.Data, &ch); err != nil {
			return pe, err
		}
		pe.ChargeID = ch.ID
		pe.AmountCents = domain.Cents(ch.Amount)
		pe.FailureCode = ch.FailureCode
		id, err := uuid.Parse(ch.Metadata["payment_id"])
		if err != nil {
			return pe, errors.New("charge was not created by this platform")
		}
		pe.PaymentID = &id
		if n := len(ch.Refunds); n > 0 {
			last := ch.Refunds[n-1]
			pe.Refund = &domain.Refund{ProviderRefundID: last.ID, AmountCents: domain.Cents(last.Amount), Reason: last.Reason}
		}
	case domain.EventDisputeCreated:
		var dp tillpoint.DisputeObject
		if err := json.Unmarshal(evt.Data, &dp); err != nil {
			return pe, err
		}
		pe.ChargeID = dp.Charge
		pe.AmountCents = domain.Cents(dp.Amount)
		pe.Dispute = &domain.Dispute{
			ProviderDisputeID: dp.ID,
			AmountCents:       domain.Cents(dp.Amount),
			Reason:            dp.Reason,
			Status:            dp.Status,
		}
	default:
		return pe, nil
	}
	if pe.ChargeID == "" {
		return pe, errors.New("missing charge id")
	}
	return pe, nil
}
