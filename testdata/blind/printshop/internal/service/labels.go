package service

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.uber.org/fx"
	"go.uber.org/zap"
	"gorm.io/gorm"

	"github.com/inkloop/printshop/internal/config"
	"github.com/inkloop/printshop/internal/model"
	"github.com/inkloop/printshop/internal/provider/carrier"
	"github.com/inkloop/printshop/internal/queue/sqsbus"
	"github.com/inkloop/printshop/internal/repository"
)

// Carrier is the subset of the carrier client used for labels.
type Carrier interface {
	CreateShipment(ctx context.Context, req carrier.ShipmentRequest) (*carrier.Shipment, error)
	GetShipment(ctx context.Context, shipmentID string) (*carrier.Shipment, error)
	Buy(ctx context.Context, shipmentID, rateID string, opts ...carrier.CallOption) (*carrier.Shipment, error)
	Refund(ctx context.Context, shipmentID string) (*carrier.Shipment, error)
}

type Labels struct {
	db        *gorm.DB
	cfg       config.Config
	orders    repository.OrderRepository
	jobs      repository.PrintJobRepository
	shipments repository.ShipmentRepository
	wallets   WalletService
	notify    NotificationService
	carrier   Carrier
	publisher sqsbus.Publisher
	log       *zap.Logger
}

type LabelsDeps struct {
	fx.In

	DB        *gorm.DB
	Config    config.Config
	Orders    repository.OrderRepository
	Jobs      repository.PrintJobRepository
	Shipments repository.ShipmentRepository
	Wallets   WalletService
	Notify    NotificationService
	Carrier   Carrier
	Publisher sqsbus.Publisher
	Log       *zap.Logger
}

func NewLabels(d LabelsDeps) *Labels {
	return &Labels{
		db: d.DB, cfg: d.Config, orders: d.Orders, jobs: d.Jobs, shipments: d.Shipments,
		wallets: d.Wallets, notify: d.Notify, carrier: d.Carrier, publisher: d.Publisher,
		log: d.Log.Named("labels"),
	}
}

func toCarrierAddress(a model.Address) carrier.Address {
	return carrier.Address{
		Name: a.Name, Company: a.Company, Street1: a.Line1, Street2: a.Line2, City: a.City,
		State: a.Region, Zip: a.PostalCode, Country: a.Country, Phone: a.Phone, Email: a.Email,
	}
}

// estimateWeightOz is a rough packed weight: 6oz per unit plus packaging.
func estimateWeightOz(o *model.Order) float64 {
	units := 0
	for _, it := range o.Items {
		units += it.Quantity
	}
	return float64(units)*6 + 4
}

func (s *Labels) shipmentRequest(o *model.Order, reference string, weightOz float64, isReturn bool) carrier.ShipmentRequest {
	req := carrier.ShipmentRequest{
		Reference:   reference,
		ToAddress:   toCarrierAddress(o.ShipTo),
		FromAddress: carrier.Address{ID: s.cfg.WarehouseAddressID},
		Parcel:      carrier.Parcel{LengthIn: 12, WidthIn: 10, HeightIn: 2, WeightOz: weightOz},
		IsReturn:    isReturn,
	}
	if isReturn {
		req.ToAddress = carrier.Address{ID: s.cfg.ReturnsAddressID}
		req.FromAddress = toCarrierAddress(o.ShipTo)
	}
	return req
}

// RequestLabel asks labeld to buy the outbound label for a printed job.
func (s *Labels) RequestLabel(ctx context.Context, printJobID string) error {
	job, err := s.jobs.Get(ctx, printJobID)
	if err != nil {
		return err
	}
	if job.Status != model.JobPrinted {
		return nil
	}
	order, err := s.orders.Get(ctx, job.OrderID)
	if err != nil {
		return err
	}
	msg := sqsbus.NewLabelPurchase(order.ID, job.ID, job.Attempt, estimateWeightOz(order))
	msgID, err := s.publisher.Publish(ctx, s.cfg.LabelPurchaseQueue, sqsbus.TypeLabelPurchase, msg,
		sqsbus.WithGroup(order.ID), sqsbus.WithDedupID(msg.RequestID))
	if err != nil {
		return err
	}
	s.log.Info("label requested", zap.String("print_job_id", job.ID), zap.String("message_id", msgID))
	_, err = s.jobs.Transition(ctx, job.ID, []string{model.JobPrinted}, model.JobLabelReq)
	return err
}

