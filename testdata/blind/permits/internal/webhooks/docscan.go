package webhooks

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/civicworks/permits/internal/clients/docscan"
	"github.com/civicworks/permits/internal/platform/config"
	"github.com/civicworks/permits/internal/service"
)

// DocscanReceiver handles POST /webhooks/docscan. The partner retries a
// callback with backoff for up to a day until it gets a 2xx.
type DocscanReceiver struct {
	secret []byte
	docs   service.Documents
	log    *slog.Logger
}

// NewDocscanReceiver builds the receiver.
func NewDocscanReceiver(cfg *config.Config, docs service.Documents, log *slog.Logger) *DocscanReceiver {
	return &DocscanReceiver{secret: []byte(cfg.DocscanWebhookSecret), docs: docs, log: log.With("webhook", "docscan")}
}

// Register mounts the route.
func (h *DocscanReceiver) Register(r chi.Router) {
	r.Post("/webhooks/docscan", h.serve)
}

func (h *DocscanReceiver) serve(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, maxWebhookBody))
	if err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	if !docscan.VerifyCallback(h.secret, r.Header.Get("X-Docscan-Signature"), body) {
		w.WriteHeader(http.StatusUnauthorized)
		return
	}
	var cb docscan.Callback
	if err := json.Unmarshal(body, &cb); err != nil || cb.CallbackID == "" || cb.ScanID == "" {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	if err := h.docs.ApplyScanResult(r.Context(), cb); err != nil {
		h.log.ErrorContext(r.Context(), "scan callback failed", "callback_id", cb.CallbackID, "err", err)
		w.WriteHeader(http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
