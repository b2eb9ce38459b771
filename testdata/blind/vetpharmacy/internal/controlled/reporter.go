// Package controlled handles controlled-drug compliance: per-dispense
// reports, the daily return, and the monthly stock count.
package controlled

import (
	"context"
	"fmt"
	"time"

	"github.com/kestrelvet/refillrx/internal/db"
	"github.com/kestrelvet/refillrx/internal/regulator"
)

type Register interface {
	ForOrder(ctx context.Context, orderID string) ([]db.ControlledEntry, error)
	ForDay(ctx context.Context, day time.Time) ([]db.ControlledEntry, error)
	MarkReported(ctx context.Context, orderID, receipt string) error
	ClaimDailyReturn(ctx context.Context, day time.Time, ref string) (bool, error)
	DailyReturnStatus(ctx context.Context, day time.Time) (string, string, error)
	CompleteDailyReturn(ctx context.Context, day time.Time, receipt string, n int32) error
	Products(ctx context.Context) ([]db.Product, error)
	CreateCountSheet(ctx context.Context, id, productID, period string, expected int32) error
}

type Catalog interface {
	Product(ctx context.Context, id string) (db.Product, error)
}

type Prescriptions interface {
	Get(ctx context.Context, id string) (db.Prescription, error)
}

// CDR is implemented by *regulator.Client.
type CDR interface {
	SubmitDispense(ctx context.Context, r regulator.DispenseReport) (*regulator.Receipt, error)
	SubmitDailyReturn(ctx context.Context, r regulator.DailyReturn) (*regulator.Receipt, error)
}

type Reporter struct {
	register Register
	catalog  Catalog
	rx       Prescriptions
	cdr      CDR
	premises string
}

func NewReporter(reg Register, cat Catalog, rx Prescriptions, cdr CDR, premises string) *Reporter {
	return &Reporter{register: reg, catalog: cat, rx: rx, cdr: cdr, premises: premises}
}

// lineBuilder resolves the register entries into report lines, caching the
// lookups because an order rarely has more than two distinct products.
func (r *Reporter) lineBuilder() func(ctx context.Context, e db.ControlledEntry) (regulator.DispenseLine, error) {
	products := map[string]db.Product{}
	prescribers := map[string]string{}
	return func(ctx context.Context, e db.ControlledEntry) (regulator.DispenseLine, error) {
		p, ok := products[e.ProductID]
		if !ok {
			var err error
			if p, err = r.catalog.Product(ctx, e.ProductID); err != nil {
				return regulator.DispenseLine{}, err
			}
			products[e.ProductID] = p
		}
		who, ok := prescribers[e.PrescriptionID]
		if !ok {
			rx, err := r.rx.Get(ctx, e.PrescriptionID)
			if err != nil {
				return regulator.DispenseLine{}, err
			}
			who = rx.Prescriber
			prescribers[e.PrescriptionID] = who
		}
		return regulator.DispenseLine{ProductCode: p.Sku, Quantity: e.Quantity, PrescriptionID: e.PrescriptionID, Prescriber: who}, nil
	}
}

// ReportOrder submits the unreported register entries of one order.
func (r *Reporter) ReportOrder(ctx context.Context, orderID string) error {
	entries, err := r.register.ForOrder(ctx, orderID)
	if err != nil {
		return err
	}
	var pending []db.ControlledEntry
	for _, e := range entries {
		if e.ReportedAt == nil {
			pending = append(pending, e)
		}
	}
	if len(pending) == 0 {
		return nil
	}
	build := r.lineBuilder()
	report := regulator.DispenseReport{
		PremisesID:  r.premises,
		DispensedAt: pending[0].RecordedAt,
		Pharmacist:  pending[0].Pharmacist,
	}
	if pending[0].Witness != nil {
		report.Witness = *pending[0].Witness
	}
	for _, e := range pending {
		line, err := build(ctx, e)
		if err != nil {
			return err
		}
		report.Lines = append(report.Lines, line)
	}
	receipt, err := r.cdr.SubmitDispense(ctx, report)
	if err != nil {
		return fmt.Errorf("submit dispense for %s: %w", orderID, err)
	}
	return r.register.MarkReported(ctx, orderID, receipt.ReceiptID)
}