// PurchaseOutbound buys the outbound label for a label.purchase request. The
// shipment row is keyed by the request id and committed before any carrier
// call; its id is the carrier idempotency key.
func (s *Labels) PurchaseOutbound(ctx context.Context, req LabelPurchaseRequest) (*model.Shipment, error) {
	if req.RequestID == "" || req.OrderID == "" {
		return nil, fmt.Errorf("%w: request id and order id are required", ErrInvalid)
	}
	order, err := s.orders.Get(ctx, req.OrderID)
	if errors.Is(err, repository.ErrNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	if order.Status == model.OrderCancelled || order.Status == model.OrderRefunded {
		return nil, nil
	}
	requestID := req.RequestID
	shp, err := s.shipments.Ensure(ctx, &model.Shipment{
		ID:        model.NewShipmentID(),
		OrderID:   order.ID,
		Kind:      model.ShipmentOutbound,
		ParcelSeq: req.ParcelSeq,
		RequestID: &requestID,
		Status:    model.ShipmentRequested,
	})
	if err != nil {
		return nil, err
	}
	if shp.Status != model.ShipmentRequested {
		return shp, nil
	}

	var cs *carrier.Shipment
	if shp.CarrierShipmentID == nil {
		cs, err = s.carrier.CreateShipment(ctx, s.shipmentRequest(order, shp.ID, req.WeightOz, false))
		if err != nil {
			return nil, err
		}
		if err := s.shipments.SetCarrierShipment(ctx, shp.ID, cs.ID); err != nil {
			return nil, err
		}
		if shp, err = s.shipments.Get(ctx, shp.ID); err != nil {
			return nil, err
		}
	}
	if cs == nil || cs.ID != *shp.CarrierShipmentID {
		if cs, err = s.carrier.GetShipment(ctx, *shp.CarrierShipmentID); err != nil {
			return nil, err
		}
	}
	var services []string
	if req.Service != "" {
		services = append(services, req.Service)
	}
	rate, err := cs.LowestRate(services...)
	if err != nil {
		_ = s.shipments.SetStatus(ctx, shp.ID, model.ShipmentFailed)
		return nil, err
	}
	bought, err := s.carrier.Buy(ctx, cs.ID, rate.ID, carrier.WithIdempotencyKey(shp.ID))
	if err != nil {
		if isClientError(err) {
			_ = s.shipments.SetStatus(ctx, shp.ID, model.ShipmentFailed)
		}
		return nil, err
	}
	if err := s.recordPurchase(ctx, order, shp.ID, bought, rate); err != nil {
		return nil, err
	}
	return s.shipments.Get(ctx, shp.ID)
}

// recordPurchase stores the bought label and debits postage in one
// transaction; the ledger key makes it safe to repeat.
func (s *Labels) recordPurchase(ctx context.Context, order *model.Order, shipmentID string, bought *carrier.Shipment, rate carrier.Rate) error {
	labelURL := ""
	if bought.PostageLabel != nil {
		labelURL = bought.PostageLabel.URL
	}
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := s.shipments.WithTx(tx).MarkPurchased(ctx, shipmentID, bought.ID, bought.TrackingCode, labelURL, rate.Cents); err != nil {
			return err
		}
		key := "postage:" + shipmentID
		_, _, err := s.wallets.Post(ctx, tx, model.LedgerEntry{
			MerchantID:     order.MerchantID,
			Kind:           model.LedgerPostage,
			AmountCents:    -rate.Cents,
			Reference:      shipmentID,
			IdempotencyKey: &key,
			Memo:           rate.Carrier + " " + rate.Service,
		})
		return err
	})
}

