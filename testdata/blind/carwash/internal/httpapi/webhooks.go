package httpapi

import (
	"io"
	"net/http"
	"time"

	"github.com/brightbay/washclub/internal/gateway/baycontroller"
	"github.com/brightbay/washclub/internal/gateway/cardprocessor"
	"github.com/brightbay/washclub/internal/platform"
)

// tillpointWebhook receives card processor events. Any non-2xx response
// makes Tillpoint redeliver the event.
func (a *API) tillpointWebhook(w http.ResponseWriter, r *http.Request) {
	payload, err := io.ReadAll(http.MaxBytesReader(w, r.Body, platform.MaxBodyBytes))
	if err != nil {
		platform.WriteError(w, http.StatusBadRequest, "bad_request", "")
		return
	}
	ev, err := cardprocessor.ParseEvent(a.Config.CardWebhookSecret, payload, r.Header.Get("Tillpoint-Signature"), time.Now())
	if err != nil {
		platform.WriteError(w, http.StatusUnauthorized, "bad_signature", err.Error())
		return
	}
	if err := a.Payments.Handle(r.Context(), ev); err != nil {
		a.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusOK)
}

// washlinkWebhook receives bay controller cycle events. WashLink redelivers
// until it gets a 2xx.
func (a *API) washlinkWebhook(w http.ResponseWriter, r *http.Request) {
	payload, err := io.ReadAll(http.MaxBytesReader(w, r.Body, platform.MaxBodyBytes))
	if err != nil {
		platform.WriteError(w, http.StatusBadRequest, "bad_request", "")
		return
	}
	ev, err := baycontroller.ParseEvent(a.Config.BayWebhookToken, payload, r.Header.Get("X-WashLink-Token"))
	if err != nil {
		platform.WriteError(w, http.StatusUnauthorized, "bad_token", err.Error())
		return
	}
	if err := a.Washes.HandleBayEvent(r.Context(), ev); err != nil {
		a.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusOK)
}
