package boxes

import (
	"context"
	"net/http"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/harvestloop/farmshare/internal/platform/database"
	"github.com/harvestloop/farmshare/internal/platform/httpx"
	"github.com/harvestloop/farmshare/internal/platform/ids"
)

// TxRunner runs a function in a transaction.
type TxRunner interface {
	WithTx(ctx context.Context, fn func(tx *sqlx.Tx) error) error
}

// SwapRepo persists swap requests.
type SwapRepo interface {
	Insert(ctx context.Context, q database.Queryer, v *Swap) error
}

// Service implements box customisation.
type Service struct {
	db    *sqlx.DB
	tx    TxRunner
	store *Store
	swaps SwapRepo
	now   func() time.Time
}

// NewService wires a Service.
func NewService(db *sqlx.DB, tx TxRunner, store *Store, swaps SwapRepo, now func() time.Time) *Service {
	return &Service{db: db, tx: tx, store: store, swaps: swaps, now: now}
}

// View returns the box with its items and swaps.
func (s *Service) View(ctx context.Context, subID string, week time.Time) (*BoxView, error) {
	b, err := s.store.ForWeek(ctx, s.db, subID, week)
	if err != nil {
		return nil, err
	}
	items, err := s.store.Items(ctx, s.db, b.ID)
	if err != nil {
		return nil, err
	}
	swaps, err := s.store.Swaps(ctx, s.db, b.ID)
	if err != nil {
		return nil, err
	}
	return &BoxView{Box: *b, Items: items, Swaps: swaps}, nil
}

// ReplaceItems sets the box contents to exactly the requested lines.
func (s *Service) ReplaceItems(ctx context.Context, subID string, week time.Time, req ItemsRequest) (*BoxView, error) {
	codes := make([]string, 0, len(req.Items))
	items := make([]Item, 0, len(req.Items))
	for _, it := range req.Items {
		codes = append(codes, it.ProductCode)
		items = append(items, Item{ProductCode: it.ProductCode, Quantity: it.Quantity})
	}

	err := s.tx.WithTx(ctx, func(tx *sqlx.Tx) error {
		b, err := s.store.ForWeekLocked(ctx, tx, subID, week)
		if err != nil {
			return err
		}
		if b.Status != StatusOpen {
			return httpx.NewError(http.StatusConflict, "box_closed", "box is %s", b.Status)
		}
		if _, err := s.store.Products(ctx, tx, codes); err != nil {
			return httpx.NewError(http.StatusUnprocessableEntity, "unknown_product", "%v", err)
		}
		for i := range items {
			items[i].BoxID = b.ID
		}
		return s.store.ReplaceItems(ctx, tx, b.ID, items)
	})
	if err != nil {
		return nil, err
	}
	return s.View(ctx, subID, week)
}

// RequestSwap records a swap for the packers.
func (s *Service) RequestSwap(ctx context.Context, subID string, week time.Time, req SwapRequest) (*Swap, error) {
	b, err := s.store.ForWeek(ctx, s.db, subID, week)
	if err != nil {
		return nil, err
	}
	if b.Status != StatusOpen {
		return nil, httpx.NewError(http.StatusConflict, "box_closed", "box is %s", b.Status)
	}
	prods, err := s.store.Products(ctx, s.db, []string{req.RemoveCode, req.AddCode})
	if err != nil {
		return nil, httpx.NewError(http.StatusUnprocessableEntity, "unknown_product", "%v", err)
	}
	if !prods[req.RemoveCode].Swappable || !prods[req.AddCode].Swappable {
		return nil, httpx.NewError(http.StatusUnprocessableEntity, "not_swappable", "these products cannot be swapped")
	}
	qty := req.Quantity
	if qty == 0 {
		qty = 1
	}
	swap := &Swap{
		ID:         ids.New(),
		BoxID:      b.ID,
		RemoveCode: req.RemoveCode,
		AddCode:    req.AddCode,
		Quantity:   qty,
		CreatedAt:  s.now(),
	}
	if err := s.swaps.Insert(ctx, s.db, swap); err != nil {
		return nil, err
	}
	return swap, nil
}
