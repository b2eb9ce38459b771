// Package donors manages donor records and their contact preferences.
package donors

import (
	"context"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/kindredgive/donations/internal/domain"
	"github.com/kindredgive/donations/internal/platform/database"
	"github.com/kindredgive/donations/internal/platform/httpx"
	"github.com/kindredgive/donations/internal/platform/idgen"
	"github.com/kindredgive/donations/internal/platform/rabbit"
	"github.com/kindredgive/donations/internal/repository"
)

// RegisterInput is a donor sign-up (or a returning donor's details).
type RegisterInput struct {
	Email          string
	FirstName      string
	LastName       string
	AddressLine1   string
	Postcode       string
	MarketingOptIn bool
}

// EmailEvent is a provider event about a donor's mailbox.
type EmailEvent struct {
	ID         string
	Type       string
	Email      string
	MessageRef string
	OccurredAt time.Time
}

// Service is the donor API.
type Service interface {
	Register(ctx context.Context, in RegisterInput) (*domain.Donor, error)
	UpdatePreferences(ctx context.Context, id string, marketing, post bool) (*domain.Donor, error)
	ApplyEmailEvent(ctx context.Context, ev EmailEvent) error
}

type service struct {
	donors repository.DonorRepo
	events repository.EventRepo
	pub    rabbit.Publisher
	log    *zap.Logger
}

// New builds the donor service.
func New(donors repository.DonorRepo, events repository.EventRepo, pub rabbit.Publisher, log *zap.Logger) Service {
	return &service{donors: donors, events: events, pub: pub, log: log.Named("donors")}
}

// Register upserts on the donor's email, so registering twice returns the
// same donor.
func (s *service) Register(ctx context.Context, in RegisterInput) (*domain.Donor, error) {
	d := &domain.Donor{
		ID:             idgen.UUID(),
		Email:          strings.ToLower(strings.TrimSpace(in.Email)),
		FirstName:      in.FirstName,
		LastName:       in.LastName,
		AddressLine1:   in.AddressLine1,
		Postcode:       strings.ToUpper(in.Postcode),
		EmailStatus:    "ok",
		MarketingOptIn: in.MarketingOptIn,
	}
	if err := s.donors.Upsert(ctx, d); err != nil {
		return nil, err
	}
	s.announce(ctx, d)
	return d, nil
}

func (s *service) UpdatePreferences(ctx context.Context, id string, marketing, post bool) (*domain.Donor, error) {
	d, err := s.donors.UpdatePreferences(ctx, id, marketing, post)
	if database.IsNoRows(err) {
		return nil, httpx.ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	s.announce(ctx, d)
	return d, nil
}

// announce tells the CRM sync that the donor changed. The message id is
// the donor's version, so repeats of the same change collapse downstream.
func (s *service) announce(ctx context.Context, d *domain.Donor) {
	msgID := idgen.Derive("donor", d.ID, d.UpdatedAt.UTC().Format(time.RFC3339Nano))
	if err := s.pub.Publish(ctx, domain.RKDonorChanged, msgID, domain.DonorChangedEvent{DonorID: d.ID}); err != nil {
		// The nightly CRM reconciliation picks up anything missed here.
		s.log.Warn("publish donor change", zap.String("donor_id", d.ID), zap.Error(err))
	}
}

// ApplyEmailEvent marks hard bounces and complaints on the donor so we stop
// mailing them. Both writes are idempotent on their own.
func (s *service) ApplyEmailEvent(ctx context.Context, ev EmailEvent) error {
	switch ev.Type {
	case "bounce", "complaint", "unsubscribe":
		if _, err := s.donors.SetEmailStatus(ctx, ev.Email, ev.Type); err != nil {
			return err
		}
	}
	_, err := s.events.RecordEmailEvent(ctx, &domain.EmailEvent{
		ProviderEventID: ev.ID,
		Email:           ev.Email,
		Type:            ev.Type,
		MessageRef:      ev.MessageRef,
		OccurredAt:      ev.OccurredAt,
	})
	return err
}
