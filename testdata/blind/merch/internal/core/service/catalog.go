package service

import (
	"context"
	"fmt"
	"log/slog"
	"regexp"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/merchline/preorders/internal/core/domain"
	"github.com/merchline/preorders/internal/core/ports"
)

// CatalogService manages artists, products and the warehouse's view of
// stock.
type CatalogService struct {
	base
	store ports.Store
	tx    ports.TxRunner
}

func NewCatalogService(store ports.Store, tx ports.TxRunner, log *slog.Logger, opts ...Option) *CatalogService {
	return &CatalogService{base: newBase(log.With("svc", "catalog"), opts), store: store, tx: tx}
}

var slugRE = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{1,62}$`)

type CreateArtistInput struct {
	Slug            string `json:"slug"`
	DisplayName     string `json:"display_name"`
	StripeAccountID string `json:"stripe_account_id"`
	RevenueShareBps int32  `json:"revenue_share_bps"`
}

func (s *CatalogService) CreateArtist(ctx context.Context, in CreateArtistInput) (domain.Artist, error) {
	if !slugRE.MatchString(in.Slug) {
		return domain.Artist{}, domain.Invalid("slug", "lowercase letters, digits and dashes")
	}
	if in.RevenueShareBps < 0 || in.RevenueShareBps > 10000 {
		return domain.Artist{}, domain.Invalid("revenue_share_bps", "0-10000")
	}
	if in.StripeAccountID != "" && !strings.HasPrefix(in.StripeAccountID, "acct_") {
		return domain.Artist{}, domain.Invalid("stripe_account_id", "must be a Connect account id")
	}
	return s.store.InsertArtist(ctx, domain.Artist{
		ID:              s.newID(),
		Slug:            in.Slug,
		DisplayName:     in.DisplayName,
		StripeAccountID: in.StripeAccountID,
		RevenueShareBps: in.RevenueShareBps,
		CreatedAt:       s.now(),
	})
}

type CreateProductInput struct {
	SKU            string `json:"sku"`
	Name           string `json:"name"`
	Variant        string `json:"variant"`
	UnitPriceCents int64  `json:"unit_price_cents"`
	Currency       string `json:"currency"`
	PreorderCap    int32  `json:"preorder_cap"`
}

// CreateProduct adds a SKU to a tour. The SKU is the natural key: posting
// the same product again returns the stored one; posting a different
// product under an existing SKU is a conflict.
func (s *CatalogService) CreateProduct(ctx context.Context, tourID uuid.UUID, in CreateProductInput) (domain.Product, bool, error) {
	if in.SKU == "" || in.UnitPriceCents <= 0 || len(in.Currency) != 3 {
		return domain.Product{}, false, domain.Invalid("product", "sku, unit_price_cents and currency are required")
	}
	tour, err := s.store.GetTour(ctx, tourID)
	if err != nil {
		return domain.Product{}, false, err
	}
	p := domain.Product{
		ID:             s.newID(),
		TourID:         tour.ID,
		ArtistID:       tour.ArtistID,
		SKU:            strings.ToUpper(in.SKU),
		Name:           in.Name,
		Variant:        in.Variant,
		UnitPriceCents: in.UnitPriceCents,
		Currency:       strings.ToLower(in.Currency),
		PreorderCap:    in.PreorderCap,
		CreatedAt:      s.now(),
	}
	stored, created, err := s.store.InsertProduct(ctx, p)
	if err != nil {
		return domain.Product{}, false, err
	}
	if !created && (stored.TourID != p.TourID || stored.UnitPriceCents != p.UnitPriceCents || stored.Currency != p.Currency) {
		return domain.Product{}, false, fmt.Errorf("sku %s exists with different terms: %w", p.SKU, domain.ErrConflict)
	}
	return stored, created, nil
}

// HandleStockEvent applies a warehouse inventory event: a sold-out SKU
// stops taking pre-orders, receipts and adjustments move stock on hand.
func (s *CatalogService) HandleStockEvent(ctx context.Context, ev domain.InventoryEvent) error {
	kind := domain.StockEventKind(ev.Type)
	return s.tx.InTx(ctx, func(st ports.Store) error {
		if err := st.InsertStockEvent(ctx, domain.StockEvent{
			ID:               s.newID(),
			WarehouseEventID: ev.EventID,
			SKU:              ev.SKU,
			Kind:             kind,
			Quantity:         ev.Quantity,
			OccurredAt:       ev.OccurredAt,
		}); err != nil {
			return err
		}
		switch kind {
		case domain.StockSoldOut:
			changed, err := st.SetProductStatus(ctx, ev.SKU, domain.ProductSoldOut)
			if err == nil && changed {
				s.log.InfoContext(ctx, "sku sold out at warehouse", "sku", ev.SKU)
			}
			return err
		case domain.StockReceived, domain.StockAdjusted:
			return st.AdjustStockOnHand(ctx, ev.SKU, ev.Quantity)
		}
		return nil
	})
}

// SyncConnectAccount mirrors an artist's Connect account payout
// capability. Stripe may deliver account.updated events out of order, so
// an older event never overwrites a newer one.
func (s *CatalogService) SyncConnectAccount(ctx context.Context, accountID string, payoutsEnabled bool, eventCreated time.Time) error {
	updated, err := s.store.UpdateArtistConnectStatus(ctx, accountID, payoutsEnabled, eventCreated)
	if err != nil {
		return err
	}
	if !updated {
		s.log.DebugContext(ctx, "connect update ignored (unknown or stale)", "account", accountID)
	}
	return nil
}
