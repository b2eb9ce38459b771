// Package animals covers an animal's identity outside the shelter:
// microchip registration with the national registry and transfers to other
// rescues.
package animals

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/brindlewood-labs/shelternet/internal/config"
	"github.com/brindlewood-labs/shelternet/internal/domain"
	"github.com/brindlewood-labs/shelternet/internal/events"
	"github.com/brindlewood-labs/shelternet/internal/platform/ids"
	"github.com/brindlewood-labs/shelternet/internal/providers/partners"
	"github.com/brindlewood-labs/shelternet/internal/providers/registry"
	"github.com/brindlewood-labs/shelternet/internal/store"
)

const (
	ChipNone             = "none"
	ChipRegistered       = "registered"
	ChipOwnerTransferred = "owner_transferred"

	consumerChipTransfer = "animals.chip-transfer"
)

type UnitOfWork interface {
	Do(ctx context.Context, fn func(context.Context, *store.Repos) error) error
}

type AnimalReader interface {
	Get(ctx context.Context, id string) (domain.Animal, error)
}

// Registry is the subset of the NPMR client we use.
type Registry interface {
	Register(ctx context.Context, req registry.RegisterRequest, opts ...registry.CallOption) (registry.Registration, error)
	TransferOwnership(ctx context.Context, chip string, req registry.TransferRequest, opts ...registry.CallOption) (registry.Transfer, error)
}

type PartnerExchange interface {
	OfferTransfer(ctx context.Context, offer partners.TransferOffer) (partners.TransferAck, error)
}

type Service struct {
	animals  AnimalReader
	uow      UnitOfWork
	registry Registry
	partners PartnerExchange
	contact  string
	log      *slog.Logger

	now   func() time.Time
	newID func() string
}

func NewService(animals *store.AnimalRepo, uow *store.UnitOfWork, reg *registry.Client, px *partners.Client, cfg config.Config, log *slog.Logger) *Service {
	return &Service{
		animals:  animals,
		uow:      uow,
		registry: reg,
		partners: px,
		contact:  cfg.SESFromAddress,
		log:      log,
		now:      func() time.Time { return time.Now().UTC() },
		newID:    ids.Default,
	}
}

// RegisterChip enrols a newly implanted chip under the shelter.
func (s *Service) RegisterChip(ctx context.Context, animalID, chip string) (domain.Animal, error) {
	a, err := s.animals.Get(ctx, animalID)
	if err != nil {
		return a, err
	}
	if a.MicrochipNumber != nil && *a.MicrochipNumber == chip && a.ChipStatus != ChipNone {
		return a, nil
	}

	reg, err := s.registry.Register(ctx, registry.RegisterRequest{
		ChipNumber:   chip,
		Species:      a.Species,
		AnimalName:   a.Name,
		Breed:        a.Breed,
		ContactEmail: s.contact,
	}, registry.WithIdempotencyKey(ids.Join("chip", a.ID, chip)))
	if err != nil {
		return a, fmt.Errorf("registry register: %w", err)
	}

	at := s.now()
	err = s.uow.Do(ctx, func(ctx context.Context, r *store.Repos) error {
		if err := r.Animals.SetChip(ctx, a.ID, chip, ChipRegistered, at); err != nil {
			return err
		}
		return r.Animals.InsertRegistration(ctx, domain.MicrochipRegistration{
			ID: reg.ID, AnimalID: a.ID, ChipNumber: chip, RegistryRef: reg.ID, Kind: "shelter", CreatedAt: at,
		})
	})
	if err != nil {
		return a, err
	}
	return s.animals.Get(ctx, a.ID)
}

type TransferOutInput struct {
	AnimalID  string
	PartnerID string
	Reason    string
}

// TransferOut hands an animal to another rescue through RescueLink, e.g.
// when a breed-specific rescue has a better placement.
func (s *Service) TransferOut(ctx context.Context, in TransferOutInput) (domain.OutboundTransfer, error) {
	a, err := s.animals.Get(ctx, in.AnimalID)
	if err != nil {
		return domain.OutboundTransfer{}, err
	}
	if a.Status != domain.AnimalAvailable && a.Status != domain.AnimalIntake {
		return domain.OutboundTransfer{}, fmt.Errorf("animal is %s: %w", a.Status, domain.ErrInvalidState)
	}

	summary := partners.AnimalSummary{ExternalID: a.ID, Name: a.Name, Species: a.Species, Breed: a.Breed}
	if a.MicrochipNumber != nil {
		summary.ChipNumber = *a.MicrochipNumber
	}
	ack, err := s.partners.OfferTransfer(ctx, partners.TransferOffer{
		ToPartner: in.PartnerID,
		Animal:    summary,
		Reason:    in.Reason,
	})
	if err != nil {
		return domain.OutboundTransfer{}, fmt.Errorf("offer transfer: %w", err)
	}

	t := domain.OutboundTransfer{
		ID:         s.newID(),
		AnimalID:   a.ID,
		PartnerID:  in.PartnerID,
		PartnerRef: ack.TransferID,
		Reason:     in.Reason,
		CreatedAt:  s.now(),
	}
	err = s.uow.Do(ctx, func(ctx context.Context, r *store.Repos) error {
		if err := r.Animals.Transition(ctx, a.ID, a.Status, domain.AnimalTransferred, t.CreatedAt); err != nil {
			return err
		}
		return r.Animals.InsertOutboundTransfer(ctx, t)
	})
	return t, err
}

// OnAdoptionFinalized moves the chip registration into the adopter's name.
func (s *Service) OnAdoptionFinalized(ctx context.Context, messageID string, e events.AdoptionFinalized) error {
	a, err := s.animals.Get(ctx, e.AnimalID)
	if errors.Is(err, domain.ErrNotFound) {
		s.log.Warn("adoption for unknown animal", "animal_id", e.AnimalID, "adoption_id", e.AdoptionID)
		return nil
	}
	if err != nil {
		return err
	}
	if a.MicrochipNumber == nil || a.ChipStatus == ChipOwnerTransferred {
		return nil
	}

	transfer, err := s.registry.TransferOwnership(ctx, *a.MicrochipNumber, registry.TransferRequest{
		NewOwnerName:  e.AdopterName,
		NewOwnerEmail: e.AdopterEmail,
		NewOwnerPhone: e.AdopterPhone,
		EffectiveDate: e.FinalizedAt.Format(time.DateOnly),
	})
	if err != nil {
		return fmt.Errorf("registry transfer: %w", err)
	}

	at := s.now()
	return s.uow.Do(ctx, func(ctx context.Context, r *store.Repos) error {
		claimed, err := r.Inbox.Claim(ctx, consumerChipTransfer, messageID)
		if err != nil || !claimed {
			return err
		}
		if err := r.Animals.InsertRegistration(ctx, domain.MicrochipRegistration{
			ID: transfer.ID, AnimalID: a.ID, ChipNumber: *a.MicrochipNumber,
			RegistryRef: transfer.ID, Kind: "owner_transfer", CreatedAt: at,
		}); err != nil {
			return err
		}
		return r.Animals.SetChipStatus(ctx, a.ID, ChipOwnerTransferred, at)
	})
}
