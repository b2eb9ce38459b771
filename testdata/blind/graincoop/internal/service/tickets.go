package service

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"github.com/prairiegold/graincoop/internal/domain"
	"github.com/prairiegold/graincoop/internal/grading"
	"github.com/prairiegold/graincoop/internal/store"
	"github.com/prairiegold/graincoop/internal/weighbridge"
)

// ReceiptSender delivers scale-ticket receipts to growers.
type ReceiptSender interface {
	SendTicketReceipt(ctx context.Context, t *domain.ScaleTicket) error
}

type TicketService struct {
	uow      UnitOfWork
	growers  GrowerReader
	tickets  Tickets
	receipts ReceiptSender
	scale    ScaleCommander
	log      *slog.Logger
	now      Clock
}

func NewTicketService(uow UnitOfWork, g GrowerReader, t Tickets, receipts ReceiptSender, scale ScaleCommander, log *slog.Logger, now Clock) *TicketService {
	return &TicketService{uow: uow, growers: g, tickets: t, receipts: receipts, scale: scale, log: log, now: now}
}

// Capture records an inbound weigh from the scale house.
func (s *TicketService) Capture(ctx context.Context, evt weighbridge.TicketCapturedEvent) (*domain.ScaleTicket, error) {
	g, err := s.growers.ByMemberNo(ctx, strings.ToUpper(evt.MemberNo))
	if err != nil {
		return nil, notFound(err)
	}
	t := &domain.ScaleTicket{
		ElevatorID:  evt.ElevatorID,
		TicketNo:    evt.TicketNo,
		GrowerID:    g.ID,
		Commodity:   domain.Commodity(evt.Commodity),
		TruckID:     evt.TruckID,
		GrossLb:     evt.GrossLb,
		MoisturePct: evt.MoisturePct,
		TestWeight:  evt.TestWeight,
		Status:      domain.TicketInbound,
		Source:      "weighbridge",
		WeighedInAt: evt.WeighedAt,
		CreatedAt:   s.now(),
		UpdatedAt:   s.now(),
	}
	if !t.Commodity.Valid() {
		return nil, fmt.Errorf("%w: commodity %q", ErrInvalid, evt.Commodity)
	}
	if err := s.uow.InTx(ctx, func(r *store.Repos) error {
		created, err := r.Tickets.Capture(ctx, t)
		if err != nil || created {
			return err
		}
		existing, err := r.Tickets.ByNumber(ctx, t.ElevatorID, t.TicketNo)
		if err != nil {
			return err
		}
		t = existing
		return nil
	}); err != nil {
		return nil, err
	}
	return t, nil
}

type ManualTicketInput struct {
	ElevatorID  string          `json:"elevator_id" binding:"required"`
	TicketNo    string          `json:"ticket_no" binding:"required"`
	MemberNo    string          `json:"member_no" binding:"required"`
	Commodity   string          `json:"commodity" binding:"required"`
	TruckID     string          `json:"truck_id"`
	GrossLb     int             `json:"gross_lb" binding:"required,gt=0"`
	TareLb      int             `json:"tare_lb" binding:"required,gt=0"`
	MoisturePct decimal.Decimal `json:"moisture_pct"`
	TestWeight  decimal.Decimal `json:"test_weight"`
	WeighedAt   time.Time       `json:"weighed_at" binding:"required"`
}

