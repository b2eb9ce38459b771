package httpapi

import (
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/northmill/procure/internal/platform/httpx"
	"github.com/northmill/procure/internal/receiving"
)

// ReceiptHandler serves /v1/goods-receipts for receipts keyed in by hand
// at sites without a WMS integration.
type ReceiptHandler struct {
	svc ReceiptService
	log *slog.Logger
}

// NewReceiptHandler builds the handler.
func NewReceiptHandler(svc ReceiptService, log *slog.Logger) *ReceiptHandler {
	return &ReceiptHandler{svc: svc, log: log}
}

// Routes mounts the handler.
func (h *ReceiptHandler) Routes(r chi.Router) {
	r.Post("/", h.Post)
}

// Post handles POST /v1/goods-receipts.
func (h *ReceiptHandler) Post(w http.ResponseWriter, r *http.Request) {
	in, err := httpx.Decode[receiving.PostInput](r)
	if err != nil {
		fail(w, h.log, err)
		return
	}
	if err := in.Validate(); err != nil {
		fail(w, h.log, httpx.BadRequest("invalid_receipt", "%v", err))
		return
	}
	res, err := h.svc.Post(r.Context(), in, receiving.SourceManual)
	if err != nil {
		fail(w, h.log, err)
		return
	}
	status := http.StatusCreated
	if !res.Created {
		status = http.StatusOK
	}
	httpx.JSON(w, status, res.Receipt)
}
