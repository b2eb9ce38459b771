package httpapi

import (
	"context"
	"net/http"

	"github.com/go-chi/chi/v5"
	"go.uber.org/zap"

	"github.com/harbourline/marina/internal/domain"
	"github.com/harbourline/marina/internal/service/seasonal"
)

type ContractService interface {
	Create(ctx context.Context, in seasonal.CreateInput) (*domain.SeasonalContract, []domain.Installment, error)
}

type ContractHandler struct {
	svc ContractService
	log *zap.Logger
}

func NewContractHandler(svc ContractService, log *zap.Logger) *ContractHandler {
	return &ContractHandler{svc: svc, log: log}
}

func (h *ContractHandler) Routes(r chi.Router) {
	r.Post("/", h.create)
}

type createContractRequest struct {
	Pier         string `json:"pier"`
	VesselID     string `json:"vessel_id"`
	BoaterID     string `json:"boater_id"`
	Season       int    `json:"season"`
	StartsOn     Date   `json:"starts_on"`
	EndsOn       Date   `json:"ends_on"`
	TotalCents   int64  `json:"total_cents"`
	Installments int    `json:"installments"`
}

type installmentJSON struct {
	Seq         int   `json:"seq"`
	DueOn       Date  `json:"due_on"`
	AmountCents int64 `json:"amount_cents"`
}

func (h *ContractHandler) create(w http.ResponseWriter, r *http.Request) {
	var req createContractRequest
	if _, err := decode(r, &req); err != nil {
		writeError(w, h.log, err)
		return
	}
	if req.Installments == 0 {
		req.Installments = 1
	}
	c, plan, err := h.svc.Create(r.Context(), seasonal.CreateInput{
		Pier:         req.Pier,
		VesselID:     req.VesselID,
		BoaterID:     req.BoaterID,
		Season:       req.Season,
		StartsOn:     req.StartsOn.Time,
		EndsOn:       req.EndsOn.Time,
		TotalCents:   req.TotalCents,
		Installments: req.Installments,
		CreatedBy:    staff(r.Context()),
	})
	if err != nil {
		writeError(w, h.log, err)
		return
	}
	out := make([]installmentJSON, len(plan))
	for i, in := range plan {
		out[i] = installmentJSON{Seq: in.Seq, DueOn: Date{in.DueOn}, AmountCents: in.AmountCents}
	}
	writeJSON(w, http.StatusCreated, map[string]any{
		"id":           c.ID,
		"pier":         c.Pier,
		"season":       c.Season,
		"total_cents":  c.TotalCents,
		"status":       c.Status,
		"installments": out,
	})
}
