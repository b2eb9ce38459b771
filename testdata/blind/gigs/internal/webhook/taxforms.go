package webhook

import (
	"encoding/json"
	"log/slog"
	"net/http"

	"github.com/gigbridge/escrow/internal/provider/taxforms"
	"github.com/gigbridge/escrow/internal/service"
)

// TaxFormsHandler receives form status events from the tax-form provider.
type TaxFormsHandler struct {
	secret string
	tax    service.Tax
	log    *slog.Logger
}

func NewTaxFormsHandler(secret string, tax service.Tax, log *slog.Logger) *TaxFormsHandler {
	return &TaxFormsHandler{secret: secret, tax: tax, log: log.With("webhook", "taxforms")}
}

func (h *TaxFormsHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	body, ok := readBody(w, r)
	if !ok {
		return
	}
	if err := taxforms.VerifyWebhook(h.secret, r.Header.Get(taxforms.SignatureHeader), body); err != nil {
		http.Error(w, "bad signature", http.StatusUnauthorized)
		return
	}
	var ev taxforms.Event
	if err := json.Unmarshal(body, &ev); err != nil {
		http.Error(w, "bad payload", http.StatusBadRequest)
		return
	}
	switch ev.Type {
	case "form.completed", "form.rejected", "form.updated":
	default:
		w.WriteHeader(http.StatusNoContent)
		return
	}
	err := h.tax.HandleFormEvent(ctx, service.FormEvent{
		EventID:        ev.ID,
		Type:           ev.Type,
		EnvelopeID:     ev.EnvelopeID,
		ProviderFormID: ev.Form.ID,
		FormType:       ev.Form.FormType,
		Status:         ev.Form.Status,
		TINLast4:       ev.Form.TINLast4,
		CompletedAt:    ev.Form.CompletedAt,
	})
	if err != nil {
		fail(ctx, w, h.log, "handle form event", err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
