package httpapi

import (
	"io"
	"net/http"

	"github.com/google/uuid"

	"github.com/northline/coachbus/internal/usecase"
)

// OpsHandlers serves the operations console.
type OpsHandlers struct {
	Trips usecase.Trips
}

type cancelTripRequest struct {
	Reason string `json:"reason"`
}

// CancelTrip handles POST /v1/trips/{tripID}/cancel.
func (h OpsHandlers) CancelTrip(w http.ResponseWriter, r *http.Request) {
	tripID, err := pathUUID(r, "tripID")
	if err != nil {
		writeError(w, r, err)
		return
	}
	req, err := decode[cancelTripRequest](r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	if err := h.Trips.CancelTrip(r.Context(), tripID, req.Reason); err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusAccepted, map[string]string{"trip_id": tripID.String(), "status": "cancelled"})
}

// PartnerHandlers serves the agent API. Routes are behind partnerAuth.
type PartnerHandlers struct {
	Partners usecase.PartnerBookings
}

type partnerBookingRequest struct {
	TripID         uuid.UUID `json:"trip_id"`
	AgentReference string    `json:"agent_reference"`
	ContactPhone   string    `json:"contact_phone"`
	Passengers     []string  `json:"passengers"`
}

// CreateBooking handles POST /v1/partner/bookings.
func (h PartnerHandlers) CreateBooking(w http.ResponseWriter, r *http.Request) {
	req, err := decode[partnerBookingRequest](r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	b, err := h.Partners.CreateBooking(r.Context(), usecase.PartnerBookingInput{
		PartnerID:      partnerFrom(r.Context()).ID,
		TripID:         req.TripID,
		AgentReference: req.AgentReference,
		ContactPhone:   req.ContactPhone,
		Passengers:     req.Passengers,
	})
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, b)
}

// WebhookHandlers receives provider callbacks.
type WebhookHandlers struct {
	Payments usecase.PaymentWebhooks
}

// Stripe handles POST /v1/webhooks/stripe. Any non-2xx makes Stripe
// redeliver the event with backoff for up to three days.
func (h WebhookHandlers) Stripe(w http.ResponseWriter, r *http.Request) {
	payload, err := io.ReadAll(io.LimitReader(r.Body, 1<<16))
	if err != nil {
		writeError(w, r, err)
		return
	}
	if err := h.Payments.HandleStripeEvent(r.Context(), payload, r.Header.Get("Stripe-Signature")); err != nil {
		writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
