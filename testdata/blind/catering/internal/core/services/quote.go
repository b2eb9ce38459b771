package services

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/forkandfeast/catering/internal/core/domain"
	"github.com/forkandfeast/catering/internal/core/ports"
)

type QuoteService struct {
	tx        ports.Transactor
	ids       ports.IDGenerator
	enquiries ports.EnquiryRepository
	quotes    ports.QuoteRepository
	events    ports.EventRepository
	clock     ports.Clock
}

func NewQuoteService(tx ports.Transactor, ids ports.IDGenerator, enquiries ports.EnquiryRepository,
	quotes ports.QuoteRepository, events ports.EventRepository, clock ports.Clock) *QuoteService {
	return &QuoteService{tx: tx, ids: ids, enquiries: enquiries, quotes: quotes, events: events, clock: clock}
}

const defaultQuoteValidity = 14

// Create prices a menu for an enquiry and sends it to the client.
func (s *QuoteService) Create(ctx context.Context, cmd ports.CreateQuote) (domain.Quote, error) {
	if cmd.MenuCode == "" {
		return domain.Quote{}, domain.Invalid("menu_code", "required")
	}
	if cmd.PerHeadCents <= 0 {
		return domain.Quote{}, domain.Invalid("per_head_cents", "must be positive")
	}
	enq, err := s.enquiries.Get(ctx, cmd.EnquiryID)
	if err != nil {
		return domain.Quote{}, err
	}
	if enq.Status == domain.EnquiryArchived || enq.Status == domain.EnquiryBooked {
		return domain.Quote{}, &domain.StateError{Entity: "enquiry", From: string(enq.Status), To: string(domain.EnquiryQuoted)}
	}
	guests := cmd.GuestCount
	if guests == 0 {
		guests = enq.GuestCount
	}
	validDays := cmd.ValidDays
	if validDays <= 0 {
		validDays = defaultQuoteValidity
	}
	now := s.clock.Now()
	q := domain.Quote{
		ID:              s.ids.NewID(),
		EnquiryID:       enq.ID,
		MenuCode:        cmd.MenuCode,
		PerHeadCents:    cmd.PerHeadCents,
		GuestCount:      guests,
		ServiceFeeCents: cmd.ServiceFeeCents,
		Currency:        domain.DefaultCurrency,
		Status:          domain.QuoteSent,
		ValidUntil:      now.AddDate(0, 0, validDays),
		CreatedAt:       now,
	}
	q.Price()

	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.quotes.Insert(ctx, q); err != nil {
			return err
		}
		return s.enquiries.SetStatus(ctx, enq.ID, domain.EnquiryQuoted)
	})
	return q, err
}

// Accept turns a quote into a confirmed event.
func (s *QuoteService) Accept(ctx context.Context, quoteID uuid.UUID) (domain.Event, error) {
	var out domain.Event
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		q, err := s.quotes.GetForUpdate(ctx, quoteID)
		if err != nil {
			return err
		}
		now := s.clock.Now()
		if err := q.Acceptable(now); err != nil {
			return err
		}
		enq, err := s.enquiries.Get(ctx, q.EnquiryID)
		if err != nil {
			return err
		}
		ev, err := s.events.CreateForQuote(ctx, domain.Event{
			ID:         uuid.New(),
			QuoteID:    q.ID,
			EnquiryID:  enq.ID,
			CustomerID: enq.CustomerID,
			VenueID:    enq.VenueID,
			EventDate:  enq.EventDate,
			GuestCount: q.GuestCount,
			Status:     domain.EventConfirmed,
			TotalCents: q.TotalCents,
			Currency:   q.Currency,
			CreatedAt:  now,
		})
		if err != nil {
			return err
		}
		if err := s.quotes.MarkAccepted(ctx, q.ID, now); err != nil {
			return err
		}
		out = ev
		return s.enquiries.SetStatus(ctx, enq.ID, domain.EnquiryBooked)
	})
	return out, err
}

// ExpireStale marks sent quotes past their validity as expired.
func (s *QuoteService) ExpireStale(ctx context.Context) (int64, error) {
	return s.quotes.ExpireBefore(ctx, s.clock.Now().Add(-time.Minute))
}
