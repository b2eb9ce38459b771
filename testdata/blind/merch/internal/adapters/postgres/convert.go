package postgres

import (
	"time"

	"github.com/google/uuid"

	"github.com/merchline/preorders/internal/adapters/postgres/sqlcgen"
	"github.com/merchline/preorders/internal/core/domain"
)

func strPtr(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

func timePtr(t time.Time) *time.Time { return &t }

func nullUUID(id *uuid.UUID) uuid.NullUUID {
	if id == nil {
		return uuid.NullUUID{}
	}
	return uuid.NullUUID{UUID: *id, Valid: true}
}

func uuidPtr(n uuid.NullUUID) *uuid.UUID {
	if !n.Valid {
		return nil
	}
	id := n.UUID
	return &id
}

func toOrder(r sqlcgen.Order) domain.Order {
	return domain.Order{
		ID:               r.ID,
		IdempotencyKey:   r.IdempotencyKey,
		RequestHash:      r.RequestHash,
		TourID:           r.TourID,
		FanEmail:         r.FanEmail,
		FanName:          r.FanName,
		StripeCustomerID: deref(r.StripeCustomerID),
		Currency:         r.Currency,
		TotalCents:       r.TotalCents,
		CapturedCents:    r.CapturedCents,
		Status:           domain.OrderStatus(r.Status),
		PaymentIntentID:  deref(r.PaymentIntentID),
		AuthorizedAt:     r.AuthorizedAt,
		AuthExpiresAt:    r.AuthExpiresAt,
		CapturedAt:       r.CapturedAt,
		ShippingAddress: domain.Address{
			Name:     r.ShipName,
			Line1:    r.ShipLine1,
			Line2:    r.ShipLine2,
			City:     r.ShipCity,
			Region:   r.ShipRegion,
			Postcode: r.ShipPostcode,
			Country:  r.ShipCountry,
		},
		ExpectedShipDate: r.ExpectedShipDate,
		CreatedAt:        r.CreatedAt,
		UpdatedAt:        r.UpdatedAt,
	}
}

func toOrders(rows []sqlcgen.Order) []domain.Order {
	out := make([]domain.Order, 0, len(rows))
	for _, r := range rows {
		out = append(out, toOrder(r))
	}
	return out
}

func toItem(r sqlcgen.OrderItem) domain.OrderItem {
	return domain.OrderItem{
		ID:             r.ID,
		OrderID:        r.OrderID,
		ProductID:      r.ProductID,
		ArtistID:       r.ArtistID,
		SKU:            r.Sku,
		Quantity:       r.Quantity,
		UnitPriceCents: r.UnitPriceCents,
		Status:         domain.ItemStatus(r.Status),
		CreatedAt:      r.CreatedAt,
		UpdatedAt:      r.UpdatedAt,
	}
}

func toItems(rows []sqlcgen.OrderItem) []domain.OrderItem {
	out := make([]domain.OrderItem, 0, len(rows))
	for _, r := range rows {
		out = append(out, toItem(r))
	}
	return out
}

func toArtist(r sqlcgen.Artist) domain.Artist {
	return domain.Artist{
		ID:              r.ID,
		Slug:            r.Slug,
		DisplayName:     r.DisplayName,
		StripeAccountID: deref(r.StripeAccountID),
		RevenueShareBps: r.RevenueShareBps,
		PayoutsEnabled:  r.PayoutsEnabled,
		ConnectSyncedAt: r.ConnectSyncedAt,
		CreatedAt:       r.CreatedAt,
	}
}

func toProduct(r sqlcgen.Product) domain.Product {
	return domain.Product{
		ID:             r.ID,
		TourID:         r.TourID,
		ArtistID:       r.ArtistID,
		SKU:            r.Sku,
		Name:           r.Name,
		Variant:        r.Variant,
		UnitPriceCents: r.UnitPriceCents,
		Currency:       r.Currency,
		PreorderCap:    r.PreorderCap,
		Reserved:       r.Reserved,
		StockOnHand:    r.StockOnHand,
		Status:         domain.ProductStatus(r.Status),
		CreatedAt:      r.CreatedAt,
		UpdatedAt:      r.UpdatedAt,
	}
}

func toOperation(r sqlcgen.PaymentOperation) domain.PaymentOperation {
	return domain.PaymentOperation{
		ID:             r.ID,
		OrderID:        r.OrderID,
		Kind:           domain.OperationKind(r.Kind),
		OperationKey:   r.OperationKey,
		AmountCents:    r.AmountCents,
		Status:         domain.OperationStatus(r.Status),
		StripeObjectID: deref(r.StripeObjectID),
		FailureCode:    deref(r.FailureCode),
		CreatedAt:      r.CreatedAt,
		UpdatedAt:      r.UpdatedAt,
	}
}

func toRefund(r sqlcgen.Refund) domain.Refund {
	return domain.Refund{
		ID:             r.ID,
		OrderID:        r.OrderID,
		OrderItemID:    uuidPtr(r.OrderItemID),
		OperationKey:   r.OperationKey,
		Reason:         r.Reason,
		AmountCents:    r.AmountCents,
		Status:         domain.RefundStatus(r.Status),
		StripeRefundID: deref(r.StripeRefundID),
		CreatedAt:      r.CreatedAt,
		UpdatedAt:      r.UpdatedAt,
	}
}

func toShipment(r sqlcgen.Shipment) domain.Shipment {
	return domain.Shipment{
		ID:                  r.ID,
		OrderID:             r.OrderID,
		WarehouseShipmentID: r.WarehouseShipmentID,
		Carrier:             r.Carrier,
		TrackingNumber:      r.TrackingNumber,
		Status:              domain.ShipmentStatus(r.Status),
		ShippedAt:           r.ShippedAt,
		DeliveredAt:         r.DeliveredAt,
	}
}

func toPayout(r sqlcgen.Payout) domain.Payout {
	return domain.Payout{
		ID:               r.ID,
		ArtistID:         r.ArtistID,
		PeriodStart:      r.PeriodStart,
		PeriodEnd:        r.PeriodEnd,
		AmountCents:      r.AmountCents,
		Currency:         r.Currency,
		Status:           domain.PayoutStatus(r.Status),
		StripeTransferID: deref(r.StripeTransferID),
		CreatedAt:        r.CreatedAt,
	}
}
