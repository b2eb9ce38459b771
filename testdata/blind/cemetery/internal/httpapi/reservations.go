package httpapi

import (
	"net/http"

	"github.com/go-chi/chi/v5"
	"go.uber.org/zap"

	"github.com/hollowpine-memorial/plotkeeper/internal/service"
)

// ReservationHandler serves plot reservations. The family portal and the
// front-desk app both retry a POST on timeout or 5xx with the same
// Idempotency-Key header.
type ReservationHandler struct {
	svc service.Reservations
	log *zap.Logger
}

func NewReservationHandler(svc service.Reservations, log *zap.Logger) *ReservationHandler {
	return &ReservationHandler{svc: svc, log: log}
}

func (h *ReservationHandler) Mount(r chi.Router) {
	r.Route("/v1/reservations", func(r chi.Router) {
		r.Post("/", h.create)
		r.With(requireStaff).Post("/{reservationID}/cancel", h.cancel)
	})
}

type createReservationRequest struct {
	PlotID           string `json:"plot_id"`
	FamilyID         string `json:"family_id"`
	StripeCustomerID string `json:"stripe_customer_id"`
}

type reservationResponse struct {
	ID                 string `json:"id"`
	Status             string `json:"status"`
	PlotID             string `json:"plot_id"`
	DepositCents       int64  `json:"deposit_cents"`
	PaymentIntentID    string `json:"payment_intent_id,omitempty"`
	PaymentClientToken string `json:"payment_client_secret,omitempty"`
}

func (h *ReservationHandler) create(w http.ResponseWriter, r *http.Request) {
	key := r.Header.Get("Idempotency-Key")
	if key == "" {
		badRequest(w, "Idempotency-Key header is required")
		return
	}
	var req createReservationRequest
	if err := decodeJSON(r, &req); err != nil {
		badRequest(w, err.Error())
		return
	}
	res, err := h.svc.Reserve(r.Context(), service.ReserveInput{
		RequestKey:       key,
		PlotID:           req.PlotID,
		FamilyID:         req.FamilyID,
		StripeCustomerID: req.StripeCustomerID,
	})
	if err != nil {
		writeError(w, h.log, err)
		return
	}
	writeJSON(w, http.StatusCreated, reservationResponse{
		ID:                 res.Reservation.ID,
		Status:             res.Reservation.Status,
		PlotID:             res.Reservation.PlotID,
		DepositCents:       res.Reservation.DepositCents,
		PaymentIntentID:    res.Reservation.StripePaymentIntentID.String,
		PaymentClientToken: res.ClientSecret,
	})
}

type cancelRequest struct {
	Reason string `json:"reason"`
}

func (h *ReservationHandler) cancel(w http.ResponseWriter, r *http.Request) {
	var req cancelRequest
	if err := decodeJSON(r, &req); err != nil {
		badRequest(w, err.Error())
		return
	}
	id := chi.URLParam(r, "reservationID")
	if err := h.svc.Cancel(r.Context(), id, req.Reason); err != nil {
		writeError(w, h.log, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"id": id, "status": "cancelled"})
}
