package httpapi

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"

	"github.com/merchline/preorders/internal/core/domain"
	"github.com/merchline/preorders/internal/core/service"
)

type catalogService interface {
	CreateArtist(ctx context.Context, in service.CreateArtistInput) (domain.Artist, error)
	CreateProduct(ctx context.Context, tourID uuid.UUID, in service.CreateProductInput) (domain.Product, bool, error)
}

// CatalogHandler serves the merch team's catalogue endpoints.
type CatalogHandler struct {
	svc catalogService
	log *slog.Logger
}

func NewCatalogHandler(svc catalogService, log *slog.Logger) *CatalogHandler {
	return &CatalogHandler{svc: svc, log: log}
}

// CreateArtist handles POST /v1/admin/artists.
func (h *CatalogHandler) CreateArtist(w http.ResponseWriter, r *http.Request) {
	var in service.CreateArtistInput
	if err := decodeJSON(r, &in); err != nil {
		writeError(w, r, h.log, err)
		return
	}
	a, err := h.svc.CreateArtist(r.Context(), in)
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	writeJSON(w, http.StatusCreated, a)
}

// CreateProduct handles POST /v1/admin/tours/{tourID}/products.
func (h *CatalogHandler) CreateProduct(w http.ResponseWriter, r *http.Request) {
	tourID, err := uuidParam(r, "tourID")
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	var in service.CreateProductInput
	if err := decodeJSON(r, &in); err != nil {
		writeError(w, r, h.log, err)
		return
	}
	p, created, err := h.svc.CreateProduct(r.Context(), tourID, in)
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	writeJSON(w, status, p)
}

type refundService interface {
	RefundItem(ctx context.Context, orderID, itemID uuid.UUID, reason string) (service.ItemOutcome, error)
	RefundSoldOutSKU(ctx context.Context, sku string) (service.SoldOutSummary, error)
}

// RefundHandler serves support and merch-team refund endpoints.
type RefundHandler struct {
	svc refundService
	log *slog.Logger
}

func NewRefundHandler(svc refundService, log *slog.Logger) *RefundHandler {
	return &RefundHandler{svc: svc, log: log}
}

// SoldOut handles POST /v1/admin/products/{sku}/sold-out.
func (h *RefundHandler) SoldOut(w http.ResponseWriter, r *http.Request) {
	sum, err := h.svc.RefundSoldOutSKU(r.Context(), chi.URLParam(r, "sku"))
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	writeJSON(w, http.StatusOK, sum)
}

// RefundItem handles POST /v1/admin/orders/{orderID}/items/{itemID}/refund.
func (h *RefundHandler) RefundItem(w http.ResponseWriter, r *http.Request) {
	orderID, err := uuidParam(r, "orderID")
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	itemID, err := uuidParam(r, "itemID")
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	var body struct {
		Reason string `json:"reason"`
	}
	if err := decodeJSON(r, &body); err != nil {
		writeError(w, r, h.log, err)
		return
	}
	if body.Reason == "" {
		body.Reason = domain.RefundReasonSupport
	}
	out, err := h.svc.RefundItem(r.Context(), orderID, itemID, body.Reason)
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

type holdService interface {
	PlaceHold(ctx context.Context, orderID uuid.UUID, reason, actor string) (domain.Hold, error)
}

// HoldHandler lets support stop an order at the warehouse.
type HoldHandler struct {
	svc holdService
	log *slog.Logger
}

func NewHoldHandler(svc holdService, log *slog.Logger) *HoldHandler {
	return &HoldHandler{svc: svc, log: log}
}

// Place handles POST /v1/admin/orders/{orderID}/holds.
func (h *HoldHandler) Place(w http.ResponseWriter, r *http.Request) {
	orderID, err := uuidParam(r, "orderID")
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	var body struct {
		Reason string `json:"reason"`
	}
	if err := decodeJSON(r, &body); err != nil {
		writeError(w, r, h.log, err)
		return
	}
	hold, err := h.svc.PlaceHold(r.Context(), orderID, body.Reason, actor(r))
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	writeJSON(w, http.StatusCreated, hold)
}

type ledgerService interface {
	RecordAdjustment(ctx context.Context, in service.AdjustmentInput) (domain.Adjustment, error)
	CreatePayout(ctx context.Context, artistID uuid.UUID, start, end time.Time) (domain.Payout, error)
}

// LedgerHandler serves finance's revenue-share endpoints.
type LedgerHandler struct {
	svc ledgerService
	log *slog.Logger
}

func NewLedgerHandler(svc ledgerService, log *slog.Logger) *LedgerHandler {
	return &LedgerHandler{svc: svc, log: log}
}

// Adjust handles POST /v1/admin/artists/{artistID}/adjustments.
func (h *LedgerHandler) Adjust(w http.ResponseWriter, r *http.Request) {
	artistID, err := uuidParam(r, "artistID")
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	var body struct {
		AmountCents int64  `json:"amount_cents"`
		Reason      string `json:"reason"`
	}
	if err := decodeJSON(r, &body); err != nil {
		writeError(w, r, h.log, err)
		return
	}
	adj, err := h.svc.RecordAdjustment(r.Context(), service.AdjustmentInput{
		ArtistID:    artistID,
		AmountCents: body.AmountCents,
		Reason:      body.Reason,
		CreatedBy:   actor(r),
	})
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	writeJSON(w, http.StatusCreated, adj)
}

// Payout handles POST /v1/admin/artists/{artistID}/payouts.
func (h *LedgerHandler) Payout(w http.ResponseWriter, r *http.Request) {
	artistID, err := uuidParam(r, "artistID")
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	var body struct {
		PeriodStart string `json:"period_start"`
		PeriodEnd   string `json:"period_end"`
	}
	if err := decodeJSON(r, &body); err != nil {
		writeError(w, r, h.log, err)
		return
	}
	start, err1 := time.Parse("2006-01-02", body.PeriodStart)
	end, err2 := time.Parse("2006-01-02", body.PeriodEnd)
	if err1 != nil || err2 != nil {
		writeError(w, r, h.log, domain.Invalid("period", "dates must be YYYY-MM-DD"))
		return
	}
	p, err := h.svc.CreatePayout(r.Context(), artistID, start, end)
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	writeJSON(w, http.StatusOK, p)
}
