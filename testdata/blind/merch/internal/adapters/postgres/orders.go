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

func (s *Store) InsertOrder(ctx context.Context, o domain.Order) (domain.Order, bool, error) {
	row, err := s.q.InsertOrder(ctx, sqlcgen.InsertOrderParams{
		ID:             o.ID,
		IdempotencyKey: o.IdempotencyKey,
		RequestHash:    o.RequestHash,
		TourID:         o.TourID,
		FanEmail:       o.FanEmail,
		FanName:        o.FanName,
		Currency:       o.Currency,
		TotalCents:     o.TotalCents,
		Status:         string(o.Status),
		ShipName:       o.ShippingAddress.Name,
		ShipLine1:      o.ShippingAddress.Line1,
		ShipLine2:      o.ShippingAddress.Line2,
		ShipCity:       o.ShippingAddress.City,
		ShipRegion:     o.ShippingAddress.Region,
		ShipPostcode:   o.ShippingAddress.Postcode,
		ShipCountry:    o.ShippingAddress.Country,
		CreatedAt:      o.CreatedAt,
	})
	if err == nil {
		return toOrder(row), true, nil
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return domain.Order{}, false, fmt.Errorf("insert order: %w", err)
	}
	// ON CONFLICT DO NOTHING returned no row: the key is taken.
	existing, err := s.q.GetOrderByIdempotencyKey(ctx, o.IdempotencyKey)
	if err != nil {
		return domain.Order{}, false, fmt.Errorf("load order by key: %w", err)
	}
	return toOrder(existing), false, nil
}

func (s *Store) InsertOrderItem(ctx context.Context, it domain.OrderItem) error {
	return s.q.InsertOrderItem(ctx, sqlcgen.InsertOrderItemParams{
		ID:             it.ID,
		OrderID:        it.OrderID,
		ProductID:      it.ProductID,
		ArtistID:       it.ArtistID,
		Sku:            it.SKU,
		Quantity:       it.Quantity,
		UnitPriceCents: it.UnitPriceCents,
		Status:         string(it.Status),
		CreatedAt:      it.CreatedAt,
	})
}

func (s *Store) GetOrder(ctx context.Context, id uuid.UUID) (domain.Order, error) {
	row, err := s.q.GetOrder(ctx, id)
	if err != nil {
		return domain.Order{}, notFound(err)
	}
	return toOrder(row), nil
}

func (s *Store) GetOrderForUpdate(ctx context.Context, id uuid.UUID) (domain.Order, error) {
	row, err := s.q.GetOrderForUpdate(ctx, id)
	if err != nil {
		return domain.Order{}, notFound(err)
	}
	return toOrder(row), nil
}

func (s *Store) GetOrderByPaymentIntent(ctx context.Context, pi string) (domain.Order, error) {
	row, err := s.q.GetOrderByPaymentIntent(ctx, &pi)
	if err != nil {
		return domain.Order{}, notFound(err)
	}
	return toOrder(row), nil
}

func (s *Store) ListOrderItems(ctx context.Context, orderID uuid.UUID) ([]domain.OrderItem, error) {
	rows, err := s.q.ListOrderItems(ctx, orderID)
	if err != nil {
		return nil, err
	}
	return toItems(rows), nil
}

func (s *Store) GetOrderItem(ctx context.Context, id uuid.UUID) (domain.OrderItem, error) {
	row, err := s.q.GetOrderItem(ctx, id)
	if err != nil {
		return domain.OrderItem{}, notFound(err)
	}
	return toItem(row), nil
}

func (s *Store) GetOrderItemBySKU(ctx context.Context, orderID uuid.UUID, sku string) (domain.OrderItem, error) {
	row, err := s.q.GetOrderItemBySKU(ctx, sqlcgen.GetOrderItemBySKUParams{OrderID: orderID, Sku: sku})
	if err != nil {
		return domain.OrderItem{}, notFound(err)
	}
	return toItem(row), nil
}

func (s *Store) SetPaymentIntent(ctx context.Context, orderID uuid.UUID, pi string) error {
	return s.q.SetPaymentIntent(ctx, sqlcgen.SetPaymentIntentParams{ID: orderID, PaymentIntentID: &pi})
}

func (s *Store) MarkAuthorized(ctx context.Context, orderID uuid.UUID, at, expires time.Time) (bool, error) {
	n, err := s.q.MarkAuthorized(ctx, sqlcgen.MarkAuthorizedParams{ID: orderID, AuthorizedAt: &at, AuthExpiresAt: &expires})
	return n > 0, err
}

func (s *Store) TransitionStatus(ctx context.Context, orderID uuid.UUID, from []domain.OrderStatus, to domain.OrderStatus) (bool, error) {
	fromStrs := make([]string, len(from))
	for i, f := range from {
		fromStrs[i] = string(f)
	}
	n, err := s.q.TransitionOrderStatus(ctx, sqlcgen.TransitionOrderStatusParams{ID: orderID, FromStatuses: fromStrs, ToStatus: string(to)})
	return n > 0, err
}

