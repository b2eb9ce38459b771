// Package boatyard manages haul-out, launch and repair work orders, the
// travel-lift booking with the yard scheduler, and invoicing on completion.
package boatyard

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"github.com/google/uuid"
	"go.uber.org/zap"

	"github.com/harbourline/marina/internal/domain"
	"github.com/harbourline/marina/internal/events"
	"github.com/harbourline/marina/internal/providers/yard"
	"github.com/harbourline/marina/internal/storage"
)

const (
	scopeCreate  = "workorder.create"
	scopeAddLine = "workorder.line"
)

// LiftScheduler books travel-lift slots.
type LiftScheduler interface {
	BookLift(ctx context.Context, req yard.LiftRequest) (*yard.LiftBooking, error)
}

type Service struct {
	store storage.Store
	lifts LiftScheduler
	log   *zap.Logger
}

func NewService(store storage.Store, lifts LiftScheduler, log *zap.Logger) *Service {
	return &Service{store: store, lifts: lifts, log: log.Named("boatyard")}
}

var liftKinds = map[string]string{
	"haul_out":      "haul_out",
	"launch":        "launch",
	"lift_and_hold": "lift_and_hold",
}

type CreateInput struct {
	IdempotencyKey string
	RequestHash    string
	VesselID       string
	Kind           string
	LiftOn         *time.Time
	Notes          string
}

type CreateResult struct {
	WorkOrder *domain.WorkOrder
	Replayed  bool
}

