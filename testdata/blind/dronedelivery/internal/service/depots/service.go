// Package depots handles battery logistics at depots.
package depots

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/skyhop-logistics/dronedelivery/internal/domain"
	"github.com/skyhop-logistics/dronedelivery/internal/store"
)

// Service records battery swaps and charger state.
type Service struct {
	store        store.Store
	log          *slog.Logger
	minHealthPct int
	maxClockSkew time.Duration
	now          func() time.Time
}

// Option configures a Service.
type Option func(*Service)

// WithMinHealth refuses to install packs below the given health.
func WithMinHealth(pct int) Option { return func(s *Service) { s.minHealthPct = pct } }

// WithLogger sets the logger.
func WithLogger(l *slog.Logger) Option { return func(s *Service) { s.log = l } }

// New returns a depots Service.
func New(st store.Store, opts ...Option) *Service {
	s := &Service{store: st, log: slog.Default(), minHealthPct: 70, maxClockSkew: 10 * time.Minute, now: time.Now}
	for _, o := range opts {
		o(s)
	}
	return s
}

// RecordSwapCmd is sent by the depot tablet after a technician swaps a pack.
// SwapID is generated on the tablet when the swap is started.
type RecordSwapCmd struct {
	SwapID          uuid.UUID
	DepotID         string
	DroneID         string
	RemovedSerial   string
	InstalledSerial string
	Slot            int
	Technician      string
	SwappedAt       time.Time
}

// Subject implements command.Subjecter.
func (c RecordSwapCmd) Subject() string { return c.DepotID + "/" + c.DroneID }

// RecordSwap books the removed pack into the depot, the new pack onto the
// drone, and stores the swap record.
func (s *Service) RecordSwap(ctx context.Context, cmd RecordSwapCmd) (*domain.BatterySwap, error) {
	if cmd.SwapID == uuid.Nil || cmd.DepotID == "" || cmd.DroneID == "" {
		return nil, fmt.Errorf("%w: swap_id, depot_id and drone_id are required", domain.ErrInvalidArgument)
	}
	if cmd.SwappedAt.IsZero() || cmd.SwappedAt.After(s.now().Add(s.maxClockSkew)) {
		cmd.SwappedAt = s.now()
	}
	installed, err := s.store.Batteries().Get(ctx, cmd.InstalledSerial)
	if err != nil {
		return nil, fmt.Errorf("installed pack %s: %w", cmd.InstalledSerial, err)
	}
	if installed.HealthPct < s.minHealthPct {
		return nil, fmt.Errorf("%w: pack %s health %d%% below minimum", domain.ErrInvalidArgument, installed.Serial, installed.HealthPct)
	}

	if err := s.store.Batteries().RetireFromDrone(ctx, cmd.RemovedSerial, cmd.DepotID); err != nil {
		return nil, fmt.Errorf("book in removed pack: %w", err)
	}
	if err := s.store.Batteries().InstallOnDrone(ctx, cmd.InstalledSerial, cmd.DroneID); err != nil {
		return nil, fmt.Errorf("install pack: %w", err)
	}
	swap := &domain.BatterySwap{
		SwapID:          cmd.SwapID,
		DepotID:         cmd.DepotID,
		DroneID:         cmd.DroneID,
		RemovedSerial:   cmd.RemovedSerial,
		InstalledSerial: cmd.InstalledSerial,
		Slot:            cmd.Slot,
		Technician:      cmd.Technician,
		SwappedAt:       cmd.SwappedAt,
	}
	inserted, err := s.store.Batteries().InsertSwap(ctx, swap)
	if err != nil {
		return nil, fmt.Errorf("store swap: %w", err)
	}
	if !inserted {
		s.log.InfoContext(ctx, "swap already recorded", "swap", cmd.SwapID)
	}
	return swap, nil
}

// SlotReport is a charger's view of its slots.
type SlotReport struct {
	DepotID string
	Slots   []domain.SlotState
}

// Subject implements command.Subjecter.
func (r SlotReport) Subject() string { return r.DepotID }

// ReportSlots stores the latest slot state pushed by a depot charger.
func (s *Service) ReportSlots(ctx context.Context, rep SlotReport) (int, error) {
	for _, slot := range rep.Slots {
		slot.DepotID = rep.DepotID
		if err := s.store.Batteries().UpsertSlot(ctx, slot); err != nil {
			return 0, fmt.Errorf("slot %d: %w", slot.Slot, err)
		}
	}
	return len(rep.Slots), nil
}
