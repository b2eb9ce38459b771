package httpapi

import (
	"net/http"

	"github.com/go-chi/chi/v5"
	"go.uber.org/zap"

	"github.com/hollowpine-memorial/plotkeeper/internal/service"
)

type EngravingHandler struct {
	svc service.Engraving
	log *zap.Logger
}

func NewEngravingHandler(svc service.Engraving, log *zap.Logger) *EngravingHandler {
	return &EngravingHandler{svc: svc, log: log}
}

func (h *EngravingHandler) Mount(r chi.Router) {
	r.With(requireStaff).Post("/v1/engraving-orders", h.place)
}

type placeOrderRequest struct {
	PlotID      string `json:"plot_id"`
	FamilyID    string `json:"family_id"`
	Inscription string `json:"inscription"`
	Typeface    string `json:"typeface"`
	Material    string `json:"material"`
}

func (h *EngravingHandler) place(w http.ResponseWriter, r *http.Request) {
	var req placeOrderRequest
	if err := decodeJSON(r, &req); err != nil {
		badRequest(w, err.Error())
		return
	}
	order, err := h.svc.PlaceOrder(r.Context(), service.EngravingInput(req))
	if err != nil {
		writeError(w, h.log, err)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]string{
		"id":     order.ID,
		"status": order.Status,
	})
}
