package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/google/uuid"
	"go.uber.org/dig"

	"github.com/vowhall/venues/internal/domain"
	"github.com/vowhall/venues/internal/platform/clock"
	"github.com/vowhall/venues/internal/platform/dbx"
	"github.com/vowhall/venues/internal/provider/esign"
)

type ContractParams struct {
	dig.In

	Tx        dbx.TxRunner
	Bookings  BookingStore
	Couples   CoupleStore
	Venues    VenueStore
	Contracts ContractStore
	Signer    SignatureProvider
	Tasks     TaskQueue
	Policy    Policy
	Logger    *slog.Logger
}

// Contracts sends hire agreements and addenda for e-signature and tracks
// them to completion.
type Contracts struct {
	tx        dbx.TxRunner
	bookings  BookingStore
	couples   CoupleStore
	venues    VenueStore
	contracts ContractStore
	signer    SignatureProvider
	tasks     TaskQueue
	policy    Policy
	log       *slog.Logger

	now   func() time.Time
	newID func() uuid.UUID
}

func NewContracts(p ContractParams) *Contracts {
	return &Contracts{
		tx:        p.Tx,
		bookings:  p.Bookings,
		couples:   p.Couples,
		venues:    p.Venues,
		contracts: p.Contracts,
		signer:    p.Signer,
		tasks:     p.Tasks,
		policy:    p.Policy,
		log:       p.Logger,
		now:       clock.UTC,
		newID:     clock.NewID,
	}
}

// Issue sends the venue hire agreement for a held booking whose deposit is
// paid. If an agreement is already out or signed, that one is returned.
func (s *Contracts) Issue(ctx context.Context, bookingID uuid.UUID) (domain.Contract, error) {
	if c, err := s.contracts.LiveMain(ctx, bookingID); err == nil {
		return c, nil
	} else if !errors.Is(err, domain.ErrNotFound) {
		return domain.Contract{}, err
	}

	b, couple, venue, err := s.load(ctx, bookingID)
	if err != nil {
		return domain.Contract{}, err
	}
	if b.Status != domain.BookingHeld || b.DepositStatus != domain.DepositPaid {
		return domain.Contract{}, fmt.Errorf("%w: contract needs a held booking with its deposit paid", domain.ErrConflict)
	}

	expires := s.now().Add(s.policy.SignWindow)
	env, err := s.signer.CreateEnvelope(ctx, esign.EnvelopeRequest{
		ClientRequestID: s.newID().String(),
		TemplateID:      s.policy.MainTemplate,
		Subject:         fmt.Sprintf("Your booking agreement with %s", venue.Name),
		Signers:         signers(couple),
		Fields:          contractFields(b, couple, venue),
		ExpiresAt:       expires,
		Metadata:        map[string]string{"booking_id": b.ID.String(), "kind": string(domain.ContractMain)},
	})
	if err != nil {
		return domain.Contract{}, fmt.Errorf("create envelope: %w", err)
	}
	return s.store(ctx, domain.Contract{
		ID:         s.newID(),
		BookingID:  b.ID,
		Kind:       domain.ContractMain,
		EnvelopeID: env.ID,
		Status:     domain.ContractSent,
		SentAt:     s.now(),
		ExpiresAt:  expires,
	})
}

type AddendumInput struct {
	Summary string `json:"summary"`
}

// IssueAddendum sends an addendum describing changes agreed after the main
// agreement was signed.
func (s *Contracts) IssueAddendum(ctx context.Context, bookingID uuid.UUID, in AddendumInput) (domain.Contract, error) {
	if in.Summary == "" {
		return domain.Contract{}, domain.Invalid("summary", "is required")
	}
	main, err := s.contracts.LiveMain(ctx, bookingID)
	if err != nil {
		return domain.Contract{}, err
	}
	if main.Status != domain.ContractSigned {
		return domain.Contract{}, fmt.Errorf("%w: main agreement is not signed yet", domain.ErrConflict)
	}
	b, couple, venue, err := s.load(ctx, bookingID)
	if err != nil {
		return domain.Contract{}, err
	}

	fields := contractFields(b, couple, venue)
	fields["changes"] = in.Summary
	fields["original_agreement"] = main.EnvelopeID
	expires := s.now().Add(s.policy.SignWindow)
	env, err := s.signer.CreateEnvelope(ctx, esign.EnvelopeRequest{
		TemplateID: s.policy.AddendumTemplate,
		Subject:    fmt.Sprintf("Changes to your booking with %s", venue.Name),
		Signers:    signers(couple),
		Fields:     fields,
		ExpiresAt:  expires,
		Metadata:   map[string]string{"booking_id": b.ID.String(), "kind": string(domain.ContractAddendum)},
	})
	if err != nil {
		return domain.Contract{}, fmt.Errorf("create addendum envelope: %w", err)
	}
	return s.store(ctx, domain.Contract{
		ID:         s.newID(),
		BookingID:  b.ID,
		Kind:       domain.ContractAddendum,
		EnvelopeID: env.ID,
		Status:     domain.ContractSent,
		Summary:    in.Summary,
		SentAt:     s.now(),
		ExpiresAt:  expires,
	})
}

