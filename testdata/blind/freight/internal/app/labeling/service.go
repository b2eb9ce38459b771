// Package labeling buys carrier labels and books carrier-side services
// (pickups, customs filings) for shipments.
package labeling

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/acme/freight/internal/carrier/parcelco"
	"github.com/acme/freight/internal/carrier/swiftfreight"
	"github.com/acme/freight/internal/domain"
	"github.com/acme/freight/internal/httpx"
	"github.com/acme/freight/internal/idgen"
)

const (
	CarrierParcelCo = "parcelco"
	CarrierSwift    = "swiftfreight"
)

type LabelStore interface {
	ClaimOperation(ctx context.Context, op domain.LabelOperation) (*domain.LabelOperation, error)
	CompleteOperation(ctx context.Context, opID, labelID string) error
	InsertLabel(ctx context.Context, l *domain.Label) error
	GetLabel(ctx context.Context, id string) (*domain.Label, error)
	LabelForShipment(ctx context.Context, shipmentID string) (*domain.Label, error)
	InsertReturnLabel(ctx context.Context, rl *domain.ReturnLabel) error
	GetReturnLabel(ctx context.Context, shipmentID string) (*domain.ReturnLabel, error)
	InsertPickup(ctx context.Context, p *domain.Pickup) error
	InsertCustomsFiling(ctx context.Context, f *domain.CustomsFiling) error
}

type ShipmentStore interface {
	Get(ctx context.Context, id string) (*domain.Shipment, error)
	SetStatus(ctx context.Context, id string, status domain.ShipmentStatus) error
}

type ParcelCarrier interface {
	CreateLabel(ctx context.Context, req parcelco.LabelRequest, opts ...parcelco.CallOption) (*parcelco.Label, error)
	CreateReturnLabel(ctx context.Context, req parcelco.ReturnLabelRequest, opts ...parcelco.CallOption) (*parcelco.Label, error)
	SchedulePickup(ctx context.Context, req parcelco.PickupRequest) (*parcelco.PickupConfirmation, error)
}

type SwiftCarrier interface {
	Book(ctx context.Context, req swiftfreight.BookingRequest) (*swiftfreight.Booking, error)
	FileCustoms(ctx context.Context, req swiftfreight.CustomsRequest) (*swiftfreight.CustomsFiling, error)
}

type TxManager interface {
	WithinTx(ctx context.Context, fn func(ctx context.Context) error) error
}

type Service struct {
	tx        TxManager
	labels    LabelStore
	shipments ShipmentStore
	parcel    ParcelCarrier
	swift     SwiftCarrier

	newID func() string
	now   func() time.Time
}

func NewService(tx TxManager, labels LabelStore, shipments ShipmentStore, parcel ParcelCarrier, swift SwiftCarrier) *Service {
	return &Service{
		tx:        tx,
		labels:    labels,
		shipments: shipments,
		parcel:    parcel,
		swift:     swift,
		newID:     idgen.ULID,
		now:       time.Now,
	}
}

func (s *Service) labellable(ctx context.Context, shipmentID, carrier string) (*domain.Shipment, error) {
	sh, err := s.shipments.Get(ctx, shipmentID)
	if err != nil {
		return nil, err
	}
	if sh.Carrier != carrier {
		return nil, fmt.Errorf("%w: shipment is booked with %s", domain.ErrInvalid, sh.Carrier)
	}
	if sh.Status == domain.StatusCancelled {
		return nil, fmt.Errorf("%w: shipment is cancelled", domain.ErrConflict)
	}
	return sh, nil
}

