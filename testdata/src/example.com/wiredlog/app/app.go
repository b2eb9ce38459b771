// Package app sends mail and logs what it sent.
package app

import (
	"context"
	"net/http"
	"strconv"

	"github.com/google/uuid"
)

// Mailer sends mail.
type Mailer interface {
	Send(ctx context.Context, to string) (string, error)
	SendKeyed(ctx context.Context, key, to string) (string, error)
}

// Log logs the mail sent.
type Log interface {
	Sent(ctx context.Context, id, providerID string) error
	Policy(ctx context.Context, id string) error
	Requested(ctx context.Context, amount int64) (int64, error)
	Answered(ctx context.Context, id int64, providerID string) error
	Failed(ctx context.Context, id int64, why string) error
	Record(ctx context.Context, e *Entry) error
}

// Entry is a row of the mail sent.
type Entry struct{ ID, ProviderID string }

// Service notifies customers.
type Service struct {
	Mail Mailer
	Log  Log
}

// Notify sends a message and logs it: a retry sends a second message,
// which the row logs, under its own ID.
func (s *Service) Notify(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	pid, err := s.Mail.Send(ctx, r.FormValue("to"))
	if err != nil {
		return
	}
	s.Log.Sent(ctx, uuid.NewString(), pid)
}

// NotifyKeyed sends under the caller's key: a retry gets the first
// message back, and a fresh ID logs it twice.
func (s *Service) NotifyKeyed(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	pid, err := s.Mail.SendKeyed(ctx, r.Header.Get("Idempotency-Key"), r.FormValue("to"))
	if err != nil {
		return
	}
	s.Log.Sent(ctx, uuid.NewString(), pid) // want `a retry inserts a second sent_mail row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Service.NotifyKeyed\)`
}

// NotifyEntry logs the message a retry sends again in a model built in
// place, under its own ID: the row logs each attempt's call.
func (s *Service) NotifyEntry(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	pid, err := s.Mail.Send(ctx, r.FormValue("to"))
	if err != nil {
		return
	}
	s.Log.Record(ctx, &Entry{ID: uuid.NewString(), ProviderID: pid})
}

// NotifyEntryKeyed logs a keyed call's outcome in a model under a fresh
// ID: a retry logs the first message twice.
func (s *Service) NotifyEntryKeyed(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	pid, err := s.Mail.SendKeyed(ctx, r.Header.Get("Idempotency-Key"), r.FormValue("to"))
	if err != nil {
		return
	}
	s.Log.Record(ctx, &Entry{ID: uuid.NewString(), ProviderID: pid}) // want `a retry inserts a second sent_mail row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Service.NotifyEntryKeyed\)`
}

// Insure stores the policy under the number the provider's answer
// holds, new on each call: no retry inserts it again.
func (s *Service) Insure(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	pid, err := s.Mail.SendKeyed(ctx, r.Header.Get("Idempotency-Key"), r.FormValue("to"))
	if err != nil {
		return
	}
	s.Log.Policy(ctx, "pol_"+pid)
}

// Register stores the policy under the number the caller sends.
func (s *Service) Register(w http.ResponseWriter, r *http.Request) {
	s.Log.Policy(r.Context(), "pol_"+r.FormValue("number"))
}

// Refund records the request, asks the provider under its ID, then
// stores the answer, or the failure: the writes commit apart around
// the call, as they must.
func (s *Service) Refund(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	id, err := s.Log.Requested(ctx, 100)
	if err != nil {
		return
	}
	pid, err := s.Mail.SendKeyed(ctx, strconv.FormatInt(id, 10), r.FormValue("to"))
	if err != nil {
		s.Log.Failed(ctx, id, err.Error())
		return
	}
	s.Log.Answered(ctx, id, pid)
}