// CaptureManual records a hand-written ticket keyed in by the scale office
// when the weighbridge link is down. Both weights are known up front.
func (s *TicketService) CaptureManual(ctx context.Context, in ManualTicketInput) (*domain.ScaleTicket, bool, error) {
	g, err := s.growers.ByMemberNo(ctx, strings.ToUpper(in.MemberNo))
	if err != nil {
		return nil, false, notFound(err)
	}
	c := domain.Commodity(in.Commodity)
	if !c.Valid() {
		return nil, false, fmt.Errorf("%w: commodity %q", ErrInvalid, in.Commodity)
	}
	res, err := grading.Compute(c, grading.Weights{GrossLb: in.GrossLb, TareLb: in.TareLb, MoisturePct: in.MoisturePct, TestWeight: in.TestWeight})
	if err != nil {
		return nil, false, fmt.Errorf("%w: %v", ErrInvalid, err)
	}
	now := s.now()
	t := &domain.ScaleTicket{
		ElevatorID: in.ElevatorID, TicketNo: in.TicketNo, GrowerID: g.ID, Commodity: c, TruckID: in.TruckID,
		GrossLb: in.GrossLb, TareLb: in.TareLb, NetLb: res.NetLb,
		MoisturePct: in.MoisturePct, TestWeight: in.TestWeight,
		GrossBu: res.GrossBu, ShrinkBu: res.ShrinkBu, NetBu: res.NetBu, DryingCharge: res.DryingCharge,
		Status: domain.TicketComplete, Source: "manual",
		WeighedInAt: in.WeighedAt, WeighedOutAt: &in.WeighedAt,
		CreatedAt: now, UpdatedAt: now,
	}
	created, err := s.tickets.Capture(ctx, t)
	if err != nil {
		return nil, false, err
	}
	if !created {
		t, err = s.tickets.ByNumber(ctx, in.ElevatorID, in.TicketNo)
		if err != nil {
			return nil, false, err
		}
	}
	return t, created, nil
}

// Complete records the outbound (tare) weigh, computes bushels and sends
// the grower a receipt.
func (s *TicketService) Complete(ctx context.Context, evt weighbridge.TicketCompletedEvent) error {
	t, err := s.tickets.ByNumber(ctx, evt.ElevatorID, evt.TicketNo)
	if err != nil {
		return notFound(err)
	}
	if t.Status == domain.TicketVoided {
		return nil
	}
	res, err := grading.Compute(t.Commodity, grading.Weights{
		GrossLb: t.GrossLb, TareLb: evt.TareLb, MoisturePct: t.MoisturePct, TestWeight: t.TestWeight,
	})
	if err != nil {
		return fmt.Errorf("%w: ticket %s-%s: %v", ErrInvalid, t.ElevatorID, t.TicketNo, err)
	}
	if err := s.tickets.Complete(ctx, t.ID, evt.TareLb, res, evt.WeighedAt); err != nil {
		return err
	}
	t, err = s.tickets.Get(ctx, t.ID)
	if err != nil {
		return err
	}
	return s.receipts.SendTicketReceipt(ctx, t)
}

// Void cancels a ticket and, if it was applied to a contract, takes its
// bushels back off the contract.
func (s *TicketService) Void(ctx context.Context, evt weighbridge.TicketVoidedEvent) error {
	return s.uow.InTx(ctx, func(r *store.Repos) error {
		t, err := r.Tickets.ByNumber(ctx, evt.ElevatorID, evt.TicketNo)
		if err != nil {
			return notFound(err)
		}
		changed, err := r.Tickets.Void(ctx, t.ID, evt.Reason, evt.VoidedAt)
		if err != nil || !changed {
			return err
		}
		if t.Status != domain.TicketApplied {
			return nil
		}
		app, err := r.Applications.ByTicket(ctx, t.ID)
		if err != nil {
			return notFound(err)
		}
		if err := r.Applications.MarkReversed(ctx, app.ID, evt.VoidedAt); err != nil {
			return err
		}
		return r.Contracts.SubtractDelivered(ctx, app.ContractID, app.Bushels)
	})
}

type ReweighInput struct {
	Reason string `json:"reason" binding:"required"`
}

// RequestReweigh flags a ticket and asks the scale house to reweigh.
func (s *TicketService) RequestReweigh(ctx context.Context, elevatorID, ticketNo string, in ReweighInput, by string) (string, error) {
	t, err := s.tickets.ByNumber(ctx, elevatorID, ticketNo)
	if err != nil {
		return "", notFound(err)
	}
	if t.Status == domain.TicketApplied || t.Status == domain.TicketVoided {
		return "", fmt.Errorf("%w: ticket is %s", ErrConflict, t.Status)
	}
	if err := s.tickets.SetStatus(ctx, t.ID, domain.TicketReweigh); err != nil {
		return "", err
	}
	return s.scale.RequestReweigh(ctx, weighbridge.ReweighCommand{
		ElevatorID:  elevatorID,
		TicketNo:    ticketNo,
		Reason:      in.Reason,
		RequestedBy: by,
		RequestedAt: s.now(),
	})
}