// PurchaseParcelCo buys a ParcelCo label. The purchase intent is committed
// first; its ID is the Idempotency-Key for ParcelCo, so a retry after a crash
// gets the original label back instead of paying for a second one.
func (s *Service) PurchaseParcelCo(ctx context.Context, shipmentID string) (*domain.Label, error) {
	sh, err := s.labellable(ctx, shipmentID, CarrierParcelCo)
	if err != nil {
		return nil, err
	}
	var op *domain.LabelOperation
	if err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		op, err = s.labels.ClaimOperation(ctx, domain.LabelOperation{
			ID:         s.newID(),
			ShipmentID: sh.ID,
			Carrier:    CarrierParcelCo,
		})
		return err
	}); err != nil {
		return nil, err
	}
	if op.Status == "done" {
		return s.labels.GetLabel(ctx, op.LabelID)
	}

	pl, err := s.parcel.CreateLabel(ctx, parcelco.LabelRequest{
		Reference:   sh.Reference,
		Service:     sh.ServiceLevel,
		From:        parcelAddress(sh.Origin),
		To:          parcelAddress(sh.Destination),
		WeightGrams: sh.WeightGrams,
	}, parcelco.WithIdempotencyKey(op.ID))
	if err != nil {
		return nil, err
	}

	label := &domain.Label{
		ID:             op.ID,
		ShipmentID:     sh.ID,
		Carrier:        CarrierParcelCo,
		TrackingNumber: pl.TrackingNumber,
		LabelURL:       pl.LabelURL,
		CostCents:      pl.Charge.AmountCents,
		CreatedAt:      s.now().UTC(),
	}
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.labels.InsertLabel(ctx, label); err != nil {
			return err
		}
		if err := s.labels.CompleteOperation(ctx, op.ID, label.ID); err != nil {
			return err
		}
		return s.shipments.SetStatus(ctx, sh.ID, domain.StatusLabelled)
	})
	if err != nil {
		return nil, err
	}
	return label, nil
}

// PurchaseSwift books the shipment with SwiftFreight and stores the label.
func (s *Service) PurchaseSwift(ctx context.Context, shipmentID string) (*domain.Label, error) {
	sh, err := s.labellable(ctx, shipmentID, CarrierSwift)
	if err != nil {
		return nil, err
	}
	booking, err := s.swift.Book(ctx, swiftfreight.BookingRequest{
		ClientReference: s.newID(),
		Product:         sh.ServiceLevel,
		Shipper:         swiftParty(sh.Origin),
		Receiver:        swiftParty(sh.Destination),
		WeightKg:        strconv.FormatFloat(float64(sh.WeightGrams)/1000, 'f', 3, 64),
	})
	if err != nil {
		return nil, err
	}
	label := &domain.Label{
		ID:             s.newID(),
		ShipmentID:     sh.ID,
		Carrier:        CarrierSwift,
		TrackingNumber: booking.Waybill,
		LabelURL:       booking.LabelURL,
		CostCents:      booking.PriceCents,
		CreatedAt:      s.now().UTC(),
	}
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.labels.InsertLabel(ctx, label); err != nil {
			return err
		}
		return s.shipments.SetStatus(ctx, sh.ID, domain.StatusLabelled)
	})
	if err != nil {
		return nil, err
	}
	return label, nil
}

// CreateReturnLabel issues the (single) prepaid return label of a shipment.
func (s *Service) CreateReturnLabel(ctx context.Context, shipmentID string) (*domain.ReturnLabel, error) {
	if rl, err := s.labels.GetReturnLabel(ctx, shipmentID); err == nil {
		return rl, nil
	} else if !errors.Is(err, domain.ErrNotFound) {
		return nil, err
	}
	sh, err := s.shipments.Get(ctx, shipmentID)
	if err != nil {
		return nil, err
	}
	if sh.Status != domain.StatusDelivered {
		return nil, fmt.Errorf("%w: returns are only possible after delivery", domain.ErrConflict)
	}
	orig, err := s.labels.LabelForShipment(ctx, sh.ID)
	if err != nil {
		return nil, err
	}
	// One return label per shipment: the key is derived from the shipment,
	// so every retry presents the same key to ParcelCo.
	key := idgen.Key("parcelco-return", sh.ID)
	pl, err := s.parcel.CreateReturnLabel(ctx, parcelco.ReturnLabelRequest{
		OriginalTracking: orig.TrackingNumber,
		From:             parcelAddress(sh.Destination),
		To:               parcelAddress(sh.Origin),
	}, parcelco.WithIdempotencyKey(key))
	if err != nil {
		return nil, err
	}
	if err := s.labels.InsertReturnLabel(ctx, &domain.ReturnLabel{
		ID:             key,
		ShipmentID:     sh.ID,
		TrackingNumber: pl.TrackingNumber,
		LabelURL:       pl.LabelURL,
	}); err != nil {
		return nil, err
	}
	return s.labels.GetReturnLabel(ctx, sh.ID)
}

type PickupCommand struct {
	ShipmentID string    `json:"shipment_id"`
	ReadyAt    time.Time `json:"ready_at"`
	CloseAt    time.Time `json:"close_at"`
}

