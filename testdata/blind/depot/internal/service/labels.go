package service

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"

	"github.com/depotworks/depot/internal/carrier"
	"github.com/depotworks/depot/internal/domain"
	"github.com/depotworks/depot/internal/platform/db"
	"github.com/depotworks/depot/internal/store"
)

// LabelService buys outbound and return labels from the carrier.
type LabelService struct {
	base
	db        *sqlx.DB
	orders    *store.OrderRepo
	shipping  *store.ShippingRepo
	returns   *store.ReturnRepo
	carrier   carrier.API
	name      string
	warehouse carrier.Address
}

// NewLabelService builds the service. name is the carrier code stored on
// labels and shipments; warehouse is the ship-from address.
func NewLabelService(r *store.Repos, c carrier.API, name string, warehouse carrier.Address, opts ...Option) *LabelService {
	return &LabelService{
		base: newBase(opts), db: r.DB, orders: r.Orders, shipping: r.Shipping, returns: r.Returns,
		carrier: c, name: name, warehouse: warehouse,
	}
}

func toCarrierAddress(a domain.Address) carrier.Address {
	return carrier.Address{
		Name: a.Name, Phone: a.Phone, Street1: a.Line1, Street2: a.Line2, City: a.City,
		State: a.Region, PostalCode: a.PostalCode, Country: a.Country,
	}
}

func parcelOf(p domain.Package) carrier.Parcel {
	return carrier.Parcel{WeightG: p.WeightG, LengthMM: p.LengthMM, WidthMM: p.WidthMM, HeightMM: p.HeightMM}
}

func (s *LabelService) load(ctx context.Context, orderID string, seq int) (domain.Order, domain.Package, domain.Address, error) {
	o, err := s.orders.Get(ctx, s.db, orderID)
	if err != nil {
		return o, domain.Package{}, domain.Address{}, err
	}
	pkg, err := s.orders.Package(ctx, orderID, seq)
	if err != nil {
		return o, pkg, domain.Address{}, err
	}
	addr, err := o.Address()
	return o, pkg, addr, err
}

func (s *LabelService) labelRequest(o domain.Order, pkg domain.Package, to domain.Address) carrier.LabelRequest {
	return carrier.LabelRequest{
		ServiceLevel: o.ServiceLevel,
		From:         s.warehouse,
		To:           toCarrierAddress(to),
		Parcel:       parcelOf(pkg),
		Reference:    fmt.Sprintf("%s-%d", o.ExternalRef, pkg.Seq),
	}
}

// saveLabel stores the label and opens the shipment in tx.
func (s *LabelService) saveLabel(ctx context.Context, tx *sqlx.Tx, id string, o domain.Order, seq int, to domain.Address, cl *carrier.Label) (domain.Label, error) {
	l := domain.Label{
		ID: id, OrderID: o.ID, PackageSeq: seq, Carrier: s.name,
		TrackingNumber: cl.TrackingNumber, LabelURL: cl.LabelURL, CostCents: cl.RateCents,
		CreatedAt: s.clock.Now(),
	}
	if err := s.shipping.InsertLabel(ctx, tx, l); err != nil {
		return l, err
	}
	err := s.shipping.InsertShipment(ctx, tx, domain.Shipment{
		ID: "shp_" + cl.TrackingNumber, OrderID: o.ID, MerchantID: o.MerchantID, Carrier: s.name,
		TrackingNumber: cl.TrackingNumber, ConsigneePhone: to.Phone,
	})
	return l, err
}

// PurchaseForPackage buys the label for a packed carton. The purchase is
// recorded as a label request first and the request's ID is sent to the
// carrier, so a repeated purchase returns the label already bought.
func (s *LabelService) PurchaseForPackage(ctx context.Context, ev LabelRequestedEvent) (domain.Label, error) {
	o, pkg, to, err := s.load(ctx, ev.OrderID, ev.PackageSeq)
	if err != nil {
		return domain.Label{}, err
	}
	lr, err := s.shipping.ClaimLabelRequest(ctx, domain.LabelRequest{
		ID: "lr_" + s.ids.New(), OrderID: o.ID, PackageSeq: pkg.Seq, Carrier: s.name, ServiceLevel: o.ServiceLevel,
	})
	if err != nil {
		return domain.Label{}, err
	}
	if lr.Status == "purchased" {
		return domain.Label{ID: lr.ID, OrderID: o.ID, PackageSeq: pkg.Seq, Carrier: lr.Carrier,
			TrackingNumber: deref(lr.TrackingNumber), LabelURL: deref(lr.LabelURL)}, nil
	}

	cl, err := s.carrier.CreateLabel(ctx, s.labelRequest(o, pkg, to), carrier.WithRequestID(lr.ID))
	if err != nil {
		return domain.Label{}, fmt.Errorf("buy label %s/%d: %w", o.ID, pkg.Seq, err)
	}
	return db.InTxResult(ctx, s.db, func(tx *sqlx.Tx) (domain.Label, error) {
		if err := s.shipping.CompleteLabelRequest(ctx, tx, lr.ID, cl.TrackingNumber, cl.LabelURL, cl.RateCents); err != nil {
			return domain.Label{}, err
		}
		return s.saveLabel(ctx, tx, lr.ID, o, pkg.Seq, to, cl)
	})
}

// BuyLabel buys a label for a carton on demand, for re-labelling damaged
// cartons or switching service level from the packing station.
func (s *LabelService) BuyLabel(ctx context.Context, orderID string, seq int, serviceLevel string) (domain.Label, error) {
	o, pkg, to, err := s.load(ctx, orderID, seq)
	if err != nil {
		return domain.Label{}, err
	}
	if serviceLevel != "" {
		o.ServiceLevel = serviceLevel
	}
	req := s.labelRequest(o, pkg, to)
	cl, err := s.carrier.CreateLabel(ctx, req, carrier.WithRequestID(s.ids.New()))
	if err != nil {
		return domain.Label{}, fmt.Errorf("buy label %s/%d: %w", o.ID, pkg.Seq, err)
	}
	return db.InTxResult(ctx, s.db, func(tx *sqlx.Tx) (domain.Label, error) {
		return s.saveLabel(ctx, tx, "lbl_"+cl.TrackingNumber, o, pkg.Seq, to, cl)
	})
}

// IssueReturnLabel buys the prepaid return label for an RMA and stores it
// on the return.
func (s *LabelService) IssueReturnLabel(ctx context.Context, ev ReturnLabelRequestedEvent) error {
	rt, err := s.returns.Get(ctx, s.db, ev.ReturnID)
	if err != nil {
		return err
	}
	if rt.ReturnTrackingNumber != nil {
		return nil
	}
	o, err := s.orders.Get(ctx, s.db, rt.OrderID)
	if err != nil {
		return err
	}
	from, err := o.Address()
	if err != nil {
		return err
	}
	cl, err := s.carrier.CreateReturnLabel(ctx, carrier.ReturnLabelRequest{
		From:      toCarrierAddress(from),
		To:        s.warehouse,
		Parcel:    carrier.Parcel{WeightG: 1000, LengthMM: 300, WidthMM: 200, HeightMM: 150},
		Reference: rt.ID,
	})
	if err != nil {
		return fmt.Errorf("return label %s: %w", rt.ID, err)
	}
	return s.returns.SetLabel(ctx, rt.ID, s.name, cl.TrackingNumber, cl.LabelURL)
}

func deref(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}
