package api

import (
	"errors"
	"net/http"

	"github.com/lenslane/photomarket/internal/httpx"
	"github.com/lenslane/photomarket/internal/printlab"
)

const maxWebhookBody = 512 << 10

func (s *Server) stripeWebhook(w http.ResponseWriter, r *http.Request) {
	body, err := httpx.ReadBody(r, maxWebhookBody)
	if err != nil {
		httpx.Error(w, http.StatusBadRequest, "bad_request", "unreadable body")
		return
	}
	ev, err := s.Stripe.ParseWebhook(body, r.Header.Get("Stripe-Signature"))
	if err != nil {
		httpx.Error(w, http.StatusBadRequest, "bad_signature", err.Error())
		return
	}
	if err := s.StripeEvents.Handle(r.Context(), ev); err != nil {
		s.Logger.Error("stripe webhook", "event", ev.ID, "type", ev.Type, "err", err)
		httpx.Error(w, http.StatusInternalServerError, "internal_error", "retry later")
		return
	}
	w.WriteHeader(http.StatusOK)
}

func (s *Server) stripeConnectWebhook(w http.ResponseWriter, r *http.Request) {
	body, err := httpx.ReadBody(r, maxWebhookBody)
	if err != nil {
		httpx.Error(w, http.StatusBadRequest, "bad_request", "unreadable body")
		return
	}
	ev, err := s.Stripe.ParseConnectWebhook(body, r.Header.Get("Stripe-Signature"))
	if err != nil {
		httpx.Error(w, http.StatusBadRequest, "bad_signature", err.Error())
		return
	}
	if err := s.ConnectEvents.Handle(r.Context(), ev); err != nil {
		s.Logger.Error("stripe connect webhook", "event", ev.ID, "type", ev.Type, "err", err)
		httpx.Error(w, http.StatusInternalServerError, "internal_error", "retry later")
		return
	}
	w.WriteHeader(http.StatusOK)
}

func (s *Server) printLabWebhook(w http.ResponseWriter, r *http.Request) {
	body, err := httpx.ReadBody(r, maxWebhookBody)
	if err != nil {
		httpx.Error(w, http.StatusBadRequest, "bad_request", "unreadable body")
		return
	}
	ev, err := s.Lab.ParseWebhook(body, r.Header.Get("X-Lab-Signature"))
	if errors.Is(err, printlab.ErrBadSignature) {
		httpx.Error(w, http.StatusUnauthorized, "bad_signature", "signature mismatch")
		return
	}
	if err != nil {
		httpx.Error(w, http.StatusBadRequest, "bad_request", err.Error())
		return
	}
	if err := s.Prints.HandleLabEvent(r.Context(), ev); err != nil {
		s.Logger.Error("print lab webhook", "event", ev.ID, "type", ev.Type, "err", err)
		httpx.Error(w, http.StatusInternalServerError, "internal_error", "retry later")
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
