package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"github.com/shedshare/toolsd/internal/domain"
	"github.com/shedshare/toolsd/internal/platform/clock"
	"github.com/shedshare/toolsd/internal/platform/ids"
	"github.com/shedshare/toolsd/internal/provider/repairnet"
	"github.com/shedshare/toolsd/internal/store"
	"github.com/shedshare/toolsd/internal/tasks/payloads"
)

// BranchAddress returns the loading-dock address couriers collect from.
type BranchAddress func(branchID string) repairnet.Address

type repairService struct {
	store    store.Store
	partners RepairNetwork
	queue    TaskQueue
	address  BranchAddress
	now      clock.Clock
	newID    ids.Generator
	log      *slog.Logger
	// choosePartner picks a partner for a tool category; replaced in
	// regions with exclusive contracts.
	choosePartner func(category string, partners []domain.RepairPartner) (*domain.RepairPartner, bool)
}

func NewRepairService(st store.Store, partners RepairNetwork, q TaskQueue, address BranchAddress, now clock.Clock, newID ids.Generator, log *slog.Logger) RepairService {
	return &repairService{
		store: st, partners: partners, queue: q, address: address, now: now, newID: newID,
		log:           log.With("svc", "repairs"),
		choosePartner: firstByCategory,
	}
}

func firstByCategory(category string, partners []domain.RepairPartner) (*domain.RepairPartner, bool) {
	var fallback *domain.RepairPartner
	for i := range partners {
		p := &partners[i]
		for _, c := range strings.Split(p.Categories, ",") {
			switch strings.TrimSpace(c) {
			case category:
				return p, true
			case "*":
				if fallback == nil {
					fallback = p
				}
			}
		}
	}
	return fallback, fallback != nil
}

var severities = map[string]bool{"cosmetic": true, "functional": true, "unsafe": true}

// FileDamageReport records a member's damage report for a loan and queues
// the repair dispatch.
func (s *repairService) FileDamageReport(ctx context.Context, in DamageReportInput) (*domain.DamageReport, error) {
	if !severities[in.Severity] {
		return nil, domain.Invalid("severity", "one of cosmetic, functional, unsafe")
	}
	if len(strings.TrimSpace(in.Description)) < 10 {
		return nil, domain.Invalid("description", "tell us what happened")
	}
	loan, err := s.store.Loans().Get(ctx, in.LoanID)
	if err != nil {
		return nil, err
	}
	if loan.MemberID != in.MemberID {
		return nil, domain.ErrForbidden
	}
	now := s.now()
	report := &domain.DamageReport{
		ID:          in.ReportID,
		LoanID:      loan.ID,
		MemberID:    loan.MemberID,
		ToolID:      loan.ToolID,
		ReportedBy:  in.ReportedBy,
		Severity:    in.Severity,
		Description: strings.TrimSpace(in.Description),
		CreatedAt:   now,
	}
	err = s.store.InTx(ctx, func(tx store.Store) error {
		if err := tx.Repairs().InsertDamageReport(ctx, report); err != nil {
			return err
		}
		return tx.Loans().AppendEvent(ctx, domain.LoanEvent{
			LoanID: loan.ID, Kind: "damage_reported", Detail: report.ID + " " + report.Severity, OccurredAt: now,
		})
	})
	if err != nil {
		return nil, err
	}
	if err := s.queue.EnqueueOnce(ctx, payloads.TypeRepairDispatch, "repair-dispatch:"+report.ID,
		payloads.RepairDispatch{DamageReportID: report.ID}); err != nil {
		return nil, err
	}
	return report, nil
}

