// Package drivers manages the drivers on a fleet's roster.
package drivers

import (
	"context"
	"regexp"
	"strings"

	"github.com/google/uuid"

	"github.com/ridgeline-fleet/fuelcards/internal/domain"
	"github.com/ridgeline-fleet/fuelcards/internal/platform/pg"
)

// Repo is the persistence the driver service needs.
type Repo interface {
	FleetByID(ctx context.Context, id uuid.UUID) (domain.Fleet, error)
	InsertDriver(ctx context.Context, d domain.Driver) error
	DriversByFleet(ctx context.Context, fleetID uuid.UUID) ([]domain.Driver, error)
}

// Register adds a driver to a fleet.
type Register struct {
	FleetID        uuid.UUID
	FullName       string  `json:"full_name"`
	PhoneE164      string  `json:"phone"`
	EmployeeNumber *string `json:"employee_number,omitempty"`
}

var e164 = regexp.MustCompile(`^\+[1-9][0-9]{7,14}$`)

// Validate implements pipeline.Validator.
func (r Register) Validate() error {
	if strings.TrimSpace(r.FullName) == "" {
		return domain.Invalid("full_name", "is required")
	}
	if !e164.MatchString(r.PhoneE164) {
		return domain.Invalid("phone", "must be E.164")
	}
	return nil
}

// Service implements driver roster operations.
type Service struct {
	uow pg.UnitOfWork[Repo]
}

// New builds a Service.
func New(uow pg.UnitOfWork[Repo]) *Service { return &Service{uow: uow} }

// Register creates the driver and returns it.
func (s *Service) Register(ctx context.Context, cmd Register) (domain.Driver, error) {
	q := s.uow.Q()
	if _, err := q.FleetByID(ctx, cmd.FleetID); err != nil {
		return domain.Driver{}, err
	}
	d := domain.Driver{
		ID:             uuid.New(),
		FleetID:        cmd.FleetID,
		FullName:       strings.TrimSpace(cmd.FullName),
		PhoneE164:      cmd.PhoneE164,
		EmployeeNumber: cmd.EmployeeNumber,
		Status:         "active",
	}
	if err := q.InsertDriver(ctx, d); err != nil {
		return domain.Driver{}, err
	}
	return d, nil
}

// List returns a fleet's drivers.
func (s *Service) List(ctx context.Context, fleetID uuid.UUID) ([]domain.Driver, error) {
	return s.uow.Q().DriversByFleet(ctx, fleetID)
}
