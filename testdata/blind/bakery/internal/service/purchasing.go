package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sort"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/crumbworks/ovenline/internal/domain"
	"github.com/crumbworks/ovenline/internal/providers/millnet"
)

// sackKilograms is the size flour is delivered in; orders are rounded up.
const sackKilograms = 25

// Purchasing plans and places flour orders with the mills.
type Purchasing struct {
	db         Pool
	purchasing PurchasingRepo
	production ProductionRepo
	mill       Mill
	now        Clock
	log        *slog.Logger
}

// NewPurchasing builds the purchasing service.
func NewPurchasing(db Pool, purchasing PurchasingRepo, production ProductionRepo, mill Mill, now Clock, log *slog.Logger) *Purchasing {
	return &Purchasing{db: db, purchasing: purchasing, production: production, mill: mill, now: now, log: log}
}

// Get returns a purchase order.
func (s *Purchasing) Get(ctx context.Context, id uuid.UUID) (domain.PurchaseOrder, error) {
	return s.purchasing.Get(ctx, s.db, id)
}

// Submit sends a draft purchase order to its mill.
func (s *Purchasing) Submit(ctx context.Context, id uuid.UUID) (domain.PurchaseOrder, error) {
	po, err := s.purchasing.Get(ctx, s.db, id)
	if err != nil {
		return domain.PurchaseOrder{}, err
	}
	if po.Status != "draft" {
		return domain.PurchaseOrder{}, domain.Conflict("purchase order %s is already %s", po.PONumber, po.Status)
	}
	if len(po.Lines) == 0 {
		return domain.PurchaseOrder{}, domain.Invalid("purchase order %s has no lines", po.PONumber)
	}
	supplier, err := s.purchasing.Supplier(ctx, s.db, po.SupplierID)
	if err != nil {
		return domain.PurchaseOrder{}, err
	}
	skus, err := s.purchasing.MillSKUs(ctx, s.db, supplier.ID)
	if err != nil {
		return domain.PurchaseOrder{}, err
	}

	lines := make([]millnet.OrderLine, 0, len(po.Lines))
	for _, l := range po.Lines {
		sku, ok := skus[l.FlourCode]
		if !ok {
			return domain.PurchaseOrder{}, domain.Invalid("%s does not supply flour %s", supplier.Name, l.FlourCode)
		}
		lines = append(lines, millnet.OrderLine{MillSKU: sku, Kilograms: l.Kilograms})
	}

	order, err := s.mill.PlaceOrder(ctx, millnet.OrderRequest{
		AccountRef:   supplier.MillAccountRef,
		DeliveryDate: po.NeededBy.Format(time.DateOnly),
		Lines:        lines,
		Instructions: "Deliver to goods-in, Unit 4. Pallets max 1t.",
	})
	if err != nil {
		return domain.PurchaseOrder{}, fmt.Errorf("place %s with %s: %w", po.PONumber, supplier.Name, err)
	}
	if err := s.purchasing.MarkSubmitted(ctx, s.db, po.ID, order.OrderRef, s.now()); err != nil {
		return domain.PurchaseOrder{}, fmt.Errorf("mark %s submitted (mill ref %s): %w", po.PONumber, order.OrderRef, err)
	}
	return s.purchasing.Get(ctx, s.db, po.ID)
}

// PlanFlour tops up the draft purchase orders so that each mill's draft for
// neededBy covers the flour the bake plan needs between from and to.
func (s *Purchasing) PlanFlour(ctx context.Context, from, to, neededBy time.Time) (int, error) {
	needs, err := s.production.FlourNeeds(ctx, s.db, from, to)
	if err != nil {
		return 0, fmt.Errorf("flour needs: %w", err)
	}
	bySupplier := make(map[uuid.UUID][]domain.FlourNeed)
	for _, n := range needs {
		bySupplier[n.SupplierID] = append(bySupplier[n.SupplierID], n)
	}
	suppliers := make([]uuid.UUID, 0, len(bySupplier))
	for id := range bySupplier {
		suppliers = append(suppliers, id)
	}
	sort.Slice(suppliers, func(i, j int) bool { return suppliers[i].String() < suppliers[j].String() })

	var errs []error
	drafted := 0
	for _, supplierID := range suppliers {
		err := s.db.WithTx(ctx, func(tx *sqlx.Tx) error {
			poID, err := s.purchasing.EnsureDraft(ctx, tx, supplierID, neededBy, "flour-reorder")
			if err != nil {
				return err
			}
			for _, n := range bySupplier[supplierID] {
				if err := s.purchasing.SetLine(ctx, tx, poID, n.FlourCode, sacks(n.Grams)*sackKilograms); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			errs = append(errs, fmt.Errorf("draft for supplier %s: %w", supplierID, err))
			continue
		}
		drafted++
	}
	return drafted, errors.Join(errs...)
}

func sacks(grams int64) int {
	kg := (grams + 999) / 1000
	return int((kg + sackKilograms - 1) / sackKilograms)
}
