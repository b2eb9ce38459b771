package httpapi

import (
	"context"
	"net/http"

	"github.com/go-chi/chi/v5"
	"go.uber.org/zap"

	"github.com/harbourline/marina/internal/domain"
	"github.com/harbourline/marina/internal/service/boatyard"
)

type WorkOrderService interface {
	Create(ctx context.Context, in boatyard.CreateInput) (*boatyard.CreateResult, error)
	Get(ctx context.Context, id string) (*domain.WorkOrder, []domain.WorkOrderLine, error)
	AddLine(ctx context.Context, in boatyard.AddLineInput) (*domain.WorkOrderLine, bool, error)
	Complete(ctx context.Context, id string) (*boatyard.Invoice, error)
}

type WorkOrderHandler struct {
	svc WorkOrderService
	log *zap.Logger
}

func NewWorkOrderHandler(svc WorkOrderService, log *zap.Logger) *WorkOrderHandler {
	return &WorkOrderHandler{svc: svc, log: log}
}

func (h *WorkOrderHandler) Routes(r chi.Router) {
	r.Post("/", h.create)
	r.Get("/{id}", h.get)
	r.Post("/{id}/lines", h.addLine)
	r.Post("/{id}/complete", h.complete)
}

type workOrderJSON struct {
	ID             string     `json:"id"`
	VesselID       string     `json:"vessel_id"`
	BoaterID       string     `json:"boater_id"`
	Kind           string     `json:"kind"`
	Status         string     `json:"status"`
	LiftOn         *Date      `json:"lift_on,omitempty"`
	YardBookingRef string     `json:"yard_booking_ref,omitempty"`
	Notes          string     `json:"notes,omitempty"`
	Lines          []lineJSON `json:"lines,omitempty"`
}

type lineJSON struct {
	ID          int64   `json:"id"`
	Description string  `json:"description"`
	Quantity    float64 `json:"quantity"`
	UnitCents   int64   `json:"unit_cents"`
	TotalCents  int64   `json:"total_cents"`
}

func toWorkOrderJSON(w *domain.WorkOrder, lines []domain.WorkOrderLine) workOrderJSON {
	out := workOrderJSON{
		ID: w.ID, VesselID: w.VesselID, BoaterID: w.BoaterID, Kind: w.Kind, Status: w.Status,
		YardBookingRef: w.YardBookingRef, Notes: w.Notes,
	}
	if w.LiftOn != nil {
		out.LiftOn = &Date{*w.LiftOn}
	}
	for _, l := range lines {
		out.Lines = append(out.Lines, toLineJSON(&l))
	}
	return out
}

func toLineJSON(l *domain.WorkOrderLine) lineJSON {
	return lineJSON{ID: l.ID, Description: l.Description, Quantity: l.Quantity, UnitCents: l.UnitCents, TotalCents: l.Total()}
}

type createWorkOrderRequest struct {
	VesselID string `json:"vessel_id"`
	Kind     string `json:"kind"`
	LiftOn   *Date  `json:"lift_on"`
	Notes    string `json:"notes"`
}

func (h *WorkOrderHandler) create(w http.ResponseWriter, r *http.Request) {
	var req createWorkOrderRequest
	body, err := decode(r, &req)
	if err != nil {
		writeError(w, h.log, err)
		return
	}
	in := boatyard.CreateInput{
		IdempotencyKey: r.Header.Get("Idempotency-Key"),
		RequestHash:    hashBody(body),
		VesselID:       req.VesselID,
		Kind:           req.Kind,
		Notes:          req.Notes,
	}
	if req.LiftOn != nil {
		in.LiftOn = &req.LiftOn.Time
	}
	res, err := h.svc.Create(r.Context(), in)
	if err != nil {
		writeError(w, h.log, err)
		return
	}
	if res.Replayed {
		w.Header().Set("Idempotent-Replayed", "true")
	}
	writeJSON(w, http.StatusCreated, toWorkOrderJSON(res.WorkOrder, nil))
}

func (h *WorkOrderHandler) get(w http.ResponseWriter, r *http.Request) {
	wo, lines, err := h.svc.Get(r.Context(), chi.URLParam(r, "id"))
	if err != nil {
		writeError(w, h.log, err)
		return
	}
	writeJSON(w, http.StatusOK, toWorkOrderJSON(wo, lines))
}

type addLineRequest struct {
	Description string  `json:"description"`
	Quantity    float64 `json:"quantity"`
	UnitCents   int64   `json:"unit_cents"`
}

func (h *WorkOrderHandler) addLine(w http.ResponseWriter, r *http.Request) {
	var req addLineRequest
	body, err := decode(r, &req)
	if err != nil {
		writeError(w, h.log, err)
		return
	}
	id := chi.URLParam(r, "id")
	line, replayed, err := h.svc.AddLine(r.Context(), boatyard.AddLineInput{
		WorkOrderID:    id,
		IdempotencyKey: r.Header.Get("Idempotency-Key"),
		RequestHash:    hashBody([]byte(id), body),
		Description:    req.Description,
		Quantity:       req.Quantity,
		UnitCents:      req.UnitCents,
		CreatedBy:      staff(r.Context()),
	})
	if err != nil {
		writeError(w, h.log, err)
		return
	}
	if replayed {
		w.Header().Set("Idempotent-Replayed", "true")
	}
	writeJSON(w, http.StatusCreated, toLineJSON(line))
}

func (h *WorkOrderHandler) complete(w http.ResponseWriter, r *http.Request) {
	inv, err := h.svc.Complete(r.Context(), chi.URLParam(r, "id"))
	if err != nil {
		writeError(w, h.log, err)
		return
	}
	writeJSON(w, http.StatusOK, inv)
}
