package services

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"go.uber.org/zap"

	"github.com/forkandfeast/catering/internal/core/domain"
	"github.com/forkandfeast/catering/internal/core/ports"
)

type PurchasingService struct {
	tx       ports.Transactor
	orders   ports.PurchaseOrderRepository
	events   ports.EventRepository
	supplier ports.SupplierGateway
	queue    ports.JobQueue
	clock    ports.Clock
	log      *zap.Logger
}

func NewPurchasingService(tx ports.Transactor, orders ports.PurchaseOrderRepository, events ports.EventRepository,
	supplier ports.SupplierGateway, queue ports.JobQueue, clock ports.Clock, log *zap.Logger) *PurchasingService {
	return &PurchasingService{tx: tx, orders: orders, events: events, supplier: supplier, queue: queue, clock: clock, log: log.Named("purchasing")}
}

func supplierLines(in []domain.POLine) []ports.SupplierLine {
	out := make([]ports.SupplierLine, 0, len(in))
	for _, l := range in {
		out = append(out, ports.SupplierLine{SKU: l.SKU, Quantity: l.Quantity, Unit: l.Unit})
	}
	return out
}

// CreateOrder drafts the purchase order for one supplier and event and
// queues its submission.
func (s *PurchasingService) CreateOrder(ctx context.Context, cmd ports.CreatePurchaseOrder) (domain.PurchaseOrder, error) {
	if cmd.SupplierCode == "" {
		return domain.PurchaseOrder{}, domain.Invalid("supplier_code", "required")
	}
	if len(cmd.Lines) == 0 {
		return domain.PurchaseOrder{}, domain.Invalid("lines", "at least one line")
	}
	ev, err := s.events.Get(ctx, cmd.EventID)
	if err != nil {
		return domain.PurchaseOrder{}, err
	}
	if ev.Status == domain.EventCancelled {
		return domain.PurchaseOrder{}, &domain.StateError{Entity: "event", From: string(ev.Status), To: "purchase_order"}
	}
	deliverOn := cmd.DeliverOn
	if deliverOn.IsZero() {
		deliverOn = ev.EventDate.AddDate(0, 0, -1)
	}
	po := domain.PurchaseOrder{
		ID:           uuid.New(),
		EventID:      ev.ID,
		SupplierCode: cmd.SupplierCode,
		Status:       domain.PODraft,
		Headcount:    ev.GuestCount,
		DeliverOn:    deliverOn,
		Lines:        cmd.Lines,
	}
	po.Recalculate()

	var out domain.PurchaseOrder
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		stored, created, err := s.orders.CreateDraft(ctx, po)
		if err != nil {
			return err
		}
		out = stored
		if !created {
			return nil
		}
		return s.queue.Enqueue(ctx, ports.SubmitPurchaseOrderJob{PurchaseOrderID: stored.ID}, ports.UniqueByArgs())
	})
	return out, err
}

// Submit sends a draft purchase order to the wholesale partner.
func (s *PurchasingService) Submit(ctx context.Context, poID uuid.UUID) error {
	po, err := s.orders.Get(ctx, poID)
	if err != nil {
		return err
	}
	if po.Status != domain.PODraft {
		return nil
	}
	order := ports.SupplierOrder{
		Reference: po.ID.String(),
		DeliverOn: po.DeliverOn,
		Lines:     supplierLines(po.Lines),
		Notes:     fmt.Sprintf("Event %s, %d covers", po.EventID, po.Headcount),
	}
	receipt, err := s.supplier.SubmitOrder(ctx, order, ports.WithTimeout(20*time.Second))
	if err != nil {
		return err
	}
	s.log.Info("purchase order accepted by partner",
		zap.Stringer("po", po.ID), zap.String("partner_order", receipt.PartnerOrderID))
	return s.orders.MarkSubmitted(ctx, po.ID, receipt.PartnerOrderID, s.clock.Now())
}

// Amend scales an open order up after the client added guests.
func (s *PurchasingService) Amend(ctx context.Context, job ports.AmendPurchaseOrderJob) error {
	po, err := s.orders.Get(ctx, job.PurchaseOrderID)
	if err != nil {
		return err
	}
	if po.Status != domain.POSubmitted && po.Status != domain.POConfirmed {
		return nil
	}
	if po.Headcount >= job.HeadcountTo {
		return nil
	}
	extra := po.ScaleTo(job.HeadcountTo)
	if len(extra) == 0 {
		return nil
	}
	amendmentID, err := s.supplier.AmendOrder(ctx, po.PartnerOrderID, supplierLines(extra))
	if err != nil {
		return err
	}
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		return s.orders.AddAmendment(ctx, po.ID, po.Headcount, job.HeadcountTo, amendmentID, extra)
	})
}

// CancelForEvent cancels every open order of a cancelled event. requestKey
// identifies this cancellation run.
func (s *PurchasingService) CancelForEvent(ctx context.Context, eventID uuid.UUID, requestKey string) error {
	orders, err := s.orders.ListForEvent(ctx, eventID)
	if err != nil {
		return err
	}
	now := s.clock.Now()
	for _, po := range orders {
		switch po.Status {
		case domain.POCancelled, domain.POShipped:
			continue
		}
		if po.PartnerOrderID != "" {
			err := s.supplier.CancelOrder(ctx, po.PartnerOrderID,
				ports.WithIdempotencyKey(requestKey+":"+po.ID.String()))
			if err != nil {
				return fmt.Errorf("cancel partner order %s: %w", po.PartnerOrderID, err)
			}
		}
		if err := s.orders.MarkCancelled(ctx, po.ID, now); err != nil {
			return err
		}
	}
	return nil
}

// RecordConfirmation stores the partner's confirmation of an order.
func (s *PurchasingService) RecordConfirmation(ctx context.Context, c domain.SupplierConfirmation) error {
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		return s.orders.InsertConfirmation(ctx, c)
	})
}

func (s *PurchasingService) RecordShipment(ctx context.Context, partnerOrderID string, at time.Time) error {
	return s.orders.MarkShipped(ctx, partnerOrderID, at)
}
