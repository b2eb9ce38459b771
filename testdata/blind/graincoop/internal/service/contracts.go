package service

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"github.com/prairiegold/graincoop/internal/domain"
	"github.com/prairiegold/graincoop/internal/events"
	"github.com/prairiegold/graincoop/internal/grading"
	"github.com/prairiegold/graincoop/internal/idgen"
	"github.com/prairiegold/graincoop/internal/kafkax"
	"github.com/prairiegold/graincoop/internal/store"
)

type ContractService struct {
	uow       UnitOfWork
	growers   GrowerReader
	contracts Contracts
	tickets   Tickets
	pub       Publisher
	log       *slog.Logger
	now       Clock
}

func NewContractService(uow UnitOfWork, g GrowerReader, c Contracts, t Tickets, pub Publisher, log *slog.Logger, now Clock) *ContractService {
	return &ContractService{uow: uow, growers: g, contracts: c, tickets: t, pub: pub, log: log, now: now}
}

type CreateContractInput struct {
	GrowerID      int64               `json:"grower_id" binding:"required"`
	Commodity     domain.Commodity    `json:"commodity" binding:"required"`
	ContractType  domain.ContractType `json:"contract_type" binding:"required,oneof=cash basis hta deferred_payment"`
	Season        int                 `json:"season" binding:"required"`
	QuantityBu    decimal.Decimal     `json:"quantity_bu" binding:"required"`
	PricePerBu    *decimal.Decimal    `json:"price_per_bu"`
	Basis         *decimal.Decimal    `json:"basis"`
	FuturesMonth  string              `json:"futures_month"`
	DeferredUntil *time.Time          `json:"deferred_until"`
	DeliveryStart time.Time           `json:"delivery_start" binding:"required"`
	DeliveryEnd   time.Time           `json:"delivery_end" binding:"required"`
}

func (in CreateContractInput) validate() error {
	if !in.Commodity.Valid() {
		return fmt.Errorf("%w: commodity %q", ErrInvalid, in.Commodity)
	}
	if !in.QuantityBu.IsPositive() {
		return fmt.Errorf("%w: quantity must be positive", ErrInvalid)
	}
	if in.DeliveryEnd.Before(in.DeliveryStart) {
		return fmt.Errorf("%w: delivery window", ErrInvalid)
	}
	switch in.ContractType {
	case domain.CashContract:
		if in.PricePerBu == nil {
			return fmt.Errorf("%w: cash contract needs a price", ErrInvalid)
		}
	case domain.BasisContract:
		if in.Basis == nil || in.FuturesMonth == "" {
			return fmt.Errorf("%w: basis contract needs basis and futures month", ErrInvalid)
		}
	case domain.HTAContract:
		if in.PricePerBu == nil || in.FuturesMonth == "" {
			return fmt.Errorf("%w: HTA needs futures price and month", ErrInvalid)
		}
	case domain.DeferredContract:
		if in.PricePerBu == nil || in.DeferredUntil == nil {
			return fmt.Errorf("%w: deferred payment contract needs price and payment date", ErrInvalid)
		}
	}
	return nil
}

// Create writes a contract signed at the scale office and announces it.
func (s *ContractService) Create(ctx context.Context, in CreateContractInput, by string) (*domain.Contract, error) {
	if err := in.validate(); err != nil {
		return nil, err
	}
	g, err := s.growers.Get(ctx, in.GrowerID)
	if err != nil {
		return nil, notFound(err)
	}
	if g.Status != domain.GrowerActive {
		return nil, fmt.Errorf("%w: grower %s is %s", ErrConflict, g.MemberNo, g.Status)
	}
	no, err := s.contracts.NextContractNo(ctx, in.Commodity, in.Season)
	if err != nil {
		return nil, err
	}
	now := s.now()
	c := &domain.Contract{
		ID:            idgen.New(),
		ContractNo:    no,
		GrowerID:      g.ID,
		Commodity:     in.Commodity,
		ContractType:  in.ContractType,
		Season:        in.Season,
		QuantityBu:    in.QuantityBu.Round(2),
		DeliveredBu:   decimal.Zero,
		PricePerBu:    in.PricePerBu,
		Basis:         in.Basis,
		FuturesMonth:  in.FuturesMonth,
		DeferredUntil: in.DeferredUntil,
		DeliveryStart: in.DeliveryStart,
		DeliveryEnd:   in.DeliveryEnd,
		Status:        domain.ContractOpen,
		SignedAt:      &now,
		CreatedBy:     by,
		CreatedAt:     now,
		UpdatedAt:     now,
	}
	if err := s.contracts.Create(ctx, c); err != nil {
		return nil, fmt.Errorf("create contract: %w", err)
	}
	evt := events.ContractSigned{ContractID: c.ID.String(), ContractNo: c.ContractNo, GrowerID: g.ID, SignedAt: now}
	if err := s.pub.Publish(ctx, kafkax.TopicContractSigned, c.ID.String(), idgen.Stable("contract-signed", c.ID), evt); err != nil {
		s.log.Error("publish contract signed", "contract", c.ContractNo, "err", err)
	}
	return c, nil
}

