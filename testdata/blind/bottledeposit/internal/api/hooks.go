package api

import (
	"net/http"

	"github.com/pantloop/deposit/internal/payouts"
	"github.com/pantloop/deposit/internal/tickets"
)

// ewalletHook handles POST /hooks/ewallet. The partner retries a webhook
// until it gets a 2xx.
func (s *Server) ewalletHook(w http.ResponseWriter, r *http.Request) {
	var ev payouts.EwalletEvent
	if err := decode(r, &ev); err != nil || ev.ID == "" {
		writeError(w, http.StatusBadRequest, "invalid event")
		return
	}
	if err := s.Payouts.HandleEwalletEvent(r.Context(), ev); err != nil {
		logFrom(r.Context()).Error("ewallet webhook", "event", ev.ID, "err", err)
		writeError(w, http.StatusInternalServerError, "retry later")
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

type bankNotification struct {
	Type   string             `json:"type"`
	Return payouts.BankReturn `json:"return"`
}

// bankHook handles POST /hooks/bank. Only payment returns are acted on.
func (s *Server) bankHook(w http.ResponseWriter, r *http.Request) {
	var n bankNotification
	if err := decode(r, &n); err != nil {
		writeError(w, http.StatusBadRequest, "invalid notification")
		return
	}
	if n.Type != "payment.returned" {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	if err := s.Payouts.HandleBankReturn(r.Context(), n.Return); err != nil {
		logFrom(r.Context()).Error("bank return", "return", n.Return.ReturnID, "err", err)
		writeError(w, http.StatusInternalServerError, "retry later")
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// fieldServiceHook handles POST /hooks/fieldservice.
func (s *Server) fieldServiceHook(w http.ResponseWriter, r *http.Request) {
	var ev tickets.PartnerEvent
	if err := decode(r, &ev); err != nil {
		writeError(w, http.StatusBadRequest, "invalid event")
		return
	}
	if err := s.Tickets.HandlePartnerEvent(r.Context(), ev); err != nil {
		logFrom(r.Context()).Error("field service webhook", "event", ev.ID, "type", ev.Type, "err", err)
		writeError(w, http.StatusInternalServerError, "retry later")
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
