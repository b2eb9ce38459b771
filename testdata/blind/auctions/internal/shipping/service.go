// Package shipping buys carrier labels for paid orders.
package shipping

import (
	"context"
	"fmt"

	"github.com/hammerline/auctions/internal/carrier"
	"github.com/hammerline/auctions/internal/domain"
	"github.com/hammerline/auctions/internal/platform/ids"
	"github.com/hammerline/auctions/internal/platform/logx"
	"github.com/hammerline/auctions/internal/platform/pgdb"
)

// LabelBuyer is the carrier API.
type LabelBuyer interface {
	PurchaseLabel(ctx context.Context, req carrier.LabelRequest, opts ...carrier.RequestOption) (carrier.Label, error)
}

// ShipmentStore persists shipments.
type ShipmentStore interface {
	InsertIfAbsent(ctx context.Context, q pgdb.Querier, s domain.Shipment) (domain.Shipment, error)
	GetByOrder(ctx context.Context, q pgdb.Querier, orderID string) (domain.Shipment, error)
}

// OrderStore reads and updates orders.
type OrderStore interface {
	Get(ctx context.Context, q pgdb.Querier, id string) (domain.Order, error)
	SetStatus(ctx context.Context, q pgdb.Querier, id string, s domain.OrderStatus) error
}

// LotReader reads lots.
type LotReader interface {
	Get(ctx context.Context, q pgdb.Querier, id string) (domain.Lot, error)
}

// AccountReader reads accounts.
type AccountReader interface {
	Get(ctx context.Context, q pgdb.Querier, id string) (domain.Account, error)
}

// Service buys labels.
type Service interface {
	BuyLabel(ctx context.Context, in LabelInput, opts ...carrier.RequestOption) (domain.Shipment, error)
	Get(ctx context.Context, orderID string) (domain.Shipment, error)
}

// LabelInput describes the label to buy. SellerID, when set, must own the
// order.
type LabelInput struct {
	OrderID      string
	SellerID     string
	ServiceLevel string
	Parcel       carrier.Parcel
}

type service struct {
	db        pgdb.DB
	carrier   LabelBuyer
	shipments ShipmentStore
	orders    OrderStore
	lots      LotReader
	accounts  AccountReader
}

// NewService wires the shipping service.
func NewService(db pgdb.DB, c LabelBuyer, s ShipmentStore, o OrderStore, l LotReader, a AccountReader) Service {
	return &service{db: db, carrier: c, shipments: s, orders: o, lots: l, accounts: a}
}

func (s *service) Get(ctx context.Context, orderID string) (domain.Shipment, error) {
	return s.shipments.GetByOrder(ctx, s.db, orderID)
}

func toCarrier(a domain.Address) carrier.Address {
	return carrier.Address{Name: a.Name, Line1: a.Line1, City: a.City, Postcode: a.Postcode, Country: a.Country}
}

// BuyLabel purchases a label from the carrier and stores the shipment.
// Options are passed through to the carrier client.
func (s *service) BuyLabel(ctx context.Context, in LabelInput, opts ...carrier.RequestOption) (domain.Shipment, error) {
	order, err := s.orders.Get(ctx, s.db, in.OrderID)
	if err != nil {
		return domain.Shipment{}, err
	}
	if in.SellerID != "" && order.SellerID != in.SellerID {
		return domain.Shipment{}, domain.ErrForbidden
	}
	switch order.Status {
	case domain.OrderPaid:
	case domain.OrderShipped:
		if existing, err := s.shipments.GetByOrder(ctx, s.db, order.ID); err == nil {
			return existing, nil
		}
		return domain.Shipment{}, fmt.Errorf("%w: order shipped without a label on file", domain.ErrConflict)
	default:
		return domain.Shipment{}, fmt.Errorf("%w: order is %s", domain.ErrConflict, order.Status)
	}
	seller, err := s.accounts.Get(ctx, s.db, order.SellerID)
	if err != nil {
		return domain.Shipment{}, err
	}
	buyer, err := s.accounts.Get(ctx, s.db, order.BuyerID)
	if err != nil {
		return domain.Shipment{}, err
	}
	parcel := in.Parcel
	if parcel.WeightGrams == 0 {
		lot, err := s.lots.Get(ctx, s.db, order.LotID)
		if err != nil {
			return domain.Shipment{}, err
		}
		parcel.WeightGrams = lot.WeightGrams
	}
	level := in.ServiceLevel
	if level == "" {
		level = "ground"
	}

	label, err := s.carrier.PurchaseLabel(ctx, carrier.LabelRequest{
		From:         toCarrier(seller.ShipTo),
		To:           toCarrier(buyer.ShipTo),
		Parcel:       parcel,
		ServiceLevel: level,
		Reference:    order.ID,
	}, opts...)
	if err != nil {
		return domain.Shipment{}, err
	}

	return pgdb.WithTx(ctx, s.db, func(q pgdb.Querier) (domain.Shipment, error) {
		stored, err := s.shipments.InsertIfAbsent(ctx, q, domain.Shipment{
			ID:             ids.Shipment(),
			OrderID:        order.ID,
			CarrierLabelID: label.ID,
			TrackingNumber: label.TrackingNumber,
			ServiceLevel:   label.ServiceLevel,
			LabelURL:       label.LabelURL,
			RateCents:      label.RateCents,
		})
		if err != nil {
			return domain.Shipment{}, err
		}
		if stored.CarrierLabelID != label.ID {
			logx.From(ctx).Warn("order already had a label; keeping the first",
				"order", order.ID, "kept", stored.CarrierLabelID, "new", label.ID)
		}
		if err := s.orders.SetStatus(ctx, q, order.ID, domain.OrderShipped); err != nil {
			return domain.Shipment{}, err
		}
		return stored, nil
	})
}
