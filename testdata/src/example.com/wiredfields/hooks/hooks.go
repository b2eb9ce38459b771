// Package hooks receives a provider's webhooks and hands each event to
// the processor main wires for its endpoint.
package hooks

import (
	"context"
	"io"
	"net/http"
)

// An Event is a provider's event, under the provider's own ID.
type Event struct {
	ID   string
	Kind string
}

// A Verifier checks a webhook's signature and parses its event.
type Verifier interface {
	Parse(body []byte, signature string) (Event, error)
}

// Processor applies one event.
type Processor interface {
	Handle(ctx context.Context, ev Event) error
}

// Server holds one processor per endpoint: the same interface, a
// different implementation in each field.
type Server struct {
	Verifier Verifier
	Payments Processor
	Accounts Processor
	Disputes Processor
}

// NewServer keeps the disputes processor it is given.
func NewServer(v Verifier, payments, accounts Processor, disputes Processor) *Server {
	return &Server{Verifier: v, Payments: payments, Accounts: accounts, Disputes: disputes}
}

// Payment hands the event to the payments processor, whose store keeps
// one row per event ID: a redelivery changes nothing.
func (s *Server) Payment(w http.ResponseWriter, r *http.Request) {
	s.serve(w, r, s.Payments)
}

// Account hands the event to the accounts processor.
func (s *Server) Account(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	ev, err := s.Verifier.Parse(body, r.Header.Get("Signature"))
	if err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	if err := s.Accounts.Handle(r.Context(), ev); err != nil {
		w.WriteHeader(http.StatusInternalServerError)
	}
}

// Dispute hands the event to the disputes processor.
func (s *Server) Dispute(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	ev, err := s.Verifier.Parse(body, r.Header.Get("Signature"))
	if err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	if err := s.Disputes.Handle(r.Context(), ev); err != nil {
		w.WriteHeader(http.StatusInternalServerError)
	}
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request, p Processor) {
	body, _ := io.ReadAll(r.Body)
	ev, err := s.Verifier.Parse(body, r.Header.Get("Signature"))
	if err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	if err := p.Handle(r.Context(), ev); err != nil {
		w.WriteHeader(http.StatusInternalServerError)
	}
}
