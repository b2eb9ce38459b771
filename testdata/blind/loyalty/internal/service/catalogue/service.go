// Package catalogue places reward-catalogue orders with the fulfilment
// partner and pays for them in points.
package catalogue

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/oklog/ulid/v2"

	"github.com/tidewater/loyalty/internal/db"
	"github.com/tidewater/loyalty/internal/domain"
	"github.com/tidewater/loyalty/internal/platform/ids"
	"github.com/tidewater/loyalty/internal/platform/txn"
	"github.com/tidewater/loyalty/internal/provider/partnerapi"
)

// Partner is the subset of the partner client the service needs.
type Partner interface {
	PlaceOrder(ctx context.Context, r *partnerapi.OrderRequest) (*partnerapi.OrderResponse, error)
}

type MemberReader interface {
	Get(ctx context.Context, id uuid.UUID) (db.Member, error)
}

type OrderInput struct {
	MemberID uuid.UUID
	SKU      string
	Quantity int
	ShipTo   partnerapi.Address
}

type Service struct {
	pool    txn.Beginner
	items   ItemSource
	members MemberReader
	partner Partner
	log     *slog.Logger
}

func NewService(pool txn.Beginner, items ItemSource, members MemberReader, partner Partner, log *slog.Logger) *Service {
	return &Service{pool: pool, items: items, members: members, partner: partner, log: log}
}

// PlaceOrder books the item with the partner and then records the order and
// the points debit.
func (s *Service) PlaceOrder(ctx context.Context, in OrderInput) (db.CatalogueOrder, error) {
	item, err := s.items.Item(ctx, in.SKU)
	if err != nil {
		return db.CatalogueOrder{}, err
	}
	if in.Quantity == 0 {
		in.Quantity = 1
	}
	member, err := s.members.Get(ctx, in.MemberID)
	if err != nil {
		return db.CatalogueOrder{}, err
	}
	if domain.Tier(item.MinTier).Above(domain.Tier(member.Tier)) {
		return db.CatalogueOrder{}, fmt.Errorf("%w: %s requires tier %s", domain.ErrInvalidState, item.SKU, item.MinTier)
	}
	total := item.Points * int64(in.Quantity)
	if member.PointsBalance < total {
		return db.CatalogueOrder{}, domain.ErrInsufficientPoints
	}

	orderRef := ulid.Make().String()
	req, err := partnerapi.NewOrder(item.PartnerSKU).
		Quantity(in.Quantity).
		ShipTo(in.ShipTo).
		ClientReference(orderRef).
		Meta("member_id", member.ID.String()).
		Build()
	if err != nil {
		return db.CatalogueOrder{}, fmt.Errorf("%w: %v", domain.ErrValidation, err)
	}

	booked, err := s.partner.PlaceOrder(ctx, req)
	if err != nil {
		return db.CatalogueOrder{}, fmt.Errorf("partner order: %w", err)
	}
	s.log.InfoContext(ctx, "partner accepted catalogue order",
		"order_ref", orderRef, "partner_order_id", booked.PartnerOrderID)

	return txn.WithTx(ctx, s.pool, func(q *db.Queries) (db.CatalogueOrder, error) {
		locked, err := q.GetMemberForUpdate(ctx, member.ID)
		if err != nil {
			return db.CatalogueOrder{}, err
		}
		if locked.PointsBalance < total {
			// The partner has already accepted; finance reconciles these.
			return db.CatalogueOrder{}, domain.ErrInsufficientPoints
		}
		order, err := q.CreateCatalogueOrder(ctx, db.CreateCatalogueOrderParams{
			ID:              orderRef,
			MemberID:        member.ID,
			Sku:             item.SKU,
			Quantity:        int32(in.Quantity),
			Points:          total,
			ClientReference: orderRef,
			PartnerOrderID:  pgtype.Text{String: booked.PartnerOrderID, Valid: true},
			Status:          "submitted",
		})
		if err != nil {
			return db.CatalogueOrder{}, fmt.Errorf("record order: %w", err)
		}
		if err := q.InsertLedgerEntry(ctx, db.InsertLedgerEntryParams{
			ID:       ids.Prefixed("led"),
			MemberID: member.ID,
			Delta:    -total,
			Kind:     "catalogue_order",
			Ref:      pgtype.Text{String: "catalogue:" + orderRef, Valid: true},
			Note:     item.Title,
		}); err != nil {
			return db.CatalogueOrder{}, err
		}
		if _, err := q.AddMemberPoints(ctx, db.AddMemberPointsParams{ID: member.ID, Delta: -total}); err != nil {
			return db.CatalogueOrder{}, err
		}
		return order, nil
	})
}
