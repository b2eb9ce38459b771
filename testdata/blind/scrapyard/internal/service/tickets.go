package service

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/ironbridge-metals/yardops/internal/domain"
	"github.com/ironbridge-metals/yardops/internal/ids"
	"github.com/ironbridge-metals/yardops/internal/store"
)

// TicketService runs the scale house: inbound weigh-in, tare-out, voids and
// law-enforcement holds.
type TicketService struct {
	store  store.Store
	logger *slog.Logger

	now   func() time.Time
	newID func() string

	// holdDays is the statutory hold period applied when an agency does not
	// give an end date.
	holdDays int
}

type TicketOption func(*TicketService)

func WithTicketClock(now func() time.Time) TicketOption {
	return func(s *TicketService) { s.now = now }
}

func WithHoldDays(d int) TicketOption {
	return func(s *TicketService) { s.holdDays = d }
}

func NewTicketService(st store.Store, logger *slog.Logger, opts ...TicketOption) *TicketService {
	s := &TicketService{
		store:    st,
		logger:   logger,
		now:      time.Now,
		newID:    ids.NewULID,
		holdDays: 15,
	}
	for _, o := range opts {
		o(s)
	}
	return s
}

type CreateTicketInput struct {
	YardID       string
	SellerID     uuid.UUID
	ScaleID      string
	MaterialCode string
	VehiclePlate string
	GrossLb      int32
}

// CreateTicket opens a weigh ticket with the inbound (gross) weight read off
// the scale.
func (s *TicketService) CreateTicket(ctx context.Context, in CreateTicketInput) (store.WeighTicket, error) {
	if in.GrossLb <= 0 {
		return store.WeighTicket{}, domain.Invalid("gross weight must be positive")
	}
	seller, err := s.store.GetSeller(ctx, in.SellerID)
	if store.IsNotFound(err) {
		return store.WeighTicket{}, domain.NotFound("seller %s", in.SellerID)
	}
	if err != nil {
		return store.WeighTicket{}, fmt.Errorf("load seller: %w", err)
	}
	if !seller.VerifiedAt.Valid {
		return store.WeighTicket{}, domain.Blocked("seller %s has not passed ID verification", seller.ID)
	}
	if seller.IDDocExpiresOn.Before(s.now()) {
		return store.WeighTicket{}, domain.Blocked("seller ID document expired on %s", seller.IDDocExpiresOn.Format("2006-01-02"))
	}

	t, err := s.store.CreateWeighTicket(ctx, store.CreateWeighTicketParams{
		ID:           s.newID(),
		YardID:       in.YardID,
		SellerID:     in.SellerID,
		ScaleID:      in.ScaleID,
		MaterialCode: in.MaterialCode,
		VehiclePlate: in.VehiclePlate,
		GrossLb:      in.GrossLb,
	})
	if err != nil {
		return store.WeighTicket{}, fmt.Errorf("create ticket: %w", err)
	}
	return t, nil
}

// RecordTare completes the ticket with the outbound (tare) weight, prices it
// and credits the seller.
func (s *TicketService) RecordTare(ctx context.Context, ticketID string, tareLb int32) (store.WeighTicket, error) {
	t, err := s.store.GetWeighTicket(ctx, ticketID)
	if store.IsNotFound(err) {
		return store.WeighTicket{}, domain.NotFound("ticket %s", ticketID)
	}
	if err != nil {
		return store.WeighTicket{}, fmt.Errorf("load ticket: %w", err)
	}
	if t.Status != "open" {
		// Already weighed out; hand back what we have.
		return t, nil
	}
	if tareLb < 0 || tareLb >= t.GrossLb {
		return store.WeighTicket{}, domain.Invalid("tare %d must be below gross %d", tareLb, t.GrossLb)
	}

	now := s.now()
	price, err := s.store.GetCurrentPrice(ctx, t.YardID, t.MaterialCode, now)
	if store.IsNotFound(err) {
		return store.WeighTicket{}, domain.Invalid("no posted price for %s at yard %s", t.MaterialCode, t.YardID)
	}
	if err != nil {
		return store.WeighTicket{}, fmt.Errorf("load price: %w", err)
	}
	net := t.GrossLb - tareLb
	amount := domain.TicketAmountCents(net, price)

	weighed, err := s.store.MarkTicketWeighed(ctx, store.MarkTicketWeighedParams{
		ID:              t.ID,
		TareLb:          tareLb,
		NetLb:           net,
		PricePerLbMills: price,
		AmountCents:     amount,
		WeighedAt:       now,
	})
	if store.IsNotFound(err) {
		// Lost a race with another tare request for the same ticket.
		return s.store.GetWeighTicket(ctx, t.ID)
	}
	if err != nil {
		return store.WeighTicket{}, fmt.Errorf("mark weighed: %w", err)
	}

	if err := s.store.AdjustInventory(ctx, t.YardID, t.MaterialCode, int64(net)); err != nil {
		return store.WeighTicket{}, fmt.Errorf("inventory: %w", err)
	}
	if err := s.store.InsertLedgerEntry(ctx, store.InsertLedgerEntryParams{
		ID:          uuid.New(),
		SellerID:    t.SellerID,
		TicketID:    sql.NullString{String: t.ID, Valid: true},
		EntryType:   "ticket_credit",
		AmountCents: amount,
		SourceKey:   sql.NullString{String: "ticket:" + t.ID, Valid: true},
	}); err != nil {
		return store.WeighTicket{}, fmt.Errorf("credit seller: %w", err)
	}
	ev, err := outboxEvent(s.newID(), TopicCompliance, TypeTicketWeighed, TicketWeighed{TicketID: t.ID})
	if err != nil {
		return store.WeighTicket{}, err
	}
	if err := s.store.InsertOutboxEvent(ctx, ev); err != nil {
		return store.WeighTicket{}, fmt.Errorf("queue ticket.weighed: %w", err)
	}
	return weighed, nil
}

