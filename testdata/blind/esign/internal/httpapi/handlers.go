package httpapi

import (
	"log/slog"
	"net"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/quillsign/esign/internal/app"
)

type envelopeHandlers struct {
	envelopes app.EnvelopeService
	signing   app.SigningService
	reminders app.ReminderService
	log       *slog.Logger
}

func (h *envelopeHandlers) create() http.HandlerFunc {
	return jsonHandler(h.log, func(r *http.Request, in app.CreateEnvelopeInput) (*app.EnvelopeView, int, error) {
		env, created, err := h.envelopes.Create(r.Context(), accountID(r.Context()), idempotencyKey(r.Context()), in)
		if err != nil {
			return nil, 0, err
		}
		if created {
			return env, http.StatusCreated, nil
		}
		return env, http.StatusOK, nil
	})
}

func (h *envelopeHandlers) get(w http.ResponseWriter, r *http.Request) {
	env, err := h.envelopes.Get(r.Context(), accountID(r.Context()), chi.URLParam(r, "envelopeID"))
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	writeJSON(w, http.StatusOK, env)
}

func (h *envelopeHandlers) send(w http.ResponseWriter, r *http.Request) {
	env, err := h.envelopes.Send(r.Context(), accountID(r.Context()), chi.URLParam(r, "envelopeID"))
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	writeJSON(w, http.StatusOK, env)
}

type voidRequest struct {
	Reason string `json:"reason"`
}

func (h *envelopeHandlers) void() http.HandlerFunc {
	return jsonHandler(h.log, func(r *http.Request, in voidRequest) (*app.EnvelopeView, int, error) {
		env, err := h.envelopes.Void(r.Context(), accountID(r.Context()), chi.URLParam(r, "envelopeID"), in.Reason)
		return env, http.StatusOK, err
	})
}

func (h *envelopeHandlers) sign() http.HandlerFunc {
	return jsonHandler(h.log, func(r *http.Request, in app.SignInput) (*app.EnvelopeView, int, error) {
		in.IP = clientIP(r)
		env, err := h.signing.Sign(r.Context(), accountID(r.Context()),
			chi.URLParam(r, "envelopeID"), chi.URLParam(r, "signerID"), in)
		return env, http.StatusOK, err
	})
}

type remindResponse struct {
	RequestID string `json:"request_id"`
}

func (h *envelopeHandlers) remind(w http.ResponseWriter, r *http.Request) {
	requestedBy := r.Header.Get("X-Quillsign-User")
	if requestedBy == "" {
		requestedBy = "api"
	}
	id, err := h.reminders.RemindNow(r.Context(), accountID(r.Context()),
		chi.URLParam(r, "envelopeID"), chi.URLParam(r, "signerID"), requestedBy)
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	writeJSON(w, http.StatusAccepted, remindResponse{RequestID: id})
}

// clientIP returns the address set by chi's RealIP middleware.
func clientIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

type billingHandlers struct {
	billing   app.BillingService
	endpoints app.EndpointService
	log       *slog.Logger
}

func (h *billingHandlers) purchasePack() http.HandlerFunc {
	return jsonHandler(h.log, func(r *http.Request, in app.PackPurchase) (*app.PackReceipt, int, error) {
		receipt, err := h.billing.PurchasePack(r.Context(), accountID(r.Context()), idempotencyKey(r.Context()), in)
		return receipt, http.StatusCreated, err
	})
}

type registerEndpointRequest struct {
	URL string `json:"url"`
}

func (h *billingHandlers) registerEndpoint() http.HandlerFunc {
	return jsonHandler(h.log, func(r *http.Request, in registerEndpointRequest) (*app.EndpointView, int, error) {
		ep, err := h.endpoints.Register(r.Context(), accountID(r.Context()), in.URL)
		return ep, http.StatusOK, err
	})
}
