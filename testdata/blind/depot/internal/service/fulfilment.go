package service

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"

	"github.com/depotworks/depot/internal/domain"
	"github.com/depotworks/depot/internal/platform/db"
	"github.com/depotworks/depot/internal/store"
)

// StockShipper removes shipped units from stock.
type StockShipper interface {
	ShipOrder(ctx context.Context, o domain.Order) error
}

// FulfilmentService runs picking and packing on the warehouse floor.
type FulfilmentService struct {
	base
	db     *sqlx.DB
	orders *store.OrderRepo
	outbox *store.OutboxRepo
	stock  StockShipper
}

// NewFulfilmentService builds the service.
func NewFulfilmentService(r *store.Repos, stock StockShipper, opts ...Option) *FulfilmentService {
	return &FulfilmentService{base: newBase(opts), db: r.DB, orders: r.Orders, outbox: r.Outbox, stock: stock}
}

// PickConfirmation is sent by a picker's handheld when a task is done.
type PickConfirmation struct {
	PickedQty int    `json:"picked_qty"`
	PickerID  string `json:"picker_id"`
}

// ConfirmPick closes a pick task and, when it was the last open task,
// moves the order to picked.
func (s *FulfilmentService) ConfirmPick(ctx context.Context, taskID string, in PickConfirmation) (domain.PickTask, error) {
	task, err := s.orders.GetPickTask(ctx, taskID)
	if err != nil {
		return task, err
	}
	if in.PickedQty != task.Qty {
		return task, fmt.Errorf("%w: short picks go through the exception flow", domain.ErrValidation)
	}
	err = db.InTx(ctx, s.db, func(tx *sqlx.Tx) error {
		orderID, ok, err := s.orders.ConfirmPick(ctx, tx, taskID, in.PickedQty, in.PickerID, s.clock.Now())
		if err != nil || !ok {
			return err
		}
		open, err := s.orders.OpenPickTasks(ctx, tx, orderID)
		if err != nil || open > 0 {
			return err
		}
		_, err = s.orders.Transition(ctx, tx, orderID, []string{domain.OrderPicking}, domain.OrderPicked)
		return err
	})
	if err != nil {
		return task, err
	}
	return s.orders.GetPickTask(ctx, taskID)
}

// PackInput is what the packing station reports for an order.
type PackInput struct {
	PackedBy string `json:"packed_by"`
	Cartons  []struct {
		BoxCode  string `json:"box_code"`
		WeightG  int    `json:"weight_g"`
		LengthMM int    `json:"length_mm"`
		WidthMM  int    `json:"width_mm"`
		HeightMM int    `json:"height_mm"`
	} `json:"cartons"`
}

// Pack records the cartons for a picked order, takes the units out of
// stock and asks for a label per carton.
func (s *FulfilmentService) Pack(ctx context.Context, orderID string, in PackInput) (domain.Order, error) {
	if len(in.Cartons) == 0 {
		return domain.Order{}, fmt.Errorf("%w: at least one carton is required", domain.ErrValidation)
	}
	o, err := s.orders.Get(ctx, s.db, orderID)
	if err != nil {
		return o, err
	}
	if o.Status != domain.OrderPicked {
		return o, fmt.Errorf("%w: order is %s", domain.ErrInvalidState, o.Status)
	}

	if err := s.stock.ShipOrder(ctx, o); err != nil {
		return o, fmt.Errorf("pack %s: remove stock: %w", o.ID, err)
	}

	now := s.clock.Now()
	err = db.InTx(ctx, s.db, func(tx *sqlx.Tx) error {
		for i, c := range in.Cartons {
			p := domain.Package{
				OrderID: o.ID, Seq: i + 1, BoxCode: c.BoxCode, WeightG: c.WeightG,
				LengthMM: c.LengthMM, WidthMM: c.WidthMM, HeightMM: c.HeightMM,
				PackedBy: in.PackedBy, PackedAt: now,
			}
			if err := s.orders.InsertPackage(ctx, tx, p); err != nil {
				return err
			}
			if err := s.outbox.Enqueue(ctx, tx, store.Envelope{
				EventID:      fmt.Sprintf("label-requested:%s:%d", o.ID, p.Seq),
				Destination:  domain.DestKafka,
				Topic:        TopicLabelRequested,
				MerchantID:   o.MerchantID,
				PartitionKey: o.ID,
				Payload:      LabelRequestedEvent{OrderID: o.ID, MerchantID: o.MerchantID, PackageSeq: p.Seq},
			}); err != nil {
				return err
			}
		}
		moved, err := s.orders.Transition(ctx, tx, o.ID, []string{domain.OrderPicked}, domain.OrderPacked)
		if err != nil {
			return err
		}
		if !moved {
			return fmt.Errorf("%w: order %s changed while packing", domain.ErrInvalidState, o.ID)
		}
		return nil
	})
	if err != nil {
		return o, err
	}
	o.Status = domain.OrderPacked
	return o, nil
}
