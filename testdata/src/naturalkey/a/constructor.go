package a

import (
	"context"
	"database/sql"
	"encoding/json"
	"net/http"

	"github.com/google/uuid"
)

// A constructor keeps its fields apart: the ticket's ID is fresh even
// though its subject comes from the request body.

type Ticket struct {
	ID      string
	Subject string
}

func NewTicket(id, subject string) Ticket {
	return Ticket{ID: id, Subject: subject}
}

func NewTicketPtr(id, subject string) *Ticket {
	return &Ticket{ID: id, Subject: subject}
}

type ticketRequest struct {
	Subject   string `json:"subject"`
	Reference string `json:"reference"`
}

type TicketStore struct{ db *sql.DB }

func (s TicketStore) Add(ctx context.Context, t Ticket) error {
	_, err := s.db.ExecContext(ctx, "INSERT INTO tickets (id, subject) VALUES (?, ?)", t.ID, t.Subject)
	return err
}

type ticketRouter struct{ store TicketStore }

// Negative: the inserted id is the constructor's first argument, a fresh
// UUID (freshid's finding), not the caller-known subject beside it.
func (rt ticketRouter) openTicket(w http.ResponseWriter, r *http.Request) {
	var req ticketRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		return
	}
	t := NewTicket(uuid.NewString(), req.Subject)
	rt.store.Add(r.Context(), t)
}

// Negative: the same through a constructor that returns a pointer.
func openTicketPtr(w http.ResponseWriter, r *http.Request) {
	var req ticketRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		return
	}
	t := NewTicketPtr(uuid.NewString(), req.Subject)
	db.ExecContext(r.Context(), "INSERT INTO tickets (id, subject) VALUES (?, ?)", t.ID, t.Subject)
}

// The inserted id is the constructor's argument from the request: still
// reported.
func importTicket(w http.ResponseWriter, r *http.Request) {
	var req ticketRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		return
	}
	t := NewTicket(req.Reference, req.Subject)
	db.ExecContext(r.Context(), "INSERT INTO tickets (id, subject) VALUES (?, ?)", t.ID, t.Subject) // want `same id again.*INSERT into tickets has no conflict handling for the caller-known id \(HTTP handler importTicket\)`
}
