package webhooks

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/vinoteca/wineclub/internal/fulfillment"
	"github.com/vinoteca/wineclub/internal/providers/carrier"
)

// ShipmentEvents is what the carrier receiver drives.
type ShipmentEvents interface {
	RecordTracking(ctx context.Context, u fulfillment.TrackingUpdate) error
	UpdateLabelStatus(ctx context.Context, labelID, status string, at time.Time) error
}

// Carrier receives ShipRight callbacks. ShipRight retries non-2xx responses
// every 10 minutes for 24 hours.
type Carrier struct {
	secret    string
	shipments ShipmentEvents
	log       *slog.Logger
}

// NewCarrier builds the ShipRight receiver.
func NewCarrier(secret string, shipments ShipmentEvents, log *slog.Logger) *Carrier {
	return &Carrier{secret: secret, shipments: shipments, log: log}
}

type trackingPayload struct {
	EventID        string    `json:"event_id"`
	TrackingNumber string    `json:"tracking_number"`
	Status         string    `json:"status"`
	Description    string    `json:"description"`
	Location       string    `json:"location"`
	OccurredAt     time.Time `json:"occurred_at"`
	Signature      *struct {
		Name  string `json:"name"`
		Adult bool   `json:"adult"`
	} `json:"signature"`
}

type labelPayload struct {
	EventID    string    `json:"event_id"`
	LabelID    string    `json:"label_id"`
	Status     string    `json:"status"`
	OccurredAt time.Time `json:"occurred_at"`
}

func (c *Carrier) read(w http.ResponseWriter, r *http.Request, dst any) bool {
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		http.Error(w, "read body", http.StatusBadRequest)
		return false
	}
	if !carrier.VerifySignature(c.secret, body, r.Header.Get("X-ShipRight-Signature")) {
		http.Error(w, "bad signature", http.StatusUnauthorized)
		return false
	}
	if err := json.Unmarshal(body, dst); err != nil {
		http.Error(w, "bad payload", http.StatusBadRequest)
		return false
	}
	return true
}

// Tracking handles POST /webhooks/carrier/tracking.
func (c *Carrier) Tracking(w http.ResponseWriter, r *http.Request) {
	var p trackingPayload
	if !c.read(w, r, &p) {
		return
	}
	u := fulfillment.TrackingUpdate{
		EventID:        p.EventID,
		TrackingNumber: p.TrackingNumber,
		Status:         p.Status,
		Description:    p.Description,
		Location:       p.Location,
		OccurredAt:     p.OccurredAt,
	}
	if p.Signature != nil {
		u.SignedBy = p.Signature.Name
		u.AdultSignature = p.Signature.Adult
	}
	if err := c.shipments.RecordTracking(r.Context(), u); err != nil {
		c.log.ErrorContext(r.Context(), "tracking webhook failed", "event", p.EventID, "err", err)
		http.Error(w, "retry later", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// Labels handles POST /webhooks/carrier/labels.
func (c *Carrier) Labels(w http.ResponseWriter, r *http.Request) {
	var p labelPayload
	if !c.read(w, r, &p) {
		return
	}
	if err := c.shipments.UpdateLabelStatus(r.Context(), p.LabelID, p.Status, p.OccurredAt); err != nil {
		c.log.ErrorContext(r.Context(), "label webhook failed", "event", p.EventID, "err", err)
		http.Error(w, "retry later", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// Receivers bundles the webhook handlers for the router.
type Receivers struct {
	StripeReceiver  *Stripe
	CarrierReceiver *Carrier
}

// Stripe implements api.Webhooks.
func (rc *Receivers) Stripe(w http.ResponseWriter, r *http.Request) {
	rc.StripeReceiver.ServeHTTP(w, r)
}

// CarrierTracking implements api.Webhooks.
func (rc *Receivers) CarrierTracking(w http.ResponseWriter, r *http.Request) {
	rc.CarrierReceiver.Tracking(w, r)
}

// CarrierLabels implements api.Webhooks.
func (rc *Receivers) CarrierLabels(w http.ResponseWriter, r *http.Request) {
	rc.CarrierReceiver.Labels(w, r)
}
