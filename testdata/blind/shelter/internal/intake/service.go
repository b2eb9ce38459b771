// Package intake receives animals transferred in from partner rescues.
package intake

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/brindlewood-labs/shelternet/internal/config"
	"github.com/brindlewood-labs/shelternet/internal/domain"
	"github.com/brindlewood-labs/shelternet/internal/events"
	"github.com/brindlewood-labs/shelternet/internal/platform/ids"
	"github.com/brindlewood-labs/shelternet/internal/providers/registry"
	"github.com/brindlewood-labs/shelternet/internal/store"
)

type UnitOfWork interface {
	Do(ctx context.Context, fn func(context.Context, *store.Repos) error) error
}

type ExamScheduler interface {
	InsertExam(ctx context.Context, e domain.IntakeExam) error
}

type ChipWriter interface {
	SetChip(ctx context.Context, id, chip, chipStatus string, at time.Time) error
}

type ChipRegistrar interface {
	Register(ctx context.Context, req registry.RegisterRequest, opts ...registry.CallOption) (registry.Registration, error)
}

type Service struct {
	uow      UnitOfWork
	exams    ExamScheduler
	chips    ChipWriter
	registry ChipRegistrar
	contact  string
	leadDays int

	now   func() time.Time
	newID func() string
}

func NewService(uow *store.UnitOfWork, intakeRepo *store.IntakeRepo, animals *store.AnimalRepo, reg *registry.Client, cfg config.Config) *Service {
	return &Service{
		uow:      uow,
		exams:    intakeRepo,
		chips:    animals,
		registry: reg,
		contact:  cfg.SESFromAddress,
		leadDays: cfg.ExamLeadTimeDays,
		now:      func() time.Time { return time.Now().UTC() },
		newID:    ids.Default,
	}
}

// Notice is a partner's "transfer created" notification.
type Notice struct {
	PartnerID       string
	TransferID      string
	Name            string
	Species         string
	Breed           string
	ChipNumber      string
	ExpectedArrival *time.Time
}

func (n Notice) validate() error {
	if n.PartnerID == "" || n.TransferID == "" {
		return fmt.Errorf("partner and transfer id are required: %w", domain.ErrInvalidState)
	}
	if n.Species == "" {
		return fmt.Errorf("species is required: %w", domain.ErrInvalidState)
	}
	return nil
}

// Receive records an incoming transfer and creates the animal's record.
func (s *Service) Receive(ctx context.Context, n Notice) (string, error) {
	if err := n.validate(); err != nil {
		return "", err
	}
	at := s.now()
	animal := domain.Animal{
		ID:              s.newID(),
		Name:            strings.TrimSpace(n.Name),
		Species:         strings.ToLower(n.Species),
		Breed:           n.Breed,
		Status:          domain.AnimalIntake,
		ChipStatus:      "none",
		SourcePartnerID: &n.PartnerID,
		CreatedAt:       at,
		UpdatedAt:       at,
	}
	transfer := domain.IntakeTransfer{
		ID:                s.newID(),
		PartnerID:         n.PartnerID,
		PartnerTransferID: n.TransferID,
		AnimalID:          animal.ID,
		ExpectedArrival:   n.ExpectedArrival,
		ReceivedAt:        at,
	}
	arrives := at
	if n.ExpectedArrival != nil {
		arrives = *n.ExpectedArrival
	}

	err := s.uow.Do(ctx, func(ctx context.Context, r *store.Repos) error {
		if err := r.Animals.Insert(ctx, animal); err != nil {
			return fmt.Errorf("insert animal: %w", err)
		}
		if err := r.Intake.InsertTransfer(ctx, transfer); err != nil {
			return fmt.Errorf("insert transfer: %w", err)
		}
		return r.Outbox.Enqueue(ctx, events.TopicAnimalIntaken, events.AnimalIntaken{
			AnimalID:   animal.ID,
			TransferID: transfer.ID,
			PartnerID:  n.PartnerID,
			Name:       animal.Name,
			Species:    animal.Species,
			Breed:      animal.Breed,
			ChipNumber: n.ChipNumber,
			ArrivesOn:  arrives,
		})
	})
	if err != nil {
		return "", err
	}
	return animal.ID, nil
}

// Cancel handles a partner withdrawing a transfer before arrival.
func (s *Service) Cancel(ctx context.Context, partnerID, transferID string) error {
	return s.uow.Do(ctx, func(ctx context.Context, r *store.Repos) error {
		t, err := r.Intake.GetTransfer(ctx, partnerID, transferID)
		if err != nil {
			return err
		}
		cancelled, err := r.Intake.CancelTransfer(ctx, partnerID, transferID, s.now())
		if err != nil || !cancelled {
			return err
		}
		return r.Animals.Transition(ctx, t.AnimalID, domain.AnimalIntake, domain.AnimalTransferred, s.now())
	})
}

// OnAnimalIntaken books the arrival exam and, when the partner sent a chip
// number, registers the chip under the shelter.
func (s *Service) OnAnimalIntaken(ctx context.Context, messageID string, e events.AnimalIntaken) error {
	exam := domain.IntakeExam{
		ID:           ids.Prefixed("exm"),
		AnimalID:     e.AnimalID,
		TransferID:   e.TransferID,
		ScheduledFor: e.ArrivesOn.AddDate(0, 0, s.leadDays).Truncate(24 * time.Hour),
		Notes:        fmt.Sprintf("Arrival exam for %s (%s) from partner %s", e.Name, e.Species, e.PartnerID),
		CreatedAt:    s.now(),
	}
	if err := s.exams.InsertExam(ctx, exam); err != nil {
		return fmt.Errorf("schedule exam: %w", err)
	}

	if e.ChipNumber == "" {
		return nil
	}
	if _, err := s.registry.Register(ctx, registry.RegisterRequest{
		ChipNumber:   e.ChipNumber,
		Species:      e.Species,
		AnimalName:   e.Name,
		Breed:        e.Breed,
		ContactEmail: s.contact,
	}, registry.WithIdempotencyKey(messageID)); err != nil {
		return fmt.Errorf("register chip: %w", err)
	}
	return s.chips.SetChip(ctx, e.AnimalID, e.ChipNumber, "registered", s.now())
}
