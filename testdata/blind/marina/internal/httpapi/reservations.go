package httpapi

import (
	"context"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"go.uber.org/zap"

	"github.com/harbourline/marina/internal/domain"
	"github.com/harbourline/marina/internal/service/booking"
)

// ReservationService is the booking API used by the handlers.
type ReservationService interface {
	Create(ctx context.Context, in booking.CreateInput) (*booking.CreateResult, error)
	Get(ctx context.Context, id string) (*domain.Reservation, error)
	PayDeposit(ctx context.Context, reservationID string) (*domain.Payment, error)
	Cancel(ctx context.Context, id, reason, actor string) (*domain.Reservation, error)
	Extend(ctx context.Context, id string, nights int) (*domain.Reservation, error)
}

type ReservationHandler struct {
	svc  ReservationService
	idem IdempotencyStore
	log  *zap.Logger
}

func NewReservationHandler(svc ReservationService, idem IdempotencyStore, log *zap.Logger) *ReservationHandler {
	return &ReservationHandler{svc: svc, idem: idem, log: log}
}

func (h *ReservationHandler) Routes(r chi.Router) {
	r.Post("/", h.create)
	r.Get("/{id}", h.get)
	r.Post("/{id}/deposit", h.payDeposit)
	r.Post("/{id}/cancel", h.cancel)
	r.With(Idempotent(h.idem, "reservation.extend", h.log)).Post("/{id}/extend", h.extend)
}

type reservationJSON struct {
	ID           string    `json:"id"`
	BerthID      string    `json:"berth_id"`
	VesselID     string    `json:"vessel_id"`
	BoaterID     string    `json:"boater_id"`
	ArriveOn     Date      `json:"arrive_on"`
	DepartOn     Date      `json:"depart_on"`
	Nights       int       `json:"nights"`
	Status       string    `json:"status"`
	TotalCents   int64     `json:"total_cents"`
	DepositCents int64     `json:"deposit_cents"`
	CreatedAt    time.Time `json:"created_at"`
}

func toReservationJSON(r *domain.Reservation) reservationJSON {
	return reservationJSON{
		ID: r.ID, BerthID: r.BerthID, VesselID: r.VesselID, BoaterID: r.BoaterID,
		ArriveOn: Date{r.ArriveOn}, DepartOn: Date{r.DepartOn}, Nights: r.Nights(),
		Status: string(r.Status), TotalCents: r.TotalCents, DepositCents: r.DepositCents, CreatedAt: r.CreatedAt,
	}
}

type createReservationRequest struct {
	BerthID  string `json:"berth_id"`
	VesselID string `json:"vessel_id"`
	BoaterID string `json:"boater_id"`
	ArriveOn Date   `json:"arrive_on"`
	DepartOn Date   `json:"depart_on"`
}

func (h *ReservationHandler) create(w http.ResponseWriter, r *http.Request) {
	var req createReservationRequest
	body, err := decode(r, &req)
	if err != nil {
		writeError(w, h.log, err)
		return
	}
	res, err := h.svc.Create(r.Context(), booking.CreateInput{
		IdempotencyKey: r.Header.Get("Idempotency-Key"),
		RequestHash:    hashBody(body),
		BerthID:        req.BerthID,
		VesselID:       req.VesselID,
		BoaterID:       req.BoaterID,
		ArriveOn:       req.ArriveOn.Time,
		DepartOn:       req.DepartOn.Time,
	})
	if err != nil {
		writeError(w, h.log, err)
		return
	}
	if res.Replayed {
		w.Header().Set("Idempotent-Replayed", "true")
	}
	writeJSON(w, http.StatusCreated, toReservationJSON(res.Reservation))
}

func (h *ReservationHandler) get(w http.ResponseWriter, r *http.Request) {
	res, err := h.svc.Get(r.Context(), chi.URLParam(r, "id"))
	if err != nil {
		writeError(w, h.log, err)
		return
	}
	writeJSON(w, http.StatusOK, toReservationJSON(res))
}

func (h *ReservationHandler) payDeposit(w http.ResponseWriter, r *http.Request) {
	p, err := h.svc.PayDeposit(r.Context(), chi.URLParam(r, "id"))
	if err != nil {
		writeError(w, h.log, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"payment_id":   p.ID,
		"status":       p.Status,
		"amount_cents": p.AmountCents,
	})
}

type cancelRequest struct {
	Reason string `json:"reason"`
}

func (h *ReservationHandler) cancel(w http.ResponseWriter, r *http.Request) {
	var req cancelRequest
	if _, err := decode(r, &req); err != nil {
		writeError(w, h.log, err)
		return
	}
	res, err := h.svc.Cancel(r.Context(), chi.URLParam(r, "id"), req.Reason, staff(r.Context()))
	if err != nil {
		writeError(w, h.log, err)
		return
	}
	writeJSON(w, http.StatusOK, toReservationJSON(res))
}

type extendRequest struct {
	Nights int `json:"nights"`
}

func (h *ReservationHandler) extend(w http.ResponseWriter, r *http.Request) {
	var req extendRequest
	if _, err := decode(r, &req); err != nil {
		writeError(w, h.log, err)
		return
	}
	res, err := h.svc.Extend(r.Context(), chi.URLParam(r, "id"), req.Nights)
	if err != nil {
		writeError(w, h.log, err)
		return
	}
	writeJSON(w, http.StatusOK, toReservationJSON(res))
}
