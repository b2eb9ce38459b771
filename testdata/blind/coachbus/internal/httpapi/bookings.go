package httpapi

import (
	"net/http"
	"strings"

	"github.com/google/uuid"

	"github.com/northline/coachbus/internal/domain"
	"github.com/northline/coachbus/internal/usecase"
)

// BookingHandlers serves the customer booking API.
type BookingHandlers struct {
	Bookings usecase.Bookings
}

type holdRequest struct {
	TripID     uuid.UUID  `json:"trip_id"`
	CustomerID *uuid.UUID `json:"customer_id"`
	Seats      int        `json:"seats"`
}

// CreateHold handles POST /v1/holds.
func (h BookingHandlers) CreateHold(w http.ResponseWriter, r *http.Request) {
	req, err := decode[holdRequest](r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	key := strings.TrimSpace(r.Header.Get("Idempotency-Key"))
	if key == "" {
		writeJSON(w, http.StatusBadRequest, errorBody{Error: "Idempotency-Key header is required"})
		return
	}
	hold, err := h.Bookings.HoldSeats(r.Context(), usecase.HoldSeatsInput{
		IdempotencyKey: key,
		TripID:         req.TripID,
		CustomerID:     req.CustomerID,
		Seats:          req.Seats,
	})
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, hold)
}

type purchaseRequest struct {
	PaymentMethodID string   `json:"payment_method_id"`
	ContactPhone    string   `json:"contact_phone"`
	Passengers      []string `json:"passengers"`
}

// Purchase handles POST /v1/holds/{holdID}/purchase.
func (h BookingHandlers) Purchase(w http.ResponseWriter, r *http.Request) {
	holdID, err := pathUUID(r, "holdID")
	if err != nil {
		writeError(w, r, err)
		return
	}
	req, err := decode[purchaseRequest](r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	if req.PaymentMethodID == "" {
		writeError(w, r, domain.ErrInvalidInput)
		return
	}
	b, err := h.Bookings.Purchase(r.Context(), usecase.PurchaseInput{
		HoldID:          holdID,
		PaymentMethodID: req.PaymentMethodID,
		ContactPhone:    req.ContactPhone,
		Passengers:      req.Passengers,
	})
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, b)
}

// RequestRefund handles POST /v1/tickets/{ticketID}/refund.
func (h BookingHandlers) RequestRefund(w http.ResponseWriter, r *http.Request) {
	ticketID, err := pathUUID(r, "ticketID")
	if err != nil {
		writeError(w, r, err)
		return
	}
	t, err := h.Bookings.RequestRefund(r.Context(), ticketID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusAccepted, t)
}

type changeRequest struct {
	NewTripID uuid.UUID `json:"new_trip_id"`
}

// ChangeTicket handles POST /v1/tickets/{ticketID}/change.
func (h BookingHandlers) ChangeTicket(w http.ResponseWriter, r *http.Request) {
	ticketID, err := pathUUID(r, "ticketID")
	if err != nil {
		writeError(w, r, err)
		return
	}
	req, err := decode[changeRequest](r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	t, err := h.Bookings.ChangeTicket(r.Context(), usecase.ChangeTicketInput{TicketID: ticketID, NewTripID: req.NewTripID})
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, t)
}