func (s *ContractService) Get(ctx context.Context, id uuid.UUID) (*domain.Contract, error) {
	c, err := s.contracts.Get(ctx, id)
	return c, notFound(err)
}

type AmendInput struct {
	Kind          string           `json:"kind" binding:"required,oneof=quantity price basis roll"`
	QuantityDelta decimal.Decimal  `json:"quantity_delta"`
	NewPrice      *decimal.Decimal `json:"new_price"`
	NewBasis      *decimal.Decimal `json:"new_basis"`
	Reason        string           `json:"reason" binding:"required"`
}

func hashOf(v any) string {
	b, _ := json.Marshal(v)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// Amend applies a contract amendment. key is the caller's Idempotency-Key;
// a repeated key returns the amendment created by the first request.
func (s *ContractService) Amend(ctx context.Context, contractID uuid.UUID, key string, in AmendInput, by string) (*domain.Amendment, bool, error) {
	scope := "contract-amend:" + contractID.String()
	reqHash := hashOf(in)
	var (
		out    *domain.Amendment
		replay bool
	)
	err := s.uow.InTx(ctx, func(r *store.Repos) error {
		claimed, err := r.Idempotency.Claim(ctx, scope, key, reqHash)
		if err != nil {
			return err
		}
		if !claimed {
			rec, err := r.Idempotency.Get(ctx, scope, key)
			if err != nil {
				return err
			}
			if rec.RequestHash != reqHash {
				return fmt.Errorf("%w: idempotency key reused with a different body", ErrConflict)
			}
			id, err := uuid.Parse(rec.ResourceID)
			if err != nil {
				return fmt.Errorf("%w: original request still in progress", ErrConflict)
			}
			out, err = r.Amendments.Get(ctx, id)
			replay = true
			return err
		}

		c, err := r.Contracts.GetForUpdate(ctx, contractID)
		if err != nil {
			return notFound(err)
		}
		if c.Status == domain.ContractCancelled {
			return fmt.Errorf("%w: contract %s is cancelled", ErrConflict, c.ContractNo)
		}
		if c.QuantityBu.Add(in.QuantityDelta).LessThan(c.DeliveredBu) {
			return fmt.Errorf("%w: quantity below delivered", ErrInvalid)
		}
		a := &domain.Amendment{
			ID:            idgen.New(),
			ContractID:    c.ID,
			Kind:          in.Kind,
			QuantityDelta: in.QuantityDelta,
			NewPrice:      in.NewPrice,
			NewBasis:      in.NewBasis,
			Reason:        in.Reason,
			RequestedBy:   by,
			CreatedAt:     s.now(),
		}
		if err := r.Amendments.Create(ctx, a); err != nil {
			return err
		}
		if err := r.Contracts.ApplyAmendment(ctx, a); err != nil {
			return err
		}
		out = a
		return r.Idempotency.Complete(ctx, scope, key, 201, nil, a.ID.String())
	})
	if err != nil {
		return nil, false, err
	}
	if !replay {
		c, _ := s.contracts.Get(ctx, contractID)
		evt := events.ContractAmended{ContractID: contractID.String(), AmendmentID: out.ID.String(), Kind: out.Kind, AmendedAt: out.CreatedAt}
		if c != nil {
			evt.GrowerID = c.GrowerID
		}
		if err := s.pub.Publish(ctx, kafkax.TopicContractAmended, contractID.String(), idgen.Stable("contract-amended", out.ID), evt); err != nil {
			s.log.Error("publish contract amended", "amendment", out.ID, "err", err)
		}
	}
	return out, replay, nil
}

type ApplyTicketInput struct {
	TicketID   int64     `json:"ticket_id" binding:"required"`
	ContractID uuid.UUID `json:"contract_id" binding:"required"`
}

// ApplyTicket is the merchandiser's manual assignment of a completed ticket
// to an open contract.
func (s *ContractService) ApplyTicket(ctx context.Context, in ApplyTicketInput, by string) (*domain.Application, error) {
	t, err := s.tickets.Get(ctx, in.TicketID)
	if err != nil {
		return nil, notFound(err)
	}
	switch t.Status {
	case domain.TicketApplied:
		return nil, fmt.Errorf("%w: ticket %s-%s already applied", ErrConflict, t.ElevatorID, t.TicketNo)
	case domain.TicketComplete, domain.TicketGraded:
	default:
		return nil, fmt.Errorf("%w: ticket is %s", ErrInvalid, t.Status)
	}
	c, err := s.contracts.Get(ctx, in.ContractID)
	if err != nil {
		return nil, notFound(err)
	}
	if err := checkApplicable(c, t); err != nil {
		return nil, err
	}
	bu := decimal.Min(t.NetBu, c.RemainingBu())

	if err := s.contracts.AddDelivered(ctx, c.ID, bu); err != nil {
		return nil, fmt.Errorf("apply ticket: %w", err)
	}
	app := newApplication(t, c, bu, by, s.now())
	err = s.uow.InTx(ctx, func(r *store.Repos) error {
		if err := r.Applications.Create(ctx, app); err != nil {
			return err
		}
		return r.Tickets.SetStatus(ctx, t.ID, domain.TicketApplied)
	})
	if err != nil {
		return nil, fmt.Errorf("record application: %w", err)
	}
	return app, nil
}

func checkApplicable(c *domain.Contract, t *domain.ScaleTicket) error {
	if c.GrowerID != t.GrowerID {
		return fmt.Errorf("%w: ticket and contract belong to different growers", ErrInvalid)
	}
	if c.Commodity != t.Commodity {
		return fmt.Errorf("%w: commodity mismatch", ErrInvalid)
	}
	if c.Status != domain.ContractOpen {
		return fmt.Errorf("%w: contract %s is %s", ErrConflict, c.ContractNo, c.Status)
	}
	if !c.RemainingBu().IsPositive() {
		return fmt.Errorf("%w: contract %s is full", ErrConflict, c.ContractNo)
	}
	return nil
}

func newApplication(t *domain.ScaleTicket, c *domain.Contract, bu decimal.Decimal, by string, at time.Time) *domain.Application {
	app := &domain.Application{
		TicketID:   t.ID,
		ContractID: c.ID,
		Bushels:    bu,
		PricePerBu: c.PricePerBu,
		AppliedBy:  by,
		AppliedAt:  at,
	}
	if c.PricePerBu != nil {
		app.Amount = grading.Extend(*c.PricePerBu, bu)
	}
	return app
}

// RecordDelivery applies a ticket to a contract from the merchandising
// desk's delivery feed.
func (s *ContractService) RecordDelivery(ctx context.Context, evt events.DeliveryRecorded) error {
	contractID, err := uuid.Parse(evt.ContractID)
	if err != nil {
		return fmt.Errorf("%w: contract id %q", ErrInvalid, evt.ContractID)
	}
	return s.uow.InTx(ctx, func(r *store.Repos) error {
		t, err := r.Tickets.Get(ctx, evt.TicketID)
		if err != nil {
			return notFound(err)
		}
		c, err := r.Contracts.GetForUpdate(ctx, contractID)
		if err != nil {
			return notFound(err)
		}
		if t.Status == domain.TicketApplied {
			return nil
		}
		if err := checkApplicable(c, t); err != nil {
			return err
		}
		bu := decimal.Min(t.NetBu, c.RemainingBu())
		created, err := r.Applications.Insert(ctx, newApplication(t, c, bu, evt.RecordedBy, evt.RecordedAt))
		if err != nil || !created {
			return err
		}
		if err := r.Contracts.AddDelivered(ctx, c.ID, bu); err != nil {
			return err
		}
		return r.Tickets.SetStatus(ctx, t.ID, domain.TicketApplied)
	})
}