// Create opens a work order. Lift work is booked with the yard scheduler so
// the order carries the scheduler's booking reference.
func (s *Service) Create(ctx context.Context, in CreateInput) (*CreateResult, error) {
	if in.IdempotencyKey == "" {
		return nil, domain.Invalid("Idempotency-Key header is required")
	}
	vessel, err := s.store.Repos().Boaters.Vessel(ctx, in.VesselID)
	if err != nil {
		return nil, err
	}

	wo := &domain.WorkOrder{
		ID:       uuid.NewString(),
		VesselID: vessel.ID,
		BoaterID: vessel.BoaterID,
		Kind:     in.Kind,
		Status:   "scheduled",
		LiftOn:   in.LiftOn,
		Notes:    in.Notes,
	}
	if op, ok := liftKinds[in.Kind]; ok {
		if in.LiftOn == nil {
			return nil, domain.Invalid("lift_on is required for lift work")
		}
		booking, err := s.lifts.BookLift(ctx, yard.LiftRequest{
			VesselName:   vessel.Name,
			Registration: vessel.Registration,
			LOAMetres:    vessel.LOAMetres,
			Operation:    op,
			Date:         in.LiftOn.Format(time.DateOnly),
			Notes:        in.Notes,
		})
		if err != nil {
			return nil, fmt.Errorf("book travel lift: %w", err)
		}
		wo.YardBookingRef = booking.Reference
	}

	out := &CreateResult{WorkOrder: wo}
	err = s.store.Do(ctx, func(ctx context.Context, tx *storage.Tx) error {
		claimed, rec, err := tx.Idempotency.Claim(ctx, scopeCreate, in.IdempotencyKey, in.RequestHash)
		if err != nil {
			return err
		}
		if !claimed {
			if rec.RequestHash != in.RequestHash {
				return domain.ErrKeyReused
			}
			existing, err := tx.WorkOrders.Get(ctx, string(rec.Body))
			if err != nil {
				return err
			}
			out.WorkOrder, out.Replayed = existing, true
			return nil
		}
		if err := tx.WorkOrders.Insert(ctx, wo); err != nil {
			return err
		}
		return tx.Idempotency.Complete(ctx, scopeCreate, in.IdempotencyKey, 201, []byte(wo.ID))
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

func (s *Service) Get(ctx context.Context, id string) (*domain.WorkOrder, []domain.WorkOrderLine, error) {
	repos := s.store.Repos()
	wo, err := repos.WorkOrders.Get(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	lines, err := repos.WorkOrders.Lines(ctx, id)
	return wo, lines, err
}

type AddLineInput struct {
	WorkOrderID    string
	IdempotencyKey string
	RequestHash    string
	Description    string
	Quantity       float64
	UnitCents      int64
	CreatedBy      string
}

// AddLine adds a labour or materials line to an open work order.
func (s *Service) AddLine(ctx context.Context, in AddLineInput) (*domain.WorkOrderLine, bool, error) {
	if in.Quantity <= 0 || in.Description == "" {
		return nil, false, domain.Invalid("description and a positive quantity are required")
	}
	repos := s.store.Repos()
	if in.IdempotencyKey != "" {
		rec, err := repos.Idempotency.Get(ctx, scopeAddLine, in.IdempotencyKey)
		if err != nil {
			return nil, false, err
		}
		if rec.Done() {
			if rec.RequestHash != in.RequestHash {
				return nil, false, domain.ErrKeyReused
			}
			var line domain.WorkOrderLine
			if err := json.Unmarshal(rec.Body, &line); err != nil {
				return nil, false, err
			}
			return &line, true, nil
		}
	}

	line := &domain.WorkOrderLine{
		WorkOrderID: in.WorkOrderID,
		Description: in.Description,
		Quantity:    in.Quantity,
		UnitCents:   in.UnitCents,
		CreatedBy:   in.CreatedBy,
	}
	err := s.store.Do(ctx, func(ctx context.Context, tx *storage.Tx) error {
		wo, err := tx.WorkOrders.Get(ctx, in.WorkOrderID)
		if err != nil {
			return err
		}
		if wo.Status == "invoiced" || wo.Status == "cancelled" {
			return fmt.Errorf("work order is %s: %w", wo.Status, domain.ErrInvalidState)
		}
		return tx.WorkOrders.AddLine(ctx, line)
	})
	if err != nil {
		return nil, false, err
	}

	if in.IdempotencyKey != "" {
		body, _ := json.Marshal(line)
		if err := repos.Idempotency.Save(ctx, storage.IdemRecord{
			Scope:       scopeAddLine,
			Key:         in.IdempotencyKey,
			RequestHash: in.RequestHash,
			StatusCode:  201,
			Body:        body,
		}); err != nil {
			s.log.Warn("store idempotency record", zap.String("key", in.IdempotencyKey), zap.Error(err))
		}
	}
	return line, false, nil
}

// Invoice is the result of completing a work order.
type Invoice struct {
	WorkOrderID string `json:"work_order_id"`
	BoaterID    string `json:"boater_id"`
	Lines       int    `json:"lines"`
	TotalCents  int64  `json:"total_cents"`
}

// Complete closes a work order: its lines are posted to the boater's account
// and the order is marked invoiced, which triggers card collection.
func (s *Service) Complete(ctx context.Context, id string) (*Invoice, error) {
	wo, lines, err := s.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	inv := &Invoice{WorkOrderID: wo.ID, BoaterID: wo.BoaterID, Lines: len(lines)}
	for _, l := range lines {
		inv.TotalCents += l.Total()
	}
	if wo.Status == "invoiced" {
		return inv, nil
	}
	if len(lines) == 0 {
		return nil, fmt.Errorf("work order has no lines: %w", domain.ErrInvalidState)
	}

	if err := s.store.Do(ctx, func(ctx context.Context, tx *storage.Tx) error {
		for _, l := range lines {
			if err := tx.Ledger.Post(ctx, &domain.LedgerEntry{
				BoaterID:    wo.BoaterID,
				SourceType:  "work_order_line",
				SourceID:    strconv.FormatInt(l.ID, 10),
				Description: fmt.Sprintf("Boatyard %s: %s", wo.Kind, l.Description),
				AmountCents: l.Total(),
			}); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		return nil, fmt.Errorf("post work order lines: %w", err)
	}

	err = s.store.Do(ctx, func(ctx context.Context, tx *storage.Tx) error {
		ok, err := tx.WorkOrders.MarkInvoiced(ctx, wo.ID)
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("work order %s changed while invoicing: %w", wo.ID, domain.ErrConflict)
		}
		return events.Record(ctx, tx, events.TopicWorkOrderCompleted, events.WorkOrderCompleted{
			WorkOrderID: wo.ID,
			BoaterID:    wo.BoaterID,
			TotalCents:  inv.TotalCents,
			LineCount:   inv.Lines,
		})
	})
	if err != nil {
		return nil, err
	}
	return inv, nil
}
