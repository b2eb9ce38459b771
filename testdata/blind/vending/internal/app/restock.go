package app

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/vendgrid/fleetops/internal/domain"
	"github.com/vendgrid/fleetops/internal/platform/ids"
)

// RestockService orders product from the wholesaler, either on request from
// the back office or automatically when slots run low.
type RestockService struct {
	tx         TxRunner
	orders     RestockRepository
	machines   MachineRepository
	wholesaler Wholesaler
	clock      Clock
	log        *slog.Logger
}

func NewRestockService(tx TxRunner, orders RestockRepository, machines MachineRepository, wholesaler Wholesaler, clock Clock, log *slog.Logger) *RestockService {
	return &RestockService{tx: tx, orders: orders, machines: machines, wholesaler: wholesaler, clock: clock, log: log.With("svc", "restock")}
}

// CreateManual places a back-office order. The request key makes a repeated
// submission return the order created the first time.
func (s *RestockService) CreateManual(ctx context.Context, cmd domain.CreateRestockOrder) (domain.RestockOrder, error) {
	if err := cmd.Validate(); err != nil {
		return domain.RestockOrder{}, err
	}
	var o domain.RestockOrder
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		var err error
		o, err = s.orders.CreateManual(ctx, domain.RestockOrder{
			ID:         ids.New(),
			MachineID:  cmd.MachineID,
			Source:     domain.RestockManual,
			Status:     domain.RestockOpen,
			RequestKey: cmd.RequestKey,
			Lines:      cmd.Lines,
		})
		return err
	})
	if err != nil {
		return domain.RestockOrder{}, fmt.Errorf("create order: %w", err)
	}
	if o.Status != domain.RestockOpen {
		return o, nil
	}

	site, err := s.orders.SiteCodeFor(ctx, o.MachineID)
	if err != nil {
		return o, err
	}
	ack, err := s.wholesaler.SubmitOrder(ctx, SupplierOrder{
		ClientRef: o.ID,
		SiteCode:  site,
		Lines:     o.Lines,
	})
	if err != nil {
		return o, fmt.Errorf("submit to wholesaler: %w", err)
	}
	return s.markSubmitted(ctx, o, ack)
}

// AutoReplenish handles a low-stock event. At most one automatic order is
// open per machine; it covers every slot that is at or below par.
func (s *RestockService) AutoReplenish(ctx context.Context, ev domain.LowStock) error {
	slots, err := s.machines.SlotsBelowPar(ctx, ev.MachineID)
	if err != nil {
		return err
	}
	lines := make([]domain.RestockLine, 0, len(slots))
	for _, sl := range slots {
		if n := sl.Shortfall(); n > 0 {
			lines = append(lines, domain.RestockLine{ProductID: sl.ProductID, Quantity: n})
		}
	}
	if len(lines) == 0 {
		return nil
	}

	var o domain.RestockOrder
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		var err error
		o, err = s.orders.OpenAuto(ctx, domain.RestockOrder{
			ID:        ids.New(),
			MachineID: ev.MachineID,
			Source:    domain.RestockAuto,
			Status:    domain.RestockOpen,
			Lines:     lines,
		})
		return err
	})
	if err != nil {
		return fmt.Errorf("open auto order: %w", err)
	}
	if o.Status != domain.RestockOpen {
		// Already with the wholesaler; the next delivery tops up everything.
		return nil
	}

	site, err := s.orders.SiteCodeFor(ctx, o.MachineID)
	if err != nil {
		return err
	}
	ack, err := s.wholesaler.SubmitOrder(ctx, SupplierOrder{
		SiteCode: site,
		Lines:    o.Lines,
		Notes:    "auto-replenish",
	})
	if err != nil {
		return fmt.Errorf("submit auto order %s: %w", o.ID, err)
	}
	_, err = s.markSubmitted(ctx, o, ack)
	return err
}

func (s *RestockService) markSubmitted(ctx context.Context, o domain.RestockOrder, ack SupplierAck) (domain.RestockOrder, error) {
	now := s.clock.Now()
	if err := s.orders.MarkSubmitted(ctx, o.ID, ack.OrderID, now); err != nil {
		return o, fmt.Errorf("mark order %s submitted as %s: %w", o.ID, ack.OrderID, err)
	}
	if len(ack.RejectedLines) > 0 {
		s.log.WarnContext(ctx, "wholesaler rejected lines", "order_id", o.ID, "skus", ack.RejectedLines)
	}
	o.Status = domain.RestockSubmitted
	o.WholesalerOrderID = ack.OrderID
	o.SubmittedAt = &now
	return o, nil
}

// Receive loads a delivery into the machine.
func (s *RestockService) Receive(ctx context.Context, cmd domain.ReceiveRestock) (domain.RestockOrder, error) {
	o, err := s.orders.Get(ctx, cmd.OrderID)
	if err != nil {
		return domain.RestockOrder{}, err
	}
	switch o.Status {
	case domain.RestockReceived:
		return o, nil
	case domain.RestockSubmitted:
	default:
		return o, fmt.Errorf("order %s is %s: %w", o.ID, o.Status, domain.ErrInvalidTransition)
	}

	lines := cmd.Received
	if len(lines) == 0 {
		lines = o.Lines
	}
	for _, l := range lines {
		if err := s.machines.AddStock(ctx, o.MachineID, l.ProductID, l.Quantity); err != nil {
			return o, fmt.Errorf("add stock %s: %w", l.ProductID, err)
		}
	}
	now := s.clock.Now()
	if err := s.orders.MarkReceived(ctx, o.ID, now); err != nil {
		return o, fmt.Errorf("mark received: %w", err)
	}
	o.Status = domain.RestockReceived
	o.ReceivedAt = &now
	return o, nil
}

func (s *RestockService) Get(ctx context.Context, id string) (domain.RestockOrder, error) {
	return s.orders.Get(ctx, id)
}
