package httpapi

import (
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/northmill/procure/internal/platform/httpx"
	"github.com/northmill/procure/internal/purchasing"
)

// PurchaseOrderHandler serves /v1/purchase-orders.
type PurchaseOrderHandler struct {
	svc PurchaseOrderService
	log *slog.Logger
}

// NewPurchaseOrderHandler builds the handler.
func NewPurchaseOrderHandler(svc PurchaseOrderService, log *slog.Logger) *PurchaseOrderHandler {
	return &PurchaseOrderHandler{svc: svc, log: log}
}

// Routes mounts the handler.
func (h *PurchaseOrderHandler) Routes(r chi.Router) {
	r.Post("/", h.Create)
	r.Get("/{poID}", h.Get)
	r.Post("/{poID}/submit", h.Submit)
	r.Post("/{poID}/amendments", h.Amend)
	r.Post("/{poID}/cancel", h.Cancel)
}

// Create handles POST /v1/purchase-orders.
func (h *PurchaseOrderHandler) Create(w http.ResponseWriter, r *http.Request) {
	key, err := httpx.IdempotencyKey(r, true)
	if err != nil {
		fail(w, h.log, err)
		return
	}
	in, err := httpx.Decode[purchasing.CreateInput](r)
	if err != nil {
		fail(w, h.log, err)
		return
	}
	if err := in.Validate(); err != nil {
		fail(w, h.log, httpx.BadRequest("invalid_purchase_order", "%v", err))
		return
	}
	res, err := h.svc.Create(r.Context(), key, in)
	if err != nil {
		fail(w, h.log, err)
		return
	}
	status := http.StatusCreated
	if res.Replayed {
		w.Header().Set("Idempotent-Replayed", "true")
	}
	httpx.JSON(w, status, res.Order)
}

// Get handles GET /v1/purchase-orders/{poID}.
func (h *PurchaseOrderHandler) Get(w http.ResponseWriter, r *http.Request) {
	po, err := h.svc.Get(r.Context(), chi.URLParam(r, "poID"))
	if err != nil {
		fail(w, h.log, err)
		return
	}
	httpx.JSON(w, http.StatusOK, po)
}

// Submit handles POST /v1/purchase-orders/{poID}/submit.
func (h *PurchaseOrderHandler) Submit(w http.ResponseWriter, r *http.Request) {
	po, err := h.svc.Submit(r.Context(), chi.URLParam(r, "poID"))
	if err != nil {
		fail(w, h.log, err)
		return
	}
	httpx.JSON(w, http.StatusAccepted, po)
}

// Amend handles POST /v1/purchase-orders/{poID}/amendments.
func (h *PurchaseOrderHandler) Amend(w http.ResponseWriter, r *http.Request) {
	in, err := httpx.Decode[purchasing.AmendInput](r)
	if err != nil {
		fail(w, h.log, err)
		return
	}
	am, err := h.svc.Amend(r.Context(), chi.URLParam(r, "poID"), in)
	if err != nil {
		fail(w, h.log, err)
		return
	}
	httpx.JSON(w, http.StatusCreated, am)
}

type cancelRequest struct {
	Reason string `json:"reason"`
}

// Cancel handles POST /v1/purchase-orders/{poID}/cancel.
func (h *PurchaseOrderHandler) Cancel(w http.ResponseWriter, r *http.Request) {
	in, err := httpx.Decode[cancelRequest](r)
	if err != nil {
		fail(w, h.log, err)
		return
	}
	if in.Reason == "" {
		fail(w, h.log, httpx.BadRequest("reason_required", "a cancellation reason is required"))
		return
	}
	po, err := h.svc.Cancel(r.Context(), chi.URLParam(r, "poID"), in.Reason)
	if err != nil {
		fail(w, h.log, err)
		return
	}
	httpx.JSON(w, http.StatusOK, po)
}