func (s *Store) SetStatus(ctx context.Context, orderID uuid.UUID, status domain.OrderStatus) error {
	return s.q.SetOrderStatus(ctx, sqlcgen.SetOrderStatusParams{ID: orderID, Status: string(status)})
}

func (s *Store) UpdateShippingAddress(ctx context.Context, orderID uuid.UUID, a domain.Address) error {
	return s.q.UpdateShippingAddress(ctx, sqlcgen.UpdateShippingAddressParams{
		ID:           orderID,
		ShipName:     a.Name,
		ShipLine1:    a.Line1,
		ShipLine2:    a.Line2,
		ShipCity:     a.City,
		ShipRegion:   a.Region,
		ShipPostcode: a.Postcode,
		ShipCountry:  a.Country,
	})
}

func (s *Store) RecordCapture(ctx context.Context, orderID uuid.UUID, amount int64, at time.Time) error {
	return s.q.RecordCapture(ctx, sqlcgen.RecordCaptureParams{ID: orderID, CapturedCents: amount, CapturedAt: &at})
}

func (s *Store) ReplaceAuthorization(ctx context.Context, orderID uuid.UUID, pi string, at, expires time.Time) error {
	return s.q.ReplaceAuthorization(ctx, sqlcgen.ReplaceAuthorizationParams{
		ID:              orderID,
		PaymentIntentID: &pi,
		AuthorizedAt:    &at,
		AuthExpiresAt:   &expires,
	})
}

func (s *Store) SetItemStatus(ctx context.Context, itemID uuid.UUID, from, to domain.ItemStatus) (bool, error) {
	n, err := s.q.SetItemStatus(ctx, sqlcgen.SetItemStatusParams{ID: itemID, FromStatus: string(from), ToStatus: string(to)})
	return n > 0, err
}

func (s *Store) ReduceOrderTotal(ctx context.Context, orderID uuid.UUID, amount int64) error {
	return s.q.ReduceOrderTotal(ctx, sqlcgen.ReduceOrderTotalParams{ID: orderID, Amount: amount})
}

// RemoveItem drops the line from the order total, marks it removed and
// hands its units back to the product's pre-order pool.
func (s *Store) RemoveItem(ctx context.Context, it domain.OrderItem) error {
	if err := s.q.ReduceOrderTotal(ctx, sqlcgen.ReduceOrderTotalParams{ID: it.OrderID, Amount: it.LineTotal()}); err != nil {
		return fmt.Errorf("reduce order total: %w", err)
	}
	n, err := s.q.SetItemStatus(ctx, sqlcgen.SetItemStatusParams{
		ID:         it.ID,
		FromStatus: string(domain.ItemActive),
		ToStatus:   string(domain.ItemRemoved),
	})
	if err != nil {
		return fmt.Errorf("mark item removed: %w", err)
	}
	if n == 0 {
		return fmt.Errorf("item %s is no longer active: %w", it.ID, domain.ErrConflict)
	}
	if err := s.q.ReleaseReservation(ctx, sqlcgen.ReleaseReservationParams{Sku: it.SKU, Qty: it.Quantity}); err != nil {
		return fmt.Errorf("release reservation: %w", err)
	}
	return nil
}

func (s *Store) ListActiveItemsBySKU(ctx context.Context, sku string) ([]domain.OrderItem, error) {
	rows, err := s.q.ListActiveItemsBySKU(ctx, sku)
	if err != nil {
		return nil, err
	}
	return toItems(rows), nil
}

func (s *Store) ListOpenOrderIDsBySKU(ctx context.Context, sku string) ([]uuid.UUID, error) {
	return s.q.ListOpenOrderIDsBySKU(ctx, sku)
}

func (s *Store) SetExpectedShipDate(ctx context.Context, orderID uuid.UUID, date time.Time) error {
	return s.q.SetExpectedShipDate(ctx, sqlcgen.SetExpectedShipDateParams{ID: orderID, ExpectedShipDate: &date})
}

func (s *Store) ListStalePending(ctx context.Context, before time.Time, limit int32) ([]domain.Order, error) {
	rows, err := s.q.ListStalePending(ctx, sqlcgen.ListStalePendingParams{CreatedAt: before, Limit: limit})
	if err != nil {
		return nil, err
	}
	return toOrders(rows), nil
}

func (s *Store) ListExpiringAuthorizations(ctx context.Context, before time.Time, limit int32) ([]domain.Order, error) {
	rows, err := s.q.ListExpiringAuthorizations(ctx, sqlcgen.ListExpiringAuthorizationsParams{AuthExpiresAt: &before, Limit: limit})
	if err != nil {
		return nil, err
	}
	return toOrders(rows), nil
}
