// Package notify tells clinics about their patients' trips.
package notify

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/carelift-health/nemt/internal/events"
	"github.com/carelift-health/nemt/internal/models"
	"github.com/carelift-health/nemt/internal/provider/cliniclink"
)

type ClinicReader interface {
	Get(ctx context.Context, id uuid.UUID) (*models.Clinic, error)
}

type NotificationStore interface {
	Insert(ctx context.Context, n *models.ClinicNotification) error
}

type Sender interface {
	Send(ctx context.Context, n cliniclink.Notice) (string, error)
}

type Service struct {
	clinics ClinicReader
	store   NotificationStore
	sender  Sender
	now     func() time.Time
}

func NewService(clinics ClinicReader, store NotificationStore, sender Sender) *Service {
	return &Service{clinics: clinics, store: store, sender: sender, now: time.Now}
}

// templates holds the notice text for the statuses clinics care about.
var templates = map[string]struct{ subject, body string }{
	"picked_up": {"Patient picked up", "Trip %s: your patient has been picked up and is on the way."},
	"completed": {"Patient dropped off", "Trip %s: your patient has arrived at the destination."},
	"no_show":   {"Patient no-show", "Trip %s: the driver arrived but the patient was not at the pickup address."},
}

// TripStatusChanged sends the clinic a notice for statuses that matter to
// its front desk and keeps a record of what was sent.
func (s *Service) TripStatusChanged(ctx context.Context, ev events.TripStatusChanged) error {
	tpl, ok := templates[ev.Status]
	if !ok {
		return nil
	}
	clinic, err := s.clinics.Get(ctx, ev.ClinicID)
	if err != nil {
		return err
	}
	messageID, err := s.sender.Send(ctx, cliniclink.Notice{
		Channel:   clinic.NoticeChannel,
		Recipient: clinic.NoticeAddress,
		Subject:   tpl.subject,
		Body:      fmt.Sprintf(tpl.body, ev.TripID),
	})
	if err != nil {
		return fmt.Errorf("send notice: %w", err)
	}
	return s.store.Insert(ctx, &models.ClinicNotification{
		ID:                uuid.New(),
		ClinicID:          clinic.ID,
		TripID:            ev.TripID,
		Kind:              "trip_" + ev.Status,
		ProviderMessageID: messageID,
		SentAt:            s.now().UTC(),
	})
}
