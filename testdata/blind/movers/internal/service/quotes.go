package service

import (
	"context"
	"log/slog"
	"math"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/haulright/movers/internal/domain"
	"github.com/haulright/movers/internal/jobs"
	"github.com/haulright/movers/internal/repository"
)

type CreateQuoteInput struct {
	CustomerID    uuid.UUID
	OriginAddress string
	DestAddress   string
	MoveDate      time.Time
	Bedrooms      int
	DistanceMiles int
	Stairs        bool
	Packing       bool
}

type QuoteService interface {
	// CreateQuote prices and stores a quote. key is the client's
	// Idempotency-Key; a repeated key returns the original quote.
	CreateQuote(ctx context.Context, in CreateQuoteInput, key string) (*domain.Quote, error)
	GetQuote(ctx context.Context, id uuid.UUID) (*domain.Quote, error)
	AcceptQuote(ctx context.Context, id uuid.UUID) (*domain.Booking, error)
}

type Pricing struct {
	HourlyPerMoverCents int64
	MileCents           int64
	PackingPerRoomCents int64
	StairsSurchargePct  float64
	DepositPct          float64
	ValidFor            time.Duration
}

func DefaultPricing() Pricing {
	return Pricing{
		HourlyPerMoverCents: 5500,
		MileCents:           250,
		PackingPerRoomCents: 12000,
		StairsSurchargePct:  0.10,
		DepositPct:          0.20,
		ValidFor:            14 * 24 * time.Hour,
	}
}

type quoteService struct {
	db        *gorm.DB
	quotes    repository.QuoteRepository
	bookings  repository.BookingRepository
	customers repository.CustomerRepository
	keys      repository.IdempotencyRepository
	notes     repository.NotificationRepository
	jobs      jobs.Enqueuer
	pricing   Pricing
	log       *slog.Logger
}

func NewQuoteService(
	db *gorm.DB,
	quotes repository.QuoteRepository,
	bookings repository.BookingRepository,
	customers repository.CustomerRepository,
	keys repository.IdempotencyRepository,
	notes repository.NotificationRepository,
	q jobs.Enqueuer,
	pricing Pricing,
	log *slog.Logger,
) QuoteService {
	return &quoteService{db: db, quotes: quotes, bookings: bookings, customers: customers,
		keys: keys, notes: notes, jobs: q, pricing: pricing, log: log}
}

const scopeCreateQuote = "quotes.create"

func (s *quoteService) CreateQuote(ctx context.Context, in CreateQuoteInput, key string) (*domain.Quote, error) {
	if key == "" {
		return nil, ErrIdempotencyKey
	}
	if in.Bedrooms < 0 || in.Bedrooms > 8 {
		return nil, invalid("bedrooms must be between 0 and 8")
	}
	if !in.MoveDate.After(time.Now()) {
		return nil, invalid("move date must be in the future")
	}
	if _, err := s.customers.Get(ctx, in.CustomerID); err != nil {
		return nil, notFound(err, "customer")
	}

	var out *domain.Quote
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		rec, claimed, err := s.keys.WithTx(tx).Claim(ctx, scopeCreateQuote, key)
		if err != nil {
			return err
		}
		if !claimed {
			if rec.ResourceID == nil {
				return ErrConflict
			}
			id, err := uuid.Parse(*rec.ResourceID)
			if err != nil {
				return err
			}
			out, err = s.quotes.WithTx(tx).Get(ctx, id)
			return err
		}

		q := s.price(in)
		if err := s.quotes.WithTx(tx).Create(ctx, q); err != nil {
			return err
		}
		out = q
		return s.keys.WithTx(tx).Complete(ctx, scopeCreateQuote, key, q.ID.String(), 201, nil)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

func (s *quoteService) price(in CreateQuoteInput) *domain.Quote {
	crew := 2
	if in.Bedrooms >= 3 {
		crew = 3
	}
	if in.Bedrooms >= 5 {
		crew = 4
	}
	hours := 2.0 + 1.25*float64(in.Bedrooms) + float64(in.DistanceMiles)/35.0
	hours = math.Ceil(hours*4) / 4
	labor := int64(hours * float64(crew) * float64(s.pricing.HourlyPerMoverCents))
	if in.Stairs {
		labor += int64(float64(labor) * s.pricing.StairsSurchargePct)
	}
	total := labor + int64(in.DistanceMiles)*s.pricing.MileCents
	if in.Packing {
		total += int64(max(in.Bedrooms, 1)) * s.pricing.PackingPerRoomCents
	}
	deposit := int64(math.Round(float64(total)*s.pricing.DepositPct/100)) * 100
	now := time.Now().UTC()
	return &domain.Quote{
		ID:            uuid.New(),
		CustomerID:    in.CustomerID,
		OriginAddress: in.OriginAddress,
		DestAddress:   in.DestAddress,
		MoveDate:      in.MoveDate,
		Bedrooms:      in.Bedrooms,
		CrewSize:      crew,
		EstHours:      hours,
		EstTotalCents: total,
		DepositCents:  deposit,
		Status:        domain.QuoteOpen,
		ExpiresAt:     now.Add(s.pricing.ValidFor),
		CreatedAt:     now,
		UpdatedAt:     now,
	}
}

func (s *quoteService) GetQuote(ctx context.Context, id uuid.UUID) (*domain.Quote, error) {
	q, err := s.quotes.Get(ctx, id)
	if err != nil {
		return nil, notFound(err, "quote")
	}
	return q, nil
}

func (s *quoteService) AcceptQuote(ctx context.Context, id uuid.UUID) (*domain.Booking, error) {
	var (
		booking *domain.Booking
		staged  []*domain.Notification
	)
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		q, err := s.quotes.WithTx(tx).GetForUpdate(ctx, id)
		if err != nil {
			return notFound(err, "quote")
		}
		if q.Status == domain.QuoteDeclined || time.Now().After(q.ExpiresAt) {
			return ErrQuoteExpired
		}
		cust, err := s.customers.WithTx(tx).Get(ctx, q.CustomerID)
		if err != nil {
			return err
		}

		now := time.Now().UTC()
		booking = &domain.Booking{
			ID:            uuid.New(),
			QuoteID:       q.ID,
			CustomerID:    q.CustomerID,
			MoveDate:      q.MoveDate,
			OriginAddress: q.OriginAddress,
			DestAddress:   q.DestAddress,
			CrewSize:      q.CrewSize,
			EstTotalCents: q.EstTotalCents,
			DepositCents:  q.DepositCents,
			Status:        domain.BookingPendingDeposit,
			CreatedAt:     now,
			UpdatedAt:     now,
		}
		if err := s.bookings.WithTx(tx).Create(ctx, booking); err != nil {
			return err
		}
		if err := s.quotes.WithTx(tx).SetStatus(ctx, q.ID, domain.QuoteAccepted); err != nil {
			return err
		}
		subject, body := bookingConfirmedEmail(cust, booking)
		staged, err = stage(ctx, s.notes.WithTx(tx), outboxMessage{
			BookingID: &booking.ID,
			Channel:   domain.ChannelEmail,
			Template:  "booking_confirmed",
			To:        cust.Email,
			Subject:   subject,
			Body:      body,
			Key:       booking.ID.String(),
		})
		return err
	})
	if err != nil {
		return nil, err
	}
	dispatch(ctx, s.jobs, s.log, staged)
	return booking, nil
}
