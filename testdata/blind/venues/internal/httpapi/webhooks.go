package httpapi

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/labstack/echo/v4"

	"github.com/vowhall/venues/internal/domain"
	"github.com/vowhall/venues/internal/events"
	"github.com/vowhall/venues/internal/provider/cardpay"
	"github.com/vowhall/venues/internal/provider/esign"
)

const maxWebhookBody = 256 << 10

var cardpayTopics = map[string]string{
	cardpay.EventChargeSucceeded: events.TopicChargeSucceeded,
	cardpay.EventChargeFailed:    events.TopicChargeFailed,
	cardpay.EventChargeRefunded:  events.TopicChargeRefunded,
}

var esignTopics = map[string]string{
	esign.EventEnvelopeCompleted: events.TopicEnvelopeCompleted,
}

func readBody(c echo.Context) ([]byte, error) {
	body, err := io.ReadAll(io.LimitReader(c.Request().Body, maxWebhookBody))
	if err != nil {
		return nil, echo.NewHTTPError(http.StatusBadRequest, "unreadable body")
	}
	return body, nil
}

// CardpayWebhook handles POST /webhooks/cardpay. Events are published with
// the Cardpay event id as the message id and handled by the consumer.
func CardpayWebhook(pub message.Publisher, verifier WebhookVerifier, secret string) echo.HandlerFunc {
	return func(c echo.Context) error {
		body, err := readBody(c)
		if err != nil {
			return err
		}
		if err := verifier.VerifyWebhook(secret, body, c.Request().Header.Get("Cardpay-Signature")); err != nil {
			return echo.NewHTTPError(http.StatusUnauthorized, "bad signature")
		}
		var evt cardpay.Event
		if err := json.Unmarshal(body, &evt); err != nil || evt.ID == "" {
			return echo.NewHTTPError(http.StatusBadRequest, "malformed event")
		}
		topic, ok := cardpayTopics[evt.Type]
		if !ok {
			return c.NoContent(http.StatusNoContent)
		}
		msg := message.NewMessage(evt.ID, body)
		msg.Metadata.Set(events.MetaEventType, evt.Type)
		if err := pub.Publish(topic, msg); err != nil {
			return fmt.Errorf("publish %s: %w", evt.ID, err)
		}
		return c.NoContent(http.StatusAccepted)
	}
}

// ESignWebhook handles POST /webhooks/esign.
func ESignWebhook(pub message.Publisher, verifier WebhookVerifier, secret string) echo.HandlerFunc {
	return func(c echo.Context) error {
		body, err := readBody(c)
		if err != nil {
			return err
		}
		if err := verifier.VerifyWebhook(secret, body, c.Request().Header.Get("Inkwell-Signature")); err != nil {
			return echo.NewHTTPError(http.StatusUnauthorized, "bad signature")
		}
		var evt esign.Event
		if err := json.Unmarshal(body, &evt); err != nil || evt.ID == "" {
			return echo.NewHTTPError(http.StatusBadRequest, "malformed event")
		}
		topic, ok := esignTopics[evt.Type]
		if !ok {
			return c.NoContent(http.StatusNoContent)
		}
		msg := message.NewMessage(evt.ID, body)
		msg.Metadata.Set(events.MetaEventType, evt.Type)
		if err := pub.Publish(topic, msg); err != nil {
			return fmt.Errorf("publish %s: %w", evt.ID, err)
		}
		return c.NoContent(http.StatusAccepted)
	}
}

type vendorCallbackRequest struct {
	PONumber            string `json:"po_number"`
	Status              string `json:"status"`
	ConfirmedTotalCents int64  `json:"confirmed_total_cents"`
	DepositDueCents     int64  `json:"deposit_due_cents"`
	DepositDueDate      string `json:"deposit_due_date"`
	Reference           string `json:"reference"`
}

// VendorCallback handles POST /v1/vendor-callbacks/orders, where vendors
// confirm, revise or reject purchase orders. Vendors authenticate with
// their callback key and resend on any non-2xx answer.
func VendorCallback(pub message.Publisher, vendors VendorDirectory, now func() time.Time) echo.HandlerFunc {
	return func(c echo.Context) error {
		vendor, err := vendors.VendorByCallbackKey(c.Request().Context(), c.Request().Header.Get("X-Vendor-Key"))
		if errors.Is(err, domain.ErrNotFound) {
			return echo.NewHTTPError(http.StatusUnauthorized, "unknown vendor key")
		}
		if err != nil {
			return err
		}
		req, err := bind[vendorCallbackRequest](c)
		if err != nil {
			return err
		}
		if req.PONumber == "" {
			return domain.Invalid("po_number", "is required")
		}
		payload, err := json.Marshal(events.VendorConfirmation{
			VendorID:            vendor.ID,
			PONumber:            req.PONumber,
			Status:              req.Status,
			ConfirmedTotalCents: req.ConfirmedTotalCents,
			DepositDueCents:     req.DepositDueCents,
			DepositDueDate:      req.DepositDueDate,
			Reference:           req.Reference,
			ReceivedAt:          now(),
		})
		if err != nil {
			return err
		}
		msg := message.NewMessage(watermill.NewUUID(), payload)
		msg.Metadata.Set("vendor_id", vendor.ID.String())
		if err := pub.Publish(events.TopicVendorConfirmations, msg); err != nil {
			return fmt.Errorf("publish vendor confirmation: %w", err)
		}
		return c.NoContent(http.StatusAccepted)
	}
}
