package httpapi

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/larchway/hoaops/internal/events"
	"github.com/larchway/hoaops/internal/maintenance"
	"github.com/larchway/hoaops/internal/payments"
)

// PaylaneVerifier checks Paylane webhook signatures.
type PaylaneVerifier interface {
	VerifyWebhook(body []byte, signature string) error
}

// TradeLinkVerifier checks TradeLink webhook signatures.
type TradeLinkVerifier interface {
	VerifySignature(body []byte, ts, sig string) error
}

// WebhooksHandler receives provider webhooks. Both providers retry a
// delivery until they get a 2xx, with backoff, for up to three days.
type WebhooksHandler struct {
	payments    payments.Service
	maintenance maintenance.Service
	paylane     PaylaneVerifier
	tradelink   TradeLinkVerifier
	log         *slog.Logger
}

// NewWebhooksHandler builds a WebhooksHandler.
func NewWebhooksHandler(p payments.Service, m maintenance.Service, pv PaylaneVerifier, tv TradeLinkVerifier, log *slog.Logger) *WebhooksHandler {
	return &WebhooksHandler{payments: p, maintenance: m, paylane: pv, tradelink: tv, log: log}
}

// Mount implements Mounter. Webhooks authenticate by signature, not by the
// portal token.
func (h *WebhooksHandler) Mount(r chi.Router, _ func(http.Handler) http.Handler) {
	r.Post("/webhooks/paylane", h.paylaneWebhook)
	r.Post("/webhooks/tradelink", h.tradelinkWebhook)
}

func (h *WebhooksHandler) paylaneWebhook(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	if err := h.paylane.VerifyWebhook(body, r.Header.Get("Paylane-Signature")); err != nil {
		w.WriteHeader(http.StatusUnauthorized)
		return
	}
	var ev payments.WebhookEvent
	if err := json.Unmarshal(body, &ev); err != nil || ev.ID == "" {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	if err := h.payments.RecordWebhook(r.Context(), ev); err != nil {
		writeError(w, r, h.log, err)
		return
	}
	w.WriteHeader(http.StatusOK)
}

type tradelinkEnvelope struct {
	ID        string          `json:"id"`
	Type      string          `json:"type"`
	CreatedAt time.Time       `json:"created_at"`
	Data      json.RawMessage `json:"data"`
}

func (h *WebhooksHandler) tradelinkWebhook(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	ts, sig := parseTradeLinkSignature(r.Header.Get("X-TradeLink-Signature"))
	if err := h.tradelink.VerifySignature(body, ts, sig); err != nil {
		w.WriteHeader(http.StatusUnauthorized)
		return
	}
	var env tradelinkEnvelope
	if err := json.Unmarshal(body, &env); err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}

	ctx := r.Context()
	switch env.Type {
	case "quote.submitted":
		var q maintenance.QuoteSubmitted
		if err = json.Unmarshal(env.Data, &q); err == nil {
			err = h.maintenance.RecordQuote(ctx, q)
		}
	case "work_order.status_changed":
		var d struct {
			WorkOrderID string `json:"work_order_id"`
			Status      string `json:"status"`
		}
		if err = json.Unmarshal(env.Data, &d); err == nil {
			err = h.maintenance.ApplyStatus(ctx, d.WorkOrderID, d.Status)
		}
	case "work_order.completed":
		var c events.WorkOrderCompleted
		if err = json.Unmarshal(env.Data, &c); err == nil {
			c.EventID = env.ID
			err = h.maintenance.QueueCompletion(ctx, c)
		}
	default:
		h.log.DebugContext(ctx, "ignoring tradelink event", "type", env.Type)
	}
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func parseTradeLinkSignature(header string) (ts, sig string) {
	for _, part := range strings.Split(header, ",") {
		k, v, _ := strings.Cut(strings.TrimSpace(part), "=")
		switch k {
		case "t":
			ts = v
		case "v1":
			sig = v
		}
	}
	return ts, sig
}