func (s *Contracts) store(ctx context.Context, c domain.Contract) (domain.Contract, error) {
	if err := s.contracts.Insert(ctx, c); err != nil {
		return domain.Contract{}, fmt.Errorf("store contract for envelope %s: %w", c.EnvelopeID, err)
	}
	if err := s.tasks.ContractExpiry(ctx, c.ID, c.ExpiresAt); err != nil {
		s.log.WarnContext(ctx, "schedule contract expiry", "contract_id", c.ID, "err", err)
	}
	return c, nil
}

// Expire voids an envelope whose signing window ran out.
func (s *Contracts) Expire(ctx context.Context, contractID uuid.UUID) error {
	c, err := s.contracts.Get(ctx, contractID)
	if err != nil {
		return err
	}
	if c.Status != domain.ContractSent {
		return nil
	}
	if err := s.signer.VoidEnvelope(ctx, c.EnvelopeID, "signing window elapsed"); err != nil {
		return fmt.Errorf("void envelope %s: %w", c.EnvelopeID, err)
	}
	if _, err := s.contracts.MarkExpired(ctx, c.ID); err != nil {
		return err
	}
	return nil
}

// RecordCompleted marks the contract behind a completed envelope as signed
// and, for the main agreement, confirms the booking.
func (s *Contracts) RecordCompleted(ctx context.Context, evt esign.Event) (domain.Contract, error) {
	var c domain.Contract
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.contracts.InsertEvent(ctx, domain.ContractEvent{
			ProviderEventID: evt.ID,
			EnvelopeID:      evt.EnvelopeID,
			EventType:       evt.Type,
			OccurredAt:      evt.OccurredAt,
			ReceivedAt:      s.now(),
		}); err != nil {
			return fmt.Errorf("record event %s: %w", evt.ID, err)
		}
		var err error
		c, err = s.contracts.GetByEnvelope(ctx, evt.EnvelopeID)
		if err != nil {
			return fmt.Errorf("contract for envelope %s: %w", evt.EnvelopeID, err)
		}
		if err := s.contracts.MarkSigned(ctx, c.ID, evt.OccurredAt); err != nil {
			return err
		}
		if c.Kind != domain.ContractMain {
			return nil
		}
		return s.bookings.Confirm(ctx, c.BookingID)
	})
	return c, err
}

func (s *Contracts) load(ctx context.Context, bookingID uuid.UUID) (domain.Booking, domain.Couple, domain.Venue, error) {
	b, err := s.bookings.Get(ctx, bookingID)
	if err != nil {
		return domain.Booking{}, domain.Couple{}, domain.Venue{}, err
	}
	couple, err := s.couples.Get(ctx, b.CoupleID)
	if err != nil {
		return domain.Booking{}, domain.Couple{}, domain.Venue{}, err
	}
	venue, err := s.venues.Get(ctx, b.VenueID)
	if err != nil {
		return domain.Booking{}, domain.Couple{}, domain.Venue{}, err
	}
	return b, couple, venue, nil
}

func signers(c domain.Couple) []esign.Signer {
	return []esign.Signer{{Name: c.DisplayName(), Email: c.Email, Role: "client", Order: 1}}
}

func contractFields(b domain.Booking, c domain.Couple, v domain.Venue) map[string]string {
	return map[string]string{
		"couple_names": c.DisplayName(),
		"venue_name":   v.Name,
		"event_date":   b.EventDate.Format("Monday 2 January 2006"),
		"guest_count":  strconv.Itoa(b.GuestCount),
		"venue_fee":    money(b.VenueFeeCents, b.Currency),
		"deposit":      money(b.DepositCents, b.Currency),
		"total":        money(b.TotalCents, b.Currency),
		"booking_ref":  b.ID.String()[:8],
	}
}

func money(cents int64, currency string) string {
	return fmt.Sprintf("%d.%02d %s", cents/100, cents%100, currency)
}
