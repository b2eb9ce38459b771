// Package svc records gifts in the CRM, retrying in process.
package svc

import (
	"net/http"

	"example.com/wiredretry/crm"
	"example.com/wiredretry/retry"
)

// Service records gifts.
type Service struct{ CRM crm.Client }

// Record sends the activity with no key, in a retry of its own.
func (s *Service) Record(w http.ResponseWriter, r *http.Request) {
	a := crm.Activity{Donor: r.FormValue("donor"), Amount: 100}
	retry.Do(r.Context(), func() (string, error) {
		return s.CRM.CreateActivity(r.Context(), a)
	})
}

// RecordKeyed keys it by the caller's key.
func (s *Service) RecordKeyed(w http.ResponseWriter, r *http.Request) {
	a := crm.Activity{Donor: r.FormValue("donor"), Amount: 100}
	key := r.Header.Get("Idempotency-Key")
	retry.Do(r.Context(), func() (string, error) {
		return s.CRM.CreateActivity(r.Context(), a, crm.IdempotencyKey(key))
	})
}

// RecordNote keys the note by the caller's key, with a trace.
func (s *Service) RecordNote(w http.ResponseWriter, r *http.Request) {
	a := crm.Activity{Donor: r.FormValue("donor"), Amount: 100}
	key := r.Header.Get("Idempotency-Key")
	retry.Do(r.Context(), func() (struct{}, error) {
		return struct{}{}, s.CRM.CreateNote(r.Context(), a, crm.WithTrace(key), crm.IdempotencyKey(key))
	})
}

// RecordTraced passes only a trace: no key.
func (s *Service) RecordTraced(w http.ResponseWriter, r *http.Request) {
	a := crm.Activity{Donor: r.FormValue("donor"), Amount: 100}
	retry.Do(r.Context(), func() (struct{}, error) {
		return struct{}{}, s.CRM.CreateTask(r.Context(), a, crm.WithTrace(r.Header.Get("X-Trace")))
	})
}

// Text sends an SMS keyed by the caller's key.
func (s *Service) Text(w http.ResponseWriter, r *http.Request) {
	s.CRM.SendSMS(r.Context(), crm.SMS{ClientMessageID: r.Header.Get("Idempotency-Key"), To: r.FormValue("to")})
}
