package httpapi

import (
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"go.uber.org/zap"

	"github.com/hollowpine-memorial/plotkeeper/internal/domain"
	"github.com/hollowpine-memorial/plotkeeper/internal/service"
)

type IntermentHandler struct {
	svc service.Interments
	log *zap.Logger
}

func NewIntermentHandler(svc service.Interments, log *zap.Logger) *IntermentHandler {
	return &IntermentHandler{svc: svc, log: log}
}

func (h *IntermentHandler) Mount(r chi.Router) {
	r.Route("/v1/interments", func(r chi.Router) {
		r.Use(requireStaff)
		r.Post("/", h.schedule)
		r.Post("/{intermentID}/reschedule", h.reschedule)
	})
}

type scheduleRequest struct {
	ReservationID string    `json:"reservation_id"`
	DecedentName  string    `json:"decedent_name"`
	FuneralHomeID string    `json:"funeral_home_id"`
	ServiceAt     time.Time `json:"service_at"`
}

type intermentResponse struct {
	ID            string    `json:"id"`
	ReservationID string    `json:"reservation_id"`
	Status        string    `json:"status"`
	ServiceAt     time.Time `json:"service_at"`
	BookingRef    string    `json:"booking_ref,omitempty"`
}

func toIntermentResponse(in domain.Interment) intermentResponse {
	return intermentResponse{
		ID:            in.ID,
		ReservationID: in.ReservationID,
		Status:        in.Status,
		ServiceAt:     in.ServiceAt,
		BookingRef:    in.PartnerBookingRef.String,
	}
}

func (h *IntermentHandler) schedule(w http.ResponseWriter, r *http.Request) {
	var req scheduleRequest
	if err := decodeJSON(r, &req); err != nil {
		badRequest(w, err.Error())
		return
	}
	in, err := h.svc.Schedule(r.Context(), service.ScheduleInput{
		ReservationID: req.ReservationID,
		DecedentName:  req.DecedentName,
		FuneralHomeID: req.FuneralHomeID,
		ServiceAt:     req.ServiceAt,
	})
	if err != nil {
		writeError(w, h.log, err)
		return
	}
	writeJSON(w, http.StatusAccepted, toIntermentResponse(in))
}

type rescheduleRequest struct {
	ServiceAt time.Time `json:"service_at"`
}

func (h *IntermentHandler) reschedule(w http.ResponseWriter, r *http.Request) {
	var req rescheduleRequest
	if err := decodeJSON(r, &req); err != nil {
		badRequest(w, err.Error())
		return
	}
	if req.ServiceAt.IsZero() {
		badRequest(w, "service_at is required")
		return
	}
	in, err := h.svc.Reschedule(r.Context(), chi.URLParam(r, "intermentID"), req.ServiceAt)
	if err != nil {
		writeError(w, h.log, err)
		return
	}
	writeJSON(w, http.StatusOK, toIntermentResponse(in))
}
