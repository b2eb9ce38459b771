package service

import (
	"context"
	"fmt"
	"strings"

	"github.com/kerfhall/makerspace/internal/domain"
	"github.com/kerfhall/makerspace/internal/events"
	"github.com/kerfhall/makerspace/internal/platform/dbx"
	"github.com/kerfhall/makerspace/internal/repository"
)

// MachineService ingests meter traffic and keeps machine state.
type MachineService struct {
	tx       dbx.TxManager
	machines repository.MachineRepository
	bookings repository.BookingRepository
	accounts repository.AccountRepository
	meters   repository.MeterRepository
	newID    IDFunc
	now      Clock
}

// NewMachineService wires a MachineService.
func NewMachineService(
	tx dbx.TxManager,
	machines repository.MachineRepository,
	bookings repository.BookingRepository,
	accounts repository.AccountRepository,
	meters repository.MeterRepository,
	newID IDFunc,
	now Clock,
) *MachineService {
	return &MachineService{tx: tx, machines: machines, bookings: bookings, accounts: accounts,
		meters: meters, newID: newID, now: now}
}

// MaintenanceRequest is a technician closing out a ticket on a machine.
type MaintenanceRequest struct {
	MachineID  string `uri:"id" json:"-"`
	Technician string `header:"X-Staff-Id" json:"-"`
	TicketRef  string `json:"ticket_ref"`
	Note       string `json:"note"`
	Status     string `json:"status"` // available, maintenance, retired
}

func (r *MaintenanceRequest) Validate() error {
	if r.Technician == "" {
		return domain.Invalid("X-Staff-Id", "header is required")
	}
	if r.TicketRef == "" {
		return domain.Invalid("ticket_ref", "required")
	}
	switch r.Status {
	case "available", "maintenance", "retired":
	default:
		return domain.Invalid("status", "unknown status %q", r.Status)
	}
	return nil
}

// LogMaintenance records the ticket (once per ticket) and sets the machine status.
func (s *MachineService) LogMaintenance(ctx context.Context, req MaintenanceRequest) (*domain.MaintenanceLog, error) {
	var out *domain.MaintenanceLog
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		now := s.now()
		entry := &domain.MaintenanceLog{
			ID:         s.newID(),
			MachineID:  req.MachineID,
			TicketRef:  req.TicketRef,
			Note:       strings.TrimSpace(req.Note),
			Technician: req.Technician,
			CreatedAt:  now,
		}
		inserted, err := s.machines.InsertMaintenanceLog(ctx, entry)
		if err != nil {
			return err
		}
		if !inserted {
			out, err = s.machines.GetMaintenanceLog(ctx, req.MachineID, req.TicketRef)
			return err
		}
		if err := s.machines.SetStatus(ctx, req.MachineID, req.Status, now); err != nil {
			return err
		}
		out = entry
		return nil
	})
	return out, err
}

// RecordReading stores one meter sample.
func (s *MachineService) RecordReading(ctx context.Context, r events.MeterReading) error {
	if r.MachineID == "" || r.MeterID == "" {
		return fmt.Errorf("reading without machine or meter id")
	}
	return s.meters.InsertReading(ctx, &domain.MeterReading{
		MachineID:  r.MachineID,
		MeterID:    r.MeterID,
		MeterSeq:   r.Seq,
		Metric:     r.Metric,
		Value:      r.Value,
		RecordedAt: r.RecordedAt,
	})
}

// CloseSession records a finished machine run, ties it to the booking that
// covered it and puts consumables on the member's tab.
func (s *MachineService) CloseSession(ctx context.Context, evt events.SessionClosed) error {
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		session := &domain.UsageSession{
			ID:              s.newID(),
			MachineID:       evt.MachineID,
			SessionNo:       evt.SessionNo,
			RuntimeSeconds:  evt.RuntimeSeconds,
			ConsumableCents: evt.ConsumableCents,
			StartedAt:       evt.StartedAt,
			EndedAt:         evt.EndedAt,
		}
		b, err := s.bookings.FindActiveAt(ctx, evt.MachineID, evt.StartedAt)
		if err != nil {
			return err
		}
		if b != nil {
			session.BookingID = &b.ID
			session.MemberID = &b.MemberID
		} else if evt.BadgeMemberID != "" {
			session.MemberID = &evt.BadgeMemberID
		}
		if err := s.meters.InsertSession(ctx, session); err != nil {
			return err
		}
		if session.MemberID == nil || evt.ConsumableCents <= 0 {
			return nil
		}
		if err := s.accounts.AddTab(ctx, *session.MemberID, evt.ConsumableCents); err != nil {
			return err
		}
		return s.accounts.AppendLedger(ctx, &domain.LedgerEntry{
			ID:          s.newID(),
			MemberID:    *session.MemberID,
			EntryKey:    domain.Key(fmt.Sprintf("session:%s:%d", evt.MachineID, evt.SessionNo)),
			Kind:        domain.LedgerConsumables,
			AmountCents: evt.ConsumableCents,
			Memo:        fmt.Sprintf("consumables, %d s run", evt.RuntimeSeconds),
			CreatedAt:   s.now(),
		})
	})
}

// Heartbeat updates the machine's last known state.
func (s *MachineService) Heartbeat(ctx context.Context, hb events.Heartbeat) error {
	var fw *string
	if hb.Firmware != "" {
		fw = &hb.Firmware
	}
	return s.machines.UpsertStatus(ctx, &domain.MachineStatus{
		MachineID:  hb.MachineID,
		State:      hb.State,
		TubeHours:  hb.TubeHours,
		Firmware:   fw,
		ObservedAt: hb.ObservedAt,
	})
}

// RecordConsumables bills filament used by a finished print job. The printer's
// job UUID names the ledger entry, and the tab only moves when the entry is new.
func (s *MachineService) RecordConsumables(ctx context.Context, evt events.ConsumablesUsed) error {
	if evt.MemberID == "" || evt.CostCents <= 0 || evt.JobUUID == "" {
		return nil
	}
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		first, err := s.accounts.AppendLedgerOnce(ctx, &domain.LedgerEntry{
			ID:          s.newID(),
			MemberID:    evt.MemberID,
			EntryKey:    domain.Key("consumables:" + evt.MachineID + ":" + evt.JobUUID),
			Kind:        domain.LedgerConsumables,
			AmountCents: evt.CostCents,
			Memo:        fmt.Sprintf("%.0f g filament", evt.Grams),
			CreatedAt:   s.now(),
		})
		if err != nil || !first {
			return err
		}
		return s.accounts.AddTab(ctx, evt.MemberID, evt.CostCents)
	})
}
