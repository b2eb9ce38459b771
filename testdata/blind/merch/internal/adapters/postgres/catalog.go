package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/merchline/preorders/internal/adapters/postgres/sqlcgen"
	"github.com/merchline/preorders/internal/core/domain"
)

func (s *Store) InsertArtist(ctx context.Context, a domain.Artist) (domain.Artist, error) {
	row, err := s.q.InsertArtist(ctx, sqlcgen.InsertArtistParams{
		ID:              a.ID,
		Slug:            a.Slug,
		DisplayName:     a.DisplayName,
		StripeAccountID: strPtr(a.StripeAccountID),
		RevenueShareBps: a.RevenueShareBps,
		CreatedAt:       a.CreatedAt,
	})
	if err != nil {
		return domain.Artist{}, fmt.Errorf("insert artist %q: %w", a.Slug, err)
	}
	return toArtist(row), nil
}

func (s *Store) GetArtist(ctx context.Context, id uuid.UUID) (domain.Artist, error) {
	row, err := s.q.GetArtist(ctx, id)
	if err != nil {
		return domain.Artist{}, notFound(err)
	}
	return toArtist(row), nil
}

func (s *Store) ListArtists(ctx context.Context) ([]domain.Artist, error) {
	rows, err := s.q.ListArtists(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]domain.Artist, 0, len(rows))
	for _, r := range rows {
		out = append(out, toArtist(r))
	}
	return out, nil
}

func (s *Store) UpdateArtistConnectStatus(ctx context.Context, acct string, enabled bool, at time.Time) (bool, error) {
	n, err := s.q.UpdateArtistConnectStatus(ctx, sqlcgen.UpdateArtistConnectStatusParams{
		StripeAccountID: &acct,
		PayoutsEnabled:  enabled,
		ConnectSyncedAt: &at,
	})
	return n > 0, err
}

func (s *Store) GetTour(ctx context.Context, id uuid.UUID) (domain.Tour, error) {
	row, err := s.q.GetTour(ctx, id)
	if err != nil {
		return domain.Tour{}, notFound(err)
	}
	return domain.Tour{ID: row.ID, ArtistID: row.ArtistID, Slug: row.Slug, Name: row.Name, PreordersOpen: row.PreordersOpen}, nil
}

func (s *Store) InsertProduct(ctx context.Context, p domain.Product) (domain.Product, bool, error) {
	row, err := s.q.InsertProduct(ctx, sqlcgen.InsertProductParams{
		ID:             p.ID,
		TourID:         p.TourID,
		ArtistID:       p.ArtistID,
		Sku:            p.SKU,
		Name:           p.Name,
		Variant:        p.Variant,
		UnitPriceCents: p.UnitPriceCents,
		Currency:       p.Currency,
		PreorderCap:    p.PreorderCap,
		CreatedAt:      p.CreatedAt,
	})
	if err == nil {
		return toProduct(row), true, nil
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return domain.Product{}, false, fmt.Errorf("insert product: %w", err)
	}
	existing, err := s.q.GetProductBySKU(ctx, p.SKU)
	if err != nil {
		return domain.Product{}, false, fmt.Errorf("load product %q: %w", p.SKU, err)
	}
	return toProduct(existing), false, nil
}

func (s *Store) GetProductBySKU(ctx context.Context, sku string) (domain.Product, error) {
	row, err := s.q.GetProductBySKU(ctx, sku)
	if err != nil {
		return domain.Product{}, notFound(err)
	}
	return toProduct(row), nil
}

func (s *Store) ListProductsBySKU(ctx context.Context, skus []string) ([]domain.Product, error) {
	rows, err := s.q.ListProductsBySKU(ctx, skus)
	if err != nil {
		return nil, err
	}
	out := make([]domain.Product, 0, len(rows))
	for _, r := range rows {
		out = append(out, toProduct(r))
	}
	return out, nil
}

func (s *Store) ReserveStock(ctx context.Context, sku string, qty int32) (bool, error) {
	n, err := s.q.ReserveStock(ctx, sqlcgen.ReserveStockParams{Sku: sku, Qty: qty})
	return n > 0, err
}

func (s *Store) ReleaseReservation(ctx context.Context, sku string, qty int32) error {
	return s.q.ReleaseReservation(ctx, sqlcgen.ReleaseReservationParams{Sku: sku, Qty: qty})
}

func (s *Store) SetProductStatus(ctx context.Context, sku string, status domain.ProductStatus) (bool, error) {
	n, err := s.q.SetProductStatus(ctx, sqlcgen.SetProductStatusParams{Sku: sku, Status: string(status)})
	return n > 0, err
}

func (s *Store) AdjustStockOnHand(ctx context.Context, sku string, delta int32) error {
	return s.q.AdjustStockOnHand(ctx, sqlcgen.AdjustStockOnHandParams{Sku: sku, Delta: delta})
}

func (s *Store) InsertStockEvent(ctx context.Context, e domain.StockEvent) error {
	err := s.q.InsertStockEvent(ctx, sqlcgen.InsertStockEventParams{
		ID:               e.ID,
		WarehouseEventID: e.WarehouseEventID,
		Sku:              e.SKU,
		Kind:             string(e.Kind),
		Quantity:         e.Quantity,
		OccurredAt:       e.OccurredAt,
	})
	if err != nil {
		return fmt.Errorf("insert stock event %s: %w", e.WarehouseEventID, err)
	}
	return nil
}