func (c PickupCommand) Validate() error {
	if c.ShipmentID == "" || c.ReadyAt.IsZero() || !c.CloseAt.After(c.ReadyAt) {
		return fmt.Errorf("%w: shipment_id and a valid ready_at/close_at window are required", domain.ErrInvalid)
	}
	return nil
}

// SchedulePickup books a ParcelCo driver collection for a labelled shipment.
func (s *Service) SchedulePickup(ctx context.Context, cmd PickupCommand) (*domain.Pickup, error) {
	sh, err := s.labellable(ctx, cmd.ShipmentID, CarrierParcelCo)
	if err != nil {
		return nil, err
	}
	label, err := s.labels.LabelForShipment(ctx, sh.ID)
	if err != nil {
		return nil, fmt.Errorf("%w: shipment has no label yet", domain.ErrConflict)
	}
	conf, err := s.parcel.SchedulePickup(ctx, parcelco.PickupRequest{
		TrackingNumbers: []string{label.TrackingNumber},
		Address:         parcelAddress(sh.Origin),
		ReadyAt:         cmd.ReadyAt,
		CloseAt:         cmd.CloseAt,
	})
	if err != nil {
		return nil, err
	}
	p := &domain.Pickup{
		ID:           idgen.UUID(),
		ShipmentID:   sh.ID,
		Carrier:      CarrierParcelCo,
		Confirmation: conf.Confirmation,
		WindowStart:  conf.WindowStart,
		WindowEnd:    conf.WindowEnd,
	}
	if err := s.labels.InsertPickup(ctx, p); err != nil {
		return nil, err
	}
	return p, nil
}

type CustomsItem struct {
	Description string `json:"description"`
	HSCode      string `json:"hs_code"`
	ValueCents  int64  `json:"value_cents"`
	Origin      string `json:"origin_country"`
}

type CustomsCommand struct {
	Incoterm string        `json:"incoterm"`
	Items    []CustomsItem `json:"items"`
}

func (c CustomsCommand) Validate() error {
	if len(c.Items) == 0 {
		return fmt.Errorf("%w: at least one customs item is required", domain.ErrInvalid)
	}
	return nil
}

// FileCustoms submits the electronic customs declaration for a SwiftFreight
// shipment and records the filing number.
func (s *Service) FileCustoms(ctx context.Context, shipmentID string, cmd CustomsCommand) (*domain.CustomsFiling, error) {
	sh, err := s.labellable(ctx, shipmentID, CarrierSwift)
	if err != nil {
		return nil, err
	}
	req := swiftfreight.CustomsRequest{ShipmentRef: sh.Reference, Incoterm: cmd.Incoterm}
	var declared int64
	hsCodes := make([]string, 0, len(cmd.Items))
	for _, it := range cmd.Items {
		req.Items = append(req.Items, swiftfreight.CustomsItem(it))
		hsCodes = append(hsCodes, it.HSCode)
		declared += it.ValueCents
	}
	file := func() (*swiftfreight.CustomsFiling, error) {
		f, err := s.swift.FileCustoms(ctx, req)
		var se *httpx.StatusError
		if errors.As(err, &se) && !se.Temporary() {
			return nil, httpx.Permanent(err)
		}
		return f, err
	}
	filing, err := httpx.Retry(ctx, 45*time.Second, file)
	if err != nil {
		return nil, err
	}
	f := &domain.CustomsFiling{
		ID:            idgen.UUID(),
		ShipmentID:    sh.ID,
		Carrier:       CarrierSwift,
		FilingNumber:  filing.FilingNumber,
		HSCodes:       hsCodes,
		DeclaredCents: declared,
	}
	if err := s.labels.InsertCustomsFiling(ctx, f); err != nil {
		return nil, err
	}
	return f, nil
}

func parcelAddress(a domain.Address) parcelco.Address {
	street := a.Line1
	if a.Line2 != "" {
		street += ", " + a.Line2
	}
	return parcelco.Address{Name: a.Name, Street: street, City: a.City, PostalCode: a.PostalCode, Country: a.Country, Phone: a.Phone}
}

func swiftParty(a domain.Address) swiftfreight.Party {
	return swiftfreight.Party{Name: a.Name, Address: a.Line1, City: a.City, Zip: a.PostalCode, Country: a.Country}
}
