package billing

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/labstack/echo/v4"

	"github.com/harvestloop/farmshare/internal/platform/events"
	"github.com/harvestloop/farmshare/internal/platform/webhooksig"
	"github.com/harvestloop/farmshare/internal/providers/cardpay"
)

// WebhookHandler receives Cardpay events.
type WebhookHandler struct {
	svc    *Service
	secret string
}

// NewWebhookHandler builds a WebhookHandler.
func NewWebhookHandler(svc *Service, secret string) *WebhookHandler {
	return &WebhookHandler{svc: svc, secret: secret}
}

// Register mounts the route.
func (h *WebhookHandler) Register(e *echo.Echo) {
	e.POST("/webhooks/cardpay", h.receive)
}

func (h *WebhookHandler) receive(c echo.Context) error {
	body, err := io.ReadAll(io.LimitReader(c.Request().Body, 1<<20))
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "unreadable body")
	}
	if err := webhooksig.Verify(h.secret, c.Request().Header.Get("Cardpay-Signature"), body, 5*time.Minute, time.Now()); err != nil {
		return echo.NewHTTPError(http.StatusUnauthorized, err.Error())
	}
	var evt cardpay.Event
	if err := json.Unmarshal(body, &evt); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "invalid event")
	}
	if err := h.svc.HandleCardpayEvent(c.Request().Context(), evt); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// HandleCardpayEvent applies one webhook event.
func (s *Service) HandleCardpayEvent(ctx context.Context, evt cardpay.Event) error {
	var data cardpay.ChargeEventData
	if err := json.Unmarshal(evt.Data, &data); err != nil {
		s.log.Warn("cardpay event without charge data", "event", evt.ID, "type", evt.Type)
		return nil
	}
	invoiceID := data.Metadata["invoice_id"]

	return s.tx.WithTx(ctx, func(tx *sqlx.Tx) error {
		fresh, err := s.store.ClaimWebhook(ctx, tx, "cardpay", evt.ID, evt.Type)
		if err != nil || !fresh {
			return err
		}
		switch evt.Type {
		case cardpay.EventChargeSucceeded:
			if invoiceID == "" {
				return nil
			}
			paid, err := s.store.MarkPaidByCharge(ctx, tx, invoiceID, data.ID)
			if err != nil || !paid {
				return err
			}
			inv, err := s.store.Get(ctx, tx, invoiceID)
			if err != nil {
				return err
			}
			return s.events.Enqueue(ctx, tx, events.TopicInvoicePaid, invoiceID, events.InvoicePaid{
				InvoiceID: invoiceID, MemberID: inv.MemberID, ChargeID: data.ID,
			})

		case cardpay.EventChargeFailed:
			if invoiceID == "" {
				return nil
			}
			inv, err := s.store.MarkFailedAsync(ctx, tx, invoiceID, s.now().Add(retrySchedule[1]))
			if err != nil || inv == nil {
				return err
			}
			return s.events.Enqueue(ctx, tx, events.TopicInvoicePaymentFailed, invoiceID, events.InvoicePaymentFailed{
				InvoiceID: invoiceID, MemberID: inv.MemberID, Attempt: inv.Attempts, DeclineCode: data.FailureCode,
			})

		case cardpay.EventDisputeCreated:
			return s.store.MarkDisputed(ctx, tx, data.ID)
		}
		return nil
	})
}
