package lab

import (
	"encoding/json"
	"log/slog"
	"net/http"

	"github.com/veinline/plasmaops/internal/config"
	"github.com/veinline/plasmaops/internal/platform/apperr"
	"github.com/veinline/plasmaops/internal/platform/httpx"
	"github.com/veinline/plasmaops/internal/platform/webhook"
	"github.com/veinline/plasmaops/internal/providers/labpartner"
)

func labVerifier(cfg config.Config) webhook.Verifier {
	return webhook.Verifier{Secret: []byte(cfg.LabPartner.WebhookSecret), Header: "X-Lab-Signature"}
}

// ResultsWebhook receives assay results.
type ResultsWebhook struct {
	verifier webhook.Verifier
	svc      Service
	log      *slog.Logger
}

// NewResultsWebhook builds the handler.
func NewResultsWebhook(cfg config.Config, svc Service, log *slog.Logger) *ResultsWebhook {
	return &ResultsWebhook{verifier: labVerifier(cfg), svc: svc, log: log}
}

func (h *ResultsWebhook) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := h.verifier.ReadAndVerify(r)
	if err != nil {
		httpx.WriteError(w, h.log, err)
		return
	}
	var evt labpartner.ResultsEvent
	if err := json.Unmarshal(body, &evt); err != nil {
		httpx.WriteError(w, h.log, apperr.Invalid("malformed results: %v", err))
		return
	}
	if err := h.svc.RecordResults(r.Context(), evt); err != nil {
		httpx.WriteError(w, h.log, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]string{"status": "accepted"})
}

// SampleEventsWebhook receives sample.received / sample.rejected events.
type SampleEventsWebhook struct {
	verifier webhook.Verifier
	svc      Service
	log      *slog.Logger
}

// NewSampleEventsWebhook builds the handler.
func NewSampleEventsWebhook(cfg config.Config, svc Service, log *slog.Logger) *SampleEventsWebhook {
	return &SampleEventsWebhook{verifier: labVerifier(cfg), svc: svc, log: log}
}

func (h *SampleEventsWebhook) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := h.verifier.ReadAndVerify(r)
	if err != nil {
		httpx.WriteError(w, h.log, err)
		return
	}
	var evt labpartner.SampleEvent
	if err := json.Unmarshal(body, &evt); err != nil {
		httpx.WriteError(w, h.log, apperr.Invalid("malformed sample event: %v", err))
		return
	}
	if err := h.svc.RecordSampleEvent(r.Context(), evt); err != nil {
		httpx.WriteError(w, h.log, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
