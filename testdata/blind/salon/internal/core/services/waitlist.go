package services

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/velvetchair/salon/internal/core/domain"
	"github.com/velvetchair/salon/internal/core/ports"
)

const consumerWaitlistOffers = "waitlist-offers"

// WaitlistService keeps clients waiting for a slot and offers freed slots.
type WaitlistService struct {
	tx       ports.TxRunner
	log      *slog.Logger
	waitlist ports.WaitlistRepository
	catalog  ports.CatalogRepository
	clients  ports.ClientRepository
	messages ports.MessageRepository
	inbox    ports.InboxStore
	jobs     ports.JobScheduler
}

func NewWaitlistService(d Deps) *WaitlistService {
	return &WaitlistService{
		tx: d.Tx, log: d.Log.With("service", "waitlist"),
		waitlist: d.Waitlist, catalog: d.Catalog, clients: d.Clients, messages: d.Messages,
		inbox: d.Inbox, jobs: d.Jobs,
	}
}

type JoinWaitlistRequest struct {
	SalonID       uuid.UUID  `json:"salon_id"`
	ClientID      uuid.UUID  `json:"client_id"`
	ServiceID     uuid.UUID  `json:"service_id"`
	StylistID     *uuid.UUID `json:"stylist_id,omitempty"`
	PreferredDate string     `json:"preferred_date"`
}

// Join puts a client on the waitlist for a day.
func (s *WaitlistService) Join(ctx context.Context, req JoinWaitlistRequest) (*domain.WaitlistEntry, error) {
	day, err := time.Parse(time.DateOnly, req.PreferredDate)
	if err != nil {
		return nil, domain.Invalid("preferred_date", "expected YYYY-MM-DD")
	}
	if day.Before(clock().Truncate(24 * time.Hour)) {
		return nil, domain.Invalid("preferred_date", "must not be in the past")
	}
	svc, err := s.catalog.GetService(ctx, s.tx.Reader(), req.ServiceID)
	if err != nil {
		return nil, err
	}
	if svc.SalonID != req.SalonID {
		return nil, domain.Invalid("service_id", "not offered at this salon")
	}
	entry := &domain.WaitlistEntry{
		ID:            uuid.New(),
		SalonID:       req.SalonID,
		ClientID:      req.ClientID,
		ServiceID:     req.ServiceID,
		StylistID:     req.StylistID,
		PreferredDate: day,
		Status:        domain.WaitlistWaiting,
		CreatedAt:     clock(),
	}
	if err := s.waitlist.Insert(ctx, s.tx.Reader(), entry); err != nil {
		return nil, err
	}
	return entry, nil
}

// OfferFreedSlot texts the first waiting client when an appointment is
// cancelled. msgID is the stream message ID.
func (s *WaitlistService) OfferFreedSlot(ctx context.Context, msgID string, evt domain.AppointmentCancelled) error {
	if evt.StartsAt.Before(clock().Add(time.Hour)) {
		return nil
	}
	return s.tx.WithTx(ctx, func(tx *sqlx.Tx) error {
		fresh, err := s.inbox.ClaimMessage(ctx, tx, consumerWaitlistOffers, msgID)
		if err != nil || !fresh {
			return err
		}
		entry, err := s.waitlist.FirstWaiting(ctx, tx, evt.SalonID, evt.ServiceID, evt.StartsAt)
		if errors.Is(err, domain.ErrNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		client, err := s.clients.Get(ctx, tx, entry.ClientID)
		if err != nil {
			return err
		}
		if err := s.waitlist.MarkOffered(ctx, tx, entry.ID, evt.AppointmentID); err != nil {
			return err
		}
		msg, err := s.messages.Claim(ctx, tx, &domain.Message{
			ID:        uuid.New(),
			ClientID:  &client.ID,
			Channel:   domain.ChannelSMS,
			Template:  domain.TemplateWaitlistOffer,
			Ref:       entry.ID.String(),
			Recipient: client.Phone,
			Body: fmt.Sprintf("Good news %s! A slot opened on %s at %s. Reply BOOK to take it.",
				firstName(client.FullName), evt.StartsAt.Format("Mon 2 Jan"), evt.StartsAt.Format("15:04")),
			Status: domain.MessageQueued,
		})
		if err != nil {
			return err
		}
		return s.jobs.ScheduleMessage(ctx, tx, msg.ID)
	})
}
