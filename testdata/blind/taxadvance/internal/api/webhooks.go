package api

import (
	"encoding/json"
	"io"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/refundbridge/advance/internal/command"
	"github.com/refundbridge/advance/internal/providers/bank"
	"github.com/refundbridge/advance/internal/providers/taxprep"
	"github.com/refundbridge/advance/internal/service"
)

const webhookTolerance = 5 * time.Minute

// bankWebhook receives ACH transfer lifecycle events from the sponsor bank.
// The bank retries non-2xx responses with backoff for up to three days.
func (h *handlers) bankWebhook(c echo.Context) error {
	body, err := io.ReadAll(c.Request().Body)
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest)
	}
	if !bank.VerifySignature(h.bankWebhookSecret, c.Request().Header.Get(bank.SignatureHeader), body, time.Now(), webhookTolerance) {
		return echo.NewHTTPError(http.StatusUnauthorized, "bad signature")
	}
	evt, err := bank.ParseWebhook(body)
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "malformed event")
	}
	occurred := evt.Data.EffectiveAt
	if occurred.IsZero() {
		occurred = evt.CreatedAt
	}
	err = h.commands.TransferEvent.Handle(c.Request().Context(), command.ApplyTransferEvent{
		Event: service.TransferEvent{
			EventID:     evt.ID,
			Type:        evt.Type,
			TransferID:  evt.Data.TransferID,
			ReturnCode:  evt.Data.ReturnCode,
			AmountCents: evt.Data.AmountCents,
			OccurredAt:  occurred,
		},
	})
	if err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

type returnWebhook struct {
	EventID    string    `json:"event_id"`
	Type       string    `json:"type"`
	ReturnRef  string    `json:"return_ref"`
	Amount     int64     `json:"amount"`
	OccurredAt time.Time `json:"occurred_at"`
}

// partnerReturnWebhook receives IRS acknowledgement and refund notices
// relayed by a tax-prep partner. Partners retry until they get a 2xx.
func (h *handlers) partnerReturnWebhook(c echo.Context) error {
	partner, err := h.partners.ByCode(c.Request().Context(), c.Param("code"))
	if err != nil {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	body, err := io.ReadAll(c.Request().Body)
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest)
	}
	if !taxprep.VerifyWebhook(partner.WebhookSecret, c.Request().Header.Get(taxprep.SignatureHeader), body) {
		return echo.NewHTTPError(http.StatusUnauthorized, "bad signature")
	}
	var in returnWebhook
	if err := json.Unmarshal(body, &in); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "malformed event")
	}
	err = h.commands.ReturnEvent.Handle(c.Request().Context(), command.ApplyReturnEvent{
		PartnerID: partner.ID,
		Event: service.ReturnEvent{
			EventID:     in.EventID,
			Type:        in.Type,
			ReturnRef:   in.ReturnRef,
			AmountCents: in.Amount,
			OccurredAt:  in.OccurredAt,
			Raw:         body,
		},
	})
	if err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}
