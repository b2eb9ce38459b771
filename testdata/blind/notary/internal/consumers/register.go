// Package consumers holds the JetStream message handlers of the worker.
package consumers

import (
	"time"

	"github.com/sealpoint-labs/notary/internal/events"
)

// Set is every handler the worker runs.
type Set struct {
	SessionBooked    *SessionBooked
	DocumentSealed   *DocumentSealed
	IdentityVerified *IdentityVerified
	FeeCaptured      *FeeCaptured
}

// Routes is the registration table: durable name, subject, handler.
func (s Set) Routes() []events.Route {
	return []events.Route{
		{Durable: "notify-session-booked", Subject: events.SubjectSessionBooked, Handle: events.Typed(s.SessionBooked.Handle)},
		{Durable: "journal-document-sealed", Subject: events.SubjectDocumentSealed, Handle: events.Typed(s.DocumentSealed.Handle)},
		{Durable: "sessions-identity-verified", Subject: events.SubjectIdentityVerified, Handle: events.Typed(s.IdentityVerified.Handle)},
		{Durable: "earnings-fee-captured", Subject: events.SubjectFeeCaptured, Handle: events.Typed(s.FeeCaptured.Handle), AckWait: time.Minute},
	}
}