// VoidLabel refunds an unused outbound label and returns the postage to the
// merchant's wallet.
func (s *Labels) VoidLabel(ctx context.Context, shipmentID, reason string) error {
	shp, err := s.shipments.Get(ctx, shipmentID)
	if errors.Is(err, repository.ErrNotFound) {
		return ErrNotFound
	}
	if err != nil {
		return err
	}
	if shp.Status == model.ShipmentVoided {
		return nil
	}
	if shp.Status != model.ShipmentPurchased {
		return fmt.Errorf("%w: shipment %s is %s", ErrConflict, shp.ID, shp.Status)
	}
	if shp.CarrierShipmentID != nil {
		if _, err := s.carrier.Refund(ctx, *shp.CarrierShipmentID); err != nil {
			return fmt.Errorf("labels: carrier refund %s: %w", shp.ID, err)
		}
	}
	if err := s.shipments.SetStatus(ctx, shp.ID, model.ShipmentVoided); err != nil {
		return err
	}
	order, err := s.orders.Get(ctx, shp.OrderID)
	if err != nil {
		return err
	}
	if shp.RateCents == 0 {
		return nil
	}
	_, err = s.wallets.Credit(ctx, order.MerchantID, shp.RateCents, model.LedgerPostageRef, shp.ID, "label voided: "+reason)
	return err
}

// Reissue buys a label for a shipment whose earlier purchase failed (for
// example after the merchant corrected the address).
func (s *Labels) Reissue(ctx context.Context, merchantID, shipmentID string) (*model.Shipment, error) {
	shp, err := s.shipments.Get(ctx, shipmentID)
	if errors.Is(err, repository.ErrNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	order, err := s.orders.Get(ctx, shp.OrderID)
	if err != nil {
		return nil, err
	}
	if order.MerchantID != merchantID {
		return nil, ErrNotFound
	}
	switch shp.Status {
	case model.ShipmentPurchased, model.ShipmentInTransit, model.ShipmentDelivered:
		return shp, nil
	case model.ShipmentFailed, model.ShipmentRequested:
	default:
		return nil, fmt.Errorf("%w: shipment is %s", ErrConflict, shp.Status)
	}

	cs, err := s.carrier.CreateShipment(ctx, s.shipmentRequest(order, shp.ID, estimateWeightOz(order), shp.Kind == model.ShipmentReturn))
	if err != nil {
		return nil, err
	}
	rate, err := cs.LowestRate()
	if err != nil {
		return nil, err
	}
	bought, err := s.carrier.Buy(ctx, cs.ID, rate.ID)
	if err != nil {
		return nil, fmt.Errorf("labels: reissue %s: %w", shp.ID, err)
	}
	if err := s.recordPurchase(ctx, order, shp.ID, bought, rate); err != nil {
		return nil, err
	}
	return s.shipments.Get(ctx, shp.ID)
}

func returnLabelKey(orderID string) string {
	return fmt.Sprintf("return-%s-%d", orderID, time.Now().UnixNano())
}

// CreateReturnLabel buys a prepaid return label to the returns address and
// tells the merchant about it.
func (s *Labels) CreateReturnLabel(ctx context.Context, orderID, reason string) (*model.Shipment, error) {
	order, err := s.orders.Get(ctx, orderID)
	if errors.Is(err, repository.ErrNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	cs, err := s.carrier.CreateShipment(ctx, s.shipmentRequest(order, "return:"+order.ID, estimateWeightOz(order), true))
	if err != nil {
		return nil, err
	}
	rate, err := cs.LowestRate("Ground", "GroundAdvantage", "Parcel")
	if err != nil {
		return nil, err
	}
	bought, err := s.carrier.Buy(ctx, cs.ID, rate.ID, carrier.WithIdempotencyKey(returnLabelKey(order.ID)))
	if err != nil {
		return nil, err
	}

	shp := &model.Shipment{
		ID:        model.NewShipmentID(),
		OrderID:   order.ID,
		Kind:      model.ShipmentReturn,
		ParcelSeq: 1,
		Status:    model.ShipmentRequested,
	}
	var deliveries []string
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := s.shipments.WithTx(tx).Create(ctx, shp); err != nil {
			return err
		}
		var err error
		deliveries, err = s.notify.Emit(ctx, tx, order.MerchantID, model.EventReturnLabelMade, map[string]any{
			"order_id":      order.ID,
			"shipment_id":   shp.ID,
			"tracking_code": bought.TrackingCode,
			"reason":        reason,
		}, shp.ID)
		return err
	})
	if err != nil {
		return nil, err
	}
	if err := s.recordPurchase(ctx, order, shp.ID, bought, rate); err != nil {
		return nil, err
	}
	if err := s.notify.Dispatch(ctx, deliveries); err != nil {
		s.log.Warn("dispatch return label event", zap.String("order_id", order.ID), zap.Error(err))
	}
	return s.shipments.Get(ctx, shp.ID)
}
