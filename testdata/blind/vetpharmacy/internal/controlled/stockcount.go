package controlled

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/kestrelvet/refillrx/internal/ids"
)

// StockCount opens the monthly count sheets pharmacists fill in for every
// controlled product. Each sheet records the system's expected quantity so
// discrepancies can be investigated.
type StockCount struct {
	register Register
	newID    func() string
	log      *slog.Logger
}

func NewStockCount(reg Register, log *slog.Logger) *StockCount {
	return &StockCount{
		register: reg,
		newID:    func() string { return ids.New(ids.StockCount) },
		log:      log,
	}
}

func (s *StockCount) Open(ctx context.Context, period string) error {
	products, err := s.register.Products(ctx)
	if err != nil {
		return err
	}
	for _, p := range products {
		if err := s.register.CreateCountSheet(ctx, s.newID(), p.ID, period, p.StockOnHand); err != nil {
			return fmt.Errorf("count sheet for %s: %w", p.Sku, err)
		}
	}
	s.log.InfoContext(ctx, "stock count sheets opened", "period", period, "products", len(products))
	return nil
}
