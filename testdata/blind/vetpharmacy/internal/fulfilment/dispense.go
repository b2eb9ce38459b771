package fulfilment

import (
	"context"
	"fmt"

	"github.com/kestrelvet/refillrx/internal/apperr"
	"github.com/kestrelvet/refillrx/internal/db"
	"github.com/kestrelvet/refillrx/internal/ids"
	"github.com/kestrelvet/refillrx/internal/jobs"
	"github.com/kestrelvet/refillrx/internal/orders"
	"github.com/kestrelvet/refillrx/internal/queue"
	"github.com/kestrelvet/refillrx/internal/store"
)

type Register interface {
	Record(ctx context.Context, p db.InsertControlledEntryParams) error
}

type RefillCounter interface {
	UseRefill(ctx context.Context, prescriptionID string) (bool, error)
}

type Dispenser struct {
	tx       store.Transactor
	orders   OrderStore
	register Register
	rx       RefillCounter
	queue    queue.Enqueuer
}

func NewDispenser(tx store.Transactor, o OrderStore, reg Register, rx RefillCounter, q queue.Enqueuer) *Dispenser {
	return &Dispenser{tx: tx, orders: o, register: reg, rx: rx, queue: q}
}

type DispenseInput struct {
	OrderID    string
	Pharmacist string
	Witness    string
}

type DispenseResult struct {
	OrderID    string `json:"order_id"`
	Status     string `json:"status"`
	Controlled int    `json:"controlled_lines"`
}

// Dispense is the pharmacist's sign-off after checking a picked order. It
// writes the controlled-drugs register, consumes stock, uses up one refill on
// each prescription, and hands the order to shipping.
func (d *Dispenser) Dispense(ctx context.Context, in DispenseInput) (*DispenseResult, error) {
	order, err := d.orders.Get(ctx, in.OrderID)
	if err != nil {
		return nil, err
	}
	if order.Status == orders.StatusDispensed {
		return &DispenseResult{OrderID: order.ID, Status: order.Status}, nil
	}
	if order.Status != orders.StatusPicking {
		return nil, apperr.Conflict("not_picked", "order is "+order.Status)
	}
	lines, err := d.orders.Lines(ctx, order.ID)
	if err != nil {
		return nil, err
	}
	controlled := 0
	for _, l := range lines {
		if l.Controlled {
			if l.PrescriptionID == nil {
				return nil, apperr.Invalid("prescription_missing", "controlled line without prescription")
			}
			controlled++
		}
	}
	if controlled > 0 && in.Witness == "" {
		return nil, apperr.Invalid("witness_required", "controlled drugs need a witness")
	}

	// The register reflects what physically left the CD cabinet, so it is
	// written as soon as the pharmacist signs, independent of the order.
	var witness *string
	if in.Witness != "" {
		witness = &in.Witness
	}
	for _, l := range lines {
		if !l.Controlled {
			continue
		}
		if err := d.register.Record(ctx, db.InsertControlledEntryParams{
			ID:             ids.New(ids.Controlled),
			ProductID:      l.ProductID,
			OrderID:        order.ID,
			PrescriptionID: *l.PrescriptionID,
			Quantity:       l.Quantity,
			Pharmacist:     in.Pharmacist,
			Witness:        witness,
		}); err != nil {
			return nil, fmt.Errorf("controlled register: %w", err)
		}
	}

	err = d.tx.InTx(ctx, func(ctx context.Context) error {
		ok, err := d.orders.MarkDispensed(ctx, order.ID)
		if err != nil {
			return err
		}
		if !ok {
			return apperr.Conflict("not_picked", "order changed while dispensing")
		}
		for _, l := range lines {
			if err := d.orders.Consume(ctx, l.ProductID, l.Quantity); err != nil {
				return err
			}
			if l.PrescriptionID != nil {
				if _, err := d.rx.UseRefill(ctx, *l.PrescriptionID); err != nil {
					return err
				}
			}
		}
		if _, err := d.queue.Enqueue(ctx, jobs.ShipOrderArgs{OrderID: order.ID}, nil); err != nil {
			return err
		}
		if controlled > 0 {
			if _, err := d.queue.Enqueue(ctx, jobs.ReportDispenseArgs{OrderID: order.ID}, nil); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &DispenseResult{OrderID: order.ID, Status: orders.StatusDispensed, Controlled: controlled}, nil
}