// VoidTicket cancels a ticket that has not been paid, reversing the seller
// credit and the inventory it added.
func (s *TicketService) VoidTicket(ctx context.Context, ticketID, reason string) (store.WeighTicket, error) {
	if reason == "" {
		return store.WeighTicket{}, domain.Invalid("void reason is required")
	}
	var out store.WeighTicket
	err := s.store.ExecTx(ctx, func(q store.Querier) error {
		t, err := q.VoidWeighTicket(ctx, ticketID, reason)
		if store.IsNotFound(err) {
			cur, gerr := q.GetWeighTicket(ctx, ticketID)
			if store.IsNotFound(gerr) {
				return domain.NotFound("ticket %s", ticketID)
			}
			if gerr != nil {
				return gerr
			}
			if cur.Status == "void" {
				out = cur
				return nil
			}
			return domain.Conflict("ticket %s is %s", ticketID, cur.Status)
		}
		if err != nil {
			return fmt.Errorf("void ticket: %w", err)
		}
		out = t

		if t.AmountCents.Valid {
			if _, err := q.InsertLedgerEntryOnce(ctx, store.InsertLedgerEntryParams{
				ID:          uuid.New(),
				SellerID:    t.SellerID,
				TicketID:    sql.NullString{String: t.ID, Valid: true},
				EntryType:   "ticket_reversal",
				AmountCents: -t.AmountCents.Int64,
				SourceKey:   sql.NullString{String: "void:" + t.ID, Valid: true},
			}); err != nil {
				return fmt.Errorf("reverse credit: %w", err)
			}
			if err := q.AdjustInventory(ctx, t.YardID, t.MaterialCode, -int64(t.NetLb.Int32)); err != nil {
				return fmt.Errorf("inventory: %w", err)
			}
		}
		ev, err := outboxEvent(s.newID(), TopicCompliance, TypeTicketVoided, TicketVoided{TicketID: t.ID, Reason: reason})
		if err != nil {
			return err
		}
		return q.InsertOutboxEvent(ctx, ev)
	})
	return out, err
}

type PlaceHoldInput struct {
	TicketID     string
	Agency       string
	CaseNumber   string
	OfficerBadge string
	HoldUntil    *time.Time
}

// PlaceHold records a law-enforcement hold on the material from a ticket.
func (s *TicketService) PlaceHold(ctx context.Context, in PlaceHoldInput) (store.MaterialHold, error) {
	if in.Agency == "" || in.CaseNumber == "" {
		return store.MaterialHold{}, domain.Invalid("agency and case number are required")
	}
	if _, err := s.store.GetWeighTicket(ctx, in.TicketID); err != nil {
		if store.IsNotFound(err) {
			return store.MaterialHold{}, domain.NotFound("ticket %s", in.TicketID)
		}
		return store.MaterialHold{}, fmt.Errorf("load ticket: %w", err)
	}
	until := s.now().AddDate(0, 0, s.holdDays)
	if in.HoldUntil != nil {
		until = *in.HoldUntil
	}
	hold, err := s.store.CreateMaterialHold(ctx, store.CreateMaterialHoldParams{
		ID:           uuid.New(),
		TicketID:     in.TicketID,
		Agency:       in.Agency,
		CaseNumber:   in.CaseNumber,
		OfficerBadge: in.OfficerBadge,
		HoldUntil:    until,
	})
	if err != nil {
		return store.MaterialHold{}, fmt.Errorf("create hold: %w", err)
	}
	s.logger.InfoContext(ctx, "material hold placed", "ticket", in.TicketID, "agency", in.Agency, "case", in.CaseNumber)
	return hold, nil
}

// ReleaseExpiredHolds lifts holds whose period has ended. Run from cron.
func (s *TicketService) ReleaseExpiredHolds(ctx context.Context) error {
	n, err := s.store.ReleaseExpiredHolds(ctx, s.now())
	if err != nil {
		return fmt.Errorf("release holds: %w", err)
	}
	if n > 0 {
		s.logger.InfoContext(ctx, "released expired holds", "count", n)
	}
	return nil
}
