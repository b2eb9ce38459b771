package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"github.com/basketline/grocery/internal/domain"
)

const maxLineQuantity = 24

type BasketService struct {
	tx      TxRunner
	baskets BasketStore
	stock   StockStore
	newID   UUIDGen
	log     *slog.Logger
}

func NewBasketService(tx TxRunner, baskets BasketStore, stock StockStore, newID UUIDGen, log *slog.Logger) *BasketService {
	return &BasketService{tx: tx, baskets: baskets, stock: stock, newID: newID, log: log}
}

// Open returns the customer's open basket, creating one for storeID if
// there is none. A customer has at most one open basket.
func (s *BasketService) Open(ctx context.Context, customerID uuid.UUID, storeID string) (*domain.Basket, bool, error) {
	store, err := s.stock.Store(ctx, storeID)
	if err != nil {
		if errors.Is(err, domain.ErrNotFound) {
			return nil, false, fmt.Errorf("%w: unknown store %q", domain.ErrInvalid, storeID)
		}
		return nil, false, err
	}
	if !store.Active {
		return nil, false, fmt.Errorf("%w: store %q is not taking orders", domain.ErrInvalid, storeID)
	}

	b := &domain.Basket{
		ID:         s.newID(),
		CustomerID: customerID,
		StoreID:    store.ID,
		Status:     domain.BasketOpen,
	}
	created, err := s.baskets.CreateOpen(ctx, b)
	if err != nil {
		return nil, false, fmt.Errorf("create basket: %w", err)
	}
	if created {
		s.log.InfoContext(ctx, "basket opened", "basket_id", b.ID, "customer_id", customerID)
		b.Items = []*domain.BasketItem{}
		return b, true, nil
	}
	existing, err := s.baskets.OpenForCustomer(ctx, customerID)
	if err != nil {
		return nil, false, fmt.Errorf("load open basket: %w", err)
	}
	return existing, false, nil
}

func (s *BasketService) Get(ctx context.Context, customerID, basketID uuid.UUID) (*domain.Basket, error) {
	b, err := s.baskets.Get(ctx, basketID)
	if err != nil {
		return nil, err
	}
	if b.CustomerID != customerID {
		return nil, domain.ErrNotFound
	}
	return b, nil
}

type SetItemInput struct {
	CustomerID      uuid.UUID
	BasketID        uuid.UUID
	SKU             string
	Quantity        int
	AllowSubstitute bool
}

// SetItem sets the quantity of one product in the basket. A quantity of
// zero removes the product.
func (s *BasketService) SetItem(ctx context.Context, in SetItemInput) (*domain.Basket, error) {
	if in.Quantity < 0 || in.Quantity > maxLineQuantity {
		return nil, fmt.Errorf("%w: quantity must be between 0 and %d", domain.ErrInvalid, maxLineQuantity)
	}
	err := s.tx.RunInTx(ctx, func(ctx context.Context) error {
		b, err := s.baskets.Lock(ctx, in.BasketID)
		if err != nil {
			return err
		}
		if b.CustomerID != in.CustomerID {
			return domain.ErrNotFound
		}
		if b.Status != domain.BasketOpen {
			return domain.ErrBasketClosed
		}
		if in.Quantity == 0 {
			return s.baskets.RemoveItem(ctx, b.ID, in.SKU)
		}
		level, err := s.stock.Get(ctx, b.StoreID, in.SKU)
		if err != nil {
			if errors.Is(err, domain.ErrNotFound) {
				return fmt.Errorf("%w: %s is not sold at this store", domain.ErrInvalid, in.SKU)
			}
			return err
		}
		if level.Quantity <= 0 && !level.Substitutable {
			return fmt.Errorf("%w: %s is out of stock", domain.ErrConflict, in.SKU)
		}
		if err := s.baskets.SetItem(ctx, &domain.BasketItem{
			BasketID:        b.ID,
			SKU:             level.SKU,
			Quantity:        in.Quantity,
			AllowSubstitute: in.AllowSubstitute && level.Substitutable,
		}); err != nil {
			return err
		}
		return s.baskets.Touch(ctx, b.ID)
	})
	if err != nil {
		return nil, err
	}
	return s.baskets.Get(ctx, in.BasketID)
}
