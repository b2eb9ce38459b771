package dispatch

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/tradeloop/homeservices/internal/domain"
	"github.com/tradeloop/homeservices/internal/platform/events"
	"github.com/tradeloop/homeservices/internal/provider/sms"
	"github.com/tradeloop/homeservices/internal/service/notify"
	"github.com/tradeloop/homeservices/internal/store"
)

// visitLength is the default appointment window.
const visitLength = 2 * time.Hour

// HandleInbound processes a technician's text reply to an offer.
func (s *Service) HandleInbound(ctx context.Context, m sms.InboundMessage) error {
	receivedAt := m.ReceivedAt
	if receivedAt.IsZero() {
		receivedAt = s.now()
	}
	if _, err := s.repos.InboundSMS.InsertIgnore(ctx, &domain.InboundSMS{
		ProviderMessageID: m.MessageSID,
		FromPhone:         m.From,
		ToPhone:           m.To,
		Body:              m.Body,
		ReceivedAt:        receivedAt,
	}); err != nil {
		return err
	}

	verb, code, ok := parseReply(m.Body)
	if !ok {
		return nil
	}
	tech, err := s.repos.Technicians.ByPhone(ctx, m.From)
	if errors.Is(err, domain.ErrNotFound) {
		logSkip(ctx, "reply from unknown number", "from", m.From)
		return nil
	}
	if err != nil {
		return err
	}
	offer, err := s.repos.Offers.ByReplyCode(ctx, tech.ID, code)
	if errors.Is(err, domain.ErrNotFound) {
		logSkip(ctx, "reply with unknown code", "technician", tech.ID, "code", code)
		return nil
	}
	if err != nil {
		return err
	}

	switch verb {
	case "YES":
		return s.bus.Publish(ctx, events.SubjectOfferAccepted, events.OfferAccepted{
			OfferID:      offer.ID,
			JobID:        offer.JobID,
			TechnicianID: tech.ID,
			AcceptedAt:   receivedAt,
			Channel:      "sms",
		}, events.WithMsgID("offer-accepted:"+offer.ID))
	case "NO":
		if offer.Status == domain.OfferOffered {
			return s.repos.Offers.SetStatus(ctx, offer.ID, domain.OfferDeclined)
		}
	}
	return nil
}

func parseReply(body string) (verb, code string, ok bool) {
	fields := strings.Fields(strings.ToUpper(strings.TrimSpace(body)))
	if len(fields) != 2 {
		return "", "", false
	}
	switch fields[0] {
	case "YES", "Y", "ACCEPT":
		return "YES", fields[1], true
	case "NO", "N", "DECLINE":
		return "NO", fields[1], true
	}
	return "", "", false
}

// OnOfferAccepted assigns the job to the technician who accepted first.
func (s *Service) OnOfferAccepted(ctx context.Context, evt events.OfferAccepted, _ events.Meta) error {
	offer, err := s.repos.Offers.Get(ctx, evt.OfferID)
	if err != nil {
		return err
	}
	job, err := s.repos.Jobs.Get(ctx, offer.JobID)
	if err != nil {
		return err
	}
	if job.AssignedTechnicianID != nil {
		if *job.AssignedTechnicianID != offer.TechnicianID && offer.Status == domain.OfferOffered {
			return s.repos.Offers.SetStatus(ctx, offer.ID, domain.OfferExpired)
		}
		return nil
	}
	if job.Status == domain.JobCancelled || job.Status == domain.JobCompleted {
		return nil
	}

	if err := s.reserveTechnician(ctx, offer); err != nil {
		return err
	}
	if err := s.assignJob(ctx, job, offer); err != nil {
		return err
	}

	customer, err := s.repos.Customers.Get(ctx, job.CustomerID)
	if err != nil {
		return err
	}
	tech, err := s.repos.Technicians.Get(ctx, offer.TechnicianID)
	if err != nil {
		return err
	}
	body, err := notify.Render(notify.TplJobAssigned, map[string]any{
		"TechName": tech.Name, "Title": job.Title, "StartsAt": job.PreferredStart,
	})
	if err != nil {
		return err
	}
	_, err = s.notifier.Send(ctx, customer.Phone, body,
		notify.WithClientRef("assigned_"+job.ID),
		notify.ForJob(job.ID),
		notify.Template(notify.TplJobAssigned),
	)
	return err
}

// reserveTechnician takes one of the technician's open slots and marks the
// offer accepted.
func (s *Service) reserveTechnician(ctx context.Context, offer *domain.DispatchOffer) error {
	return s.uow.Do(ctx, func(ctx context.Context, tx *store.Repos) error {
		if err := tx.Technicians.TakeSlot(ctx, offer.TechnicianID); err != nil {
			return err
		}
		return tx.Offers.SetStatus(ctx, offer.ID, domain.OfferAccepted)
	})
}

// assignJob binds the job to the technician, closes the other offers and
// books the visit.
func (s *Service) assignJob(ctx context.Context, job *domain.Job, offer *domain.DispatchOffer) error {
	return s.uow.Do(ctx, func(ctx context.Context, tx *store.Repos) error {
		if _, err := tx.Assignments.InsertIgnore(ctx, &domain.Assignment{
			JobID:        job.ID,
			TechnicianID: offer.TechnicianID,
			OfferID:      offer.ID,
			AssignedAt:   s.now(),
		}); err != nil {
			return err
		}
		if err := tx.Jobs.Assign(ctx, job.ID, offer.TechnicianID); err != nil {
			return err
		}
		if err := tx.Offers.ExpireOthers(ctx, job.ID, offer.ID); err != nil {
			return err
		}
		return tx.Appointments.Upsert(ctx, &domain.Appointment{
			JobID:        job.ID,
			TechnicianID: offer.TechnicianID,
			StartsAt:     job.PreferredStart,
			EndsAt:       job.PreferredStart.Add(visitLength),
		})
	})
}
