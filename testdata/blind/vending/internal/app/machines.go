package app

import (
	"context"
	"fmt"
	"log/slog"
	"strings"

	"github.com/vendgrid/fleetops/internal/domain"
	"github.com/vendgrid/fleetops/internal/platform/ids"
)

// MachineService registers machines when they are commissioned on site.
type MachineService struct {
	machines MachineRepository
	log      *slog.Logger
}

func NewMachineService(machines MachineRepository, log *slog.Logger) *MachineService {
	return &MachineService{machines: machines, log: log.With("svc", "machines")}
}

// Register creates the machine, or returns the existing record if the
// serial number is already known (a machine moved to a new site keeps its id).
func (s *MachineService) Register(ctx context.Context, cmd domain.RegisterMachine) (domain.Machine, error) {
	if err := cmd.Validate(); err != nil {
		return domain.Machine{}, err
	}
	m, err := s.machines.Upsert(ctx, domain.Machine{
		ID:           ids.New(),
		SerialNumber: strings.ToUpper(strings.TrimSpace(cmd.SerialNumber)),
		SiteID:       cmd.SiteID,
		Model:        cmd.Model,
		Status:       domain.MachineActive,
	})
	if err != nil {
		return domain.Machine{}, err
	}
	s.log.InfoContext(ctx, "machine registered", "machine_id", m.ID, "serial", m.SerialNumber)
	return m, nil
}

func (s *MachineService) Get(ctx context.Context, id string) (domain.Machine, error) {
	return s.machines.Get(ctx, id)
}

// FaultService backs the ops console's fault queue.
type FaultService struct {
	faults   FaultRepository
	machines MachineRepository
	pager    Pager
	clock    Clock
	log      *slog.Logger
}

func NewFaultService(faults FaultRepository, machines MachineRepository, pager Pager, clock Clock, log *slog.Logger) *FaultService {
	return &FaultService{faults: faults, machines: machines, pager: pager, clock: clock, log: log.With("svc", "faults")}
}

// Dispatch texts the job to a technician and marks the fault dispatched.
func (s *FaultService) Dispatch(ctx context.Context, cmd domain.DispatchTechnician) (domain.Fault, error) {
	if err := cmd.Validate(); err != nil {
		return domain.Fault{}, err
	}
	f, err := s.faults.Get(ctx, cmd.FaultID)
	if err != nil {
		return domain.Fault{}, err
	}
	switch {
	case f.Status == domain.FaultResolved:
		return f, fmt.Errorf("fault %s already resolved: %w", f.ID, domain.ErrInvalidTransition)
	case f.DispatchedAt != nil:
		return f, nil
	}

	m, err := s.machines.Get(ctx, f.MachineID)
	if err != nil {
		return domain.Fault{}, fmt.Errorf("load machine: %w", err)
	}
	body := fmt.Sprintf("VendGrid job: machine %s (%s) fault %s [%s]. %s",
		m.SerialNumber, m.Model, f.Code, f.Severity, cmd.Note)
	msgID, err := s.pager.SendSMS(ctx, cmd.TechnicianPhone, body)
	if err != nil {
		return domain.Fault{}, fmt.Errorf("page technician: %w", err)
	}
	s.log.InfoContext(ctx, "technician paged", "fault_id", f.ID, "sms_id", msgID)

	now := s.clock.Now()
	if err := s.faults.MarkDispatched(ctx, f.ID, cmd.TechnicianPhone, now); err != nil {
		return domain.Fault{}, fmt.Errorf("mark dispatched: %w", err)
	}
	f.Status = domain.FaultDispatched
	f.TechnicianPhone = cmd.TechnicianPhone
	f.DispatchedAt = &now
	return f, nil
}

// Resolve closes a fault. Resolving an already resolved fault is a no-op.
func (s *FaultService) Resolve(ctx context.Context, id string) (domain.Fault, error) {
	now := s.clock.Now()
	changed, err := s.faults.Resolve(ctx, id, now)
	if err != nil {
		return domain.Fault{}, err
	}
	f, err := s.faults.Get(ctx, id)
	if err != nil {
		return domain.Fault{}, err
	}
	if changed {
		s.log.InfoContext(ctx, "fault resolved", "fault_id", id)
	}
	return f, nil
}

func (s *FaultService) Get(ctx context.Context, id string) (domain.Fault, error) {
	return s.faults.Get(ctx, id)
}