// Dispatch books a courier pickup with a repair partner for a damage
// report and records the repair order.
func (s *repairService) Dispatch(ctx context.Context, reportID string) (*domain.RepairOrder, error) {
	if o, err := s.store.Repairs().GetOrderByReport(ctx, reportID); err == nil {
		return o, nil
	} else if !errors.Is(err, domain.ErrNotFound) {
		return nil, err
	}
	report, err := s.store.Repairs().GetDamageReport(ctx, reportID)
	if err != nil {
		return nil, err
	}
	tool, err := s.store.Tools().Get(ctx, report.ToolID)
	if err != nil {
		return nil, err
	}
	active, err := s.store.Repairs().ActivePartners(ctx)
	if err != nil {
		return nil, err
	}
	partner, ok := s.choosePartner(tool.Category, active)
	if !ok {
		return nil, fmt.Errorf("no repair partner for category %q: %w", tool.Category, domain.ErrNotFound)
	}

	now := s.now()
	pickup, err := s.partners.CreatePickup(ctx, repairnet.Partner{ID: partner.ID, BaseURL: partner.BaseURL}, repairnet.PickupRequest{
		Reference:   report.ID,
		AssetTag:    tool.AssetTag,
		Description: report.Description,
		Category:    tool.Category,
		Severity:    report.Severity,
		PickupFrom:  s.address(tool.BranchID),
		ReadyAt:     now,
	})
	if err != nil {
		return nil, fmt.Errorf("book pickup with %s: %w", partner.ID, err)
	}

	order := &domain.RepairOrder{
		ID:              s.newID(),
		DamageReportID:  report.ID,
		ToolID:          tool.ID,
		PartnerID:       partner.ID,
		PartnerPickupID: pickup.ID,
		Status:          "pickup_booked",
		CreatedAt:       now,
		UpdatedAt:       now,
	}
	err = s.store.InTx(ctx, func(tx store.Store) error {
		if err := tx.Repairs().InsertOrder(ctx, order); err != nil {
			return err
		}
		_, err := tx.Tools().SetState(ctx, tool.ID, []domain.ToolState{domain.ToolAvailable, domain.ToolReturned, domain.ToolInRepair}, domain.ToolInRepair, now)
		return err
	})
	if err != nil {
		return nil, err
	}
	return order, nil
}

func (s *repairService) Partner(ctx context.Context, id string) (*domain.RepairPartner, error) {
	return s.store.Repairs().GetPartner(ctx, id)
}

// toolStateAfterRepair maps terminal partner statuses to the tool state.
var toolStateAfterRepair = map[string]domain.ToolState{
	repairnet.StatusReturned:     domain.ToolAvailable,
	repairnet.StatusBeyondRepair: domain.ToolRetired,
}

// ApplyPartnerUpdate records a partner status update on the repair order.
func (s *repairService) ApplyPartnerUpdate(ctx context.Context, partnerID string, u repairnet.StatusUpdate) error {
	if u.EventID == "" || u.PickupID == "" {
		return domain.Invalid("event_id", "event_id and pickup_id are required")
	}
	order, err := s.store.Repairs().GetOrderByPickup(ctx, partnerID, u.PickupID)
	if err != nil {
		return err
	}
	now := s.now()
	upd := &domain.RepairUpdate{
		ID:             s.newID(),
		PartnerID:      partnerID,
		PartnerEventID: u.EventID,
		RepairOrderID:  order.ID,
		Status:         u.Status,
		Note:           truncate(u.Note, 1000),
		ReceivedAt:     now,
	}
	if u.QuoteCents != nil {
		upd.QuotedCents.Int64, upd.QuotedCents.Valid = *u.QuoteCents, true
	}
	return s.store.InTx(ctx, func(tx store.Store) error {
		if err := tx.Repairs().InsertUpdate(ctx, upd); err != nil {
			return fmt.Errorf("record repair update %s/%s: %w", partnerID, u.EventID, err)
		}
		if err := tx.Repairs().SetOrderStatus(ctx, order.ID, u.Status, u.QuoteCents, now); err != nil {
			return err
		}
		if next, ok := toolStateAfterRepair[u.Status]; ok {
			if _, err := tx.Tools().SetState(ctx, order.ToolID, []domain.ToolState{domain.ToolInRepair}, next, now); err != nil {
				return err
			}
		}
		return nil
	})
}
