package httpapi

import (
	"context"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"go.uber.org/zap"

	"github.com/harbourline/marina/internal/domain"
	"github.com/harbourline/marina/internal/service/fuel"
)

type FuelService interface {
	RecordSale(ctx context.Context, in fuel.SaleInput) (*domain.FuelSale, error)
	SendReceipt(ctx context.Context, saleID, phone string) error
}

type FuelHandler struct {
	svc FuelService
	log *zap.Logger
}

func NewFuelHandler(svc FuelService, log *zap.Logger) *FuelHandler {
	return &FuelHandler{svc: svc, log: log}
}

func (h *FuelHandler) Routes(r chi.Router) {
	r.Post("/sales", h.recordSale)
	r.Post("/sales/{id}/receipt", h.sendReceipt)
}

type saleRequest struct {
	PumpID         string    `json:"pump_id"`
	TicketNo       int64     `json:"ticket_no"`
	Product        string    `json:"product"`
	Litres         float64   `json:"litres"`
	UnitPriceCents int64     `json:"unit_price_cents"`
	BoaterID       string    `json:"boater_id"`
	SoldAt         time.Time `json:"sold_at"`
}

func (h *FuelHandler) recordSale(w http.ResponseWriter, r *http.Request) {
	var req saleRequest
	if _, err := decode(r, &req); err != nil {
		writeError(w, h.log, err)
		return
	}
	if req.SoldAt.IsZero() {
		req.SoldAt = time.Now().UTC()
	}
	sale, err := h.svc.RecordSale(r.Context(), fuel.SaleInput(req))
	if err != nil && sale == nil {
		writeError(w, h.log, err)
		return
	}
	status := http.StatusCreated
	if err != nil {
		status = http.StatusPaymentRequired
	}
	writeJSON(w, status, map[string]any{
		"id":           sale.ID,
		"pump_id":      sale.PumpID,
		"ticket_no":    sale.TicketNo,
		"amount_cents": sale.AmountCents,
		"status":       sale.Status,
	})
}

type receiptRequest struct {
	Phone string `json:"phone"`
}

func (h *FuelHandler) sendReceipt(w http.ResponseWriter, r *http.Request) {
	var req receiptRequest
	if _, err := decode(r, &req); err != nil {
		writeError(w, h.log, err)
		return
	}
	if req.Phone == "" {
		writeJSON(w, http.StatusBadRequest, errorBody{Error: "phone is required"})
		return
	}
	if err := h.svc.SendReceipt(r.Context(), chi.URLParam(r, "id"), req.Phone); err != nil {
		writeError(w, h.log, err)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}
