package service

import (
	"context"
	"fmt"
	"sort"
	"time"

	"github.com/ironkettle/taproute/internal/domain"
	"github.com/ironkettle/taproute/internal/store"
)

// LineInput is one requested SKU and quantity.
type LineInput struct {
	SKU string `json:"sku"`
	Qty int    `json:"qty"`
}

// minimum lead time between order and delivery, so routes can be planned.
const leadTime = 24 * time.Hour

// priceOrder builds the order lines and totals from the current catalogue.
// It merges repeated SKUs and rejects unknown or inactive ones.
func priceOrder(ctx context.Context, q store.Querier, products ProductStore, in []LineInput) ([]domain.OrderLine, int64, int64, error) {
	if len(in) == 0 {
		return nil, 0, 0, fmt.Errorf("order has no lines: %w", domain.ErrInvalid)
	}
	qty := map[string]int{}
	for _, l := range in {
		if l.Qty <= 0 {
			return nil, 0, 0, fmt.Errorf("line %s: qty must be positive: %w", l.SKU, domain.ErrInvalid)
		}
		qty[l.SKU] += l.Qty
	}
	skus := make([]string, 0, len(qty))
	for sku := range qty {
		skus = append(skus, sku)
	}
	sort.Strings(skus)
	catalogue, err := products.GetMany(ctx, q, skus)
	if err != nil {
		return nil, 0, 0, err
	}
	var lines []domain.OrderLine
	var subtotal, deposits int64
	for i, sku := range skus {
		p, ok := catalogue[sku]
		if !ok {
			return nil, 0, 0, fmt.Errorf("unknown sku %q: %w", sku, domain.ErrInvalid)
		}
		n := qty[sku]
		lines = append(lines, domain.OrderLine{
			LineNo:         i + 1,
			SKU:            sku,
			Package:        p.Package,
			Qty:            n,
			UnitPriceCents: p.UnitPriceCents,
			DepositCents:   p.DepositCents,
		})
		subtotal += int64(n) * p.UnitPriceCents
		deposits += int64(n) * p.DepositCents
	}
	return lines, subtotal, deposits, nil
}

// kegCounts totals kegs per package for the keg lines of an order.
func kegCounts(lines []domain.OrderLine) map[domain.Package]int {
	out := map[domain.Package]int{}
	for _, l := range lines {
		if l.Package.IsKeg() {
			out[l.Package] += l.Qty
		}
	}
	return out
}

func validDeliveryDate(now, requested time.Time) error {
	if requested.Before(now.Add(leadTime).Truncate(24 * time.Hour)) {
		return fmt.Errorf("requested delivery date %s is inside the %s lead time: %w",
			requested.Format(time.DateOnly), leadTime, domain.ErrInvalid)
	}
	return nil
}
